/**
 * The table adapter (engine ruleset.ts `TableAdapter`): drags become moves with the allowance left
 * in metres, a drop on an enemy a charge, menus give formation changes (with their time), fire,
 * reactions and — in the secret orders step — each brigade's written order. Reads only the
 * viewer's `SeenGame`: the other side's orders are not in it (index.ts `view`).
 */
import type { TableAdapter, SeenGame, PieceMove, MovePreview, PieceAction, ReadOut, Marker, Overlay } from '../../../engine/ruleset';
import type { General, Unit } from '../../../engine/model';
import { unitFrame } from '../../../geometry/frame';
import { normaliseAngle } from '../../../geometry/types';
import { zoneOutline } from '../../../geometry/zones';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import { MOVE_RULE } from '../tables';
import type { DogState } from '../state';
import { us, rowOf, figuresOf, ORDER_KINDS, FATIGUE_WORDS, MEN_PER_FIGURE, ctxOf } from '../state';
import { allowanceMm, checkMove, type MoveLeg } from '../movement/moves';
import { cannotMove, advanceLimit, GENERAL_RIDE_MM, refuseProblem, REFUSE_TURNS, REFUSE_RULE, refaceTurns, REFACE_RULE, skirmishMoveProblem } from '../movement/commands';
import { formationsOf, changeTurns, FORMATION_NAMES } from '../movement/formations';
import { chargeProblem, reactionsFor, chargeReachMm } from '../charge/charges';
import { reinforceProblem } from '../melee/reinforce';
import { planFire, ARC_RAD, fireFaces, FACE_RULE } from '../fire/plan';
import { unitDistance } from '../../../geometry/measure';
import { sightRule } from '../geo';
import { cos, hypot, sin } from '../../../geometry/math';

type G = SeenGame<DogState, DogOptions, DogTables>;
const m = (mm: number) => `${Math.round(Math.max(0, mm))} m`;
const illegal = (reason: string, rule: string, readout: ReadOut[] = []): MovePreview => ({ legal: false, reason, rule, readout });
const acting = (g: G, side: string) => g.position.actors.includes(side) && !g.position.done.includes(side);
const unitOf = (g: G, id: string): Unit | undefined => g.battle.units.find((u) => u.id === id);
const moving = (g: G) => g.position.step === 'moveFirst' || g.position.step === 'moveSecond';

export function legsOfDrag(u: Unit, mv: PieceMove): MoveLeg[] {
  const legs: MoveLeg[] = [];
  const d = normaliseAngle(mv.dRad);
  const deg = (d * 180) / Math.PI;
  if (Math.abs(deg) > 0.5) legs.push(mv.pivot === 'left' || mv.pivot === 'right' ? { kind: 'wheel', deg } : { kind: 'turn', deg });
  const f = unitFrame(u.stands).facing + (Math.abs(deg) > 0.5 ? d : 0);
  const along = mv.dxMm * cos(f) + mv.dyMm * sin(f);
  const across = -mv.dxMm * sin(f) + mv.dyMm * cos(f);
  if (along > 0.5) legs.push({ kind: 'forward', mm: along });
  else if (along < -0.5) legs.push({ kind: 'backward', mm: -along });
  if (Math.abs(across) > 0.5) legs.push({ kind: 'sidestep', mm: across });
  return legs;
}

function previewGeneral(g: G, side: string, gen: General, mv: PieceMove): MovePreview {
  const gs = g.ruleset.generals[gen.id];
  if (gen.side !== side || !gs) return illegal('Choose one of your commanders.', 'DoG Orders');
  if (!moving(g) || !acting(g, side)) return illegal('Commanders ride in their side\'s movement step.', 'DoG Sequence of Play');
  if (gs.moved) return illegal(`${gen.name} has moved this turn.`, 'DoG Orders');
  const d = hypot(mv.dxMm, mv.dyMm);
  const readout = [{ label: 'Used', value: m(d) }, { label: 'Left', value: m(GENERAL_RIDE_MM - d) }];
  if (d > GENERAL_RIDE_MM + 0.5) return illegal(`A commander rides ${GENERAL_RIDE_MM} m.`, 'DoG Orders', readout);
  return { legal: true, command: { type: 'moveGeneral', side, general: gen.id, x: gen.stand.centre.x + mv.dxMm, y: gen.stand.centre.y + mv.dyMm }, readout };
}

