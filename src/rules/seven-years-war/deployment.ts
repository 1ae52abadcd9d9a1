/**
 * Deployment (SYW 9 Deployment pp.19-20): deployment zones, hidden deployment on a map, Ottoman
 * flank marches; and spotting of hidden troops ((3) Visibility p.7, p.19 "detected if they shoot,
 * or are in plain sight, or if within 5cms"). Hidden units live in `ruleset.hidden`; the enemy's
 * view (`sywView`) omits them, so nothing the table shows can reveal them.
 */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { Battle, GameState } from '../../engine/state';
import { otherSide } from '../../engine/state';
import type { Stand, Unit, TerrainFeature } from '../../engine/model';
import { pointInPolygon, polygonDistance } from '../../geometry/vec';
import { standCorners } from '../../geometry/footprint';
import { pt, type TablePoint } from '../../geometry/types';
import { DEPLOYMENT } from './tables/setup';
import type { S, SywState, Options } from './state';
import type { Command, Sampler } from '../../engine/ruleset';
import type { Tables } from './tablesSchema';
import { standsOverlap, unitOffTable } from '../../geometry/units';
import { firstWithinGap } from '../../geometry/moveGap';
import { firstWhereAlong } from '../../geometry/sightAlong';
import type { Leg } from '../../geometry/movement';
import { Work } from './work';
import { CM, centroid, canSee, rotateStands, sightEventsFor, translateStands, unitGap, isWood, isTown } from './geo';
import { groupSpeedCm } from './moveSpeed';
import { DEPLOY_STEPS, deployStepOf, deploymentPending, deploymentRuns, generalPending, generalDeployStep, brigadesOf, type DeployStep } from './deploymentOrder';
import { blockedBy } from './forcedMoves';
import { hypot } from '../../geometry/math';
import { withId, idRecord } from '../../engine/ids';

const D = 'SYW 9 Deployment (p.19)';
const F = 'SYW 9 Deployment, Ottoman flank marches (p.20)';

export interface Zone { readonly x0: number; readonly x1: number; readonly y0: number; readonly y1: number }

/** Does the side deploy at the top (y = 0) edge? From its scenario deployment zone, else its troops. */
export function deploysAtTop(b: Battle, side: string): boolean {
  const s = b.sides.find((x) => x.id === side);
  const zone = s?.deploymentZone;
  const ys = zone && zone.length > 0 ? zone.map((p) => p.y) : b.units.filter((u) => u.side === side).flatMap((u) => u.stands.map((st) => st.centre.y));
  const y = ys.length > 0 ? ys.reduce((a, v) => a + v, 0) / ys.length : 0;
  return y < b.table.depthMm / 2;
}

/**
 * The deployment zone of a side (p.19): the side without initiative (the defender) anywhere on its
 * half except within 30cm of the centreline or 45cm of a side edge; the side with initiative anywhere
 * not within 60cm of the enemy's area, in the 45cm side strips only if its initiative beat the
 * enemy's by 2 or more. Ottomans always deploy in their flank zones (p.20).
 */
export function deploymentZone(b: Battle, rs: SywState, side: string, ottoman = false): Zone {
  const W = b.table.widthMm, H = b.table.depthMm, mid = H / 2;
  const top = deploysAtTop(b, side);
  const enemy = otherSide(b, side);
  const margin = (rs.initiative[side] ?? 0) - (rs.initiative[enemy] ?? 0);
  const edge = DEPLOYMENT.sideEdgeCm * CM;
  const sideStrips = ottoman || (side === rs.attacker && margin >= DEPLOYMENT.attackerSideZoneMargin);
  const [x0, x1] = sideStrips ? [0, W] : [edge, W - edge];
  const defBand = DEPLOYMENT.defenderFromCentrelineCm * CM;
  if (side === rs.defender) return top ? { x0, x1, y0: 0, y1: mid - defBand } : { x0, x1, y0: mid + defBand, y1: H };
  // The attacker: not within 60cm of the defender's zone (which starts 30cm beyond the centreline).
  const keep = DEPLOYMENT.attackerFromEnemyAreaCm * CM;
  return top ? { x0, x1, y0: 0, y1: Math.max(0, mid + defBand - keep) } : { x0, x1, y0: Math.min(H, mid - defBand + keep), y1: H };
}

