/**
 * NW's table adapter (RulesetModule.table): drags and drops as commands (tablePreview.ts), the
 * unit menu, overlays, the inspector, markers and sight. Every function receives the viewer's
 * view only: another side's face-down order is never in it, only the fact that a marker lies
 * on the unit once the Orders Phase is over (`NwState.faceDown`, filled by the module's view).
 */
import type { Overlay, PieceAction, ReadOut, Marker, TableAdapter } from '../../engine/ruleset';
import type { SideId, TerrainFeature, Unit } from '../../engine/model';
import { findUnit } from '../../engine/battle';
import { convexHull } from '../../geometry/vec';
import { pt, type TablePoint } from '../../geometry/types';
import type { NwOptions, NwState } from './types';
import type { NwTables } from './nwTables';
import { previewContact, previewMove, seenDraft, type Seen } from './tablePreview';
import { erMm, inMm, nwu, sightScale, toIn } from './core';
import { arcPolygon, frontRank, sightRuleOf } from './geom';
import { normalMoveMm } from './morale';
import { inCombat } from './combat';
import { generalCanOrder, orderProblem } from './commands';
import { planShots } from './fire';
import { GUNS_RULE, gunsState, spikeProblem, type GunsState } from './guns';
import { describePlan, plannedEndPose } from './strategic';
import { moveOrderOf } from './moveOrder';
import { ORDERS, ORDER_IDS, deployActionsAllowed, type OrderId } from './tables/orders';
import { FIRING_ARC_DEG } from './tables/fire';
import { MORALE_STATES } from './tables/morale';
import { narrowHorseBattery } from './profile';
import { occupyBuildings, OCCUPY_RULE } from './occupy';
import { cos, sin } from '../../geometry/math';

const ORDER_SHORT: Record<OrderId, string> = { advance: 'Adv', charge: 'Chg', deploy: 'Dep', defend: 'Def', retreat: 'Ret', 'fire-and-flee': 'F&F', 'form-square': 'Sq', recover: 'Rec' };
const STATE_NAME: Record<string, string> = { good: 'Good Order', disordered: 'Disordered', fragmented: 'Fragmented', routed: 'Routed', dispersed: 'Dispersed' };
const inch = (mmv: number) => `${toIn(mmv).toFixed(1)}"`;
const GUNS_SHORT: Record<Exclude<GunsState, 'manned'>, string> = { abandoned: 'Abd', captured: 'Cap', spiked: 'Spk' };
const GUNS_TITLE: Record<GunsState, string> = {
  manned: 'Manned',
  abandoned: 'Guns abandoned: the crew fled and may come back with a Deploy order (NW Orders/Fire and Flee)',
  captured: 'Guns captured by the enemy: the crew cannot come back while the enemy holds them; the captors may spike them (NW Orders/Fire and Flee; Orders/Deploy)',
  spiked: 'Guns captured and spiked: lost for good (NW Orders/Deploy "Spike captured artillery pieces")',
};

/** The order on a unit as the viewer may know it: the order, a face-down marker, or none. */
function orderSeen(g: Seen, unitId: string): { kind: 'none' } | { kind: 'known'; order: OrderId; revealed: boolean } | { kind: 'face-down' } {
  const o = g.ruleset.orders[unitId];
  if (o) return { kind: 'known', order: o.order, revealed: o.revealed };
  if ((g.ruleset.faceDown ?? []).includes(unitId)) return { kind: 'face-down' };
  return { kind: 'none' };
}

/** Circle-swept hull round a unit: everything within `r` of any stand corner. */
function aroundUnit(u: Unit, r: number): TablePoint[] {
  const pts: TablePoint[] = [];
  for (const s of u.stands) {
    const c = cos(s.facing), sn = sin(s.facing);
    for (const [a, b] of [[1, -1], [1, 1], [-1, 1], [-1, -1]] as const) {
      const x = s.centre.x + (c * a * s.depthMm) / 2 - (sn * b * s.widthMm) / 2;
      const y = s.centre.y + (sn * a * s.depthMm) / 2 + (c * b * s.widthMm) / 2;
      for (let k = 0; k < 24; k++) pts.push(pt(x + cos((k * Math.PI) / 12) * r, y + sin((k * Math.PI) / 12) * r));
    }
  }
  return convexHull(pts);
}

