/**
 * BT Start of the Game and Turn Sequence: the initiative roll each turn, the initiative's
 * choice of going first or second, the movement, shooting and assault phases with the sides
 * alternating (one side's step, then the other's), the disorientation rolls that open movement
 * and the end of the whole shooting phase (BT Fallbacks).
 */
import { z } from 'zod';
import type { Change, Ctx, SequenceSpec, ActorRule } from '../../../engine/ruleset';
import { defineCommand, reject } from '../../../engine/ruleset';
import { finishWork, unitIn } from '../../../engine/workingState';
import type { BtOptions } from '../options';
import type { BtTables } from '../tables';
import { MASS_HITS, MASS_HITS_FALL_BACK_IN, FALLBACK_RULE, MOTIVATION_RULE } from '../tables';
import type { BtState, S, W } from '../state';
import { work, us, setUs, setCommander, firstSide, secondSide, otherOf, inMm } from '../state';
import { motivationCheck } from '../motivation/checks';
import { failedMotivation, fallBack, makeDisorientated } from '../motivation/outcomes';
import { resolvePending, defaultAssignment, settleAbandoned } from '../shooting/hits';
import { react } from '../assault/assault';
import { armyGeneral } from '../special/commanders';
import { centreOf } from '../geo';
import type { Unit } from '../../../engine/model';
import { hypot } from '../../../geometry/math';

export const SEQ_RULE = 'BT Start of the Game and Turn Sequence';
const INIT_RULE = `${SEQ_RULE} 2`;

const hook = (fn: (w: W, s: S) => void) => (s: S, ctx: Ctx): Change<BtState> => {
  const w = work(s, ctx);
  fn(w, s);
  return finishWork(w);
};

/** BT Turn Sequence 2: both roll a d6; on a draw the General with the higher skill rating gains +1, else re-roll. */
export function rollInitiative(w: W): void {
  const [a, b] = w.battle.sides;
  const skill = (side: string) => { const g = armyGeneral(w, side); const v = g?.extra['skill']; return typeof v === 'number' ? v : 0; };
  for (let round = 1; round <= 20; round++) {
    const ra = w.ctx.roll({ dice: 'd6', purpose: `${a.name}: initiative${round > 1 ? ' (re-roll)' : ''}`, rule: INIT_RULE });
    const rb = w.ctx.roll({ dice: 'd6', purpose: `${b.name}: initiative${round > 1 ? ' (re-roll)' : ''}`, rule: INIT_RULE });
    let winner: string | undefined = ra.total > rb.total ? a.id : rb.total > ra.total ? b.id : undefined;
    if (!winner && skill(a.id) !== skill(b.id)) {
      winner = skill(a.id) > skill(b.id) ? a.id : b.id;
      w.ctx.emit({ type: 'InitiativeDrawn', winner, why: 'higher skill rating: +1 on a draw', rule: INIT_RULE });
    }
    if (winner) { w.rs = { ...w.rs, initiative: winner, first: winner }; w.ctx.emit({ type: 'InitiativeWon', side: winner, rule: INIT_RULE }); return; }
  }
  w.rs = { ...w.rs, initiative: a.id, first: a.id };
}

type ChooseCmd = { type: 'chooseFirst'; side: string; first: 'first' | 'second' };
export const chooseFirst = defineCommand<BtState, BtOptions, BtTables, ChooseCmd>({
  describe: 'With the initiative, go first or second in this turn\'s movement, shooting and assault phases (BT Turn Sequence 2).',
  schema: z.object({ type: z.literal('chooseFirst'), side: z.string(), first: z.enum(['first', 'second']) }).strict(),
  handle(s: S, c, ctx) {
    if (s.ruleset.initiative !== c.side) return reject('no-initiative', 'The side with the initiative chooses.', INIT_RULE);
    if (s.ruleset.orderChosen) return reject('chosen', 'The order of play is chosen for this turn.', INIT_RULE);
    const w = work(s, ctx);
    const first = c.first === 'first' ? c.side : otherOf(s.battle, c.side);
    w.rs = { ...w.rs, first, orderChosen: true };
    return finishWork(w, [{ type: 'OrderChosen', side: c.side, first, rule: INIT_RULE }]);
  },
});

