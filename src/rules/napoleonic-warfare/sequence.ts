/**
 * NW Sequence of Play as data (NW §11-§16): Orders (face down, simultaneous), Strategic
 * Movement, Initiative, Charge Declaration and responses, Tactical Movement (initiative side
 * first), Fire, Close Combat, Recovery.
 */
import type { Ctx, SequenceSpec, Change } from '../../engine/ruleset';
import { otherSide } from '../../engine/state';
import type { Draft, NwGameState, NwOptions, NwState } from './types';
import type { NwTables } from './nwTables';
import { activeUnits, addDisorder, makeDraft, nwu, toChange, withinER, nearestEnemy } from './core';
import { revealCharges, resolveCharges } from './charges';
import { firePhase } from './fire';
import { closeCombatPhase, inCombat, settleFollowUp } from './combat';
import { retreatMove, routMove, runPendingTests, normalMoveMm } from './morale';
import { chargeTargetProblem, settleEvasion } from './commands';
import { fireAndFlee } from './fireAndFlee';
import { arrivals, baselineOf } from './offTable';
import { INITIATIVE_CINC_BONUS } from './tables/generals';
import { isArmyBroken, resultFrom } from './victory';
import { findUnit } from '../../engine/battle';
import { unitDistanceMm } from './geom';
import { resolveStrategic } from './strategic';
import { formOrderedSquares } from './formSquare';
import { rallyRouted } from './recovery';
import { noteChargeStartLevels } from './position';
import { noteEnfilades } from './enfilade';
import { enforceAdvanceMinimum } from './advanceMinimum';
import { sideWords } from '../words';

type Hook = (s: NwGameState, ctx: Ctx) => Change<NwState> | void;
const withDraft = (f: (d: Draft, s: NwGameState) => void): Hook => (s, ctx) => {
  const d = makeDraft(s, ctx);
  f(d, s);
  return toChange(d);
};

const initiativeSide = (s: NwGameState): string => s.ruleset.initiative ?? s.battle.sides[0].id;

/** NW §11: orders are removed at the end of the turn; turn flags reset; who starts outside ER. */
const onTurnStart: Hook = withDraft((d) => {
  d.rs.orders = {};
  d.rs.initiative = undefined;
  d.rs.initiativeWinner = undefined;
  delete d.rs.combatFlank;
  delete d.rs.pendingEvasions;
  delete d.rs.strategicPlans;
  delete d.rs.moveOrder;
  for (const u of activeUnits(d)) {
    const nu = nwu(d, u.id);
    Object.assign(nu, { movedThisTurn: false, movedStrategic: false, unlimberedThisTurn: false, charging: false, countercharging: false });
    delete nu.chargeHalt;
    delete nu.chargeFromLevel;
    delete nu.passedBySkirmishers;
    delete nu.firedAtContact;
    nu.startedOutsideER = !withinER(d, u);
  }
  for (const g of Object.values(d.rs.generals)) if (g.routed && !g.lost) g.routed = false;
  noteEnfilades(d); // NW §3 Enfilade: judged "before any charges, movement or shooting"
});

/** NW §3 Initiative: d6 each, +1 Exceptional / +2 Charismatic CinC; reroll ties. */
const rollInitiative: Hook = withDraft((d) => {
  const [a, b] = d.battle.sides;
  const bonus = (side: string) => {
    const c = Object.values(d.rs.generals).find((g) => g.side === side && g.isCinC && !g.lost);
    return c ? INITIATIVE_CINC_BONUS[c.rating] : 0;
  };
  for (let i = 0; i < 20; i++) {
    const roll = (side: string) =>
      d.ctx.roll({
        dice: 'd6', purpose: `Initiative: ${side}`, rule: 'NW Sequence §3 Initiative Die Roll Phase',
        modifiers: bonus(side) ? [{ label: 'CinC ability', value: bonus(side), rule: 'NW Sequence §3' }] : [], subjects: [side],
      }).modified;
    const ra = roll(a.id), rb = roll(b.id);
    if (ra === rb) continue;
    d.rs.initiativeWinner = ra > rb ? a.id : b.id;
    d.ctx.emit({ type: 'InitiativeWon', side: d.rs.initiativeWinner, rule: 'NW Sequence §3' });
    return;
  }
  d.rs.initiativeWinner = a.id;
});

const settleInitiative: Hook = withDraft((d) => {
  if (!d.rs.initiative) {
    d.rs.initiative = d.rs.initiativeWinner ?? d.battle.sides[0].id;
    d.ctx.emit({ type: 'InitiativeChosen', by: d.rs.initiativeWinner, initiative: d.rs.initiative, rule: 'NW Sequence §3' });
  }
});