export const inZone = (z: Zone, p: TablePoint): boolean => p.x >= z.x0 - 0.5 && p.x <= z.x1 + 0.5 && p.y >= z.y0 - 0.5 && p.y <= z.y1 + 0.5;

/**
 * Hidden units "must not be visible to any point on the enemy's edge" (p.19): every point of it,
 * exactly. The eye runs along the edge (0.5mm in from it); `canSee` is judged once in every piece
 * between neighbouring places where its answer can change (`sightEventsFor`, whose places serve
 * either end of the line moving) and at the edge's two corners.
 */
export function visibleFromEnemyEdge(b: Battle, side: string, stands: readonly Stand[]): boolean {
  const y = deploysAtTop(b, otherSide(b, side)) ? 0.5 : b.table.depthMm - 0.5;
  const e0 = pt(0, y), e1 = pt(b.table.widthMm, y);
  return stands.some((s) => firstWhereAlong(sightEventsFor(b, s.centre, e0, e1), e0, e1, (p) => canSee(b, p, s.centre)) !== undefined);
}

export const isHiddenFrom = (rs: SywState, unitId: string, viewer: string): boolean => {
  const owner = rs.hidden[unitId];
  return owner !== undefined && owner !== viewer;
};

const deploySchema = z.object({
  type: z.literal('deploy'), side: z.string(), unit: z.string(),
  x: z.number(), y: z.number(), facingDeg: z.number().min(-360).max(360),
  /** Mark the unit on the map instead of placing it in view (option hiddenDeployment). */
  hidden: z.boolean().optional(),
}).strict();

/** Place a unit in its side's deployment zone, face up or hidden on the map (p.19). Secret until the step ends. */
export const deploy = defineCommand<SywState, Options, Tables, z.infer<typeof deploySchema>>({
  describe: 'Deploy a unit in your deployment zone (centre x, y; facing), optionally hidden on the map.',
  schema: deploySchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const u = w.unit(cmd.unit);
    if (!u || u.side !== cmd.side) return reject('bad-unit', 'Choose one of your units.', D);
    const g = w.groupOf(u.id);
    if (!g || g.offTable) return reject('off-table', 'The unit is on a flank march.', F);
    // p.19: the defender's brigades but one, then the attacker, then the defender's last brigade.
    const now = DEPLOY_STEPS.indexOf(state.position.step as DeployStep);
    const its = deployStepOf(w.battle, w.rs, u);
    if (now >= 0 && now !== its) {
      if (its === 2) return reject('held-back', 'This is your last brigade: it is placed after the attacker has deployed.', D);
      return reject('already-deployed', 'Only the brigade held back is placed now; the rest of your army is deployed.', D);
    }
    const c = centroid(u.stands);
    let st = rotateStands(u.stands, c, (cmd.facingDeg * Math.PI) / 180 - u.stands[0]!.facing);
    st = translateStands(st, cmd.x - c.x, cmd.y - c.y);
    const ottoman = state.ruleset.flankMarchSides.includes(cmd.side) || isOttomanSide(state, cmd.side);
    const zone = deploymentZone(w.battle, w.rs, cmd.side, ottoman);
    if (!st.every((s) => standCorners(s).every((p) => inZone(zone, p))))
      return reject('outside-zone', `Deploy inside your zone: x ${(zone.x0 / CM).toFixed(0)}-${(zone.x1 / CM).toFixed(0)}cm, y ${(zone.y0 / CM).toFixed(0)}-${(zone.y1 / CM).toFixed(0)}cm.`, D);
    if (w.battle.units.some((o) => o.id !== u.id && o.side === u.side && st.some((s) => o.stands.some((t) => standsOverlap(s, t)))))
      return reject('overlap', 'The unit would stand on top of another.', D);
    if (cmd.hidden) {
      if (!state.options.hiddenDeployment) return reject('no-hidden', 'Hidden deployment is an option not in play.', D);
      if (visibleFromEnemyEdge(w.battle, cmd.side, st)) return reject('visible', 'Hidden units must not be visible from any point of the enemy\'s table edge.', D);
    }
    w.replaceStands(u.id, st);
    const hidden = { ...w.rs.hidden };
    const hiddenIn = idRecord(w.rs.hiddenIn);
    delete hiddenIn[u.id];
    if (cmd.hidden) {
      hidden[u.id] = cmd.side;
      // The wood or town it is marked in gives it the map's freedom later (p.19-20).
      const piece = concealingPieceOf(w.battle, st);
      if (piece) hiddenIn[u.id] = piece.id;
    } else delete hidden[u.id];
    w.rs = { ...w.rs, hidden, hiddenIn };
    ctx.emit({ type: 'UnitDeployed', unit: u.id, hidden: cmd.hidden === true, rule: D });
    return w.change();
  },
});