/** Per-turn flags back to the start of a turn; last turn's movement and grapeshot kept for battalion guns. */
function turnStart(w: W): void {
  for (const u of w.battle.units) {
    const st = us(w.rs, u.id);
    setUs(w, u.id, { turnStart: u.stands.length, movedLastTurn: st.moved, firedGrapeLastTurn: st.firedGrape, moved: false, movedMm: 0, reformed: undefined, fired: false, firedGrape: false, assaulted: false, defensiveFireUsed: false, fallBacks: 0, hitsThisPhase: 0 });
  }
  for (const id of Object.keys(w.rs.commanders)) setCommander(w, id, { moved: false });
  const { initiative: _i, first: _f, orderChosen: _c, ...rest } = w.rs;
  w.rs = rest;
  rollInitiative(w);
}

/**
 * BT Movement Phase 1 "Role for Disorientated Troops": each disorientated unit takes a motivation
 * test; passing, it returns to normal (BT Howitzers & Disorientation). And BT Motivation: a unit
 * at 50% casualties checks "thereafter every turn".
 */
function disorientationRolls(w: W): void {
  const order = [firstSide({ battle: w.battle, ruleset: w.rs }), secondSide({ battle: w.battle, ruleset: w.rs })];
  for (const side of order) for (const u0 of w.battle.units.filter((u) => u.side === side)) {
    const u = unitIn(w, u0.id);
    if (!u) continue;
    const st = us(w.rs, u.id);
    if (st.disorientated) {
      if (motivationCheck(w, u, { reason: 'to recover from disorientation', rule: 'BT Movement Phase 1; BT Howitzers & Disorientation' })) {
        setUs(w, u.id, { disorientated: false });
        w.ctx.emit({ type: 'Recovered', unit: u.id, rule: 'BT Howitzers & Disorientation' });
      }
    }
    const u2 = unitIn(w, u.id);
    if (u2 && us(w.rs, u.id).halfLost) {
      if (!motivationCheck(w, u2, { reason: 'at 50% casualties (every turn)', rule: MOTIVATION_RULE })) {
        const enemy = nearestEnemy(w, u2);
        failedMotivation(w, u2, { kind: 'general', from: enemy ? centreOf(enemy) : u2.stands[0]!.centre });
      }
    }
  }
}

function nearestEnemy(w: W, u: Unit): Unit | undefined {
  const c = centreOf(u);
  let best: Unit | undefined, bd = Infinity;
  for (const e of w.battle.units) {
    if (e.side === u.side) continue;
    const d = hypot(centreOf(e).x - c.x, centreOf(e).y - c.y);
    if (d < bd) { bd = d; best = e; }
  }
  return best;
}

/**
 * End of the whole shooting phase (BT Fallbacks): 6 or more hits — a roll to withdraw, failing
 * which it falls back 3" and is disorientated; falling back more than once, or 50% casualties since
 * the turn began — disorientated.
 */
function shootingPhaseEnd(w: W): void {
  for (const u0 of [...w.battle.units]) {
    const u = unitIn(w, u0.id);
    if (!u) continue;
    const st = us(w.rs, u.id);
    if (st.hitsThisPhase >= MASS_HITS) {
      if (!motivationCheck(w, u, { reason: `${st.hitsThisPhase} hits this shooting phase`, rule: FALLBACK_RULE })) {
        const enemy = nearestEnemy(w, u);
        if (u.formation !== 'square') fallBack(w, u.id, inMm(MASS_HITS_FALL_BACK_IN), enemy ? centreOf(enemy) : u.stands[0]!.centre, FALLBACK_RULE);
        makeDisorientated(w, u.id, `${st.hitsThisPhase} hits in one shooting phase`, FALLBACK_RULE);
      }
    }
    const u2 = unitIn(w, u.id);
    if (!u2) continue;
    const st2 = us(w.rs, u.id);
    if (st2.fallBacks > 1) makeDisorientated(w, u.id, 'fell back more than once this shooting phase', FALLBACK_RULE);
    else if ((st2.turnStart - u2.stands.length) * 2 >= st2.turnStart && st2.turnStart > u2.stands.length) makeDisorientated(w, u.id, '50% casualties since the turn began', FALLBACK_RULE);
    setUs(w, u.id, { fallBacks: 0, hitsThisPhase: 0 });
  }
}