/** Chargers that named no target go for the nearest eligible one (RULINGS: the module picks). */
const autoTargets: Hook = withDraft((d) => {
  for (const o of Object.values(d.rs.orders)) {
    if (o.order !== 'charge' || o.target) continue;
    const u = findUnit(d.battle, o.unitId);
    if (!u || nwu(d, u.id).status !== 'active') continue;
    const cands = activeUnits(d).filter((e) => e.side !== u.side && !chargeTargetProblem(d, u, e)).sort((x, y) => unitDistanceMm(u, x) - unitDistanceMm(u, y));
    if (cands[0]) {
      o.target = cands[0].id;
      d.ctx.emit({ type: 'ChargeDeclared', unit: u.id, target: cands[0].id, automatic: true, rule: 'NW Sequence §12' });
    } else {
      addDisorder(d, u.id, 1, 'charge with no target to contact', 'NW Orders/Charge');
      d.ctx.emit({ type: 'ChargeLapsed', unit: u.id, rule: 'NW Orders/Charge' });
      delete d.rs.orders[u.id];
    }
  }
});

const hasCharges = (s: NwGameState) => Object.values(s.ruleset.orders).some((o) => o.order === 'charge');
const chargedSides = (s: NwGameState): string[] => {
  const sides = new Set<string>();
  for (const o of Object.values(s.ruleset.orders)) if (o.order === 'charge' && o.target) sides.add(otherSide(s.battle, o.side));
  return [...sides];
};

/**
 * NW §15: close combats go one at a time from the initiative winner's chosen flank, left or right
 * as he looks across the table from his baseline (RULINGS: his left when he does not choose).
 * closeCombatPhase takes the order along the table's x axis.
 */
export function combatOrder(s: NwGameState): 'left' | 'right' {
  const chooser = s.ruleset.initiativeWinner ?? s.battle.sides[0].id;
  const flank = s.ruleset.combatFlank ?? 'left';
  // A side on the top edge looks down the table: its left is the high-x end.
  const lookingDown = baselineOf(s.battle, chooser) === 'top';
  return (flank === 'left') === lookingDown ? 'right' : 'left';
}

/** NW §13(1): the side turns over its remaining markers. */
const revealSide = (which: 'first' | 'second'): Hook =>
  withDraft((d, s) => {
    const side = which === 'first' ? initiativeSide(s) : otherSide(s.battle, initiativeSide(s));
    // NW Orders/Form Square: the square forms whether or not a charge came (charged ones formed in §12).
    formOrderedSquares(d, (o) => o.side === side && !o.revealed);
    for (const o of Object.values(d.rs.orders)) {
      if (o.side !== side) continue;
      if (!o.revealed) {
        o.revealed = true;
        d.ctx.emit({ type: 'OrderRevealed', unit: o.unitId, order: o.order, ...(d.rs.units[o.unitId]?.ambush ? { visibleTo: [o.side] } : {}), rule: 'NW Sequence §13 Tactical Movement Phase' });
      }
      // Fire and Flee not charged: "you will have abandoned your guns" (NW Orders/Fire and Flee).
      if (o.order === 'fire-and-flee' && d.rs.units[o.unitId]?.status === 'active' && !d.rs.units[o.unitId]?.abandoned) fireAndFlee(d, o.unitId);
    }
    // NW §13 (2)-(3): roll openly for flank marchers and returning units; released reserves come on.
    arrivals(d, side);
  });

/**
 * Compulsory moves when a side finishes its tactical movement: Retreat orders move at least
 * half; Advance orders that did not move are discarded; routers without a Recover order rout on.
 */
const compulsory = (which: 'first' | 'second'): Hook =>
  withDraft((d, s) => {
    const side = which === 'first' ? initiativeSide(s) : otherSide(s.battle, initiativeSide(s));
    for (const u of activeUnits(d).filter((x) => x.side === side)) {
      const nu = nwu(d, u.id);
      const o = d.rs.orders[u.id];
      if (nu.morale === 'routed' && o?.order !== 'recover' && !inCombat(d, u.id)) {
        routMove(d, u.id);
        continue;
      }
      if (!o || nu.movedThisTurn) continue;
      if (o.order === 'retreat') {
        retreatMove(d, u.id, nearestEnemy(d, u)?.id, false, normalMoveMm(d, u) / 2);
      } else if (o.order === 'advance' && !inCombat(d, u.id)) {
        // NW Orders/Advance "must move at least half": moved now, unless excused (advanceMinimum.ts).
        enforceAdvanceMinimum(d, u);
      }
    }
    runPendingTests(d);
  });

