/**
 * The table adapter (engine ruleset.ts `TableAdapter`): how the play table's drags, drops and
 * menus become the battalion rules' commands, and what the table shows. Reads only the viewer's
 * `SeenGame`; never rolls (a preview runs the same checks the handlers run).
 */
import type { TableAdapter, SeenGame, PieceMove, MovePreview, PieceAction, Overlay, ReadOut, Marker, Command } from '../../../engine/ruleset';
import type { General, Unit } from '../../../engine/model';
import { zoneOutline } from '../../../geometry/zones';
import { unitFrame, toLocal } from '../../../geometry/frame';
import { normaliseAngle } from '../../../geometry/types';
import type { BtOptions } from '../options';
import type { BtTables } from '../tables';
import { WEAPON_OF, COMMANDER_MOVE_IN, MOVEMENT_RULE } from '../tables';
import type { BtState } from '../state';
import { us, mmIn, inMm, armOf, firstSide, qualityOf } from '../state';
import { allowanceMm, checkMove, formationsFor, type MoveLeg } from '../movement/moves';
import { cannotMove } from '../movement/commands';
import { layoutFor, placementProblem } from '../movement/formations';
import { planShot } from '../shooting/plan';
import { hitCandidates } from '../shooting/hits';
import { assaultProblem, assaultReach } from '../assault/assault';
import { btSightRule } from '../geo';
import { cos, sin } from '../../../geometry/math';

type G = SeenGame<BtState, BtOptions, BtTables>;
const SEQ = 'BT Start of the Game and Turn Sequence';
const inch = (mm: number) => `${mmIn(Math.max(0, mm)).toFixed(1)}"`;
const illegal = (reason: string, rule: string, readout: ReadOut[] = []): MovePreview => ({ legal: false, reason, rule, readout });
const acting = (g: G, side: string) => g.position.actors.includes(side) && !g.position.done.includes(side);
const unitOf = (g: G, id: string): Unit | undefined => g.battle.units.find((u) => u.id === id);
const isStep = (g: G, kind: 'move' | 'shoot' | 'assault') => g.position.step.startsWith(kind);

/** A drag as legs: a wheel on a flank corner or a turn on the centre, then straight on or back, then sideways. */
export function legsOfDrag(u: Unit, m: PieceMove): MoveLeg[] {
  const legs: MoveLeg[] = [];
  const d = normaliseAngle(m.dRad);
  const deg = (d * 180) / Math.PI;
  if (Math.abs(deg) > 0.5) legs.push(m.pivot === 'left' || m.pivot === 'right' ? { kind: 'wheel', deg } : { kind: 'turn', deg });
  // The translation is read after the turn, along the new facing.
  const f = unitFrame(u.stands).facing + (Math.abs(deg) > 0.5 ? d : 0);
  const along = m.dxMm * cos(f) + m.dyMm * sin(f);
  const across = -m.dxMm * sin(f) + m.dyMm * cos(f);
  if (along > 0.5) legs.push({ kind: 'forward', mm: along });
  else if (along < -0.5) legs.push({ kind: 'backward', mm: -along });
  if (Math.abs(across) > 0.5) legs.push({ kind: 'sidestep', mm: across });
  return legs;
}

