/**
 * The table adapter (src/engine/ruleset.ts `TableAdapter`): how the play table's drags, drops
 * and menus become Seven Years War commands, and what the table shows. Every function reads only
 * the viewer's `SeenGame` (the enemy's hidden units are not in it), never the raw state, and
 * never rolls: previews run the same checks as the command handlers on a scratch copy whose dice
 * are scripted low (a type 0 D4 is previewed as 1 and rolled for real on release).
 */
import type { TableAdapter, SeenGame, PieceMove, MovePreview, PieceAction, Overlay, ReadOut, Marker, Ctx, Command } from '../../engine/ruleset';
import { KeptTraces } from '../../geometry/keptTraces';
import { scriptDice, seedDice, rollDice } from '../../engine/dice';
import { STATE_VERSION } from '../../engine/state';
import type { Unit, General } from '../../engine/model';
import { unitFrame, fromLocal, type Frame } from '../../geometry/frame';
import { zoneOutline } from '../../geometry/zones';
import { normaliseAngle, pt, type TablePoint } from '../../geometry/types';
import type { S, SywState, Options, GroupState } from './state';
import { qualitiesOf, isArtillery, isInfantry, isLightUnit, isMassed, groupOfUnit } from './state';
import type { Tables } from './tablesSchema';
import { Work } from './work';
import { validateAndMove, type MoveBudget } from './movement';
import { groupSpeedCm } from './moveSpeed';
import { legSchema, type Leg } from './moveLegs';
import { chargeCheck } from './charge';
import { planShot, shootingModifiers, generalAsTarget } from './shooting';
import { commandsWhat } from './command';
import { changeFormation } from './formationChange';
import { artilleryToStand } from './artilleryToStand';
import { detachStands, DETACH_RULE } from './detach';
import { moveHidden } from './deployment';
import { isDeployStep } from './deploymentOrder';
import { deployGeneral } from './deployGenerals';
import { counterChoices, counterText, meleeStandActions, pieceSide, deploymentActions, previewDeploy, dressActions, alignActions, type DryRun } from './tableActions';
import { standingChoiceActions, transferActions } from './choiceActions';
import { COMMAND, effectiveCounter } from './tables/command';
import { ORDER_NUMBERS, ORDER_RULES, type OrderName } from './tables/orders';
import { TERRAIN_EFFECTS } from './tables/terrain';
import { weaponOf, isArtilleryWeapon } from './tables/units';
import { formationChangeLetsMove } from './tables/movement';
import { CM, centroid, canSee, sywSightRule } from './geo';
import { cos, hypot, sin } from '../../geometry/math';
import { idRecord } from '../../engine/ids';
import { pointOnTable } from '../../geometry/tableEdge';

type G = SeenGame<SywState, Options, Tables>;
const O = 'SYW (3) Order interpretation (p.8)';
const SEQ = 'SYW (2) Sequence of play (p.5)';
const cm = (mm: number) => `${(mm / CM).toFixed(1)}cm`;
const ORDER_LABEL: Record<OrderName, string> = { advance: 'Advance', reserve: 'Reserve', stand: 'Stand', retreat: 'Retreat', rout: 'Rout' };
const ORDER_SHORT: Record<OrderName, string> = { advance: 'Adv', reserve: 'Res', stand: 'Std', retreat: 'Ret', rout: 'Rout' };

// PERF: previews build no dice generator per call: one scripted generator, rolled without keeping its state.
// 120 ones: enough for any single roll (60 dice, two faces each for d100 or a d10 made of 2d6).
const LOW_DICE = scriptDice(seedDice(1), Array.from({ length: 120 }, () => 1));
const previewCtx: Ctx = { roll: (spec) => rollDice(LOW_DICE, spec)[0], emit: () => undefined };

/** A scratch state from the view: what the viewer knows, with scripted dice. Never leaves this module. */
function scratch(game: G): S {
  return { version: STATE_VERSION, rulesetId: game.rulesetId, seed: 0, options: game.options, tables: game.tables, battle: game.battle, ruleset: game.ruleset, dice: LOW_DICE, position: game.position, commandCount: game.commandCount };
}

/** PERF: a view's straight traces, kept while it is dragged on (a new view after any command starts afresh). */
const KEPT = new WeakMap<G, KeptTraces>();
/** How far a kept trace reaches: further than a group's move in one go (a longer drag is traced as far as it asks). */
const DRAG_REACH_MM = 600;
function keptTracesOf(game: G): KeptTraces {
  let k = KEPT.get(game);
  if (!k) KEPT.set(game, (k = new KeptTraces(DRAG_REACH_MM)));
  return k;
}

const unitOf = (game: G, id: string): Unit | undefined => game.battle.units.find((u) => u.id === id);
const generalOf = (game: G, id: string): General | undefined => game.battle.generals.find((g) => g.id === id);
const acting = (game: G, side: string) => game.position.actors.includes(side) && !game.position.done.includes(side);
const illegal = (reason: string, rule: string, readout: ReadOut[] = []): MovePreview => ({ legal: false, reason, rule, readout });

