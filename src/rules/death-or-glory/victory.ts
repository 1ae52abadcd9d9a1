/**
 * Victory. Death or Glory! gives no victory rule; HOUSE (RULINGS.md): a side whose routing units
 * and units lost reach `armyBreakPct` of its starting figures has lost (checked at the end of each
 * turn's compulsory moves); a side with nothing left loses; at the turn limit the side that has
 * lost the smaller share of its men wins (a draw within 5 points).
 */
import type { GameResult } from '../../engine/ruleset';
import type { S, DogState } from './state';
import { otherOf, MEN_PER_FIGURE } from './state';
import type { Battle } from '../../engine/state';

export const HOUSE_VICTORY_RULE = 'HOUSE victory (RULINGS.md: the text gives none)';

export function victory(s: S): GameResult | undefined {
  const [a, c] = s.battle.sides;
  if (s.ruleset.broken) {
    const name = s.battle.sides.find((x) => x.id === s.ruleset.broken)?.name ?? s.ruleset.broken;
    return { winner: otherOf(s.battle, s.ruleset.broken), level: 'decisive', reason: `${name}'s army has broken: ${Math.round(brokenShare(s.battle, s.ruleset, s.ruleset.broken) * 100)}% of its figures are routing or lost.`, rule: HOUSE_VICTORY_RULE };
  }
  const has = (id: string) => s.battle.units.some((u) => u.side === id);
  if (!has(a.id) && !has(c.id)) return { level: 'draw', reason: 'Neither side has a unit left.', rule: HOUSE_VICTORY_RULE };
  if (!has(a.id)) return { winner: c.id, level: 'decisive', reason: `${a.name} has no units left on the field.`, rule: HOUSE_VICTORY_RULE };
  if (!has(c.id)) return { winner: a.id, level: 'decisive', reason: `${c.name} has no units left on the field.`, rule: HOUSE_VICTORY_RULE };
  return undefined;
}

/** Share of a side's starting figures now routing or off the field. */
export function brokenShare(battle: Battle, rs: DogState, side: string): number {
  let start = 0, bad = 0;
  for (const [id, st] of Object.entries(rs.units)) {
    const u = battle.units.find((x) => x.id === id);
    const g = rs.gone[id];
    if ((u?.side ?? g?.side) !== side) continue;
    start += st.startFigures;
    if (!u) bad += st.startFigures;
    else if (st.morale === 'routing') bad += st.startFigures;
  }
  return start > 0 ? bad / start : 0;
}

/** Share of a side's starting men lost. */
export function menLostShare(battle: Battle, rs: DogState, side: string): number {
  let start = 0, lost = 0;
  for (const [id, st] of Object.entries(rs.units)) {
    const u = battle.units.find((x) => x.id === id);
    const g = rs.gone[id];
    if ((u?.side ?? g?.side) !== side) continue;
    start += st.startFigures * MEN_PER_FIGURE;
    lost += u ? Math.min(st.menLost, st.startFigures * MEN_PER_FIGURE) : st.startFigures * MEN_PER_FIGURE;
  }
  return start > 0 ? lost / start : 0;
}

export function atTurnLimit(s: S): GameResult {
  const [a, c] = s.battle.sides;
  const la = menLostShare(s.battle, s.ruleset, a.id), lc = menLostShare(s.battle, s.ruleset, c.id);
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  if (Math.abs(la - lc) < 0.05) return { level: 'draw', reason: `At the turn limit ${a.name} had lost ${pct(la)} of their men and ${c.name} ${pct(lc)}: within 5 points.`, rule: HOUSE_VICTORY_RULE };
  const w = la < lc ? a : c;
  return { winner: w.id, level: 'marginal', reason: `At the turn limit ${a.name} had lost ${pct(la)} of their men and ${c.name} ${pct(lc)}.`, rule: HOUSE_VICTORY_RULE };
}