export const isOttomanSide = (state: S, side: string): boolean => /^(ottoman|turk)/i.test(state.battle.sides.find((s) => s.id === side)?.nationality ?? '');

const flankSchema = z.object({ type: z.literal('flankMarch'), side: z.string(), group: z.string(), edge: z.enum(['left', 'right']) }).strict();

/** Ottoman flank march (p.20): the group starts off table and dices to arrive (5+) at the edge of the opponent's flank zone. */
export const flankMarch = defineCommand<SywState, Options, Tables, z.infer<typeof flankSchema>>({
  describe: 'Send a group on a flank march (Ottomans with the initiative by 1 or more).',
  schema: flankSchema,
  handle(state, cmd, ctx) {
    if (!state.ruleset.flankMarchSides.includes(cmd.side)) return reject('no-flank-march', 'Only Ottoman armies that beat the enemy\'s initiative roll by 1 or more may flank march.', F);
    const w = new Work(state, ctx);
    const g = w.group(cmd.group);
    if (!g || g.side !== cmd.side) return reject('bad-group', 'Choose one of your groups.', F);
    if (g.offTable) return reject('already', 'The group is already off the table.', F);
    const enemy = otherSide(w.battle, cmd.side);
    const z0 = deploymentZone(w.battle, w.rs, enemy);
    const x = cmd.edge === 'left' ? 0 : w.battle.table.widthMm;
    w.setGroup(g.id, { offTable: { x, y: (z0.y0 + z0.y1) / 2, pursued: false, routers: false, tested: false, flankMarch: true }, order: 'reserve' });
    ctx.emit({ type: 'FlankMarchSent', group: g.id, edge: cmd.edge, rule: F });
    return w.change();
  },
});

const revealSchema = z.object({ type: z.literal('revealUnit'), side: z.string(), unit: z.string() }).strict();
/** The owner may declare a hidden unit at any time (p.19). */
export const revealUnit = defineCommand<SywState, Options, Tables, z.infer<typeof revealSchema>>({
  describe: 'Reveal one of your hidden units.',
  schema: revealSchema,
  handle(state, cmd, ctx) {
    if (state.ruleset.hidden[cmd.unit] !== cmd.side) return reject('not-hidden', 'That is not one of your hidden units.', D);
    const w = new Work(state, ctx);
    reveal(w, cmd.unit, 'declared by its owner', D);
    return w.change();
  },
});