/** Map a drag of the unit (dx, dy mm; dRad about its centre or a flank) to this order's legs (p.8-9). */
export function legsFor(order: OrderName, facing: number, move: PieceMove, artillery: boolean): Leg[] | { reason: string; rule: string } {
  const legs: Leg[] = [];
  const d = normaliseAngle(move.dRad);
  const deg = (Math.abs(d) * 180) / Math.PI;
  const about = Math.abs(deg - 180) < 1;
  if (deg > 0.05) {
    const pivot = move.pivot ?? 'centre';
    if (pivot === 'centre') {
      if (order === 'advance' && !artillery) return { reason: 'On Advance a group wheels or inclines; it does not turn about.', rule: O };
      if ((order === 'stand' || order === 'retreat') && !about && !artillery) return { reason: `${ORDER_LABEL[order]} order: only an about face.`, rule: O };
      legs.push({ kind: 'turn', deg: about ? 180 : (d * 180) / Math.PI });
    } else {
      if ((pivot === 'right') !== (d > 0)) return { reason: 'A wheel pivots on the front corner of the flank it turns towards.', rule: 'SYW §4 unit table notes (p.9)' };
      if (order === 'stand' || order === 'retreat') return { reason: `${ORDER_LABEL[order]} order: no wheeling.`, rule: O };
      legs.push({ kind: 'wheel', dir: d > 0 ? 'right' : 'left', deg: Math.min(180, deg) });
    }
  }
  const f = facing + (legs.some((l) => l.kind === 'turn' || l.kind === 'wheel') ? d : 0);
  const a = move.dxMm * cos(f) + move.dyMm * sin(f);
  const l = -move.dxMm * sin(f) + move.dyMm * cos(f);
  if (hypot(move.dxMm, move.dyMm) < 0.5) return legs;
  if (order === 'stand') {
    if (Math.abs(move.dxMm) > 100 || Math.abs(move.dyMm) > 100) return { reason: 'Stand order: may not move more than 5cm.', rule: O };
    legs.push({ kind: 'shift', dx: move.dxMm, dy: move.dyMm });
    return legs;
  }
  const lat = Math.abs(l) < 0.5 ? 0 : l;
  if (a < -0.5) {
    if (order === 'advance') return { reason: 'On Advance a group may not move backwards.', rule: O };
    if (lat !== 0) return { reason: 'Backward moves are straight back.', rule: O };
    legs.push({ kind: 'backward', mm: -a });
    return legs;
  }
  if (Math.abs(lat) > a + 0.5) return { reason: 'Troops incline at most 45° to their facing.', rule: 'SYW §4 unit table notes (p.9)' };
  if (lat !== 0) legs.push({ kind: 'incline', dir: lat > 0 ? 'right' : 'left', mm: Math.abs(lat) * Math.SQRT2 });
  const fwd = a - Math.abs(lat);
  if (fwd > 0.5) legs.push({ kind: 'forward', mm: fwd });
  return legs;
}

function terrainText(worst: number | undefined): string {
  if (worst === undefined || worst < 0) return 'open';
  if (worst >= 4) return 'impassable';
  const e = TERRAIN_EFFECTS[worst as 0 | 1 | 2 | 3];
  return worst === 0 ? 'type 0: −D4cm (rolled on release; preview assumes 1)' : `type ${worst}: −${e.speedLossFraction * 100}% (${e.examples})`;
}

function budgetReadout(order: OrderName, b: MoveBudget, movedBefore: number): ReadOut[] {
  const out: ReadOut[] = [{ label: 'Order', value: ORDER_LABEL[order] }];
  if (b.usedMm !== undefined && b.allowanceMm !== undefined) {
    out.push({ label: 'Used', value: cm(b.usedMm) }, { label: 'Left', value: cm(Math.max(0, b.allowanceMm - b.usedMm)) }, { label: 'Allowance', value: cm(b.allowanceMm) });
  } else if (b.costMm !== undefined) out.push({ label: 'Used', value: cm(movedBefore + b.costMm) });
  const k = b.costByKind ?? {};
  if (k.wheel) out.push({ label: 'Wheel', value: cm(k.wheel) });
  if (k.incline) out.push({ label: 'Incline', value: cm(k.incline) });
  if (k.turn) out.push({ label: 'Turn', value: cm(k.turn) });
  if (k.backward) out.push({ label: 'Backward', value: cm(k.backward) });
  out.push({ label: 'Terrain', value: terrainText(b.worstTerrain) });
  return out;
}

