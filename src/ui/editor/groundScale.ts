/**
 * The ground scale as a choice (metres of ground per millimetre of table): the values the
 * scenarios written for the chosen rulesets use, each with its unit and the rulesets it is known
 * from, and the scenario's own value when it is none of them. "Other…" takes any positive value.
 */
export interface GroundScaleChoice {
  readonly metresPerMm: number;
  /** '1 mm = 2.5 m of ground (1:2,500)'. */
  readonly label: string;
  /** Where it is known from: 'Napoleonic Warfare scenarios', or 'this scenario'. */
  readonly from: string;
}

/** '1 mm = 2.5 m of ground (1:2,500)'. */
export function groundScaleLabel(metresPerMm: number): string {
  const ratio = Math.round(metresPerMm * 1000);
  return `1 mm = ${Number(metresPerMm.toFixed(3))} m of ground (1:${ratio.toLocaleString('en')})`;
}

/** The scale a scenario file names (`table.metresPerMm`), read without validating it; 1 when absent. */
function scaleOf(text: string): number | undefined {
  try {
    const v = (JSON.parse(text) as { table?: { metresPerMm?: unknown } } | null)?.table?.metresPerMm;
    return v === undefined ? 1 : typeof v === 'number' && v > 0 ? v : undefined;
  } catch {
    return undefined;
  }
}

export function groundScaleChoices(
  scenarios: readonly { readonly text: string; readonly rulesets: readonly string[] }[],
  rulesets: readonly { readonly id: string; readonly name: string }[],
  chosen: readonly string[],
  current: number,
): GroundScaleChoice[] {
  const byValue = new Map<number, Set<string>>();
  for (const s of scenarios) {
    const v = scaleOf(s.text);
    if (v === undefined) continue;
    for (const id of s.rulesets) {
      if (!chosen.includes(id)) continue;
      const name = rulesets.find((r) => r.id === id)?.name ?? id;
      (byValue.get(v) ?? byValue.set(v, new Set()).get(v)!).add(name);
    }
  }
  const out: GroundScaleChoice[] = [...byValue.entries()]
    .sort(([a], [b]) => a - b)
    .map(([v, names]) => ({ metresPerMm: v, label: groundScaleLabel(v), from: `${[...names].sort().join(', ')} scenarios` }));
  if (!out.some((c) => c.metresPerMm === current)) out.push({ metresPerMm: current, label: groundScaleLabel(current), from: 'this scenario' });
  return out;
}
