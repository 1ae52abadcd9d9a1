import { LIMITS, nestingPastLimit, tooLong } from './limits';
/** One thing wrong with an input file: where (a JSON path from `$`) and what, in a sentence. */
export interface InputProblem {
  readonly path: string;
  readonly message: string;
}

export type Loaded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly InputProblem[] };

export { jsonPath } from '../engine/ids';

export function describeProblems(problems: readonly InputProblem[], max = 10): string {
  const lines = problems.slice(0, max).map((p) => `${p.path}: ${p.message}`);
  if (problems.length > max) lines.push(`…and ${problems.length - max} more.`);
  return lines.join('\n');
}

/** Parse JSON text (up to `maxChars` and `maxDepth` levels — a save's, by default; a leading byte-order mark is skipped), turning a syntax error into a problem rather than an exception. */
export function parseJsonText(text: string, maxChars: number = LIMITS.saveChars, maxDepth: number = LIMITS.saveDepth): Loaded<unknown> {
  const long = tooLong(text, maxChars, 'file');
  if (long) return { ok: false, problems: [long] };
  const deep = nestingPastLimit(text, maxDepth);
  if (deep >= 0) return { ok: false, problems: [{ path: '$', message: `the file is nested more than ${maxDepth} levels deep (the limit), at character ${deep.toLocaleString('en')}.` }] };
  try {
    // A byte-order mark (editors on Windows write one) is not part of the JSON.
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return { ok: false, problems: [{ path: '$', message: `This is not valid JSON (${msg}).` }] };
  }
}