/** NW §16 Recovery Phase. */
const recovery: Hook = withDraft((d) => {
  const R = 'NW Sequence §16 Recovery Phase; Orders/Recover';
  for (const o of Object.values(d.rs.orders)) {
    if (o.order !== 'recover' || o.cancelled) continue;
    const nu = d.rs.units[o.unitId];
    if (!nu || nu.status !== 'active') continue;
    if (nu.ammo !== 'stocked') {
      d.ctx.emit({ type: 'AmmunitionChanged', unit: o.unitId, from: nu.ammo, to: 'stocked', rule: R });
      nu.ammo = 'stocked';
    }
    if (nu.morale === 'routed') {
      // NW §17 Routed: pass → Fragmented; fail → one more rout move, then dispersed (no failure table).
      rallyRouted(d, o.unitId);
    } else if (nu.morale === 'fragmented' || nu.morale === 'disordered') {
      const to = nu.morale === 'fragmented' ? 'disordered' : 'good';
      d.ctx.emit({ type: 'MoraleStateChanged', unit: o.unitId, from: nu.morale, to, cause: 'recovered', rule: R });
      nu.morale = to;
    }
  }
  runPendingTests(d);
});

/** NW §10: a third of an army's units routed, destroyed or captured: the turn is played out, then the battle ends. */
const onTurnEnd: Hook = (s, ctx) => {
  const d = makeDraft(s, ctx);
  const conceded = d.rs.conceded ?? [];
  if (conceded.length > 0) {
    // NW §10: a concession is settled once the turn in which it was made has been played out.
    const winner = conceded.length === 1 ? otherSide(d.battle, conceded[0]!) : undefined;
    const names = conceded.map((id) => d.battle.sides.find((x) => x.id === id)?.name ?? id);
    const who = names.length === 1 ? sideWords(names[0]!).subject : `Both armies (${names.join(' and ')})`;
    return { ...toChange(d), result: resultFrom(d.rs, d.battle, `${who} conceded; the turn was played out.`, winner) };
  }
  const broken = d.battle.sides.map((x) => x.id).filter((id) => isArmyBroken(d.rs, id));
  if (broken.length === 0) return toChange(d);
  d.rs.armyBroken = broken;
  const winner = broken.length === 1 ? otherSide(d.battle, broken[0]!) : undefined;
  // The side's name as a subject, its possessive agreeing ('The Austrians lost a third of their units').
  const w = broken.length === 1 ? sideWords(d.battle.sides.find((x) => x.id === broken[0])!.name) : undefined;
  const why = w ? `${w.subject} lost a third of ${w.their} units.` : 'Both armies lost a third of their units.';
  return { ...toChange(d), result: resultFrom(d.rs, d.battle, why, winner) };
};

/** NW Orders/Retreat note: skirmish cavalry advanced into may retreat; ending the step without choosing stays to fight (RULINGS). */
const evasionStep = (id: string) => ({
  id, name: 'Skirmish cavalry advanced into may retreat', rule: 'NW Orders/Retreat note',
  actors: (s: NwGameState) => [...new Set((s.ruleset.pendingEvasions ?? []).map((p) => p.side))], commands: ['evadeContact'],
  when: (s: NwGameState) => (s.ruleset.pendingEvasions ?? []).length > 0,
  endWhen: (s: NwGameState) => (s.ruleset.pendingEvasions ?? []).length === 0,
  onExit: withDraft((d) => { for (const p of [...(d.rs.pendingEvasions ?? [])]) settleEvasion(d, p.unitId, false); }),
});

const engineStep = (id: string, name: string, rule: string, onEnter: Hook) => ({ id, name, rule, actors: 'engine' as const, commands: [] as string[], onEnter });