const circle = (c: TablePoint, r: number): TablePoint[] => Array.from({ length: 48 }, (_, k) => pt(c.x + cos((k * Math.PI) / 24) * r, c.y + sin((k * Math.PI) / 24) * r));

function actions(g: Seen, side: SideId, pieceId: string): PieceAction[] {
  const d = seenDraft(g);
  const out: PieceAction[] = [];
  const acting = g.position.actors.includes(side) && !g.position.done.includes(side);
  const step = g.position.step;
  const u = findUnit(g.battle, pieceId);
  if (acting && u && u.side === side && g.ruleset.units[u.id]?.status === 'active') {
    const nu = nwu(d, u.id);
    const o = d.rs.orders[u.id];
    if (step === 'place-orders') {
      if (!o) {
        const gens = g.battle.generals.filter((x) => x.side === side && !generalCanOrder(d, x.id, u));
        for (const id of ORDER_IDS) {
          if (!gens[0] || orderProblem(d, u, id)) continue;
          out.push({ label: `Order: ${ORDERS[id].name}`, command: { type: 'placeOrder', side, unitId: u.id, order: id, generalId: gens[0].id }, detail: `face down, from ${gens[0].name}`, rule: ORDERS[id].rule });
        }
      }
      if (!inCombat(d, u.id) && nu.morale !== 'routed' && !nu.movedThisTurn) out.push({ label: 'Free 180° turn', command: { type: 'turnAbout', side, unitId: u.id }, detail: 'free', rule: 'NW Sequence §11' });
    }
    // NW Orders/Advance: artillery may unlimber and fire (horse artillery after half a move: drag, or from here).
    if ((step === 'initiative-side' || step === 'other-side') && o?.order === 'advance' && nu.profile.artillery && !nu.movedThisTurn && nu.limbered) {
      out.push({ label: 'Unlimber here (fires at +2)', command: { type: 'moveUnit', side, unitId: u.id, wheelDeg: 0, distanceIn: 0, unlimber: true }, detail: 'the Advance', rule: 'NW Orders/Advance' });
      if (nu.profile.troop === 'horse-artillery') out.push({ label: `Advance half (${inch(normalMoveMm(d, u) / 2)}) and unlimber`, command: { type: 'moveUnit', side, unitId: u.id, wheelDeg: 0, distanceIn: Math.floor(toIn(normalMoveMm(d, u) / 2) * 10) / 10, unlimber: true }, detail: 'the Advance', rule: 'NW Orders/Advance' });
    }
    const deploying = (step === 'initiative-side' || step === 'other-side') && o?.order === 'deploy';
    const strategicDeploy = step === 'strategic-move' && !o && nu.startedOutsideER && !nu.movedStrategic;
    if (deploying || strategicDeploy) {
      const limit = deployActionsAllowed({
        inCloseCombat: inCombat(d, u.id), beingCharged: Object.values(d.rs.orders).some((x) => x.order === 'charge' && x.target === u.id),
        disordered: nu.morale !== 'good', militiaOrConscript: nu.profile.grade === 'militia' || nu.profile.grade === 'conscript',
      });
      const used = o?.deployActionsUsed ?? 0;
      if (strategicDeploy || used < limit) {
        const cost = strategicDeploy ? 'the strategic move' : `Deploy action ${used + 1} of ${limit}`;
        const dep = (label: string, a: Record<string, unknown>, rule = 'NW Orders/Deploy') => out.push({ label, command: { type: 'deployUnit', side, unitId: u.id, ...a }, detail: cost, rule });
        // NW §27: squares come from Form Square, rally squares and mass from the hasty-square response (RULINGS).
        const forms = nu.profile.foot ? ['line', 'column', 'road-column', 'skirmish'] : nu.profile.mounted ? ['line', 'column', 'road-column'] : [];
        for (const f of forms) if (f !== u.formation) dep(`Form ${f.replace('-', ' ')}`, { action: 'change-formation', formation: f }, 'NW §26-§27; Orders/Deploy');
        dep('Face right', { action: 'change-facing', degrees: 90 });
        dep('Face left', { action: 'change-facing', degrees: -90 });
        dep('Face about', { action: 'change-facing', degrees: 180 });
        dep('Step forward one stand depth', { action: 'step-forward' });
        // NW Orders/Deploy "Enter buildings and take up positions in them": offered only when occupy.ts would accept it.
        const occ = occupyBuildings(d, u);
        if (typeof occ !== 'string') dep(`Occupy ${occ.terrain.kind} (${occ.stands} stand${occ.stands > 1 ? 's' : ''} inside)`, { action: 'occupy-buildings' }, OCCUPY_RULE);
        if (nu.profile.mounted) dep('Dismount (fight on foot with carbines)', { action: 'dismount' }, 'NW Orders/Deploy; §4 Strength note');
        if (nu.dismounted) dep('Mount', { action: 'mount' });
        if (nu.profile.foot && nu.profile.grade !== 'militia') {
          dep('Sidestep left', { action: 'sidestep', direction: 'left' });
          dep('Sidestep right', { action: 'sidestep', direction: 'right' });
          dep(`Fall back half a move (${inch(normalMoveMm(d, u) / 2)})`, { action: 'fall-back' });
        }
        if (nu.profile.foot && u.formation !== 'skirmish') {
          if (u.stands.some((s) => s.role === 'skirmisher')) dep('Recall the skirmish screen', { action: 'recall-screen' }, 'NW Orders/Deploy; §26 Skirmish Formation');
          else if (u.stands.length > 1) dep('Throw out a skirmish screen (1 stand)', { action: 'throw-out-screen', stands: 1 }, 'NW Orders/Deploy; §26 Skirmish Formation');
        }
        if (!nu.profile.artillery && (u.formation === 'line' || u.formation === 'column')) {
          dep('Expand one stand per flank', { action: 'expand' });
          dep('Contract one stand per flank', { action: 'contract' });
        }
        if (nu.abandoned) dep('Crew return to the guns', { action: 'recrew' }, 'NW Orders/Fire and Flee');
        for (const gun of g.battle.units) if (gun.side !== side && !spikeProblem(d, u.id, gun.id)) dep(`Spike the captured guns of ${gun.name}`, { action: 'spike-guns', gunsId: gun.id }, GUNS_RULE);
        else if (nu.profile.artillery) dep(nu.limbered ? 'Unlimber' : 'Limber', { action: nu.limbered ? 'unlimber' : 'limber' });
        if (nu.profile.artillery && !nu.limbered) dep('Handpush forward and fire', { action: 'handpush' });
        if (g.battle.terrain.some((t) => t.kind === 'river')) dep('Search for a ford (d6: 6)', { action: 'search-ford' }, 'NW §23 Rivers');
        dep('Halt', { action: 'halt' });
      }
    }
    if (step === 'charge-responses' && Object.values(d.rs.orders).some((x) => x.order === 'charge' && x.target === u.id) && !o?.response) {
      const opts = o?.order === 'advance' ? ['countercharge', 'stand'] : o?.order === 'deploy' ? ['face', 'fall-back', 'stand'] : ['stand'];
      if (nu.profile.foot && u.formation !== 'skirmish') opts.push('hasty-square');
      if (u.formation === 'skirmish') opts.push('evade');
      for (const r of opts) out.push({ label: `Respond: ${r.replace('-', ' ')}`, command: { type: 'respondToCharge', side, unitId: u.id, response: r }, rule: 'NW Orders; Sequence §12' });
    }
    if ((step === 'evasions-first' || step === 'evasions-second') && (d.rs.pendingEvasions ?? []).some((p) => p.unitId === u.id)) {
      out.push({ label: 'Retreat from the enemy (skirmish cavalry)', command: { type: 'evadeContact', side, unitId: u.id, evade: true }, detail: 'a Retreat move; disordered if it already moved', rule: 'NW Orders/Retreat note' });
      out.push({ label: 'Stay and fight', command: { type: 'evadeContact', side, unitId: u.id, evade: false }, rule: 'NW Orders/Retreat note' });
    }
    if (step === 'follow-ups') {
      for (const p of d.rs.pendingFollowUps ?? []) {
        if (p.unitId !== u.id) continue;
        out.push({ label: p.pursuit ? 'Pursue' : 'Follow up', command: { type: 'followUp', side, unitId: u.id, follow: true }, detail: p.pursuit ? 'a pursuit move after the fleeing enemy' : 'advance into contact one base depth', rule: 'NW After Close Combat: Deploy orders give the option' });
        out.push({ label: 'Stay in place', command: { type: 'followUp', side, unitId: u.id, follow: false }, detail: 'the combat ends', rule: 'NW After Close Combat' });
      }
    }
  }
  // NW §2: a planned strategic move may be taken back until the step ends.
  if (acting && step === 'strategic-move' && u && g.ruleset.strategicPlans?.[u.id]?.side === side) out.push({ label: 'Cancel the planned strategic move', command: { type: 'cancelStrategicMove', side, unitId: u.id }, rule: 'NW §2; §21' });
  out.push(...sideActions(g, side));
  if (acting) out.push({ label: 'End step', command: { type: 'endStep', side }, detail: 'finished acting in this step' });
  return out;
}