function previewCommander(g: G, side: string, gen: General, m: PieceMove): MovePreview {
  const R = 'BT Army Commanders';
  const cs = g.ruleset.commanders[gen.id];
  if (gen.side !== side || !cs) return illegal('Choose one of your commanders.', R);
  if (!isStep(g, 'move') || !acting(g, side)) return illegal('Commanders move in their side\'s movement step.', SEQ);
  if (cs.moved) return illegal(`${gen.name} has moved this phase.`, R);
  const d = Math.hypot(m.dxMm, m.dyMm);
  const readout = [{ label: 'Used', value: inch(d) }, { label: 'Move', value: `${COMMANDER_MOVE_IN}" (as light cavalry)` }];
  if (d > inMm(COMMANDER_MOVE_IN) + 0.5) return illegal(`Commanders move ${COMMANDER_MOVE_IN}".`, R, readout);
  const x = gen.stand.centre.x + m.dxMm, y = gen.stand.centre.y + m.dyMm;
  // Dropped on one of his side's battalions: he joins it.
  const join = g.battle.units.find((u) => u.side === side && armOf(u) !== 'artillery' && u.stands.some((s) => Math.hypot(s.centre.x - x, s.centre.y - y) < Math.max(s.widthMm, s.depthMm) / 2));
  return { legal: true, command: { type: 'moveCommander', side, general: gen.id, x, y, ...(join ? { attach: join.id } : {}) }, readout: join ? [...readout, { label: 'Joins', value: join.name }] : readout };
}

function previewMove(g: G, side: string, pieceId: string, m: PieceMove): MovePreview {
  const gen = g.battle.generals.find((x) => x.id === pieceId);
  if (gen) return previewCommander(g, side, gen, m);
  const u = unitOf(g, pieceId);
  if (!u || u.side !== side) return illegal('Choose one of your battalions.', MOVEMENT_RULE);
  if (!isStep(g, 'move') || !acting(g, side)) return illegal('Battalions move in their side\'s movement step.', SEQ);
  const no = cannotMove({ rs: g.ruleset }, u);
  if (no) return illegal(no.reason, no.rule);
  const st = us(g.ruleset, u.id);
  const allowance = allowanceMm(g.tables, u);
  const left = allowance - st.movedMm;
  const legs = legsOfDrag(u, m);
  if (legs.length === 0) return illegal('No move.', MOVEMENT_RULE);
  const v = checkMove(g.battle, u, legs, left);
  const wheel = legs.find((l) => l.kind === 'wheel' || l.kind === 'turn');
  const readout: ReadOut[] = [
    { label: 'Used', value: inch(st.movedMm + v.costMm) },
    { label: 'Left', value: inch(left - v.costMm) },
    { label: 'Move', value: `${inch(allowance)} in ${u.formation}${u.formation === 'column' ? ' (at the double over 6")' : ''}` },
    ...(wheel ? [{ label: wheel.kind === 'wheel' ? 'Wheel' : 'Turn', value: `${Math.abs(wheel.deg).toFixed(0)}°` }] : []),
    { label: 'Terrain', value: v.terrain.length ? `${v.terrain.join(', ')}: double cost (house)` : 'open' },
  ];
  if (!v.ok) return illegal(v.reason!, v.rule!, readout);
  return { legal: true, command: { type: 'moveUnit', side, unit: u.id, legs }, readout };
}

function previewContact(g: G, side: string, pieceId: string, targetId: string): MovePreview {
  const u = unitOf(g, pieceId), t = unitOf(g, targetId);
  if (!u || u.side !== side || !t) return illegal('Choose one of your battalions and an enemy.', SEQ);
  if (!acting(g, side)) return illegal('Wait for your step.', SEQ);
  if (g.ruleset.pending) return illegal('A choice is waiting first.', SEQ);
  const ctx = { battle: g.battle, rs: g.ruleset, options: g.options, tables: g.tables };
  if (isStep(g, 'shoot')) {
    const p = planShot(ctx, u, t, 'rof');
    if (!p.ok) return illegal(p.reason, p.rule);
    return { legal: true, command: { type: 'shoot', side, unit: u.id, target: t.id }, readout: [{ label: 'Range', value: `${p.distanceIn.toFixed(1)}"${p.grape ? ' (grape)' : ''}` }, { label: 'ROF', value: `${p.rof}` }, { label: 'To hit', value: `${p.toHit}+ ${p.modifiers.map((x) => `${x.value > 0 ? '+' : ''}${x.value} ${x.label}`).join(', ')}` }] };
  }
  if (isStep(g, 'assault')) {
    const bad = assaultProblem(ctx, u, t);
    if (bad) return illegal(bad.reason, bad.rule);
    const r = assaultReach(ctx, u, t);
    const readout = [{ label: 'Assault', value: r.ok ? `${r.distanceIn.toFixed(1)}" to contact` : 'out of reach: it would fall back to where it stands' }];
    return { legal: true, command: { type: 'assault', side, unit: u.id, target: t.id }, readout };
  }
  return illegal('Shoot in the shooting phase; assault in the assault phase.', SEQ);
}

