/**
 * The table adapter (engine ruleset.ts `TableAdapter`): how the play table's drags, drops and menus
 * become Advanced Shako's commands, and what the table shows. Reads only the viewer's `SeenGame`;
 * never rolls (a preview runs the same checks the handlers run).
 */
import type { TableAdapter, SeenGame, PieceMove, MovePreview, PieceAction, Overlay, ReadOut, Marker, Command } from '../../../engine/ruleset';
import type { Unit } from '../../../engine/model';
import { zoneOutline } from '../../../geometry/zones';
import { unitFrame } from '../../../geometry/frame';
import { normaliseAngle } from '../../../geometry/types';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import type { ShState } from '../state';
import { us, mmIn, inMm, armOf, qualityOf, mrOf, dismrOf, divisionOf } from '../state';
import { allowanceMm, checkMove, FORMATIONS_OF, MOVE_RULE, type MoveLeg } from '../movement/moves';
import { chargeProblem, chargeReach, moveRuleProblem, notNow, reachIn, CHARGE_RULE, DRIVE_OFF_RULE } from '../movement/commands';
import { layoutFor, placementProblem, FORMATION_RULE } from '../movement/formations';
import { planFire, FIRE_RULE } from '../fire/fire';
import { canRecall, shelterFor, RECALL_RULE, WITHDRAW_RULE } from '../melee/melee';
import { breakthroughTargets, entitled, BREAKTHROUGH_RULE } from '../melee/breakthrough';
import { recrewProblem, RECREW_RULE } from '../movement/recrew';
import { coordinationProblem, SEQ_RULE, COORD_RULE } from '../sequence/turn';
import { shSightRule } from '../geo';
import { ADC_RULE } from '../orders/orders';
import { cos, sin } from '../../../geometry/math';

type G = SeenGame<ShState, ShOptions, ShTables>;
const inch = (mm: number) => `${mmIn(Math.max(0, mm)).toFixed(1)}"`;
const illegal = (reason: string, rule: string, readout: ReadOut[] = []): MovePreview => ({ legal: false, reason, rule, readout });
const acting = (g: G, side: string) => g.position.actors.includes(side) && !g.position.done.includes(side);
const unitOf = (g: G, id: string): Unit | undefined => g.battle.units.find((u) => u.id === id);
const seen = (g: G) => ({ battle: g.battle, ruleset: g.ruleset, tables: g.tables, position: g.position });

/** A drag as legs: a wheel on a flank corner or a turn on the centre, then straight on or back, then sideways. */
export function legsOfDrag(u: Unit, m: PieceMove): MoveLeg[] {
  const legs: MoveLeg[] = [];
  const d = normaliseAngle(m.dRad);
  const deg = (d * 180) / Math.PI;
  if (Math.abs(deg) > 0.5) legs.push(m.pivot === 'left' || m.pivot === 'right' ? { kind: 'wheel', deg } : { kind: 'turn', deg });
  const f = unitFrame(u.stands).facing + (Math.abs(deg) > 0.5 ? d : 0);
  const along = m.dxMm * cos(f) + m.dyMm * sin(f);
  const across = -m.dxMm * sin(f) + m.dyMm * cos(f);
  // A mostly sideways drag with no turn is a side-step (8.2).
  if (legs.length === 0 && Math.abs(across) > 0.5 && Math.abs(along) < Math.abs(across) * 0.2) return [{ kind: 'sidestep', mm: across }];
  if (along > 0.5) legs.push({ kind: 'forward', mm: along });
  else if (along < -0.5) legs.push({ kind: 'backward', mm: -along });
  if (Math.abs(across) > 0.5) legs.push({ kind: 'sidestep', mm: across });
  return legs;
}

function previewMove(g: G, side: string, pieceId: string, m: PieceMove): MovePreview {
  const u = unitOf(g, pieceId);
  if (!u || u.side !== side) return illegal('Choose one of your units.', MOVE_RULE);
  if (!g.position.step.startsWith('division') || !acting(g, side)) return illegal('Units move when their division moves, in initiative order.', SEQ_RULE);
  const no = notNow(seen(g), u, side);
  if (no) return illegal(no.reason, no.rule);
  const st = us(g.ruleset, u.id);
  const legs = legsOfDrag(u, m);
  if (legs.length === 0) return illegal('No move.', MOVE_RULE);
  const bad = moveRuleProblem(seen(g), u, legs);
  if (bad) return illegal(bad.reason, bad.rule);
  const allowance = allowanceMm(g.tables, u);
  const left = allowance - st.movedMm;
  const v = checkMove(g.battle, g.ruleset, u, legs, left);
  const wheel = legs.find((l) => l.kind === 'wheel' || l.kind === 'turn');
  const readout: ReadOut[] = [
    { label: 'Used', value: inch(st.movedMm + v.costMm) },
    { label: 'Left', value: inch(left - v.costMm) },
    { label: 'Move', value: `${inch(allowance)} in ${u.formation} (house)` },
    ...(wheel ? [{ label: wheel.kind === 'wheel' ? 'Wheel' : 'Turn', value: `${Math.abs(wheel.deg).toFixed(0)}°` }] : []),
  ];
  if (!v.ok) return illegal(v.reason!, v.rule!, readout);
  return { legal: true, command: { type: 'moveUnit', side, unit: u.id, legs }, readout };
}

