/** Replay goldens: committed saves re-applied through the engine, summarised for comparison. */
import { fileURLToPath } from 'node:url';
import { canonicalJson, fnv1a64 } from '../../src/engine/hash';
import { loadSave } from '../../src/scenario/save';
import { RULESETS } from '../../src/rules/registry';

export const goldenDir = fileURLToPath(new URL('./goldens', import.meta.url));

export interface GoldenSummary {
  readonly commands: number;
  readonly hash: string;
  readonly events: number;
  readonly eventsDigest: string;
}

/** Replays a save (loadSave checks its own hash too) and summarises the result. */
export function replayGolden(data: unknown): GoldenSummary {
  const r = loadSave(data, RULESETS);
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  const h = r.value.history;
  const events = [...h.initialEvents, ...h.entries.flatMap((e) => e.events)];
  return { commands: h.entries.length, hash: r.value.hash, events: events.length, eventsDigest: fnv1a64(canonicalJson(events)) };
}