export function reveal(w: Work, unitId: string, why: string, rule: string): void {
  if (w.rs.hidden[unitId] === undefined) return;
  const hidden = { ...w.rs.hidden };
  delete hidden[unitId];
  const hiddenIn = idRecord(w.rs.hiddenIn);
  delete hiddenIn[unitId];
  w.rs = { ...w.rs, hidden, hiddenIn };
  const u = w.unit(unitId);
  w.ctx.emit({ type: 'UnitSpotted', unit: unitId, why, rule, ...(u ? { at: centroid(u.stands) } : {}), visibleTo: w.battle.sides.map((s) => s.id) });
}

/** Would these stands of `side` be detected now: an enemy unit (not itself hidden) within 5cm, or one that can see a stand? */
export function spottedBy(w: Work, side: string, stands: readonly Stand[]): { by: Unit; near: boolean } | null {
  const watchers = watchersOf(w, side);
  const probe = { stands } as Unit;
  const near = watchers.find((e) => unitGap(e, probe) <= DEPLOYMENT.hiddenDetectedCm * CM);
  if (near) return { by: near, near: true };
  const seer = seenBy(w, side, stands);
  return seer ? { by: seer, near: false } : null;
}

/** The enemy units that may spot troops of `side` (not themselves hidden). */
const watchersOf = (w: Work, side: string): Unit[] => w.enemiesOf(side).filter((e) => w.rs.hidden[e.id] === undefined);

/** A watcher that can see one of the stands (plain sight, p.19), if any. */
function seenBy(w: Work, side: string, stands: readonly Stand[]): Unit | undefined {
  return watchersOf(w, side).find((e) => { const c = centroid(e.stands); return stands.some((s) => canSee(w.battle, c, s.centre)); });
}

/**
 * Would a watcher see one of the stands anywhere strictly between where they are and where a
 * straight slide by (dx, dy) puts them (9 p.19-20: "if they remain out of sight during the
 * (theoretical) move")? Exact: `canSee` is judged once in every piece of each stand's path between
 * neighbouring places where its answer can change (`sightEventsFor`).
 */
function seenOnTheWay(w: Work, side: string, stands: readonly Stand[], dx: number, dy: number): boolean {
  for (const e of watchersOf(w, side)) {
    const eye = centroid(e.stands);
    for (const s of stands) {
      const a = s.centre, b = pt(a.x + dx, a.y + dy);
      if (firstWhereAlong(sightEventsFor(w.battle, eye, a, b), a, b, (p) => canSee(w.battle, eye, p), true)) return true;
    }
  }
  return false;
}

/** The wood or town holding every corner of the stands (concealing terrain for the map's freedom, p.19-20). */
export function concealingPieceOf(b: Battle, stands: readonly Stand[]): TerrainFeature | undefined {
  return b.terrain.find((f) => (isWood(f) || isTown(f)) && stands.every((s) => standCorners(s).every((p) => pointInPolygon(p, f.polygon))));
}

/**
 * Spotting (p.19, p.7): a hidden unit is detected when an enemy unit is within 5cm of it, or any
 * enemy unit can see one of its stands (plain sight: woods, towns and ridges per (5)(g)-(i)).
 */
export function spotHidden(w: Work): void {
  const ids = Object.keys(w.rs.hidden);
  if (ids.length === 0) return;
  for (const id of ids) {
    const u = w.unit(id);
    if (!u) { reveal(w, id, 'gone', D); continue; }
    const spotter = spottedBy(w, u.side, u.stands);
    if (spotter) reveal(w, id, spotter.near ? `${spotter.by.name} came within 5cm` : `in plain sight of ${spotter.by.name}`, D);
  }
}