function previewMove(game: G, side: string, pieceId: string, move: PieceMove): MovePreview {
  const gen = generalOf(game, pieceId);
  if (gen) return previewGeneral(game, side, gen, move);
  const u = unitOf(game, pieceId);
  if (!u || u.side !== side) return illegal('Choose one of your units.', O);
  // 9 p.19: in one's own deployment step a drag places the unit.
  if (isDeployStep(game.position.step) && acting(game, side)) return previewDeploy(game, side, u, move, dryRun);
  if (game.position.step !== 'movement' || !acting(game, side)) return illegal('Units move in their own movement step.', SEQ);
  const g = groupOfUnit(game.ruleset, u.id);
  if (!g) return illegal('The unit has no group.', O);
  if (g.order === 'rout') return illegal('Rout order: routers move only their rout moves.', O);
  // A hidden unit dragged within its wood or town (or, later, into an adjacent one) moves on the map and stays hidden (9 pp.19-20).
  if (game.ruleset.hidden[u.id] === side && (game.ruleset.hiddenIn ?? idRecord())[u.id] !== undefined) {
    const c = centroid(u.stands);
    const hidden = { type: 'moveHidden', side, unit: u.id, x: c.x + move.dxMm, y: c.y + move.dyMm, facingDeg: ((u.stands[0]!.facing + move.dRad) * 180) / Math.PI };
    if (accepts(game, moveHidden, hidden)) return { legal: true, command: hidden, readout: [{ label: 'Order', value: ORDER_LABEL[g.order] }, { label: 'Hidden', value: 'moves on the map: stays hidden' }] };
  }
  const legs = legsFor(g.order, u.stands[0]!.facing, move, isArtillery(u));
  if (!Array.isArray(legs)) return illegal(legs.reason, legs.rule, [{ label: 'Order', value: ORDER_LABEL[g.order] }]);
  if (legs.length === 0) return illegal('No move.', O, [{ label: 'Order', value: ORDER_LABEL[g.order] }]);
  if (g.order === 'stand' && legs.some((l) => l.kind !== 'shift' && l.kind !== 'turn')) return illegal('Stand order: may not move other than 5cm, about face or form square.', O);
  for (const l of legs) if (!legSchema.safeParse(l).success) return illegal('That move is too long to make in one go.', O);
  // 8 p.18 and §4 p.10: the group's standing move choices (setMoveChoice; defaults halt, Reserve) go into the command where they matter.
  const atEdge = g.atEdgeChoice ?? 'halt', afterPassThrough = g.afterPassThroughChoice ?? 'reserve';
  const full = { type: 'moveGroup' as const, side, group: g.id, legs, ...(g.order !== 'retreat' ? { atEdge } : {}), afterPassThrough };
  const st = scratch(game);
  const b: MoveBudget = { dryRun: true, traces: keptTracesOf(game) };
  const r = validateAndMove(st, new Work(st, previewCtx), full, b);
  const cmd = { type: 'moveGroup' as const, side, group: g.id, legs, ...(b.edge && g.order !== 'retreat' ? { atEdge } : {}), ...(b.lightMassedPass ? { afterPassThrough } : {}) };
  const readout = [...budgetReadout(g.order, b, g.movedMm), ...moveChoiceReadout(g, b)];
  if (r) return { legal: false, reason: g.order === 'stand' && r.code === 'too-far' ? `Stand order: may not move more than 5cm. ${r.message}` : r.message, rule: r.rule, readout };
  return { legal: true, command: cmd, readout };
}

/** What the move does at the table edge and to friends passed through, and how to pick the other (8 p.18, §4 p.10). */
function moveChoiceReadout(g: GroupState, b: MoveBudget): ReadOut[] {
  const out: ReadOut[] = [];
  if (b.edge) out.push({ label: 'Table edge', value: g.order === 'retreat' ? 'leaves the table (Retreat)' : b.edge === 'leave' ? 'leaves the table (the group\'s choice; its menu switches to halting)' : 'halts there on Reserve (default; the group\'s menu switches to leaving)' });
  if (b.lightMassedPass) out.push({ label: 'Passing through', value: (g.afterPassThroughChoice ?? 'reserve') === 'stand' ? 'both go to Stand (the group\'s choice; its menu switches to Reserve)' : 'both go to Reserve (default; the group\'s menu switches to Stand)' });
  return out;
}

function previewGeneral(game: G, side: string, gen: General, move: PieceMove): MovePreview {
  const R = 'SYW (3) Notes on Generals (a) (p.6)';
  const gs = game.ruleset.generals[gen.id];
  if (gen.side !== side || !gs) return illegal('Choose one of your generals.', R);
  // 9 p.19: in one's own deployment step a drag places the general with his troops (deployGeneral).
  if (isDeployStep(game.position.step) && acting(game, side)) {
    const cmd = { type: 'deployGeneral', side, general: gen.id, x: gen.stand.centre.x + move.dxMm, y: gen.stand.centre.y + move.dyMm };
    const r = dryRun(game, deployGeneral, cmd);
    const readout = [{ label: 'Deployment', value: 'placed with his troops; in view once the step ends' }];
    return r.rejected ? illegal(r.message ?? 'Not there.', r.rule ?? 'SYW 9 Deployment (p.19)', readout) : { legal: true, command: cmd, readout };
  }
  if (game.position.step !== 'movement' || !acting(game, side)) return illegal('Generals move in their own movement step.', SEQ);
  const d = hypot(move.dxMm, move.dyMm);
  const left = COMMAND.generalMoveCm * CM - gs.movedMm;
  const readout = [{ label: 'Used', value: cm(gs.movedMm + d) }, { label: 'Left', value: cm(Math.max(0, left - d)) }];
  if (d > left + 0.5) return illegal(`Generals move 40cm; this is ${cm(gs.movedMm + d)}.`, R, readout);
  const x = gen.stand.centre.x + move.dxMm, y = gen.stand.centre.y + move.dyMm;
  if (!pointOnTable(game.battle.table, { x, y })) return illegal('Stay on the table.', R, readout);
  return { legal: true, command: { type: 'moveGeneral', side, general: gen.id, x, y }, readout };
}