/** Choices for the whole side (the phase bar offers them; a unit's menu repeats them). */
function sideActions(g: Seen, side: SideId): PieceAction[] {
  const out: PieceAction[] = [];
  const acting = g.position.actors.includes(side) && !g.position.done.includes(side);
  const step = g.position.step;
  if (!acting) return out;
  // NW §13 (4): the moving side chooses the flank its orders are applied from, before the first move.
  if (step === 'initiative-side' || step === 'other-side') {
    const rec = moveOrderOf(g, side);
    if (rec.done.length === 0) for (const f of ['left', 'right'] as const) if (rec.flank !== f) out.push({ label: `Apply orders from my ${f} flank`, command: { type: 'chooseMoveFlank', side, flank: f }, detail: rec.flank ? `instead of the ${rec.flank}` : 'then unit by unit across the table', rule: 'NW Sequence §13 (4)' });
  }
  if (step === 'choose-combat-flank') for (const f of ['left', 'right'] as const) out.push({ label: `Close combats from my ${f}`, command: { type: 'chooseCombatFlank', side, flank: f }, rule: 'NW Sequence §15' });
  if (step === 'choose-initiative') for (const s of g.battle.sides) out.push({ label: `${s.name} move first`, command: { type: 'chooseInitiative', side, moveFirst: s.id }, rule: 'NW Sequence §3' });
  return out;
}