/** The state as `viewer` sees it: the enemy's hidden units, and its troops whose deployment step has not ended, are left out. */
export function sywView(state: GameState<SywState, Options, Tables>, viewer: string): { battle: Battle; ruleset: SywState } {
  // The counters the enemy CinC may still choose from ((3) p.5) are his side's business.
  const draws = state.ruleset.cincDraws ?? idRecord();
  const mine = (gid: string) => state.battle.generals.find((g) => g.id === gid)?.side === viewer;
  // So is the enemy's deck: the two draws his CinC did not keep go back into it (chooseCounter.ts).
  const decks = state.ruleset.decks;
  const secretDecks = Object.keys(decks).some((side) => side !== viewer);
  // Until he keeps one, the counter an enemy CinC holds is the best of his draws: not shown either.
  const unknown = Object.keys(draws).filter((gid) => !mine(gid));
  const generalsState = unknown.length === 0 ? state.ruleset.generals : idRecord(Object.entries(state.ruleset.generals).map(([gid, gs]) => [gid, unknown.includes(gid) ? { ...gs, counter: { training: 'average', psychology: 'none', ability: 'normal' } as const, counterUnknown: true } : gs]));
  const rs = unknown.length === 0 && !secretDecks ? state.ruleset : { ...state.ruleset, generals: generalsState, cincDraws: idRecord(Object.entries(draws).filter(([gid]) => mine(gid))), decks: idRecord(Object.entries(decks).filter(([side]) => side === viewer)) };
  // 9 p.19: the enemy's troops appear when the step that places them has ended (hidden ones not even then).
  const pending = new Set(state.battle.units.filter((u) => u.side !== viewer && deploymentPending(state, u)).map((u) => u.id));
  const gone = (u: Unit) => u.side !== viewer && (pending.has(u.id) || isHiddenFrom(rs, u.id, viewer));
  const hide = new Set(state.battle.units.filter(gone).map((u) => u.id));
  // An enemy general is placed with his troops (9 p.19): not on the table until the step that places him ends.
  const generals = !deploymentRuns(state) ? state.battle.generals : state.battle.generals.filter((g) => g.side === viewer || !generalPending(state, g));
  if (hide.size === 0 && generals.length === state.battle.generals.length && Object.values(rs.hidden).every((s) => s === viewer) && Object.keys(rs.hiddenIn ?? {}).every((id) => rs.hidden[id] === viewer)) return { battle: state.battle, ruleset: rs };
  const hiddenIn = idRecord(Object.entries(rs.hiddenIn ?? {}).filter(([id]) => rs.hidden[id] === viewer));
  const groups = idRecord(Object.entries(rs.groups).map(([id, g]) => [id, { ...g, units: g.units.filter((x) => !hide.has(x)) }] as const).filter(([, g]) => g.units.length > 0 || (g.side === viewer)));
  const units = idRecord(Object.entries(rs.units).filter(([id]) => !hide.has(id)));
  const hidden = idRecord(Object.entries(rs.hidden).filter(([, s]) => s === viewer));
  return {
    battle: { ...state.battle, units: state.battle.units.filter((u) => !hide.has(u.id)), generals },
    ruleset: { ...rs, groups, units, hidden, hiddenIn, charges: rs.charges.filter((c) => !hide.has(c.target) && !c.chargers.some((x) => hide.has(x))) },
  };
}

/** Groups whose hidden units moved or charged are revealed ((3) Visibility p.7: "or the hidden unit shoots or moves"). */
export function revealGroup(w: Work, groupId: string, why: string): void {
  const g = w.group(groupId);
  if (!g) return;
  for (const id of g.units) if (w.rs.hidden[id] !== undefined) reveal(w, id, why, 'SYW (3) Visibility (p.7)');
}

export type { Zone as DeploymentZone };

const H = 'SYW 9 Deployment, hidden units (pp.19-20)';
/** Concealing pieces this close (edge to edge) are "adjacent" (p.19). HOUSE: 5cm, the spotting distance. */
export const ADJACENT_TERRAIN_CM = 5;

const moveHiddenSchema = z.object({ type: z.literal('moveHidden'), side: z.string(), unit: z.string(), x: z.number(), y: z.number(), facingDeg: z.number().min(-360).max(360) }).strict();

