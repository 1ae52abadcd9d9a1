/**
 * Victory. BT Motivation: a brigade that fails its check "quits the field and your opponent
 * automatically wins". HOUSE (RULINGS.md): a side with no battalions left loses; at the turn limit
 * the side that has lost the smaller share of its starting stands wins (a draw within 10%).
 */
import type { GameResult } from '../../engine/ruleset';
import type { S } from './state';
import { otherOf } from './state';

export const VICTORY_RULE = 'BT Motivation (brigade quits the field)';
export const HOUSE_VICTORY_RULE = 'HOUSE victory at the turn limit (RULINGS.md)';

export function victory(s: S): GameResult | undefined {
  const b = s.ruleset.brigadeBroken;
  if (b) {
    const name = s.battle.sides.find((x) => x.id === b.side)?.name ?? b.side;
    const bname = s.battle.formations.find((f) => f.id === b.brigade)?.name ?? 'a brigade';
    return { winner: otherOf(s.battle, b.side), level: 'decisive', reason: `${name}: ${bname} failed its motivation check and quit the field.`, rule: VICTORY_RULE };
  }
  const [a, c] = s.battle.sides;
  const has = (id: string) => s.battle.units.some((u) => u.side === id);
  if (!has(a.id) && !has(c.id)) return { level: 'draw', reason: 'Neither side has a battalion left.', rule: HOUSE_VICTORY_RULE };
  if (!has(a.id)) return { winner: c.id, level: 'decisive', reason: `${a.name} has no battalions left on the field.`, rule: HOUSE_VICTORY_RULE };
  if (!has(c.id)) return { winner: a.id, level: 'decisive', reason: `${c.name} has no battalions left on the field.`, rule: HOUSE_VICTORY_RULE };
  return undefined;
}

/** Share of its starting stands a side has lost. */
export function lossShare(s: Pick<S, 'battle' | 'ruleset'>, side: string): number {
  let start = 0, left = 0;
  for (const [id, st] of Object.entries(s.ruleset.units)) {
    const u = s.battle.units.find((x) => x.id === id);
    const g = s.ruleset.gone[id];
    if ((u?.side ?? g?.side) !== side) continue;
    start += st.start;
    left += u?.stands.length ?? 0;
  }
  return start > 0 ? 1 - left / start : 0;
}

export function atTurnLimit(s: S): GameResult {
  const [a, c] = s.battle.sides;
  const la = lossShare(s, a.id), lc = lossShare(s, c.id);
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  if (Math.abs(la - lc) < 0.1) return { level: 'draw', reason: `At the turn limit ${a.name} had lost ${pct(la)} of their stands and ${c.name} ${pct(lc)}: within 10%.`, rule: HOUSE_VICTORY_RULE };
  const w = la < lc ? a : c;
  return { winner: w.id, level: 'marginal', reason: `At the turn limit ${a.name} had lost ${pct(la)} of their stands and ${c.name} ${pct(lc)}.`, rule: HOUSE_VICTORY_RULE };
}