/**
 * Why a unit of `side` is offered no order in the Orders Phase: every general is out of reach
 * (NW Generals §2 command radius; §8 an indisposed general gives none), or no order suits it.
 */
function whyNot(g: Seen, side: SideId, pieceId: string): string | undefined {
  if (g.position.step !== 'place-orders' || !g.position.actors.includes(side) || g.position.done.includes(side)) return undefined;
  const u = findUnit(g.battle, pieceId);
  if (!u || u.side !== side || g.ruleset.units[u.id]?.status !== 'active' || g.ruleset.orders[u.id]) return undefined;
  const d = seenDraft(g);
  const gens = g.battle.generals.filter((x) => x.side === side);
  if (gens.length === 0) return 'No order: the side has no general on the table to give one (NW Generals §2).';
  const reasons = gens.map((x) => generalCanOrder(d, x.id, u));
  if (reasons.every((r) => r !== undefined)) return `No order: outside every general's command radius — ${reasons.join('; ')}.`;
  const problems = ORDER_IDS.map((id) => orderProblem(d, u, id));
  if (problems.every((p) => p !== undefined)) return `No order suits it now: ${problems[0]}.`;
  return undefined;
}

function overlays(g: Seen, pieceId: string): Overlay[] {
  const d = seenDraft(g);
  const gen = g.battle.generals.find((x) => x.id === pieceId);
  if (gen) {
    const ng = g.ruleset.generals[gen.id];
    return ng && !ng.lost ? [{ kind: 'command', label: `Command radius ${ng.commandRadiusIn}" (${ng.rating})`, polygon: circle(gen.stand.centre, inMm(ng.commandRadiusIn)) }] : [];
  }
  const u = findUnit(g.battle, pieceId);
  const nu = g.ruleset.units[pieceId];
  if (!u || !nu || nu.status !== 'active') return [];
  const out: Overlay[] = [{ kind: 'engagement', label: `Engagement Range ${toIn(erMm(d))}"`, polygon: aroundUnit(u, erMm(d)) }];
  // NW §2: where the planned strategic move would take the unit if nothing halts it.
  const plan = g.ruleset.strategicPlans?.[u.id];
  const end = plan && plannedEndPose(d, plan);
  if (plan && end) out.push({ kind: 'move', label: `Planned strategic move: ${describePlan(plan)} (carried out with the enemy's when the step ends; halts at Engagement Range)`, polygon: aroundUnit(end, 0.5) });
  const reach = normalMoveMm(d, u);
  out.push({ kind: 'charge', label: `Charge reach: targets within the normal move, ${inch(reach)}`, polygon: aroundUnit(u, reach) });
  if (!nu.profile.mounted && !(nu.profile.artillery && nu.limbered)) {
    const maxIn = nu.profile.artillery ? d.tables.artilleryRangesIn[d.rs.scale].extreme : d.tables.smallArms[d.rs.scale].bands[2]!.maxIn[nu.profile.weapon === 'rifle' ? 'rifle' : 'musket'];
    const arc = nu.profile.artillery ? FIRING_ARC_DEG.artillery : FIRING_ARC_DEG.foot;
    for (const s of frontRank(u)) out.push({ kind: 'fire', label: `Firing arc ${arc}°, ${maxIn}"`, polygon: arcPolygon(s, arc, inMm(maxIn)) });
  }
  for (const gg of g.battle.generals) {
    const ng = g.ruleset.generals[gg.id];
    if (gg.side === u.side && ng && !ng.lost && !generalCanOrder(d, gg.id, u)) out.push({ kind: 'command', label: `In command of ${gg.name} (${ng.commandRadiusIn}")`, polygon: circle(gg.stand.centre, inMm(ng.commandRadiusIn)) });
  }
  return out;
}