function previewContact(game: G, side: string, pieceId: string, targetId: string): MovePreview {
  const u = unitOf(game, pieceId);
  const M = 'SYW 6 Melee (pp.12-13)';
  if (!u || u.side !== side) return illegal('Choose one of your units.', M);
  if (game.position.step !== 'movement' || !acting(game, side)) return illegal('Charges are declared in your movement step.', SEQ);
  const g = groupOfUnit(game.ruleset, u.id);
  if (!g) return illegal('The unit has no group.', M);
  const st = scratch(game);
  const cmd = { type: 'declareCharge', side, group: g.id, target: targetId };
  const c = chargeCheck(st, new Work(st, previewCtx), cmd);
  if ('rejected' in c) return illegal(c.message, c.rule, [{ label: 'Order', value: ORDER_LABEL[g.order] }]);
  const sum = c.extra.reduce((a, m) => a + m.value, 0);
  const readout: ReadOut[] = [
    { label: 'Reach', value: cm(c.reachMm) },
    { label: 'Distance', value: cm(c.gapMm) },
    { label: 'Attacks', value: c.face === 'front' ? 'front' : `${c.face} (flank/rear: target −2 to test)` },
    ...(c.pretest !== null ? [{ label: 'Nerve (musket infantry)', value: `D6 ${c.pretest}+ or go to Stand (8 p.17)` }] : []),
    { label: 'Charge test', value: `2D6 6+ to go in${sum !== 0 ? `; ${c.extra.map((m) => `${m.label} ${m.value > 0 ? '+' : ''}${m.value}`).join(', ')}` : ''} (8 p.18)` },
    { label: 'Target', value: `${c.target.name} tests being charged` },
    { label: 'If too short to align', value: 'partial contact, pivoting as far as the move pays (6 g) p.13)' },
  ];
  return { legal: true, command: cmd, readout };
}

/** The handler's answer to a (dice-free) command: a dry run on the scratch state. */
const dryRun: DryRun = (game, spec, cmd) => spec.handle(scratch(game), cmd as never, previewCtx) as { rejected?: boolean; message?: string; rule?: string };
/** Would the handler accept this (dice-free) command? */
function accepts(game: G, spec: { handle: (s: S, c: never, ctx: Ctx) => unknown }, cmd: Command): boolean {
  return dryRun(game, spec, cmd).rejected !== true;
}

/** Choices for the whole side, in the phase bar: (3) p.5 the CinC keeps one of his three counters. */
function sideActions(game: G, side: string): PieceAction[] {
  return game.position.step === 'chooseCounter' && acting(game, side) ? counterChoices(game, side) : [];
}

/**
 * Why a unit's group is offered no order change in its command changes ((3) Changing Orders
 * p.7): no general may prompt it (uncommanded, p.4: only the CinC, and only to rally a retreat),
 * or those who may have no attempts left this turn.
 */
function whyNot(game: G, side: string, pieceId: string): string | undefined {
  if (game.position.step !== 'commandChanges' || !acting(game, side)) return undefined;
  const u = unitOf(game, pieceId);
  const g = u && u.side === side ? groupOfUnit(game.ruleset, u.id) : undefined;
  if (!g || g.order === 'rout') return undefined;
  const rs = game.ruleset;
  const may = game.battle.generals.filter((gen) => {
    const gs = rs.generals[gen.id];
    if (gen.side !== side || !gs || gs.killed || (!gs.cinc && g.general !== gen.id)) return false;
    return !(g.uncommanded && !(gs.cinc && g.order === 'retreat'));
  });
  if (may.length === 0) return g.uncommanded ? 'No order change: the group has no general of its own (uncommanded, SYW p.4); only the CinC may prompt it, and only while it is on Retreat.' : 'No order change: no living general may prompt this group (SYW (3) Changing Orders p.7).';
  if (may.every((gen) => (rs.generals[gen.id]?.attemptsLeft ?? 0) <= 0)) return `No order change: ${may.map((gen) => gen.name).join(' and ')} ${may.length > 1 ? 'have' : 'has'} no prompt attempts left this turn (SYW (3) Changing Orders p.7).`;
  return undefined;
}

