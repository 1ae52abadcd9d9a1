/**
 * DoG Sequence of Play as data: initiative die roll; Command / Rally phase (orders written, a
 * secret step; rally and reform); movement (messengers ride, then the initiative's side moves
 * first and the other second — RULINGS.md on "simultaneous"); charges declared (initiative,
 * reactions and countercharges, the initiative's reactions) and resolved; firing (initiative
 * first); melee; all compulsory moves.
 */
import type { Change, Ctx, SequenceSpec, ActorRule } from '../../../engine/ruleset';
import { finishWork, unitIn } from '../../../engine/workingState';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import type { DogState, S, W } from '../state';
import { work, us, setUs, setGs, firstSide, secondSide, centreOf } from '../state';
import { writeOrder, rideMessengers, actOnOrders } from '../command/orders';
import { rallyPhase } from '../command/rally';
import { resolveCharges } from '../charge/charges';
import { resolveMelees } from '../melee/melee';
import { flee, retire, nearestEnemy } from '../movement/compulsory';
import { pursueOrCharge } from '../morale/pursuit';
import { testAndApply } from '../morale/outcomes';
import { brokenShare } from '../victory';
import { unitsInContact } from '../../../geometry/units';
import { gapMm } from '../geo';
import { faceTouched } from '../melee/faces';

export const SEQ_RULE = 'DoG Sequence of Play';
void writeOrder;

const hook = (fn: (w: W, s: S) => void) => (s: S, ctx: Ctx): Change<DogState> => {
  const w = work(s, ctx);
  fn(w, s);
  return finishWork(w);
};

/** "At the beginning of the turn, each player rolls a die for initiative" (a d10 each; a tie is rolled again). */
export function rollInitiative(w: W): void {
  const [a, b] = w.battle.sides;
  for (let round = 1; round <= 20; round++) {
    const ra = w.ctx.roll({ dice: 'd10', purpose: `${a.name}: initiative${round > 1 ? ' (re-roll)' : ''}`, rule: SEQ_RULE });
    const rb = w.ctx.roll({ dice: 'd10', purpose: `${b.name}: initiative${round > 1 ? ' (re-roll)' : ''}`, rule: SEQ_RULE });
    if (ra.total === rb.total) continue;
    const winner = ra.total > rb.total ? a.id : b.id;
    w.rs = { ...w.rs, initiative: winner };
    w.ctx.emit({ type: 'InitiativeWon', side: winner, rule: SEQ_RULE });
    return;
  }
  w.rs = { ...w.rs, initiative: a.id };
}

function turnStart(w: W): void {
  for (const u of w.battle.units) {
    const st = us(w.rs, u.id);
    const inMelee = w.rs.melees.some((m) => m.a === u.id || m.b === u.id);
    const idle = !st.moved && !st.fired && !inMelee && st.morale !== 'routing';
    setUs(w, u.id, {
      firingTurns: st.fired ? st.firingTurns + 1 : 0, underFireLastTurn: st.underFire, underFire: false, lostThisTurn: 0,
      startAt: centreOf(u), retired: undefined,
      moved: false, movedMm: 0, fired: false, facesFired: undefined, changedFormation: false, halted: false, charged: undefined,
      idleTurns: idle ? st.idleTurns + 1 : 0, meleeRounds: inMelee ? st.meleeRounds : 0,
      morale: st.morale === 'shaken' ? 'steady' : st.morale,
      // Activity breaks a reform under way: it starts again from where it stands (DoG FORMATION CHANGES, Reform rows).
      ...(idle ? {} : { reformingFrom: undefined }),
    });
  }
  for (const g of w.battle.generals) if (w.rs.generals[g.id]) setGs(w, g.id, { moved: false, at: g.stand.centre });
  const { initiative: _i, ...rest } = w.rs;
  w.rs = { ...rest, charges: [], reactions: {} };
  rollInitiative(w);
}