/** BT Shooting 8: one action per stand (or attached commander) the next hit may fall on, named by its place. */
function hitActions(g: G, side: string, u: Unit, withUnitName = false): PieceAction[] {
  const p = g.ruleset.pending;
  const out: PieceAction[] = [];
  if (!p || p.kind !== 'hits' || p.owner !== side || p.target !== u.id) return out;
  // Stands named by their place from the left of the unit's front, as the player sees them.
  const fr = unitFrame(u.stands);
  const byLeft = [...u.stands].sort((a, b) => toLocal(fr, a.centre).across - toLocal(fr, b.centre).across || toLocal(fr, b.centre).along - toLocal(fr, a.centre).along).map((s) => s.id);
  const left = p.hits - p.assigned.length;
  let first = true;
  for (const id of hitCandidates({ battle: g.battle, rs: g.ruleset }, u.id)) {
    if (p.assigned.includes(id)) continue;
    const gen = g.battle.generals.find((x) => x.id === id);
    const label = `${withUnitName ? `${u.name}: ` : ''}${gen ? `Hit on ${gen.name}` : `Hit on stand ${byLeft.indexOf(id) + 1} from the left${id === u.commandStandId ? ' (officer)' : ''}`}`;
    out.push({ label, command: { type: 'assignHit', side, stand: id }, ...(first ? { detail: `${left} hit${left === 1 ? '' : 's'} to assign, each on a different stand; the saves are rolled when all are placed` } : {}), rule: 'BT Summery of Shooting Phase 8' });
    first = false;
  }
  return out;
}

function actions(g: G, side: string, pieceId: string): PieceAction[] {
  const out: PieceAction[] = [];
  const u = unitOf(g, pieceId);
  if (!u || !acting(g, side)) return out;
  const p = g.ruleset.pending;
  if (p) {
    if (p.owner !== side) return out;
    if (p.kind === 'hits' && p.target === u.id) out.push(...hitActions(g, side, u));
    if (p.kind === 'reaction' && p.defender === u.id) {
      out.push({ label: 'Counter attack', command: { type: 'react', side, choice: 'counter' }, rule: 'BT Assault Phase Summery' });
      out.push({ label: 'Retreat in order', command: { type: 'react', side, choice: 'retreat' }, rule: 'BT Assault Phase Summery' });
    }
    return out;
  }
  if (u.side !== side) return out;
  const ctx = { battle: g.battle, rs: g.ruleset, options: g.options, tables: g.tables };
  if (isStep(g, 'move')) {
    const st = us(g.ruleset, u.id);
    for (const f of formationsFor(g.tables, u)) {
      if (f === u.formation || st.reformed || st.disorientated) continue;
      if (f === 'square' && st.moved) continue;
      if (placementProblem(g.battle, u, layoutFor(u, f))) continue;
      out.push({ label: `Form ${f}`, command: { type: 'changeFormation', side, unit: u.id, formation: f }, detail: st.moved ? 'at the end of its move' : 'at the start of its move', rule: 'BT Movement Phase 3' });
    }
    const adj = g.ruleset.commanders[`${side}-adjutant`];
    if (adj && !adj.attachedTo && !adj.dead && armOf(u) !== 'artillery') out.push({ label: 'Send the adjutant', command: { type: 'sendAdjutant', side, unit: u.id }, detail: 're-roll motivation; replaces a fallen officer', rule: 'BT Army Commanders' });
  }
  if (isStep(g, 'shoot')) {
    for (const t of g.battle.units) {
      if (t.side === side) continue;
      const p1 = planShot(ctx, u, t, 'rof');
      if (!p1.ok) continue;
      out.push({ label: `Shoot at ${t.name}`, command: { type: 'shoot', side, unit: u.id, target: t.id }, detail: `ROF ${p1.rof}, ${p1.toHit}+${us(g.ruleset, u.id).moved ? ', moved: ROF halved' : ''}`, rule: 'BT Summery of Shooting Phase' });
      if (us(g.ruleset, u.id).moved && u.troopType !== 'horse-artillery') {
        const p2 = planShot(ctx, u, t, 'toHit');
        if (p2.ok) out.push({ label: `Shoot at ${t.name} (full ROF, -1 to hit)`, command: { type: 'shoot', side, unit: u.id, target: t.id, moved: 'toHit' }, detail: `ROF ${p2.rof}`, rule: 'BT Modifiers: Having Moved' });
      }
    }
  }
  if (isStep(g, 'assault')) {
    for (const t of g.battle.units) {
      if (t.side === side || assaultProblem(ctx, u, t)) continue;
      const r = assaultReach(ctx, u, t);
      if (r.ok) out.push({ label: `Assault ${t.name}`, command: { type: 'assault', side, unit: u.id, target: t.id }, detail: `${r.distanceIn.toFixed(1)}" to contact`, rule: 'BT Assault Phase Summery' });
    }
  }
  return out;
}