function previewContact(g: G, side: string, pieceId: string, targetId: string): MovePreview {
  const u = unitOf(g, pieceId), t = unitOf(g, targetId);
  if (!u || u.side !== side || !t) return illegal('Choose one of your units and an enemy.', SEQ_RULE);
  if (!acting(g, side)) return illegal('Wait for your step.', SEQ_RULE);
  if (g.position.step === 'bombard' || g.position.step === 'volleys') {
    const p = planFire({ ...seen(g), phase: g.position.phase }, u, t);
    if (!p.ok) return illegal(p.reason, p.rule);
    const row = g.tables.fire[p.kind];
    return { legal: true, command: { type: 'fire', side, unit: u.id, target: t.id }, readout: [{ label: 'Fire', value: `${p.kind} at ${p.receiver.name}, ${p.distanceIn.toFixed(1)}"` }, { label: 'Result', value: `kill ${row.killOn}+, stagger ${row.staggerOn}+ (house) ${p.modifiers.map((x) => `${x.value > 0 ? '+' : ''}${x.value} ${x.label}`).join(', ')}` }] };
  }
  if (g.position.step.startsWith('division')) {
    const no = notNow(seen(g), u, side);
    if (no) return illegal(no.reason, no.rule);
    if (armOf(u) === 'infantry' && armOf(t) === 'cavalry' && us(g.ruleset, t.id).blown !== undefined) {
      const r = chargeReach(g, u, t, g.tables.reach.chargeInfantryIn);
      if (!r.ok) return illegal(r.reason, DRIVE_OFF_RULE);
      return { legal: true, command: { type: 'driveOff', side, unit: u.id, target: t.id }, readout: [{ label: 'Drive off', value: `${r.distanceIn.toFixed(1)}" to the Blown cavalry` }] };
    }
    const bad = chargeProblem(seen(g), u, t);
    if (bad) return illegal(bad.reason, bad.rule);
    const r = chargeReach(g, u, t, reachIn(g.tables, u));
    if (!r.ok) return illegal(r.reason, CHARGE_RULE);
    return { legal: true, command: { type: 'charge', side, unit: u.id, target: t.id }, readout: [{ label: 'Charge', value: `${r.distanceIn.toFixed(1)}" of ${reachIn(g.tables, u)}"` }] };
  }
  return illegal('Charge when your division moves; fire in the artillery and musketry phases.', SEQ_RULE);
}

function actions(g: G, side: string, pieceId: string): PieceAction[] {
  const out: PieceAction[] = [];
  const u = unitOf(g, pieceId);
  if (!u || u.side !== side || !acting(g, side)) return out;
  const step = g.position.step;
  if (step.startsWith('division') && !notNow(seen(g), u, side)) {
    const st = us(g.ruleset, u.id);
    for (const f of FORMATIONS_OF(u)) {
      if (f === u.formation || st.reformed || placementProblem(g.battle, u, layoutFor(u, f))) continue;
      out.push({ label: `Form ${f}`, command: { type: 'changeFormation', side, unit: u.id, formation: f }, detail: 'on the front-centre anchor', rule: FORMATION_RULE });
    }
    for (const t of g.battle.units) {
      if (t.side === side || chargeProblem(seen(g), u, t)) continue;
      const r = chargeReach(g, u, t, reachIn(g.tables, u));
      if (r.ok) out.push({ label: `Charge ${t.name}`, command: { type: 'charge', side, unit: u.id, target: t.id }, detail: `${r.distanceIn.toFixed(1)}" to contact`, rule: CHARGE_RULE });
    }
  }
  if (step.startsWith('division') && !recrewProblem(seen(g), u, side)) out.push({ label: 'Re-crew the guns', command: { type: 'recrew', side, unit: u.id }, detail: 'the crews leave the square; it takes the battery\'s move this turn', rule: RECREW_RULE });
  if (step === 'bombard' || step === 'volleys') {
    for (const t of g.battle.units) {
      if (t.side === side) continue;
      const p = planFire({ ...seen(g), phase: g.position.phase }, u, t);
      if (p.ok) out.push({ label: `Fire at ${t.name}`, command: { type: 'fire', side, unit: u.id, target: t.id }, detail: `${p.kind}${p.receiver.id !== t.id ? `: ${p.receiver.name} is nearest and receives the kills` : ''}`, rule: FIRE_RULE });
    }
  }
  if (step === 'beforeMelee') {
    if (canRecall(g, u)) out.push({ label: 'Try to recall from the hasty square', command: { type: 'recall', side, unit: u.id }, detail: 'a D6 under MR; -1 within command radius', rule: RECALL_RULE });
    if (shelterFor(g, u)) out.push({ label: 'Crews: withdraw to square!', command: { type: 'withdrawToSquare', side, unit: u.id }, detail: 'a D6 under the crews\' MR; failing, the battery is broken', rule: WITHDRAW_RULE });
  }
  if (step === 'breakthrough' && entitled(g, u)) for (const x of breakthroughTargets(seen(g), u))
    out.push({ label: `Breakthrough at ${x.t.name}`, command: { type: 'breakthrough', side, unit: u.id, target: x.t.id }, detail: `${x.distanceIn.toFixed(1)}" to contact; the melee is fought at once`, rule: BREAKTHROUGH_RULE });
  return out;
}