function inspect(g: Seen, pieceId: string): ReadOut[] {
  const d = seenDraft(g);
  const gen = g.battle.generals.find((x) => x.id === pieceId);
  if (gen) {
    const ng = g.ruleset.generals[gen.id];
    if (!ng) return [{ label: 'General', value: gen.name }];
    const wu = ng.withUnit ? findUnit(g.battle, ng.withUnit) : undefined;
    return [
      { label: 'General', value: `${gen.name}${ng.isCinC ? ' (Commander in Chief)' : ''}` },
      { label: 'Ability', value: `${ng.rating} (rolled ${ng.abilityRoll}) — NW Generals §2` },
      { label: 'Command radius', value: `${ng.commandRadiusIn}"` },
      { label: 'State', value: ng.lost ? 'lost' : ng.routed ? 'routed (places no orders)' : ng.hits > 0 ? `wounded (${ng.hits} hit)` : 'unhurt' },
      ...(wu ? [{ label: 'With', value: wu.name }] : []),
    ];
  }
  const u = findUnit(g.battle, pieceId);
  const nu = g.ruleset.units[pieceId];
  if (!u || !nu) return [];
  const p = nu.profile;
  const lines: ReadOut[] = [
    { label: 'Side', value: g.battle.sides.find((s) => s.id === u.side)?.name ?? u.side },
    { label: 'Type', value: `${p.troop.replace('-', ' ')}${p.cavalryWeight ? ` (${p.cavalryWeight})` : ''}${p.artillery ? ` (${p.gunSize ?? 'light'} guns)` : ''}${p.lightInfantry ? ' (light)' : ''}, ${p.weapon}` },
    { label: 'Grade', value: `${p.grade} — To Pass ${d.tables.toPass[p.grade]}+` },
    { label: 'Strength', value: `${u.stands.length} of ${nu.startStands} stands; ${nu.casualties} of ${p.strengthPerStand} casualties on the next stand` },
    { label: 'Formation', value: `${u.formation}${u.stands.some((s) => s.role === 'skirmisher') && u.formation !== 'skirmish' ? ' with a skirmish screen' : ''}${p.artillery ? (nu.limbered ? ', limbered' : ', unlimbered') : ''}` },
    { label: 'Morale', value: STATE_NAME[nu.morale] ?? nu.morale },
  ];
  // NW §5 Basing note 4: a horse battery on foot/cavalry-width stands fires as 3 or 2 notional stands.
  const hb = narrowHorseBattery(p, u, g.ruleset.scale);
  if (hb) lines.push({ label: 'Fires as', value: `${hb.countAsStands} stands of ${hb.gunners} gunners (${p.batteryGuns ?? '?'}-gun battery on foot/cavalry-width stands; NW Basing note 4)` });
  const os = orderSeen(g, u.id);
  lines.push({ label: 'Order', value: os.kind === 'none' ? 'none' : os.kind === 'face-down' ? 'face-down marker' : `${ORDERS[os.order].name}${os.revealed ? '' : ' (face down)'}` });
  if (!p.mounted) lines.push({ label: 'Ammunition', value: nu.ammo === 'stocked' ? 'stocked' : nu.ammo === 'low' ? 'Low: half the stands fire' : 'Out: cannot fire' });
  const withG = Object.values(g.ruleset.generals).filter((x) => x.withUnit === u.id && !x.lost);
  if (withG.length) lines.push({ label: 'General with unit', value: withG.map((x) => g.battle.generals.find((y) => y.id === x.id)?.name ?? x.id).join(', ') });
  if (inCombat(d, u.id)) lines.push({ label: 'Close combat', value: 'engaged' });
  if (p.artillery && gunsState(nu) !== 'manned') lines.push({ label: 'Guns', value: GUNS_TITLE[gunsState(nu)] + (nu.capturedBy ? ` — taken by ${findUnit(g.battle, nu.capturedBy)?.name ?? nu.capturedBy}` : '') });
  if (nu.separated && nu.status === 'active') lines.push({ label: 'Stands', value: 'some stands are apart from the rest of the unit (NW §17: Fragmented)' });
  // What it may do now (for its own side only: the other side's options follow from its order).
  const viewer = g.viewer;
  if (viewer === 'referee' || viewer === u.side) {
    const acts = actions(g, u.side, u.id).filter((a) => a.command.type !== 'endStep').map((a) => a.label);
    lines.push({ label: 'May now', value: acts.length ? acts.slice(0, 8).join('; ') : g.position.step === 'initiative-side' || g.position.step === 'other-side' ? 'move by dragging, as its order allows' : 'nothing this step' });
    const shot = planShots(d, (x) => x.id === u.id)[0];
    lines.push({ label: 'Fire', value: shot ? `at ${shot.target.name}, ${inch(shot.distMm)} (nearest in arc and sight; NW Fire §29)` : 'no target in arc, range and sight' });
  }
  return lines;
}