/**
 * The map's freedom for a hidden unit (9 p.19-20): "If marked on a map in a wood, town ..., they may
 * be deployed anywhere in that terrain, so long as that spot could not have been spotted on
 * deployment, or during the game so far. After the first move, they may be moved to an adjacent
 * piece of terrain if they remain out of sight during the (theoretical) move." and "must be hidden by
 * the same piece of terrain as they were on deployment". In the owner's movement step; it stays
 * hidden, and its event is seen only by its owner.
 */
export const moveHidden = defineCommand<SywState, Options, Tables, z.infer<typeof moveHiddenSchema>>({
  describe: 'Re-place a hidden unit elsewhere in its wood or town, or (after the first turn) move it unseen into an adjacent one.',
  schema: moveHiddenSchema,
  secret: true,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const u = w.unit(cmd.unit);
    if (!u || u.side !== cmd.side || state.ruleset.hidden[u.id] !== cmd.side) return reject('not-hidden', 'Only your hidden units move on the map.', H);
    const g = w.groupOf(u.id);
    if (!g || g.offTable) return reject('off-table', 'The unit is off the table.', H);
    if (g.units.length !== 1) return reject('group', 'Only a single-unit group moves on the map.', H);
    if (g.order === 'rout') return reject('routing', 'Routers move only their rout moves.', 'SYW (3) Order interpretation (p.8)');
    const home = (state.ruleset.hiddenIn ?? idRecord())[u.id];
    const from = home ? w.battle.terrain.find((f) => f.id === home) : undefined;
    if (!from) return reject('not-in-cover', 'Only units marked in a wood or town may be moved on the map.', H);
    const c = centroid(u.stands);
    let st = rotateStands(u.stands, c, (cmd.facingDeg * Math.PI) / 180 - u.stands[0]!.facing);
    st = translateStands(st, cmd.x - c.x, cmd.y - c.y);
    const to = concealingPieceOf(w.battle, st);
    if (!to) return reject('not-in-cover', 'The unit must end wholly inside a wood or town.', H);
    if (unitOffTable(st, w.battle.table)) return reject('off-table', 'Stay on the table.', H);
    if (blockedBy(w, u.id, st).length > 0) return reject('overlap', 'There is no room there.', H);
    const first = state.position.turn <= (state.battle.situation?.turn ?? 1);
    // p.20 "initially this must be in the deployment area of his army" (the 45cm flank zone only after the first turn).
    if (first) {
      const zone = deploymentZone(w.battle, w.rs, cmd.side, state.ruleset.flankMarchSides.includes(cmd.side) || isOttomanSide(state, cmd.side));
      if (!st.every((s) => standCorners(s).every((p) => inZone(zone, p)))) return reject('outside-zone', 'In the first turn a hidden unit stays in its deployment area.', H);
    }
    if (to.id !== from.id) {
      if (first) return reject('first-move', 'A hidden unit may move to an adjacent wood or town only after the first move.', H);
      if (polygonDistance(from.polygon, to.polygon) > ADJACENT_TERRAIN_CM * CM + 0.5) return reject('not-adjacent', `${to.name} is not adjacent to ${from.name}.`, H);
      const dist = hypot(cmd.x - c.x, cmd.y - c.y);
      if (dist > groupSpeedCm(w, g) * CM + 0.5) return reject('too-far', `The move is ${(dist / CM).toFixed(1)}cm; the unit moves ${groupSpeedCm(w, g)}cm.`, H);
      // Within 5cm of a watcher anywhere on the way: exact (the geometry's approach query along the straight path).
      const path: Leg[] = [{ kind: 'translate', dx: cmd.x - c.x, dy: cmd.y - c.y, distanceMm: dist }];
      if (firstWithinGap(u.stands, path, watchersOf(w, u.side), DEPLOYMENT.hiddenDetectedCm * CM)) return reject('seen-on-the-way', 'The move would be seen by the enemy on the way.', H);
      // In plain sight on the way: exact (every place along the way where what a watcher sees can change).
      if (seenOnTheWay(w, u.side, u.stands, cmd.x - c.x, cmd.y - c.y)) return reject('seen-on-the-way', 'The move would be seen by the enemy on the way.', H);
    }
    // "so long as that spot could not have been spotted on deployment, or during the game so far".
    if (visibleFromEnemyEdge(w.battle, cmd.side, st)) return reject('visible', 'That spot can be seen from the enemy\'s table edge.', H);
    if (spottedBy(w, u.side, st)) return reject('visible', 'That spot is in sight of the enemy (or within 5cm of him).', H);
    w.replaceStands(u.id, st);
    w.rs = { ...w.rs, hiddenIn: withId(w.rs.hiddenIn, u.id, to.id) };
    ctx.emit({ type: 'HiddenUnitMoved', unit: u.id, to: centroid(st), piece: to.id, rule: H, visibleTo: [cmd.side] });
    return w.change();
  },
});