function sideActions(g: G, side: string): PieceAction[] {
  if (!acting(g, side)) return [];
  if (g.position.step === 'chooseFirst' && g.ruleset.initiative === side) return [
    { label: 'Go first', command: { type: 'chooseFirst', side, first: 'first' }, rule: SEQ },
    { label: 'Go second', command: { type: 'chooseFirst', side, first: 'second' }, rule: SEQ },
  ];
  const p = g.ruleset.pending;
  if (p && p.owner === side && p.kind === 'hits') {
    const t = unitOf(g, p.target);
    return t ? hitActions(g, side, t, true) : [];
  }
  if (p && p.owner === side && p.kind === 'reaction') return [
    { label: 'Counter attack', command: { type: 'react', side, choice: 'counter' }, rule: 'BT Assault Phase Summery' },
    { label: 'Retreat in order', command: { type: 'react', side, choice: 'retreat' }, rule: 'BT Assault Phase Summery' },
  ];
  return [];
}

function whyNot(g: G, side: string, pieceId: string): string | undefined {
  const u = unitOf(g, pieceId);
  if (!u || u.side !== side) return undefined;
  const p = g.ruleset.pending;
  if (p && p.owner !== side) return 'Waiting for the opponent\'s choice (BT Summery of Shooting Phase 8).';
  if (isStep(g, 'move')) return cannotMove({ rs: g.ruleset }, u)?.reason;
  return undefined;
}

function overlays(g: G, pieceId: string): Overlay[] {
  const u = unitOf(g, pieceId);
  if (!u) return [];
  const w = g.tables.range[WEAPON_OF[u.troopType as keyof typeof WEAPON_OF] ?? 'musket'];
  const fr = unitFrame(u.stands);
  const out: Overlay[] = [{ kind: 'fire', label: `Range ${w.rangeIn}"`, polygon: zoneOutline(fr, { face: 'front', spreadRad: Math.PI / 4, rangeMm: inMm(w.rangeIn) }) }];
  if (w.grapeRangeIn) out.push({ kind: 'fire', label: `Grape ${w.grapeRangeIn}"`, polygon: zoneOutline(fr, { face: 'front', spreadRad: Math.PI / 4, rangeMm: inMm(w.grapeRangeIn) }) });
  const left = allowanceMm(g.tables, u) - (g.ruleset.units[u.id]?.movedMm ?? 0);
  if (left > 1) out.push({ kind: 'move', label: `Move left ${inch(left)}`, polygon: zoneOutline(fr, { face: 'front', spreadRad: 0, rangeMm: left }) });
  return out;
}