function previewMove(g: G, side: string, pieceId: string, mv: PieceMove): MovePreview {
  const gen = g.battle.generals.find((x) => x.id === pieceId);
  if (gen) return previewGeneral(g, side, gen, mv);
  const u = unitOf(g, pieceId);
  if (!u || u.side !== side) return illegal('Move one of your own units.', MOVE_RULE);
  if (!moving(g) || !acting(g, side)) return illegal('Units move in their side\'s movement step.', 'DoG Sequence of Play');
  const no = cannotMove({ rs: g.ruleset, turn: g.position.turn }, u);
  if (no) return illegal(no.reason, no.rule);
  const st = us(g.ruleset, u.id);
  const left = allowanceMm(g.tables, u, st) - st.movedMm;
  const legs = legsOfDrag(u, mv);
  if (legs.length === 0) return illegal('Drag the unit to move it.', MOVE_RULE, [{ label: 'Left', value: m(left) }]);
  const v = checkMove(g.battle, u, legs, left);
  const readout: ReadOut[] = [{ label: 'Used', value: m(v.costMm) }, { label: 'Left', value: m(left - v.costMm) }];
  if (v.terrain.length) readout.push({ label: 'Terrain', value: v.terrain.join(', ') });
  if (!v.ok) return illegal(v.reason!, v.rule!, readout);
  const sk = skirmishMoveProblem({ battle: g.battle, rs: g.ruleset }, u, v.stands!);
  if (sk) return illegal(sk.reason, sk.rule, readout);
  const lim = advanceLimit({ rs: g.ruleset }, u);
  if (lim) readout.push({ label: 'Limit', value: lim.why });
  return { legal: true, command: { type: 'moveUnit', side, unit: u.id, legs }, readout, ...(v.becomes ? { warning: { message: `It will be ${v.becomes}.`, rule: 'DoG Movement Costs' } } : {}) };
}

function previewContact(g: G, side: string, pieceId: string, targetId: string): MovePreview {
  const u = unitOf(g, pieceId), t = unitOf(g, targetId);
  if (!u || !t || u.side !== side) return illegal('Charge with one of your own units.', 'DoG CHARGE PHASE');
  const step = g.position.step;
  if (!['declare', 'respond', 'counter'].includes(step) || !acting(g, side)) return illegal('Charges are declared in the charge phase.', 'DoG Charge Procedure');
  const counter = g.ruleset.charges.some((x) => x.unit === t.id && x.target === u.id);
  const v = chargeProblem(ctxOf(g), u, t, { counter });
  const readout: ReadOut[] = [{ label: 'Reach', value: m(chargeReachMm({ tables: g.tables, rs: g.ruleset }, u)) }];
  if (!v.ok && !counter) return illegal(v.reason!, v.rule!, readout);
  if (v.reach) readout.push({ label: 'Distance', value: m(v.reach.totalMm) }, { label: 'Impact', value: v.impact ? 'yes' : `no: ${v.why ?? ''}` });
  return { legal: true, command: { type: 'declareCharge', side, unit: u.id, target: t.id }, readout };
}

