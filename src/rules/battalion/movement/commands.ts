/**
 * BT Movement Phase as commands: `moveUnit` (2: move in formation), `changeFormation` (3: at the
 * start or end of the move), `moveCommander` (BT Army Commanders: commanders move as light
 * cavalry, or with the unit they join) and `sendAdjutant`.
 */
import { z } from 'zod';
import { defineCommand, reject } from '../../../engine/ruleset';
import { finishWork, setStands } from '../../../engine/workingState';
import { standDistance } from '../../../geometry/measure';
import { pt } from '../../../geometry/types';
import type { BtOptions } from '../options';
import type { BtTables, Formation } from '../tables';
import { MOVEMENT_RULE, FORMATIONS, SQUARE_CAVALRY_LOCK_IN, COMMANDER_MOVE_IN } from '../tables';
import type { BtState, S } from '../state';
import { armOf, inMm, setUs, us, work, setCommander, mmIn } from '../state';
import { allowanceMm, checkMove, formationsFor, type MoveLeg } from './moves';
import { layoutFor, placementProblem, reform } from './formations';
import { skillCheck } from '../motivation/checks';
import { followUnit, placeBehind, ARMY_RULE, OFFICERS_RULE } from '../special/commanders';
import { hypot } from '../../../geometry/math';
import { pointOnTable } from '../../../geometry/tableEdge';

const legSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('wheel'), deg: z.number().min(-180).max(180) }).strict(),
  z.object({ kind: z.literal('forward'), mm: z.number().min(0).max(5000) }).strict(),
  z.object({ kind: z.literal('backward'), mm: z.number().min(0).max(5000) }).strict(),
  z.object({ kind: z.literal('sidestep'), mm: z.number().min(-5000).max(5000) }).strict(),
  z.object({ kind: z.literal('turn'), deg: z.number().min(-180).max(180) }).strict(),
]);

/** Why a unit may not move now, or undefined. */
export function cannotMove(s: { rs: BtState }, u: { id: string; formation: string; name: string }): { code: string; reason: string; rule: string } | undefined {
  const st = us(s.rs, u.id);
  if (st.disorientated) return { code: 'disorientated', reason: `${u.name} is disorientated and cannot move.`, rule: 'BT Howitzers & Disorientation' };
  if (u.formation === 'square') return { code: 'immobile', reason: 'A square is immobile.', rule: 'BT Square; BT Movement Phase (movement table)' };
  if (st.reformed === 'end') return { code: 'reformed', reason: `${u.name} re-formed at the end of its move.`, rule: 'BT Movement Phase 3' };
  return undefined;
}

type MoveCmd = { type: 'moveUnit'; side: string; unit: string; legs: MoveLeg[] };
export const moveUnit = defineCommand<BtState, BtOptions, BtTables, MoveCmd>({
  describe: 'Move a battalion in its formation: wheels, straight on, back, sideways or a turn (BT Movement Phase 2).',
  schema: z.object({ type: z.literal('moveUnit'), side: z.string(), unit: z.string(), legs: z.array(legSchema).min(1).max(8) }).strict(),
  handle(s: S, c, ctx) {
    const u = s.battle.units.find((x) => x.id === c.unit);
    if (!u || u.side !== c.side) return reject('not-yours', 'Move one of your own battalions.', MOVEMENT_RULE);
    const no = cannotMove({ rs: s.ruleset }, u);
    if (no) return reject(no.code, no.reason, no.rule);
    const left = allowanceMm(s.tables, u) - us(s.ruleset, u.id).movedMm;
    const v = checkMove(s.battle, u, c.legs, left);
    if (!v.ok) return reject('illegal-move', v.reason!, v.rule!);
    const w = work(s, ctx);
    setStands(w, u.id, v.stands!);
    followUnit(w, u.id);
    setUs(w, u.id, { moved: true, movedMm: us(s.ruleset, u.id).movedMm + v.costMm });
    return finishWork(w, [{ type: 'UnitMoved', unit: u.id, distanceIn: mmIn(v.costMm), terrain: v.terrain, rule: MOVEMENT_RULE }]);
  },
});

type FormCmd = { type: 'changeFormation'; side: string; unit: string; formation: Formation };
export const changeFormation = defineCommand<BtState, BtOptions, BtTables, FormCmd>({
  describe: 'Re-form a battalion at the start or end of its move (BT Movement Phase 3).',
  schema: z.object({ type: z.literal('changeFormation'), side: z.string(), unit: z.string(), formation: z.enum(FORMATIONS) }).strict(),
  handle(s: S, c, ctx) {
    const u = s.battle.units.find((x) => x.id === c.unit);
    if (!u || u.side !== c.side) return reject('not-yours', 'Re-form one of your own battalions.', MOVEMENT_RULE);
    const st = us(s.ruleset, u.id);
    if (u.formation === c.formation) return reject('same', `${u.name} is already in ${c.formation}.`, 'BT Movement Phase 3');
    if (!formationsFor(s.tables, u).includes(c.formation)) return reject('not-open', `${u.troopType} cannot form ${c.formation}.`, MOVEMENT_RULE);
    if (st.reformed) return reject('reformed', `${u.name} has re-formed this move.`, 'BT Movement Phase 3');
    if (st.disorientated) return reject('disorientated', `${u.name} is disorientated.`, 'BT Howitzers & Disorientation');
    if (c.formation === 'square' && st.moved) return reject('square-at-start', 'A square is formed at the beginning of the movement phase.', 'BT Square');
    if (u.formation === 'square' && s.battle.units.some((e) => e.side !== u.side && armOf(e) === 'cavalry' && e.stands.some((es) => u.stands.some((us2) => standDistance(es, us2) <= inMm(SQUARE_CAVALRY_LOCK_IN) + 1e-6))))
      return reject('cavalry-near', 'Infantry squares cannot change formation with a cavalry stand within 2”.', 'BT Square');
    const bad = placementProblem(s.battle, u, layoutFor(u, c.formation));
    if (bad) return reject('no-room', `${u.name} cannot re-form: ${bad}.`, 'BT Movement Phase 3');
    const w = work(s, ctx);
    setUs(w, u.id, { reformed: st.moved ? 'end' : 'start' });
    // BT Officers Falling: "the unit may no longer change formation without passing a skill check".
    if (st.officerDead && !skillCheck(w, u, 'change formation without its officer', OFFICERS_RULE)) {
      return finishWork(w, [{ type: 'FormationChangeFailed', unit: u.id, formation: c.formation, rule: OFFICERS_RULE }]);
    }
    reform(w, u.id, c.formation);
    return finishWork(w, [{ type: 'FormationChanged', unit: u.id, formation: c.formation, rule: 'BT Movement Phase 3' }]);
  },
});