function actions(game: G, side: string, pieceId: string): PieceAction[] {
  // (3) p.5: in the first step any of the side's pieces offers its CinC's three draws.
  if (game.position.step === 'chooseCounter') return acting(game, side) && pieceSide(game, pieceId) === side ? counterChoices(game, side) : [];
  const u = unitOf(game, pieceId);
  if (!u || u.side !== side || !acting(game, side)) return [];
  const rs = game.ruleset;
  const g = groupOfUnit(rs, u.id);
  if (!g) return [];
  const out: PieceAction[] = [];
  const step = game.position.step;
  const P7 = 'SYW (3) Changing Orders (p.7)';
  if (step === 'commandChanges') {
    for (const gen of game.battle.generals) {
      const gs = rs.generals[gen.id];
      if (gen.side !== side || !gs || gs.killed || gs.attemptsLeft <= 0 || (!gs.cinc && g.general !== gen.id)) continue;
      if (g.uncommanded && !(gs.cinc && g.order === 'retreat')) continue;
      const stands = game.battle.units.filter((x) => g.units.includes(x.id)).flatMap((x) => x.stands);
      const target = centroid(stands);
      const edge = Math.max(0, hypot(target.x - gen.stand.centre.x, target.y - gen.stand.centre.y) - Math.min(gen.stand.widthMm, gen.stand.depthMm) / 2);
      const seen = canSee(game.battle, gen.stand.centre, target);
      const counter = effectiveCounter(gs.counter, commandsWhat({ battle: game.battle, rs }, gen.id));
      const need = (order: string) => {
        const counted = edge * (order === 'advance' && counter.psychology === 'cautious' ? COMMAND.cautiousAdvanceDistanceFactor : 1);
        const pip = (seen ? COMMAND.cmPerPipInSight : COMMAND.cmPerPipOutOfSight) * CM;
        const n = Math.min(6, Math.max(2, Math.ceil(counted / pip - 1e-9)));
        return `D6 ${n}+ (${cm(counted)}${seen ? '' : ', out of sight ×5cm'}; 6 always, 1 never)`;
      };
      if (g.order === 'rout') out.push({ label: `${gen.name}: rally`, command: { type: 'prompt', side, general: gen.id, group: g.id, action: 'rally' }, detail: `${need('rally')}, then a rally test`, rule: 'SYW 7 Rallying from Rout (p.16)' });
      else {
        const dis = rs.units[u.id]?.disordered && !rs.units[u.id]?.terrainDisorder;
        if (dis) out.push({ label: `${gen.name}: cure disorder of ${u.name}`, command: { type: 'prompt', side, general: gen.id, group: g.id, action: 'cureDisorder', unit: u.id }, detail: need('cure'), rule: 'SYW 7 Disorder (p.16)' });
        else for (const o of ['advance', 'reserve', 'stand', 'retreat'] as const) if (o !== g.order) out.push({ label: `${gen.name}: order ${ORDER_LABEL[o]}`, command: { type: 'prompt', side, general: gen.id, group: g.id, action: o }, detail: need(o), rule: P7 });
      }
    }
  }
  if (step === 'commandChanges' || step === 'movement') {
    if (isArtillery(u) && g.order === 'advance') {
      const cmd = { type: 'artilleryToStand', side, group: g.id };
      if (accepts(game, artilleryToStand, cmd)) out.push({ label: 'Guns go to Stand', command: cmd, detail: 'in range of enemy; then may fire (not after moving)', rule: O });
    }
    if (rs.hidden[u.id] === side) out.push({ label: 'Reveal', command: { type: 'revealUnit', side, unit: u.id }, rule: 'SYW 9 Deployment (p.19)' });
  }
  if (isDeployStep(step)) out.push(...deploymentActions(game, side, u, accepts));
  if (step === 'movement') out.push(...meleeStandActions(game, side, u, accepts), ...dressActions(game, side, g, accepts), ...alignActions(game, side, g, accepts));
  // 6 g) p.13: the other choice of a short charger (a drag onto the enemy declares with partial contact).
  if (step === 'movement' && g.order === 'advance' && !rs.charges.some((c) => c.group === g.id)) {
    const st = scratch(game);
    for (const e of game.battle.units) {
      if (e.side === side) continue;
      const cmd = { type: 'declareCharge', side, group: g.id, target: e.id, ifShort: 'halt' };
      if ('rejected' in chargeCheck(st, new Work(st, previewCtx), cmd)) continue;
      out.push({ label: `Charge ${e.name}; halt 3cm short if unable to align`, command: cmd, detail: 'by default (a drag onto the enemy) a charger too short to align makes partial contact', rule: 'SYW 6 Melee g) (p.13)' });
    }
  }
  if (step === 'movement' && !isArtillery(u)) {
    const det = { type: 'detachStands', side, unit: u.id };
    if (accepts(game, detachStands, det)) out.push({ label: 'Detach stands in contact', command: det, detail: 'they fight on without morale tests; the rest may move on', rule: DETACH_RULE });
    const q = qualitiesOf(u);
    const opts: { label: string; formation: string; width?: number; ranks?: number; kind: 'lineToFlankColumn' | 'other' }[] = [];
    const massedInf = isInfantry(u) && isMassed(u);
    if (massedInf) opts.push({ label: 'Line, 2 ranks', formation: 'line', ranks: 2, kind: u.formation === 'column' ? 'lineToFlankColumn' : 'other' }, { label: 'Line, 1 rank', formation: 'line', ranks: 1, kind: u.formation === 'column' ? 'lineToFlankColumn' : 'other' });
    else opts.push({ label: 'Line', formation: 'line', kind: u.formation === 'column' ? 'lineToFlankColumn' : 'other' });
    opts.push({ label: 'Column, 2 wide', formation: 'column', width: 2, kind: u.formation === 'line' ? 'lineToFlankColumn' : 'other' }, { label: 'Column, 1 wide', formation: 'column', width: 1, kind: u.formation === 'line' ? 'lineToFlankColumn' : 'other' });
    if (massedInf) opts.push({ label: 'Square', formation: 'square', kind: 'other' });
    for (const o of opts) {
      const cmd = { type: 'changeFormation', side, unit: u.id, formation: o.formation, ...(o.width ? { width: o.width } : {}), ...(o.ranks ? { ranks: o.ranks } : {}) };
      if (!accepts(game, changeFormation, cmd)) continue;
      out.push({ label: o.label, command: cmd, detail: formationChangeLetsMove(q.drill, o.kind) ? `${q.drill} drilled: may still move` : `${q.drill} drilled: no move after this`, rule: 'SYW (3) Order interpretation, Reserve (p.8); Formations allowed (p.9)' });
    }
  }
  if ((step === 'shootingPhasing' || step === 'shootingNonPhasing') && weaponOf(u.troopType as never, qualitiesOf(u)) !== 'none') {
    const st = scratch(game);
    const w = new Work(st, previewCtx);
    for (const e of game.battle.units) {
      if (e.side === side) continue;
      const p = planShot(st, w, u, e);
      if ('rejected' in p) continue;
      const mods = shootingModifiers(st, w, u, e, p);
      const sum = mods.reduce((a, m) => a + m.value, 0);
      out.push({ label: `Shoot at ${e.name}`, command: { type: 'shoot', side, unit: u.id, target: e.id }, detail: `${p.band} range ${cm(p.rangeMm)}, ${p.stands} stand(s), D6 ${sum >= 0 ? '+' : ''}${sum}: 4 disorganises, 5 kills 1, 7 kills 2, 10 kills 3`, rule: 'SYW (5) Shooting (p.11)' });
    }
    // (3) Notes on Generals (d) p.6: a general may be shot at directly.
    for (const gen of game.battle.generals) {
      const t = gen.side === side ? undefined : generalAsTarget(st, gen.id);
      if (!t) continue;
      const p = planShot(st, w, u, t);
      if ('rejected' in p) continue;
      out.push({ label: `Shoot at General ${gen.name}`, command: { type: 'shoot', side, unit: u.id, target: gen.id }, detail: `${p.band} range ${cm(p.rangeMm)}: a 6, then his side's 1, kills him`, rule: 'SYW (3) Notes on Generals (d) (p.6)' });
    }
  }
  // Standing choices for moments inside the enemy's phase or engine steps (RULINGS.md; choiceActions.ts).
  out.push(...standingChoiceActions(game, side, u, g, accepts), ...transferActions(game, side, u, g, accepts));
  if ((step === 'commandChanges' || step === 'movement' || step === 'shootingNonPhasing' || isDeployStep(step)) && rs.hidden[u.id] === side) {
    const on = rs.units[u.id]?.ambush === true;
    out.push({ label: on ? 'Hold fire while hidden' : 'Fire from hiding at enemy within 5cm', command: { type: 'setAmbush', side, unit: u.id, ambush: !on }, detail: 'the target halts and returns fire only after', rule: 'SYW (3) Visibility (p.7)' });
  }
  return out;
}

