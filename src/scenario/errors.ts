/** One thing wrong with an input file: where (a JSON path from `$`) and what, in a sentence. */
export interface InputProblem {
  readonly path: string;
  readonly message: string;
}

export type Loaded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly InputProblem[] };

/** `['units', 3, 'stands', 0]` → `$.units[3].stands[0]`. */
export function jsonPath(parts: readonly PropertyKey[]): string {
  let s = '$';
  for (const p of parts) {
    if (typeof p === 'number') s += `[${p}]`;
    else if (typeof p === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(p)) s += `.${p}`;
    else s += `[${JSON.stringify(String(p))}]`;
  }
  return s;
}

export function describeProblems(problems: readonly InputProblem[], max = 10): string {
  const lines = problems.slice(0, max).map((p) => `${p.path}: ${p.message}`);
  if (problems.length > max) lines.push(`…and ${problems.length - max} more.`);
  return lines.join('\n');
}

/** Parse JSON text, turning a syntax error into a problem rather than an exception. */
export function parseJsonText(text: string): Loaded<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return { ok: false, problems: [{ path: '$', message: `This is not valid JSON (${msg}).` }] };
  }
}