function inspect(g: G, pieceId: string): ReadOut[] {
  const gen = g.battle.generals.find((x) => x.id === pieceId);
  if (gen) {
    const c = g.ruleset.commanders[gen.id];
    return [{ label: 'Commander', value: c?.kind === 'army' ? 'the General (army commander)' : `brigade commander (${c?.brigade ?? ''})` }, { label: 'With', value: c?.attachedTo ? (unitOf(g, c.attachedTo)?.name ?? c.attachedTo) : 'not attached' }];
  }
  const u = unitOf(g, pieceId);
  const st = u ? g.ruleset.units[u.id] : undefined;
  if (!u || !st) return [];
  const out: ReadOut[] = [
    { label: 'Type', value: `${u.troopType}${u.extra['jaeger'] === true ? ', Jaeger' : ''}${u.extra['rifles'] === true ? ', rifles' : ''}${u.extra['lances'] === true ? ', lances' : ''}` },
    { label: 'Quality', value: `${qualityOf(u)} (skill ${g.tables.skill[qualityOf(u)]}+)` },
    { label: 'Formation', value: u.formation },
    { label: 'Stands', value: `${u.stands.length} of ${st.start}${u.stands.length * 2 < st.start ? ' — under 50%' : ''}` },
    { label: 'Moved', value: st.moved ? inch(st.movedMm) : 'no' },
    { label: 'Shot', value: st.fired ? 'yes' : 'no' },
  ];
  if (st.disorientated) out.push({ label: 'Disorientated', value: 'cannot move; ROF halved; -1 motivation (BT Howitzers & Disorientation)' });
  if (st.officerDead) out.push({ label: 'Officer', value: 'fallen: skill check to re-form, motivation check to assault (BT Officers Falling)' });
  const p = g.ruleset.pending;
  if (p && p.kind === 'hits' && p.target === u.id) out.push({ label: 'Hits to assign', value: `${p.hits - p.assigned.length} of ${p.hits}: ${g.battle.sides.find((x) => x.id === p.owner)?.name ?? p.owner} choose the stands (BT Summery of Shooting Phase 8)` });
  out.push({ label: 'First this turn', value: g.battle.sides.find((s) => s.id === firstSide(g))?.name ?? '' });
  return out;
}

function markers(g: G, pieceId: string): Marker[] {
  const u = unitOf(g, pieceId);
  const st = u ? g.ruleset.units[u.id] : undefined;
  if (!u || !st) return [];
  const out: Marker[] = [];
  if (st.disorientated) out.push({ kind: 'state', text: 'D', title: 'Disorientated (BT Howitzers & Disorientation)' });
  if (st.officerDead) out.push({ kind: 'state', text: 'Off†', title: 'Officer fallen (BT Officers Falling)' });
  if (u.stands.length < st.start) out.push({ kind: 'casualties', text: `-${st.start - u.stands.length}`, title: `${st.start - u.stands.length} stand(s) lost of ${st.start}` });
  const p = g.ruleset.pending;
  if (p && p.kind === 'hits' && p.target === u.id) out.push({ kind: 'other', text: `${p.hits - p.assigned.length} hit${p.hits - p.assigned.length === 1 ? '' : 's'}`, title: `Hits to assign: ${p.hits - p.assigned.length} (BT Summery of Shooting Phase 8)` });
  if (st.fired) out.push({ kind: 'other', text: 'F', title: 'Has shot this phase' });
  return out;
}

export const btTable: TableAdapter<BtState, BtOptions, BtTables> = {
  previewMove,
  previewContact,
  actions,
  sideActions,
  whyNot,
  overlays,
  inspect,
  markers,
  sight: () => ({ rule: btSightRule, standsBlock: true }),
};

/** Commands a viewer could give a piece (tests). */
export const commandsOf = (g: G, side: string, pieceId: string): Command[] => actions(g, side, pieceId).map((a) => a.command);