function circle(c: TablePoint, r: number, n = 48): TablePoint[] {
  return Array.from({ length: n }, (_, i) => pt(c.x + cos((2 * Math.PI * i) / n) * r, c.y + sin((2 * Math.PI * i) / n) * r));
}

/** The frame grown by `r` all round (rounded corners), for approach and reach zones. */
function grown(fr: Frame, r: number): TablePoint[] {
  const out: TablePoint[] = [];
  const corners: [number, number, number][] = [[fr.halfDepthMm, fr.halfWidthMm, 0], [-fr.halfDepthMm, fr.halfWidthMm, Math.PI / 2], [-fr.halfDepthMm, -fr.halfWidthMm, Math.PI], [fr.halfDepthMm, -fr.halfWidthMm, (3 * Math.PI) / 2]];
  for (const [al, ac, a0] of corners) {
    for (let i = 0; i <= 6; i++) {
      const th = a0 - Math.PI / 2 + (i * Math.PI) / 12;
      out.push(fromLocal(fr, al + cos(th + Math.PI / 2) * r, ac + sin(th + Math.PI / 2) * r));
    }
  }
  return out;
}

function overlays(game: G, pieceId: string): Overlay[] {
  const gen = generalOf(game, pieceId);
  if (gen) {
    const gs = game.ruleset.generals[gen.id];
    const out: Overlay[] = [2, 4, 6].map((n) => ({ kind: 'command' as const, label: `Command: a ${n} on the D6 reaches ${n * COMMAND.cmPerPipInSight}cm in sight (${n * COMMAND.cmPerPipOutOfSight}cm out of sight)`, polygon: circle(gen.stand.centre, n * COMMAND.cmPerPipInSight * CM + Math.min(gen.stand.widthMm, gen.stand.depthMm) / 2) }));
    if (gs) out.push({ kind: 'move', label: `Move: ${cm(COMMAND.generalMoveCm * CM - gs.movedMm)} left`, polygon: circle(gen.stand.centre, Math.max(0, COMMAND.generalMoveCm * CM - gs.movedMm)) });
    return out;
  }
  const u = unitOf(game, pieceId);
  if (!u) return [];
  const fr = unitFrame(u.stands, u.stands[0]!.facing);
  const out: Overlay[] = [];
  const weapon = weaponOf(u.troopType as never, qualitiesOf(u));
  const bands = game.tables.weaponRanges[weapon];
  if (bands && weapon !== 'none') {
    for (const [name, v] of [['short', bands.shortCm], ['long', bands.longCm], ['extreme', bands.extremeCm]] as const) {
      if (v === null) continue;
      if (isArtilleryWeapon(weapon)) out.push({ kind: 'fire', label: `Artillery ${name} range ${v}cm, 45° of straight ahead ((5)(a))`, polygon: zoneOutline(fr, { face: 'front', spreadRad: Math.PI / 4, rangeMm: v * CM }) });
      else {
        const side = u.stands[0]!.widthMm;
        out.push({ kind: 'fire', label: `Small arms ${name} range ${v}cm, in front or 1 base either side ((5)(c))`, polygon: [fromLocal(fr, fr.halfDepthMm, -fr.halfWidthMm - side), fromLocal(fr, fr.halfDepthMm, fr.halfWidthMm + side), fromLocal(fr, fr.halfDepthMm + v * CM, fr.halfWidthMm + side), fromLocal(fr, fr.halfDepthMm + v * CM, -fr.halfWidthMm - side)] });
      }
    }
  }
  const g = groupOfUnit(game.ruleset, u.id);
  if (g && (g.order === 'reserve' || g.order === 'advance')) out.push({ kind: 'engagement', label: g.order === 'reserve' ? 'Reserve: may not close on enemy within 20cm (p.8)' : 'Advance: halts 10cm from massed enemy ahead (p.8)', polygon: grown(fr, (g.order === 'reserve' ? ORDER_NUMBERS.reserveNoApproachCm : ORDER_NUMBERS.advanceHaltCm) * CM) });
  if (g && g.order === 'advance' && !isArtillery(u)) {
    const st = scratch(game);
    const reach = groupSpeedCm(new Work(st, previewCtx), g) * CM - g.movedMm;
    if (reach > 0) out.push({ kind: 'charge', label: `Charge reach ${cm(reach)} (6 Melee)`, polygon: grown(fr, reach) });
  }
  const gen2 = g?.general ? generalOf(game, g.general) : undefined;
  if (gen2) out.push({ kind: 'command', label: `${gen2.name}: 30cm (a 3 on the D6, in sight)`, polygon: circle(gen2.stand.centre, 30 * CM + Math.min(gen2.stand.widthMm, gen2.stand.depthMm) / 2) });
  return out;
}

