/**
 * Victory (HOUSE, RULINGS.md: the base book's victory conditions are scenario-specific and not
 * ours): a side all of whose divisions have broken, or are broken or retreating un-rallied, has
 * lost; at the turn limit the side that has lost the smaller share of its units wins (a draw within 10%).
 */
import type { GameResult } from '../../engine/ruleset';
import type { S } from './state';
import { otherOf } from './state';

export const HOUSE_VICTORY_RULE = 'HOUSE victory (RULINGS.md)';

function beaten(s: S, side: string): 'broken' | 'retreating' | undefined {
  const divs = Object.values(s.ruleset.divisions).filter((d) => d.side === side);
  const alive = (d: (typeof divs)[number]) => d.units.some((id) => s.battle.units.some((u) => u.id === id));
  if (divs.length === 0 || divs.every((d) => d.broken || !alive(d))) return 'broken';
  if (divs.every((d) => d.broken || !alive(d) || d.retreating)) return 'retreating';
  return undefined;
}

export function victory(s: S): GameResult | undefined {
  const [a, b] = s.battle.sides;
  // Judged at the end of the Command phase's rally step, when divisional morale has been taken.
  const ba = beaten(s, a.id), bb = beaten(s, b.id);
  const gone = (x: 'broken' | 'retreating' | undefined) => x === 'broken' || (x === 'retreating' && s.position.phase === 'command' && s.position.step === 'orders');
  if (gone(ba) && gone(bb)) return { level: 'draw', reason: 'Both armies have broken or are retreating.', rule: HOUSE_VICTORY_RULE };
  if (gone(ba)) return { winner: b.id, level: ba === 'broken' ? 'decisive' : 'marginal', reason: `${a.name}: every division has ${ba === 'broken' ? 'broken' : 'broken or is retreating'}.`, rule: HOUSE_VICTORY_RULE };
  if (gone(bb)) return { winner: a.id, level: bb === 'broken' ? 'decisive' : 'marginal', reason: `${b.name}: every division has ${bb === 'broken' ? 'broken' : 'broken or is retreating'}.`, rule: HOUSE_VICTORY_RULE };
  return undefined;
}

export function lossShare(s: Pick<S, 'battle' | 'ruleset'>, side: string): number {
  let start = 0, lost = 0;
  for (const d of Object.values(s.ruleset.divisions)) {
    if (d.side !== side) continue;
    const units = d.units.filter((id) => !(d.detached ?? []).includes(id));
    start += units.length;
    lost += units.filter((id) => !s.battle.units.some((u) => u.id === id)).length;
  }
  return start > 0 ? lost / start : 0;
}

export function atTurnLimit(s: S): GameResult {
  const [a, c] = s.battle.sides;
  const la = lossShare(s, a.id), lc = lossShare(s, c.id);
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  if (Math.abs(la - lc) < 0.1) return { level: 'draw', reason: `At the turn limit ${a.name} had lost ${pct(la)} of their units and ${c.name} ${pct(lc)}: within 10%.`, rule: HOUSE_VICTORY_RULE };
  const w = la < lc ? a : c;
  return { winner: w.id, level: 'marginal', reason: `At the turn limit ${a.name} had lost ${pct(la)} of their units and ${c.name} ${pct(lc)}.`, rule: HOUSE_VICTORY_RULE };
}

export { otherOf };
