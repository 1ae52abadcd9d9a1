/** Names for ids, read from the viewer's view of the battle and the ruleset's sequence. */
import type { AnyRuleset } from '../engine/ruleset';
import type { GameView } from '../engine/view';
import type { Names } from './format';

/**
 * `also`: earlier battles (the scenario's setup) for pieces no longer on the table. With the
 * view's ruleset state, the ruleset's own names (`pieceNames`: SYW groups) are added.
 */
export function namesFor(module: AnyRuleset, view: Pick<GameView, 'battle'> & Partial<GameView>, also: readonly Pick<GameView, 'battle'>['battle'][] = []): Names {
  const b = view.battle;
  const pieces = new Map<string, string>();
  for (const x of [...also, b]) {
    for (const u of x.units) pieces.set(u.id, u.name);
    for (const g of x.generals) pieces.set(g.id, g.name);
    for (const t of x.terrain) if (t.name) pieces.set(t.id, t.name);
  }
  if (module.pieceNames && view.ruleset !== undefined) {
    try {
      for (const [id, name] of Object.entries(module.pieceNames(view as never))) if (!pieces.has(id)) pieces.set(id, name);
    } catch {
      // A failing namer leaves ids to the generic fallbacks.
    }
  }
  const sides = new Map(b.sides.map((s) => [s.id, s.name] as const));
  return {
    known: pieces,
    sides,
    side: (id) => sides.get(id) ?? id,
    piece: (id) => pieces.get(id) ?? sides.get(id) ?? id,
    phase: (id) => module.sequence.phases.find((p) => p.id === id)?.name ?? id,
    step: (phaseId, stepId) => module.sequence.phases.find((p) => p.id === phaseId)?.steps.find((s) => s.id === stepId)?.name ?? stepId,
  };
}