function mayNow(game: G, u: Unit, g: GroupState): string {
  const step = game.position.step;
  const mine = acting(game, u.side);
  if (!mine) return 'Nothing now (not its side\'s step).';
  switch (step) {
    case 'commandChanges': return 'Receive a prompt from its general (order change, cure disorder, rally).';
    case 'movement': {
      const left = groupSpeedCm(new Work(scratch(game), previewCtx), g) * CM - g.movedMm;
      switch (g.order) {
        case 'advance': return `Move up to ${cm(left)} (wheel, incline), halting 10cm from massed enemy; charge after testing.`;
        case 'reserve': return isArtillery(u) ? 'Pivot only.' : `Move up to ${cm(left)} (half speed backwards), not closer to enemy within 20cm; change formation by drill.`;
        case 'stand': return 'Move 5cm in any direction, about face, or form square.';
        case 'retreat': return 'Move at least half speed away from the enemy.';
        case 'rout': return 'Nothing: routers move in the enemy\'s movement step.';
      }
      return '';
    }
    case 'shootingPhasing': case 'shootingNonPhasing': return ORDER_RULES[g.order].artilleryMayFire || !isArtillery(u) ? 'Shoot at a visible enemy in range and arc.' : 'Artillery fires only on Stand orders.';
    default: return 'Nothing: the engine resolves this step.';
  }
}