/**
 * Sampled deployment commands for the random player (9 p.19): single-unit groups re-placed in the
 * zone (multi-unit groups keep their places, so their 1cm spacing holds), sometimes hidden; the
 * defender may name the brigade he holds back; Ottomans may flank march.
 */
export function legalDeployment(state: S, side: string, sm: Sampler): Command[] {
  const out: Command[] = [];
  const now = DEPLOY_STEPS.indexOf(state.position.step as DeployStep);
  const rs = state.ruleset;
  const ottoman = rs.flankMarchSides.includes(side) || isOttomanSide(state, side);
  const zone = deploymentZone(state.battle, rs, side, ottoman);
  for (const u of state.battle.units) {
    const g = groupOfUnitIn(rs, u.id);
    if (u.side !== side || !g || g.offTable || g.units.length !== 1 || deployStepOf(state.battle, rs, u) !== now || !sm.chance(0.5)) continue;
    const c = centroid(u.stands);
    const r = Math.max(...u.stands.flatMap((st) => standCorners(st).map((p) => hypot(p.x - c.x, p.y - c.y))));
    if (zone.x1 - zone.x0 < 2 * r || zone.y1 - zone.y0 < 2 * r) continue;
    const facingDeg = Math.round(((u.stands[0]!.facing * 180) / Math.PI) % 360);
    out.push({ type: 'deploy', side, unit: u.id, x: Math.round(sm.float(zone.x0 + r, zone.x1 - r)), y: Math.round(sm.float(zone.y0 + r, zone.y1 - r)), facingDeg, ...(state.options.hiddenDeployment && sm.chance(0.2) ? { hidden: true } : {}) });
  }
  // 9 p.19: generals are placed with their troops, in their step (deployGeneral).
  for (const gen of state.battle.generals) {
    if (gen.side !== side || rs.generals[gen.id]?.killed || generalDeployStep(state.battle, rs, gen) !== now || !sm.chance(0.3)) continue;
    const r = hypot(gen.stand.widthMm, gen.stand.depthMm) / 2 + 1;
    if (zone.x1 - zone.x0 < 2 * r || zone.y1 - zone.y0 < 2 * r) continue;
    out.push({ type: 'deployGeneral', side, general: gen.id, x: Math.round(sm.float(zone.x0 + r, zone.x1 - r)), y: Math.round(sm.float(zone.y0 + r, zone.y1 - r)) });
  }
  if (now === 0 && side === rs.defender && sm.chance(0.3)) out.push({ type: 'holdBackBrigade', side, brigade: sm.pick(brigadesOf(state.battle, side)) });
  if (rs.flankMarchSides.includes(side)) for (const g of Object.values(rs.groups)) if (g.side === side && !g.offTable && sm.chance(0.2)) out.push({ type: 'flankMarch', side, group: g.id, edge: sm.chance(0.5) ? 'left' : 'right' });
  return out;
}

const groupOfUnitIn = (rs: SywState, id: string) => Object.values(rs.groups).find((g) => g.units.includes(id));