function sideActions(g: G, side: string): PieceAction[] {
  if (!acting(g, side)) return [];
  const out: PieceAction[] = [];
  const mine = Object.keys(g.ruleset.divisions).filter((d) => g.ruleset.divisions[d]!.side === side && !g.ruleset.divisions[d]!.broken);
  if (g.position.step === 'orders') for (const d of mine) for (const o of ['attack', 'defend'] as const)
    out.push({ label: `${g.ruleset.divisions[d]!.name}: send ${o === 'attack' ? 'Attack' : 'Defend'} orders`, command: { type: 'sendOrders', side, division: d, orders: o }, detail: 'an ADC rides 24" a turn from the commander-in-chief', rule: ADC_RULE });
  if (g.position.step === 'coordinate') for (const a of mine) for (const b of mine) if (a < b && !coordinationProblem(seen(g), side, a, b))
    out.push({ label: `Coordinate ${g.ruleset.divisions[a]!.name} and ${g.ruleset.divisions[b]!.name}`, command: { type: 'coordinate', side, divisions: [a, b] }, detail: 'one initiative die at -1', rule: COORD_RULE });
  return out;
}

function whyNot(g: G, side: string, pieceId: string): string | undefined {
  const u = unitOf(g, pieceId);
  if (!u || u.side !== side || !g.position.step.startsWith('division')) return undefined;
  return notNow(seen(g), u, side)?.reason;
}

function overlays(g: G, pieceId: string): Overlay[] {
  const u = unitOf(g, pieceId);
  if (!u) return [];
  const fr = unitFrame(u.stands);
  const f = g.tables.fire;
  const out: Overlay[] = [];
  if (armOf(u) === 'artillery') {
    out.push({ kind: 'fire', label: `Canister ${f.canisterRangeIn}"`, polygon: zoneOutline(fr, { face: 'front', spreadRad: (f.arcDeg * Math.PI) / 180, rangeMm: inMm(f.canisterRangeIn) }) });
    out.push({ kind: 'fire', label: `Roundshot ${f.roundshotRangeIn}"`, polygon: zoneOutline(fr, { face: 'front', spreadRad: (f.arcDeg * Math.PI) / 180, rangeMm: inMm(f.roundshotRangeIn) }) });
  } else {
    if (armOf(u) === 'infantry') out.push({ kind: 'fire', label: `Musketry ${f.musketRangeIn}"`, polygon: zoneOutline(fr, { face: 'front', spreadRad: Math.PI / 4, rangeMm: inMm(u.formation === 'skirmish' ? f.skirmishRangeIn : f.musketRangeIn) }) });
    out.push({ kind: 'charge', label: `Charge reach ${reachIn(g.tables, u)}"`, polygon: zoneOutline(fr, { face: 'front', spreadRad: Math.PI / 4, rangeMm: inMm(reachIn(g.tables, u)) }) });
    out.push({ kind: 'zone', label: `Frontal zone ${g.tables.reach.frontalZoneIn}"`, polygon: zoneOutline(fr, { face: 'front', spreadRad: 0, rangeMm: inMm(g.tables.reach.frontalZoneIn) }) });
  }
  return out;
}