/** Make melees of enemy units that ended up in contact (pursuits, charges that struck another unit). */
function newContacts(w: W): void {
  for (const a of w.battle.units) for (const b of w.battle.units) {
    if (a.side >= b.side || a.side === b.side) continue;
    if (!unitsInContact(a.stands, b.stands)) continue;
    if (w.rs.melees.some((m) => (m.a === a.id && m.b === b.id) || (m.a === b.id && m.b === a.id))) continue;
    if (us(w.rs, a.id).morale === 'routing' || us(w.rs, b.id).morale === 'routing') continue;
    // The faces each touches, from the geometry (melee/faces.ts).
    const fa = faceTouched(a, b), fb = faceTouched(b, a);
    const struck = { ...(fa !== 'front' ? { [a.id]: fa } : {}), ...(fb !== 'front' ? { [b.id]: fb } : {}) };
    w.rs = { ...w.rs, melees: [...w.rs.melees, { a: a.id, b: b.id, rounds: 0, ...(Object.keys(struck).length > 0 ? { struck } : {}) }] };
    w.ctx.emit({ type: 'MeleeJoined', a: a.id, b: b.id, ...(Object.keys(struck).length > 0 ? { struck } : {}), rule: 'DoG MELÉE ("A melée is formed when two bodies of troops move into base to base contact")' });
  }
}

/** DoG "All compulsory moves": routs, control results; friends near a rout test morale; the army's state. */
function compulsoryMoves(w: W): void {
  const broke: string[] = [];
  for (const u0 of [...w.battle.units]) {
    const u = unitIn(w, u0.id);
    if (!u) continue;
    const st = us(w.rs, u.id);
    if (st.morale === 'routing') {
      if (st.routTurns === 0) broke.push(u.id);
      const e = nearestEnemy(w, u);
      flee(w, u.id, e ? centreOf(e) : centreOf(u), 'DoG MORALE How? ("unit breaks and routs during rout phase")', 'routs');
      if (unitIn(w, u.id)) setUs(w, u.id, { routTurns: st.routTurns + 1 });
    }
  }
  // Then the control results, pursuers following where the routers went (RULINGS.md).
  for (const u0 of [...w.battle.units]) {
    const u = unitIn(w, u0.id);
    if (!u) continue;
    const st = us(w.rs, u.id);
    if (st.morale === 'routing') continue;
    if (st.control && !st.fired && !w.rs.melees.some((m) => m.a === u.id || m.b === u.id)) {
      if (st.control.kind === 'pursue') pursueOrCharge(w, u);
      if (st.control.kind === 'retire') { const e = nearestEnemy(w, u); if (e) retire(w, u.id, centreOf(e), 100, 'DoG CONTROL ("retire"; HOUSE 100 m)'); }
    }
    const s2 = unitIn(w, u.id) ? us(w.rs, u.id) : undefined;
    if (s2?.control) setUs(w, u.id, { control: s2.control.moves > 1 ? { kind: s2.control.kind, moves: s2.control.moves - 1 } : undefined });
  }
  // DoG MORALE When? "friends retreating within 150 m" — each unit tests once for the routs of this turn and for the
  // units that began to retreat this turn (a retreating unit rallies in the next command phase, so every unit retreating
  // now began this turn: a failed charge reaction's evade, "treated as a retreat", or an evasion); skirmishers falling
  // back are not counted (HOUSE: their evasion is their drill — RULINGS.md).
  const retreated = w.battle.units.filter((x) => us(w.rs, x.id).morale === 'retreating' && x.formation !== 'skirmish').map((x) => x.id);
  const causes = [...broke, ...retreated];
  for (const u0 of [...w.battle.units]) {
    const u = unitIn(w, u0.id);
    if (!u || us(w.rs, u.id).morale === 'routing' || causes.includes(u.id)) continue;
    const near = causes.map((id) => unitIn(w, id)).filter((f) => f && f.side === u.side && gapMm(f, u) <= 150);
    if (near.length === 0) continue;
    const kinds = [...new Set(near.map((f) => (broke.includes(f!.id) ? 'routing' : 'retreating')))].join(' and ');
    testAndApply(w, u, { reason: `friends ${kinds} within 150 m (${near.map((f) => f!.name).join(', ')})`, rule: 'DoG MORALE When? ("friends retreating within 150 m")' }, centreOf(near[0]!), true);
  }
  newContacts(w);
  for (const side of w.battle.sides) {
    const share = brokenShare(w.battle, w.rs, side.id);
    if (!w.rs.broken && share * 100 >= w.options.armyBreakPct) { w.rs = { ...w.rs, broken: side.id }; w.ctx.emit({ type: 'ArmyBroken', side: side.id, share, rule: 'HOUSE victory (RULINGS.md)' }); }
  }
}