type CmdrCmd = { type: 'moveCommander'; side: string; general: string; x: number; y: number; attach?: string };
export const moveCommander = defineCommand<BtState, BtOptions, BtTables, CmdrCmd>({
  describe: 'Move a commander up to 10" (as light cavalry), or attach him to a battalion (BT Army Commanders).',
  schema: z.object({ type: z.literal('moveCommander'), side: z.string(), general: z.string(), x: z.number(), y: z.number(), attach: z.string().optional() }).strict(),
  handle(s: S, c, ctx) {
    const g = s.battle.generals.find((x) => x.id === c.general);
    const cs = s.ruleset.commanders[c.general];
    if (!g || g.side !== c.side || !cs || cs.dead) return reject('not-yours', 'Move one of your own commanders.', ARMY_RULE);
    if (cs.moved) return reject('moved', `${g.name} has moved this phase.`, ARMY_RULE);
    const unit = c.attach !== undefined ? s.battle.units.find((u) => u.id === c.attach && u.side === c.side) : undefined;
    if (c.attach !== undefined && !unit) return reject('bad-unit', 'Attach him to one of your own battalions.', ARMY_RULE);
    if (unit && cs.kind === 'army' && armOf(unit) === 'artillery') return reject('bad-unit', 'The General attaches to a Cavalry Troop or Infantry Battalion.', ARMY_RULE);
    const to = unit ? placeBehind(unit, g).stand.centre : pt(c.x, c.y);
    const d = hypot(to.x - g.stand.centre.x, to.y - g.stand.centre.y);
    if (d > inMm(COMMANDER_MOVE_IN) + 0.5) return reject('too-far', `Commanders move ${COMMANDER_MOVE_IN}" (as light cavalry); this is ${mmIn(d).toFixed(1)}".`, ARMY_RULE);
    if (!pointOnTable(s.battle.table, to)) return reject('off-table', 'Keep him on the table.', ARMY_RULE);
    const w = work(s, ctx);
    w.battle = { ...w.battle, generals: w.battle.generals.map((x) => (x.id === g.id ? (unit ? placeBehind(unit, x) : { ...x, stand: { ...x.stand, centre: to } }) : x)) };
    setCommander(w, g.id, { moved: true, attachedTo: unit?.id });
    return finishWork(w, [{ type: 'CommanderMoved', general: g.id, attachedTo: unit?.id ?? null, rule: ARMY_RULE }]);
  },
});

type AdjCmd = { type: 'sendAdjutant'; side: string; unit: string };
export const sendAdjutant = defineCommand<BtState, BtOptions, BtTables, AdjCmd>({
  describe: 'Send the General\'s adjutant to a battalion: it may re-roll motivation, and he replaces a fallen officer (BT Army Commanders).',
  schema: z.object({ type: z.literal('sendAdjutant'), side: z.string(), unit: z.string() }).strict(),
  handle(s: S, c, ctx) {
    const u = s.battle.units.find((x) => x.id === c.unit);
    if (!u || u.side !== c.side || armOf(u) === 'artillery') return reject('bad-unit', 'Send him to one of your Cavalry Troops or Infantry Battalions.', ARMY_RULE);
    const id = `${c.side}-adjutant`;
    const a = s.ruleset.commanders[id];
    if (!a) return reject('no-adjutant', 'Your General has no adjutant (he is sent once).', ARMY_RULE);
    if (a.attachedTo || a.dead) return reject('sent', 'The adjutant has been sent already.', ARMY_RULE);
    const army = s.battle.generals.find((g) => g.side === c.side && s.ruleset.commanders[g.id]?.kind === 'army' && !s.ruleset.commanders[g.id]?.dead);
    if (!army) return reject('no-general', 'The General has fallen; there is no one to send him.', ARMY_RULE);
    const w = work(s, ctx);
    setCommander(w, id, { attachedTo: u.id });
    if (us(s.ruleset, u.id).officerDead) { setUs(w, u.id, { officerDead: false }); w.ctx.emit({ type: 'AdjutantReplacedOfficer', unit: u.id, rule: ARMY_RULE }); }
    return finishWork(w, [{ type: 'AdjutantSent', side: c.side, unit: u.id, rule: ARMY_RULE }]);
  },
});