function markers(g: Seen, pieceId: string): Marker[] {
  const nu = g.ruleset.units[pieceId];
  const out: Marker[] = [];
  if (!nu) {
    const ng = g.ruleset.generals[pieceId];
    if (ng?.lost) out.push({ kind: 'general', text: 'X', title: 'General lost (NW Generals §3)' });
    else if (ng?.routed) out.push({ kind: 'general', text: 'R', title: 'General routed (NW §20)' });
    else if (ng && ng.hits > 0) out.push({ kind: 'general', text: 'W', title: 'General wounded: one more hit removes him (NW Generals §3)' });
    return out;
  }
  if (nu.morale !== 'good') out.push({ kind: 'state', text: nu.morale === 'disordered' ? 'D' : nu.morale === 'fragmented' ? 'F' : nu.morale === 'routed' ? 'R' : 'X', title: `${STATE_NAME[nu.morale]} (NW Morale §17; ${MORALE_STATES.indexOf(nu.morale)} disorder marker${MORALE_STATES.indexOf(nu.morale) === 1 ? '' : 's'})` });
  const plan = g.ruleset.strategicPlans?.[pieceId];
  if (plan) out.push({ kind: 'order', text: 'Plan', title: `Strategic move planned: ${describePlan(plan)} (NW §2: carried out with the enemy's, pro rata, when the step ends)` });
  const os = orderSeen(g, pieceId);
  if (os.kind === 'face-down') out.push({ kind: 'order', text: '?', title: 'Order marker, face down (NW Sequence §11)' });
  else if (os.kind === 'known') out.push({ kind: 'order', text: ORDER_SHORT[os.order], title: `${ORDERS[os.order].name}${os.revealed ? '' : ' (face down: the enemy sees "?")'} (${ORDERS[os.order].rule})` });
  if (nu.casualties > 0 || nu.standsLost > 0) out.push({ kind: 'casualties', text: `-${nu.casualties}`, title: `${nu.casualties} casualties towards the next stand; ${nu.standsLost} stand${nu.standsLost === 1 ? '' : 's'} lost (NW §4 Strength)` });
  const gs = nu.profile.artillery ? gunsState(nu) : 'manned';
  if (gs !== 'manned') out.push({ kind: 'other', text: GUNS_SHORT[gs], title: GUNS_TITLE[gs] });
  if (nu.separated && nu.status === 'active') out.push({ kind: 'other', text: 'Sep', title: 'Stands physically separated from the rest of the unit: Fragmented (NW §17)' });
  if (nu.ammo !== 'stocked') out.push({ kind: 'ammunition', text: nu.ammo === 'low' ? 'Low' : 'Out', title: `${nu.ammo === 'low' ? 'Low on' : 'Out of'} ammunition (NW Fire §28)` });
  if (Object.values(g.ruleset.generals).some((x) => x.withUnit === pieceId && !x.lost)) out.push({ kind: 'general', text: 'Gen', title: 'A general is with the unit (NW Generals §1)' });
  return out;
}

/** NW §3 Visibility: forests, hills, buildings block; stands of figures do not. */
function sight(g: Seen): { rule: (f: TerrainFeature) => ReturnType<typeof sightRuleOf>; standsBlock: boolean; minGapMm: number } {
  const sc = sightScale(seenDraft(g));
  return { rule: (f) => sightRuleOf(f, sc), standsBlock: false, minGapMm: 0 };
}

export const NW_TABLE: TableAdapter<NwState, NwOptions, NwTables> = { previewMove, previewContact, actions, sideActions, whyNot, overlays, inspect, markers, sight };