function inspect(game: G, pieceId: string): ReadOut[] {
  const gen = generalOf(game, pieceId);
  if (gen) {
    const gs = game.ruleset.generals[gen.id];
    if (!gs) return [{ label: 'General', value: gen.name }];
    return [
      { label: 'General', value: `${gen.name}${gs.cinc ? ' (CinC)' : ''}` },
      { label: 'Counter', value: gs.counterUnknown ? 'not chosen yet (3 drawn, 1 to keep)' : counterText(gs.counter) },
      // (3) p.5: the CinC's three draws, seen only by his own side (the view drops the enemy's).
      ...(game.ruleset.cincDraws?.[gen.id] ?? []).map((c, i) => ({ label: `Drawn counter ${i + 1}`, value: counterText(c) })),
      { label: 'Attempts left', value: String(gs.attemptsLeft) },
      { label: 'Moved', value: cm(gs.movedMm) },
      ...(gs.killed ? [{ label: 'State', value: 'killed' }] : []),
    ];
  }
  const u = unitOf(game, pieceId);
  if (!u) return [];
  const rs = game.ruleset;
  const us = rs.units[u.id];
  const g = groupOfUnit(rs, u.id);
  const q = qualitiesOf(u);
  const row = game.tables.unitTable[u.troopType];
  const lines: ReadOut[] = [
    { label: 'Unit', value: u.name },
    { label: 'Type', value: `${row?.name ?? u.troopType} (${isLightUnit(u) ? 'light' : 'massed'}), move ${row?.moveCm ?? '?'}cm, melee ${row?.meleeFactor ?? '?'}` },
    { label: 'Drill', value: q.drill === 'badly' ? 'badly drilled' : `${q.drill} drilled` },
    { label: 'Morale', value: q.morale },
    { label: 'Shooting', value: `${weaponOf(u.troopType as never, q)}${q.poorShots ? ', poor shots' : ''}` },
    { label: 'Stands', value: `${u.stands.length} of ${us?.startStands ?? u.stands.length}` },
    { label: 'Formation', value: u.formation },
    { label: 'Disorder', value: us?.disordered ? (us.terrainDisorder ? 'disordered (terrain)' : 'disordered') : 'in good order' },
  ];
  if (g) {
    lines.push({ label: 'Group', value: `${g.id} (${g.units.length} unit${g.units.length === 1 ? '' : 's'})` }, { label: 'Order', value: ORDER_LABEL[g.order] });
    const gen2 = g.general ? generalOf(game, g.general) : undefined;
    lines.push({ label: 'General', value: g.uncommanded ? 'uncommanded' : gen2?.name ?? 'none' });
    if (g.movedMm > 0 && g.movedMm < 1e8) lines.push({ label: 'Moved', value: cm(g.movedMm) });
    if (g.offTable) lines.push({ label: 'State', value: g.offTable.flankMarch ? 'on a flank march' : 'off the table' });
    lines.push({ label: 'May now', value: mayNow(game, u, g) });
  }
  if (us?.surrendered) lines.push({ label: 'State', value: 'surrendered' });
  if (rs.hidden[u.id]) lines.push({ label: 'Hidden', value: 'hidden from the enemy until spotted' });
  return lines;
}

function markers(game: G, pieceId: string): Marker[] {
  const gen = generalOf(game, pieceId);
  if (gen) {
    const gs = game.ruleset.generals[gen.id];
    return gs ? [{ kind: 'general', text: gs.cinc ? 'CinC' : 'Gen', title: gs.counterUnknown ? 'Counter not chosen yet' : `${gs.counter.training} / ${gs.counter.psychology} / ${gs.counter.ability}` }] : [];
  }
  const u = unitOf(game, pieceId);
  if (!u) return [];
  const rs = game.ruleset;
  const us = rs.units[u.id];
  const g = groupOfUnit(rs, u.id);
  const out: Marker[] = [];
  if (g) out.push({ kind: 'order', text: ORDER_SHORT[g.order], title: `${ORDER_LABEL[g.order]} orders (SYW (3) Orders p.6)` });
  if (g?.order === 'rout') out.push({ kind: 'state', text: 'R', title: 'Routing (SYW 7 Rout p.15)' });
  if (us?.disordered) out.push({ kind: 'state', text: 'D', title: us.terrainDisorder ? 'Disordered by terrain until it leaves (SYW 7 Disorder (3) p.16)' : 'Disordered (SYW 7 Disorder p.16)' });
  if (us?.surrendered) out.push({ kind: 'state', text: 'S', title: 'Surrendered (SYW 7 p.15)' });
  const lost = (us?.startStands ?? u.stands.length) - u.stands.length;
  if (lost > 0) out.push({ kind: 'casualties', text: `-${lost}`, title: `${lost} stand${lost === 1 ? '' : 's'} lost` });
  if (rs.hidden[u.id]) out.push({ kind: 'other', text: 'H', title: 'Hidden from the enemy (SYW 9 Deployment p.19)' });
  if (rs.charges.some((c) => c.chargers.includes(u.id))) out.push({ kind: 'other', text: 'Chg', title: 'Charging (SYW 6 Melee)' });
  return out;
}

export const sywTable: TableAdapter<SywState, Options, Tables> = {
  previewMove,
  previewContact,
  actions,
  sideActions,
  whyNot,
  overlays,
  inspect,
  markers,
  sight: () => ({ rule: sywSightRule, standsBlock: true }),
};


