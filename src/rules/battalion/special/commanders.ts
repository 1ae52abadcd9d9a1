/**
 * BT Army Commanders and Officers Falling: who commands what, who is attached where, the
 * re-rolls they give, and a commander's death.
 */
import type { General, Unit } from '../../../engine/model';
import type { BtState, W } from '../state';
import { setCommander, inMm } from '../state';
import { centreOf } from '../geo';
import { ARMY_COMMANDER_IN, BRIGADE_COMMANDER_IN } from '../tables';
import { unitFrame } from '../../../geometry/frame';
import { pt } from '../../../geometry/types';
import { pointToStandDistance } from '../../../geometry/measure';
import { cos, sin } from '../../../geometry/math';

export const ARMY_RULE = 'BT Army Commanders';
export const OFFICERS_RULE = 'BT Officers Falling';

export const liveCommander = (w: { battle: W['battle']; rs: BtState }, id: string): General | undefined => {
  const c = w.rs.commanders[id];
  return c && !c.dead ? w.battle.generals.find((g) => g.id === id) : undefined;
};
export const armyGeneral = (w: { battle: W['battle']; rs: BtState }, side: string): General | undefined =>
  w.battle.generals.find((g) => g.side === side && w.rs.commanders[g.id]?.kind === 'army' && !w.rs.commanders[g.id]?.dead);
export const brigadeGeneral = (w: { battle: W['battle']; rs: BtState }, brigade: string): General | undefined =>
  w.battle.generals.find((g) => w.rs.commanders[g.id]?.kind === 'brigade' && w.rs.commanders[g.id]?.brigade === brigade && !w.rs.commanders[g.id]?.dead);
/** Commanders attached to a unit (they fight and may be hit with it). */
export const attachedTo = (w: { battle: W['battle']; rs: BtState }, unitId: string): General[] =>
  w.battle.generals.filter((g) => w.rs.commanders[g.id]?.attachedTo === unitId && !w.rs.commanders[g.id]?.dead);

const within = (g: General, u: Unit, inches: number) => Math.min(...u.stands.map((s) => pointToStandDistance(g.stand.centre, s))) <= inMm(inches);

/**
 * BT Army Commanders: attached, the General lets the unit "re-roll any failed motivation and skill
 * checks", nearby brigades "re-roll motivation within 8”", and an adjutant attached lets a unit
 * re-roll motivation "but not skill test".
 */
export function motivationReroll(w: { battle: W['battle']; rs: BtState }, u: Unit): string | undefined {
  const g = armyGeneral(w, u.side);
  if (g && w.rs.commanders[g.id]?.attachedTo === u.id) return `${g.name} is attached`;
  if (g && within(g, u, ARMY_COMMANDER_IN)) return `${g.name} within ${ARMY_COMMANDER_IN}"`;
  const adj = Object.entries(w.rs.commanders).find(([, c]) => c.kind === 'adjutant' && c.attachedTo === u.id && !c.dead);
  if (adj) return 'the adjutant is attached';
  return undefined;
}
export function skillReroll(w: { battle: W['battle']; rs: BtState }, u: Unit): string | undefined {
  const g = armyGeneral(w, u.side);
  return g && w.rs.commanders[g.id]?.attachedTo === u.id ? `${g.name} is attached` : undefined;
}

/** BT Motivation table: "Brigade Commander within 16’". */
export const brigadeCommanderNear = (w: { battle: W['battle']; rs: BtState }, u: Unit): boolean => {
  const g = brigadeGeneral(w, u.parent);
  return g !== undefined && within(g, u, BRIGADE_COMMANDER_IN);
};
/** BT Motivation table: "Brigade/ Battalion Commander Dead". */
export const commanderDead = (w: { battle: W['battle']; rs: BtState }, u: Unit): boolean =>
  (w.rs.units[u.id]?.officerDead ?? false) || Object.values(w.rs.commanders).some((c) => c.kind === 'brigade' && c.brigade === u.parent && c.dead);

/** Where an attached commander stands: just behind the unit's rear centre. */
export function placeBehind(u: Unit, g: General): General {
  const fr = unitFrame(u.stands);
  const back = fr.halfDepthMm + g.stand.depthMm / 2 + 1;
  const c = centreOf(u);
  const f = { x: cos(fr.facing), y: sin(fr.facing) };
  return { ...g, stand: { ...g.stand, centre: pt(c.x - f.x * back, c.y - f.y * back), facing: fr.facing } };
}

/** Attached commanders follow their unit after it moves (BT Army Commanders: "at the same speed as any unit they join"). */
export function followUnit(w: W, unitId: string): void {
  const u = w.battle.units.find((x) => x.id === unitId);
  if (!u) return;
  const ids = new Set(attachedTo(w, unitId).map((g) => g.id));
  if (ids.size === 0) return;
  w.battle = { ...w.battle, generals: w.battle.generals.map((g) => (ids.has(g.id) ? placeBehind(u, g) : g)) };
}

/** A commander killed: off the table, where and when noted (BT Motivation: "If the Brigade Commander has died within 16”"). */
export function killCommander(w: W, id: string, rule: string): void {
  const g = w.battle.generals.find((x) => x.id === id);
  if (!g) return;
  setCommander(w, id, { dead: { x: g.stand.centre.x, y: g.stand.centre.y, turn: w.turn }, attachedTo: undefined });
  w.battle = { ...w.battle, generals: w.battle.generals.filter((x) => x.id !== id) };
  w.ctx.emit({ type: 'CommanderKilled', general: id, name: g.name, side: g.side, rule });
}

/** A unit leaving the field takes its attached commanders' attachment with it (they stay where they are). */
export function detachAll(w: W, unitId: string): void {
  for (const [id, c] of Object.entries(w.rs.commanders)) if (c.attachedTo === unitId) setCommander(w, id, { attachedTo: undefined });
}