const first: ActorRule<DogState, DogOptions, DogTables> = (s) => [firstSide(s)];
const second: ActorRule<DogState, DogOptions, DogTables> = (s) => [secondSide(s)];
const hasCharges = (s: S) => s.ruleset.charges.length > 0;

export const SEQUENCE: SequenceSpec<DogState, DogOptions, DogTables> = {
  onTurnStart: hook((w) => turnStart(w)),
  phases: [
    {
      id: 'command', name: 'Command / Rally', rule: 'DoG COMMAND /RALLY PHASE',
      onExit: hook((w) => actOnOrders(w)),
      steps: [
        { id: 'orders', name: 'Write orders', rule: 'DoG Orders', actors: 'both', secret: true, secretDone: 'written their orders', commands: ['writeOrder'], onExit: hook((w) => { w.rs = { ...w.rs, firstOrders: w.battle.sides.map((x) => x.id) }; }) },
        { id: 'rally', name: 'Rally and reform', rule: 'DoG COMMAND /RALLY PHASE', actors: 'engine', commands: [], onEnter: hook((w) => rallyPhase(w)) },
      ],
    },
    {
      id: 'movement', name: 'Movement', rule: 'DoG MOVEMENT PHASE',
      steps: [
        { id: 'messengers', name: 'Messengers ride', rule: 'DoG Orders', actors: 'engine', commands: [], onEnter: hook((w) => rideMessengers(w)) },
        { id: 'moveFirst', name: 'The initiative moves', rule: 'DoG Sequence of Play ("The player with the initiative moves and fires first")', actors: first, commands: ['moveUnit', 'changeFormation', 'refuseFlank', 'refaceBattery', 'moveGeneral', 'reinforceMelee'] },
        { id: 'moveSecond', name: 'The other side moves', rule: 'DoG MOVEMENT PHASE', actors: second, commands: ['moveUnit', 'changeFormation', 'refuseFlank', 'refaceBattery', 'moveGeneral', 'reinforceMelee'] },
      ],
    },
    {
      id: 'charge', name: 'Charges', rule: 'DoG CHARGE PHASE',
      steps: [
        { id: 'declare', name: 'The initiative declares charges', rule: 'DoG Charge Procedure', actors: first, commands: ['declareCharge'] },
        { id: 'respond', name: 'Reactions and countercharges', rule: 'DoG Charge Procedure', actors: second, commands: ['reactToCharge', 'declareCharge'] },
        { id: 'counter', name: 'The initiative reacts', rule: 'DoG Charge Procedure', actors: first, commands: ['reactToCharge', 'declareCharge'], when: hasCharges },
        { id: 'resolve', name: 'Charges go in', rule: 'DoG Charge Procedure', actors: 'engine', commands: [], onEnter: hook((w) => resolveCharges(w)) },
      ],
    },
    {
      id: 'fire', name: 'Firing', rule: 'DoG FIRE PHASE',
      steps: [
        { id: 'fireFirst', name: 'The initiative fires', rule: 'DoG Sequence of Play', actors: first, commands: ['fire'] },
        { id: 'fireSecond', name: 'The other side fires', rule: 'DoG FIRE PHASE', actors: second, commands: ['fire'] },
      ],
    },
    {
      id: 'melee', name: 'Melee', rule: 'DoG MELÉE',
      steps: [{ id: 'melee', name: 'Melees are fought', rule: 'DoG MELÉE, Procedure', actors: 'engine', commands: [], onEnter: hook((w) => resolveMelees(w)) }],
    },
    {
      id: 'compulsory', name: 'Compulsory moves', rule: 'DoG Sequence of Play ("All compulsory moves")',
      steps: [{ id: 'compulsory', name: 'Routs, pursuits and retirements', rule: 'DoG Sequence of Play', actors: 'engine', commands: [], onEnter: hook((w) => compulsoryMoves(w)) }],
    },
  ],
};