/** A step of one side: the side whose step it is, or — while a choice is waiting — the side that makes it (unless it has finished the step). */
const sideStep = (which: 'first' | 'second'): ActorRule<BtState, BtOptions, BtTables> => (s) => {
  const p = s.ruleset.pending;
  const mine = which === 'first' ? firstSide(s) : secondSide(s);
  if (p && !s.position.done.includes(p.owner)) return [p.owner];
  return [mine];
};

/** A choice left open when its step ends is settled by default (RULINGS.md): hits on the nearest stands, a counter attack. */
function settleOpen(w: W): void {
  for (let i = 0; i < 20 && w.rs.pending; i++) {
    const p = w.rs.pending;
    if (p.kind === 'hits') resolvePending(w, defaultAssignment(w, p));
    else react(w, 'counter');
  }
  w.rs = { ...w.rs, assault: undefined };
}

export const SEQUENCE: SequenceSpec<BtState, BtOptions, BtTables> = {
  onTurnStart: hook((w) => turnStart(w)),
  phases: [
    {
      id: 'initiative', name: 'Initiative', rule: INIT_RULE,
      steps: [{ id: 'chooseFirst', name: 'The initiative chooses first or second', rule: INIT_RULE, actors: (s) => (s.ruleset.initiative ? [s.ruleset.initiative] : []), commands: ['chooseFirst'], endWhen: (s) => s.ruleset.orderChosen === true }],
    },
    {
      id: 'movement', name: 'Movement', rule: 'BT Movement Phase',
      steps: [
        { id: 'disorientation', name: 'Disorientated troops roll', rule: 'BT Movement Phase 1', actors: 'engine', commands: [], onEnter: hook((w) => disorientationRolls(w)) },
        { id: 'moveFirst', name: 'First side moves', rule: 'BT Movement Phase 2-3', actors: sideStep('first'), commands: ['moveUnit', 'changeFormation', 'moveCommander', 'sendAdjutant'], onExit: hook((w) => { for (const id of Object.keys(w.rs.commanders)) setCommander(w, id, { moved: false }); }) },
        { id: 'moveSecond', name: 'Second side moves', rule: 'BT Movement Phase 2-3', actors: sideStep('second'), commands: ['moveUnit', 'changeFormation', 'moveCommander', 'sendAdjutant'] },
      ],
    },
    {
      id: 'shooting', name: 'Shooting', rule: 'BT Summery of Shooting Phase',
      onExit: hook((w) => shootingPhaseEnd(w)),
      steps: [
        { id: 'shootFirst', name: 'First side shoots', rule: 'BT Summery of Shooting Phase', actors: sideStep('first'), commands: ['shoot', 'assignHit'], onSideDone: hook(settleAbandoned), onExit: hook(settleOpen) },
        { id: 'shootSecond', name: 'Second side shoots', rule: 'BT Summery of Shooting Phase', actors: sideStep('second'), commands: ['shoot', 'assignHit'], onSideDone: hook(settleAbandoned), onExit: hook(settleOpen) },
      ],
    },
    {
      id: 'assault', name: 'Assault', rule: 'BT Assault Phase Summery',
      steps: [
        { id: 'assaultFirst', name: 'First side assaults', rule: 'BT Assault Phase Summery', actors: sideStep('first'), commands: ['assault', 'assignHit', 'react'], onSideDone: hook(settleAbandoned), onExit: hook(settleOpen) },
        { id: 'assaultSecond', name: 'Second side assaults', rule: 'BT Assault Phase Summery', actors: sideStep('second'), commands: ['assault', 'assignHit', 'react'], onSideDone: hook(settleAbandoned), onExit: hook(settleOpen) },
      ],
    },
  ],
};