function actions(g: G, side: string, pieceId: string): PieceAction[] {
  const u = unitOf(g, pieceId);
  if (!u || u.side !== side || !acting(g, side)) return [];
  const out: PieceAction[] = [];
  const st = us(g.ruleset, u.id);
  const step = g.position.step;
  if (moving(g) && !cannotMove({ rs: g.ruleset, turn: g.position.turn }, u) && !st.changedFormation) {
    for (const f of formationsOf(u)) {
      if (f === u.formation) continue;
      const t = changeTurns(g.tables, u, st, f);
      if (t !== undefined) out.push({ label: `Form ${FORMATION_NAMES[f]}`, command: { type: 'changeFormation', side, unit: u.id, formation: f }, detail: `${t} turn${t === 1 ? '' : 's'}`, rule: 'DoG FORMATION CHANGES' });
    }
    const rctx = { rs: g.ruleset, turn: g.position.turn, tables: g.tables };
    for (const flank of ['left', 'right'] as const) if (!refuseProblem(rctx, u, flank, 1)) out.push({ label: `Refuse the ${flank} flank`, command: { type: 'refuseFlank', side, unit: u.id, flank, stands: 1, deg: 45 }, detail: `end stand back 45°, ${REFUSE_TURNS} of a move`, rule: REFUSE_RULE });
    if (u.arm === 'artillery' && u.formation === 'unlimbered') for (const deg of [-90, -30, 30, 90]) {
      const t = refaceTurns(g.tables, u, st, deg);
      if (t !== undefined) out.push({ label: `Reface ${Math.abs(deg)}° ${deg < 0 ? 'left' : 'right'}`, command: { type: 'refaceBattery', side, unit: u.id, deg }, detail: `${t} turn${t === 1 ? '' : 's'}`, rule: REFACE_RULE });
    }
    if (!refuseProblem(rctx, u, 'none', 1)) out.push({ label: 'Straighten the line', command: { type: 'refuseFlank', side, unit: u.id, flank: 'none' }, detail: `${REFUSE_TURNS} of a move`, rule: REFUSE_RULE });
  }
  if (moving(g) && !cannotMove({ rs: g.ruleset, turn: g.position.turn }, u)) {
    for (const m of g.ruleset.melees) {
      const t = unitOf(g, m.a) && unitOf(g, m.a)!.side !== side && unitOf(g, m.b)?.side === side ? unitOf(g, m.a) : unitOf(g, m.b) && unitOf(g, m.b)!.side !== side && unitOf(g, m.a)?.side === side ? unitOf(g, m.b) : undefined;
      if (t && reinforceProblem(ctxOf(g), u, t).ok) out.push({ label: `Reinforce the melee against ${t.name}`, command: { type: 'reinforceMelee', side, unit: u.id, target: t.id }, detail: 'into contact, no impact', rule: 'DoG Charge Restrictions' });
    }
  }
  if (step === 'fireFirst' || step === 'fireSecond') {
    const many = fireFaces(u).length > 1;
    for (const t of g.battle.units) if (t.side !== side) { const p = planFire(ctxOf(g), u, t); if (p.ok) out.push({ label: `Fire at ${t.name}`, command: { type: 'fire', side, unit: u.id, target: t.id }, detail: `${p.count} ${p.chart === 'artillery' ? 'guns' : 'figures'} at ${m(p.rangeMm)}${many ? ` (face${p.faces.length > 1 ? 's' : ''} ${p.faces.map((i) => i + 1).join(', ')})` : ''}`, rule: many ? FACE_RULE : 'DoG FIRE PHASE' }); }
  }
  if (step === 'respond' || step === 'counter') {
    const ch = g.ruleset.charges.find((x) => x.target === u.id && x.side !== side);
    const by = ch && unitOf(g, ch.unit);
    if (by && g.ruleset.reactions[u.id] !== 'countercharge') for (const r of reactionsFor(g.tables, u, by, ch.face)) if (r !== 'countercharge') out.push({ label: r === 'stand' ? 'Stand and fire' : r === 'square' ? 'Form square' : r === 'face' ? `Wheel to face (charged in the ${ch.face})` : 'Evade', command: { type: 'reactToCharge', side, unit: u.id, reaction: r }, rule: 'DoG Charge Procedure' });
  }
  return out;
}

/** In the secret orders step: each of the side's brigades and the orders it may be given. */
function sideActions(g: G, side: string): PieceAction[] {
  if (g.position.step !== 'orders' || !acting(g, side)) return [];
  const out: PieceAction[] = [];
  for (const [id, o] of Object.entries(g.ruleset.orders)) {
    if (o.side !== side) continue;
    const name = g.battle.formations.find((f) => f.id === id)?.name ?? id;
    for (const k of ORDER_KINDS) if (k !== o.order) out.push({ label: `${name}: order to ${k}`, command: { type: 'writeOrder', side, brigade: id, order: k }, detail: g.ruleset.firstOrders.includes(side) ? 'by messenger, or shouted if the C-in-C is with the brigade' : 'the general order', rule: 'DoG Orders' });
  }
  return out;
}