export const SEQUENCE: SequenceSpec<NwState, NwOptions, NwTables> = {
  onTurnStart,
  onTurnEnd,
  phases: [
    {
      id: 'orders', name: 'Orders Phase', rule: 'NW Sequence §11',
      steps: [{ id: 'place-orders', name: 'Place order markers face down', rule: 'NW Sequence §11', actors: 'both', secret: true, secretDone: 'placed their orders', commands: ['placeOrder', 'turnAbout', 'moveGeneral', 'releaseReserve'] }],
    },
    {
      id: 'strategic', name: 'Strategic Movement Phase', rule: 'NW Sequence §2; §21',
      steps: [{
        // NW §2, A Note on Simultaneous Movement: both sides plan in secret; the plans are carried out together, pro rata, when the step ends.
        id: 'strategic-move', name: 'Strategic moves (unordered units outside Engagement Range), planned in secret', rule: 'NW §2; §21', actors: 'both', secret: true, secretDone: 'planned their strategic moves',
        commands: ['moveUnit', 'retreatUnit', 'deployUnit', 'cancelStrategicMove'],
        onExit: resolveStrategic,
        when: (s) => Object.values(s.ruleset.units).some((u) => u.status === 'active' && u.startedOutsideER && !s.ruleset.orders[u.id]),
      }],
    },
    {
      id: 'initiative', name: 'Initiative Die Roll Phase', rule: 'NW Sequence §3',
      steps: [
        engineStep('roll-initiative', 'Roll for initiative', 'NW Sequence §3', rollInitiative),
        { id: 'choose-initiative', name: 'The winner decides who has the Initiative', rule: 'NW Sequence §3', actors: (s) => (s.ruleset.initiativeWinner ? [s.ruleset.initiativeWinner] : []), commands: ['chooseInitiative'], endWhen: (s) => s.ruleset.initiative !== undefined, onExit: settleInitiative },
      ],
    },
    {
      id: 'charges', name: 'Charge Declaration Phase', rule: 'NW Sequence §12', when: hasCharges,
      steps: [
        { id: 'declare-charges', name: 'Reveal charge orders and name targets', rule: 'NW Sequence §12', actors: 'both', commands: ['declareCharge'], onEnter: withDraft(revealCharges), onExit: autoTargets },
        { id: 'charge-responses', name: 'Charged units respond', rule: 'NW Orders; §12', actors: (s) => chargedSides(s), commands: ['respondToCharge'] },
        engineStep('resolve-charges', 'Charges: morale, fire, movement, contact', 'NW Sequence §12; Close Combat §1', withDraft((d) => { noteChargeStartLevels(d, activeUnits(d)); resolveCharges(d); })),
      ],
    },
    {
      id: 'tactical', name: 'Tactical Movement Phase', rule: 'NW Sequence §13',
      steps: [
        { id: 'initiative-side', name: 'The side with the Initiative moves', rule: 'NW Sequence §13', actors: (s) => [initiativeSide(s)], commands: ['moveUnit', 'retreatUnit', 'deployUnit', 'moveGeneral', 'chooseMoveFlank'], onEnter: revealSide('first'), onExit: compulsory('first') },
        evasionStep('evasions-first'),
        { id: 'other-side', name: 'The other side moves', rule: 'NW Sequence §13', actors: (s) => [otherSide(s.battle, initiativeSide(s))], commands: ['moveUnit', 'retreatUnit', 'deployUnit', 'moveGeneral', 'chooseMoveFlank'], onEnter: revealSide('second'), onExit: compulsory('second') },
        evasionStep('evasions-second'),
      ],
    },
    { id: 'fire', name: 'Fire Phase', rule: 'NW Sequence §14', steps: [engineStep('fire', 'All eligible stands fire', 'NW Sequence §14', withDraft(firePhase))] },
    {
      id: 'close-combat', name: 'Close Combat Phase', rule: 'NW Sequence §15',
      steps: [
        {
          id: 'choose-combat-flank', name: 'The initiative winner chooses the flank to start from', rule: 'NW Sequence §15',
          actors: (s) => (s.ruleset.initiativeWinner ? [s.ruleset.initiativeWinner] : []), commands: ['chooseCombatFlank'],
          // The order matters only when there are two combats or more.
          when: (s) => s.ruleset.combats.length > 1 && s.ruleset.initiativeWinner !== undefined,
          endWhen: (s) => s.ruleset.combatFlank !== undefined,
        },
        engineStep('close-combat', 'Resolve each close combat', 'NW Sequence §15', withDraft((d, s) => closeCombatPhase(d, combatOrder(s)))),
        {
          id: 'follow-ups', name: 'Deploy-ordered victors follow up or stay', rule: 'NW After Close Combat; Orders/Deploy',
          actors: (s) => [...new Set((s.ruleset.pendingFollowUps ?? []).map((p) => p.side))], commands: ['followUp'],
          when: (s) => (s.ruleset.pendingFollowUps ?? []).length > 0,
          endWhen: (s) => (s.ruleset.pendingFollowUps ?? []).length === 0,
          // RULINGS: a victor whose owner ends the step without choosing stays where it is.
          onExit: withDraft((d) => { for (const p of [...(d.rs.pendingFollowUps ?? [])]) settleFollowUp(d, p.unitId, false); }),
        },
      ],
    },
    { id: 'recovery', name: 'Recovery Phase', rule: 'NW Sequence §16', steps: [engineStep('recovery', 'Recover orders take effect', 'NW Sequence §16', recovery)] },
  ],
};