function inspect(g: G, pieceId: string): ReadOut[] {
  const gen = g.battle.generals.find((x) => x.id === pieceId);
  if (gen) {
    const div = Object.entries(g.ruleset.divisions).find(([, d]) => d.commander === gen.id);
    if (!div) return [{ label: 'Commander', value: 'commander-in-chief: writes orders for the ADCs' }];
    const [, d] = div;
    const adc = g.ruleset.adcs.find((a) => a.division === div[0]);
    return [
      { label: 'Division', value: d.name },
      { label: 'Orders', value: `${d.orders === 'attack' ? 'Attack' : 'Defend'}${d.heldAttack ? ' (an Attack order held until it rallies)' : ''}` },
      { label: 'Morale', value: d.broken ? 'Broken' : d.retreating ? 'Retreating' : d.newOrder ? 'New Order: -1 MR (AS 12.2)' : 'Carry on' },
      ...(adc ? [{ label: 'ADC riding', value: adc.orders === 'sealed' ? 'orders sealed' : `${adc.orders} orders` }] : []),
      ...(d.initiative !== undefined ? [{ label: 'Initiative', value: String(d.initiative) }] : []),
    ];
  }
  const u = unitOf(g, pieceId);
  const st = u ? g.ruleset.units[u.id] : undefined;
  if (!u || !st) return [];
  const div = divisionOf(g.ruleset, u.id);
  const states = [st.staggered && 'Staggered', st.fallback !== undefined && 'Fallback', st.blown !== undefined && 'Blown', st.hastyFailed && 'failed hasty square (DisMR, no fire)', st.abandoned && 'guns abandoned'].filter(Boolean).join(', ');
  return [
    { label: 'Type', value: `${troopWords(u.troopType)}${u.extra['lancers'] === true ? ', lancers' : ''}` },
    { label: 'MR / DisMR', value: `${mrOf(g.tables, u)} / ${dismrOf(g.tables, u)} (${qualityOf(u)}${u.extra['mr'] === undefined ? ', house table' : ''})` },
    { label: 'Kills', value: `${st.kills} of ${mrOf(g.tables, u)} (breaks at its MR)` },
    { label: 'Formation', value: u.formation },
    { label: 'State', value: states || 'steady' },
    { label: 'Division', value: div ? `${g.ruleset.divisions[div]!.name} — ${g.ruleset.divisions[div]!.orders}` : 'none' },
    { label: 'Moved', value: st.moved ? inch(st.movedMm > 1e5 ? allowanceMm(g.tables, u) : st.movedMm) : 'no' },
  ];
}

function markers(g: G, pieceId: string): Marker[] {
  // AS 12.2: "When a division suffers a New Order result apply a Staggered marker to the Divisional Commander figure."
  const div = Object.values(g.ruleset.divisions).find((d) => d.commander === pieceId);
  if (div) return [
    ...(div.newOrder ? [{ kind: 'state' as const, text: 'St', title: `${div.name}: New Order, -1 MR until it rallies (AS 12.2)` }] : []),
    ...(div.retreating ? [{ kind: 'state' as const, text: 'Rt', title: `${div.name}: retreating (AS 12.4)` }] : []),
    { kind: 'order' as const, text: div.orders === 'attack' ? 'Att' : 'Def', title: `${div.name}: ${div.orders === 'attack' ? 'Attack' : 'Defend'} orders` },
  ];
  const u = unitOf(g, pieceId);
  const st = u ? g.ruleset.units[u.id] : undefined;
  if (!u || !st) return [];
  const out: Marker[] = [];
  if (st.kills > 0) out.push({ kind: 'casualties', text: `${st.kills}K`, title: `${st.kills} kill(s); broken at ${mrOf(g.tables, u)}` });
  if (st.staggered) out.push({ kind: 'state', text: 'St', title: 'Staggered (a second stagger is a kill)' });
  if (st.fallback !== undefined) out.push({ kind: 'state', text: 'FB', title: 'Fallback: rally this turn or next (AS 12.1)' });
  if (st.blown !== undefined) out.push({ kind: 'state', text: 'Bl', title: 'Blown: fights with DisMR until reformed (AS 11.4)' });
  if (st.abandoned) out.push({ kind: 'state', text: 'Ab', title: 'Guns abandoned: crews in a square (AS 8.5)' });
  if (st.charge) out.push({ kind: 'other', text: 'Ch', title: 'Charging' });
  if (st.fired) out.push({ kind: 'other', text: 'F', title: 'Has fired this turn' });
  return out;
}

export const shTable: TableAdapter<ShState, ShOptions, ShTables> = {
  previewMove, previewContact, actions, sideActions, whyNot, overlays, inspect, markers,
  sight: () => ({ rule: shSightRule, standsBlock: true }),
};

export const commandsOf = (g: G, side: string, pieceId: string): Command[] => actions(g, side, pieceId).map((a) => a.command);
export { SEQ_RULE };

/** A troop type as words: 'line-infantry' → 'Line infantry'. */
const troopWords = (t: string): string => (t.length === 0 ? t : t[0]!.toUpperCase() + t.slice(1).replace(/-/g, ' '));