function inspect(g: G, pieceId: string): ReadOut[] {
  const u = unitOf(g, pieceId);
  if (!u) {
    const gen = g.battle.generals.find((x) => x.id === pieceId);
    const gs = gen && g.ruleset.generals[gen.id];
    return gs ? [{ label: 'Command rating', value: `${gs.rating}${gs.wound ? ` (${gs.wound})` : ''}` }, ...(gs.cincBonus ? [{ label: 'C-in-C bonus', value: `+${gs.cincBonus}` }] : [])] : [];
  }
  const st = us(g.ruleset, u.id);
  const row = rowOf(g.tables, u);
  const order = g.ruleset.orders[u.parent];
  const out: ReadOut[] = [
    { label: 'Troops', value: `${g.tables.nations[u.nationality]?.name ?? u.nationality} ${row.name} (${u.quality})` },
    { label: 'Factors', value: `fire ${row.fire ?? '-'}, impact ${row.impact ?? '-'}, confused ${row.confused ?? '-'}, morale ${row.morale * 10}%, control ${row.control}` },
    { label: 'Strength', value: `${figuresOf(u)} of ${st.startFigures} figures (${st.menLost} men lost)` },
    { label: 'Formation', value: FORMATION_NAMES[u.formation] ?? u.formation },
    { label: 'State', value: `${st.order}, ${st.morale}, ${FATIGUE_WORDS[st.fatigue]}` },
    { label: 'Move left', value: m(allowanceMm(g.tables, u, st) - st.movedMm) },
  ];
  if (order) out.push({ label: 'Brigade order', value: order.order + (order.next ? ` (then ${order.next.order} from turn ${order.next.from})` : '') });
  if (st.control) out.push({ label: 'Control', value: `${st.control.kind}, ${st.control.moves} move(s)` });
  return out;
}

function markers(g: G, pieceId: string): Marker[] {
  const u = unitOf(g, pieceId);
  if (!u) return [];
  const st = us(g.ruleset, u.id);
  const out: Marker[] = [];
  if (st.morale === 'routing') out.push({ kind: 'state', text: 'R', title: 'Routing (DoG MORALE)' });
  else if (st.morale !== 'steady') out.push({ kind: 'state', text: st.morale === 'shaken' ? 'Sh' : 'Rt', title: `${st.morale} (DoG MORALE)` });
  if (st.order !== 'formed') out.push({ kind: 'state', text: st.order === 'disordered' ? 'D' : 'U', title: `${st.order} (DoG Reforming Unformed / Disordered Troops)` });
  if (st.fatigue > 0) out.push({ kind: 'state', text: ['', 'T', 'E', 'X'][st.fatigue]!, title: `${FATIGUE_WORDS[st.fatigue]} (DoG EFFECTS OF FATIGUE/EXHAUSTION)` });
  if (st.menLost > 0) out.push({ kind: 'casualties', text: `-${Math.floor(st.menLost / MEN_PER_FIGURE)}`, title: `${st.menLost} men lost` });
  const order = g.ruleset.orders[u.parent];
  if (order) out.push({ kind: 'order', text: order.order.slice(0, 3), title: `Brigade order: ${order.order} (DoG Orders)` });
  return out;
}

function overlays(g: G, pieceId: string): Overlay[] {
  const u = unitOf(g, pieceId);
  if (!u || u.arm === 'artillery' && u.formation !== 'unlimbered') return [];
  const fr = unitFrame(u.stands);
  const reach = u.arm === 'artillery' ? 600 : u.arm === 'infantry' ? 200 : 150;
  // DoG Infantry Fire: a square's sides and a refused flank each have their own 10° arc.
  const faces = fireFaces(u);
  const out: Overlay[] = faces.map((f) => ({ kind: 'fire', label: faces.length > 1 ? `Fire arc (10°), face ${f.index + 1}` : 'Fire arc (10°)', polygon: zoneOutline(f.frame, { face: 'front', spreadRad: ARC_RAD, rangeMm: reach }) }));
  if (u.arm !== 'artillery') out.push({ kind: 'charge', label: 'Charge reach', polygon: zoneOutline(fr, { face: 'front', spreadRad: Math.PI / 4, rangeMm: chargeReachMm({ tables: g.tables, rs: g.ruleset }, u) }) });
  void unitDistance;
  return out;
}

export const dogTable: TableAdapter<DogState, DogOptions, DogTables> = {
  previewMove, previewContact, actions, sideActions, inspect, markers, overlays,
  sight: () => ({ rule: sightRule, standsBlock: true }),
};
