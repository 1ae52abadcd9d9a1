/**
 * Runs a ruleset's declared sequence of play. A `Run` is the scratch pad of one engine call
 * (createGame or applyCommand): it holds the state being built and the events produced, and
 * gives hooks their `Ctx`. Nothing here escapes except the final state and events.
 *
 * The turn's schedule: phases in declared order, with each block of consecutive `perPlayer`
 * phases repeated for every side of the turn's `phasingOrder`. `position.slot` indexes it.
 */
import type { AnyEvent, GameEvent } from './command';
import { rollDice, type DiceRolled, type RollSpec } from './dice';
import type { SideId } from './model';
import type { AnyRuleset, Change, Ctx, Hook, PhaseSpec, StepSpec } from './ruleset';
import { otherSide, type GameResult, type GameState, type Position } from './state';
import { withhold, type Seen } from './withheld';
import { dropPrototypes } from './ids';
import { victorySentence } from './words';

type S = GameState;
type Phase = PhaseSpec<unknown, unknown, unknown>;
type Step = StepSpec<unknown, unknown, unknown>;

/** How many automatic transitions one call may make before the sequence is declared stuck. */
const MAX_TRANSITIONS = 100_000;

export interface Slot {
  readonly phase: number;
  readonly phasing: SideId;
}

export function turnSchedule(phases: readonly Phase[], phasingOrder: readonly SideId[]): Slot[] {
  const out: Slot[] = [];
  const first = phasingOrder[0] ?? '';
  for (let i = 0; i < phases.length; ) {
    if (!phases[i]!.perPlayer) {
      out.push({ phase: i, phasing: first });
      i++;
      continue;
    }
    let j = i;
    while (j < phases.length && phases[j]!.perPlayer) j++;
    for (const side of phasingOrder) for (let k = i; k < j; k++) out.push({ phase: k, phasing: side });
    i = j;
  }
  return out;
}

export class Run {
  state: S;
  readonly events: AnyEvent[] = [];
  /** Set while a secret step's command runs: events default to visible to this side only. */
  secretSide: SideId | undefined;
  private transitions = 0;
  readonly ctx: Ctx;

  constructor(
    readonly module: AnyRuleset,
    state: S,
  ) {
    this.state = state;
    this.ctx = {
      roll: (spec: RollSpec): DiceRolled => {
        // A ruleset's die emulation (NW §6 2d6 for a d10) is its own procedure, handed the draws.
        const [ev, dice] = rollDice(this.state.dice, spec, this.module.dieEmulation?.(this.state.options));
        this.state = { ...this.state, dice };
        this.push(ev);
        return ev;
      },
      emit: (event: GameEvent): void => this.push(event),
    };
  }

  push(event: AnyEvent): void {
    if (this.secretSide !== undefined && event.visibleTo === undefined) this.events.push({ ...event, visibleTo: [this.secretSide] });
    else this.events.push(event);
  }

  /** Merge a handler's or hook's change into the state. */
  apply(change: Change<unknown> | void): void {
    if (!change) return;
    if (change.battle !== undefined) this.state = { ...this.state, battle: change.battle };
    // Every record a ruleset keys by id has no prototype (ids.ts): whatever built this state, no id reads a built-in.
    if (change.ruleset !== undefined) this.state = { ...this.state, ruleset: dropPrototypes(change.ruleset) };
    for (const e of change.events ?? []) this.push(e);
    if (change.result !== undefined) this.end(change.result);
  }

  hook(h: Hook<unknown, unknown, unknown> | undefined): void {
    if (h && !this.state.result) this.apply(h(this.state, this.ctx));
  }

  /**
   * Carry the change a command made since `before` into the per-side copies of a secret step
   * (withheld.ts): into `side`'s copy alone for a secret command, into every copy for a public
   * one (an end of step, a concession). Public commands outside a secret step need no copies.
   */
  withhold(before: S, side: SideId | undefined): void {
    if (side === undefined && !this.state.withheld) return;
    const seenOf = (s: S): Seen => ({ battle: s.battle, ruleset: s.ruleset, commandCount: s.commandCount });
    const sides = this.state.battle.sides.map((x) => x.id);
    this.state = { ...this.state, withheld: withhold(this.state.withheld, sides, seenOf(before), seenOf(this.state), side) };
  }

  /** Everything held back in a secret step is shown to every side (the step ended, or the game). */
  private release(): void {
    if (!this.state.withheld) return;
    const { withheld: _, ...rest } = this.state;
    this.state = rest;
  }

  end(result: GameResult): void {
    if (this.state.result) return;
    this.release();
    this.state = { ...this.state, result, position: { ...this.state.position, actors: [], done: [] } };
    const saved = this.secretSide;
    this.secretSide = undefined;
    this.push({ type: 'GameEnded', result });
    this.secretSide = saved;
  }

  checkVictory(): void {
    if (this.state.result) return;
    const r = this.module.victory?.(this.state);
    if (r) this.end(r);
  }

  private setPosition(p: Partial<Position>): void {
    this.state = { ...this.state, position: { ...this.state.position, ...p } };
  }

  private tick(): void {
    if (++this.transitions > MAX_TRANSITIONS)
      throw new Error(`the sequence of play of "${this.module.id}" does not stop for a player within ${MAX_TRANSITIONS} transitions`);
  }

  private get phases(): readonly Phase[] {
    return this.module.sequence.phases;
  }

  schedule(): Slot[] {
    return turnSchedule(this.phases, this.state.position.phasingOrder);
  }

  currentStep(): { phase: Phase; step: Step } | undefined {
    const slot = this.schedule()[this.state.position.slot];
    const phase = slot && this.phases[slot.phase];
    const step = phase?.steps[this.state.position.stepIndex];
    return phase && step ? { phase, step } : undefined;
  }

  resolveActors(step: Step): SideId[] {
    const s = this.state;
    const sides = s.battle.sides.map((x) => x.id);
    const rule = step.actors;
    let ids: readonly SideId[];
    if (rule === 'phasing') ids = [s.position.phasing];
    else if (rule === 'non-phasing') ids = [otherSide(s.battle, s.position.phasing)];
    else if (rule === 'both') ids = sides;
    else if (rule === 'engine') ids = [];
    else ids = rule(s);
    return sides.filter((id) => ids.includes(id));
  }

  /** Start game turn `turn`: onTurnStart, then the phasing order, then run to the first input. */
  startTurn(turn: number): void {
    this.tick();
    const sides = this.state.battle.sides.map((x) => x.id);
    this.setPosition({ turn, slot: 0, stepIndex: 0, phase: '', step: '', actors: [], done: [], phasingOrder: sides, phasing: sides[0]! });
    this.hook(this.module.sequence.onTurnStart);
    if (this.state.result) return;
    const order = this.module.sequence.phasingOrder?.(this.state) ?? sides;
    const valid = order.filter((id, i) => sides.includes(id) && order.indexOf(id) === i);
    const phasingOrder = valid.length > 0 ? valid : sides;
    this.setPosition({ phasingOrder, phasing: phasingOrder[0]! });
    this.push({ type: 'TurnStarted', turn, phasingOrder });
    this.checkVictory();
    this.runToInput(false);
  }

  /**
   * Walk the schedule from the current position until a step needs a player or the game ends.
   * `phaseEntered` says whether the current slot's phase has already run its onEnter.
   */
  runToInput(phaseEntered: boolean): void {
    let entered = phaseEntered;
    for (;;) {
      this.tick();
      if (this.state.result) return;
      const pos = this.state.position;
      const schedule = this.schedule();
      const slot = schedule[pos.slot];
      if (!slot) {
        this.endTurn();
        return;
      }
      const phase = this.phases[slot.phase]!;
      if (!entered) {
        this.setPosition({ phase: phase.id, step: '', phasing: slot.phasing, stepIndex: 0, actors: [], done: [] });
        if (phase.when && !phase.when(this.state)) {
          this.setPosition({ slot: pos.slot + 1, stepIndex: 0 });
          continue;
        }
        entered = true;
        this.push({ type: 'PhaseStarted', turn: pos.turn, phase: phase.id, phasing: slot.phasing });
        this.hook(phase.onEnter);
        this.checkVictory();
        continue;
      }
      const step = phase.steps[this.state.position.stepIndex];
      if (!step) {
        this.hook(phase.onExit);
        this.push({ type: 'PhaseEnded', turn: pos.turn, phase: phase.id });
        this.checkVictory();
        this.setPosition({ slot: this.state.position.slot + 1, stepIndex: 0, step: '' });
        entered = false;
        continue;
      }
      if (step.when && !step.when(this.state)) {
        this.setPosition({ stepIndex: this.state.position.stepIndex + 1 });
        continue;
      }
      this.setPosition({ step: step.id, actors: [], done: [] });
      const actors0 = this.resolveActors(step);
      this.setPosition({ actors: actors0 });
      this.push({ type: 'StepStarted', turn: pos.turn, phase: phase.id, step: step.id, actors: actors0 });
      this.hook(step.onEnter);
      this.checkVictory();
      if (this.state.result) return;
      if (this.stepIsOver(step)) {
        this.exitStep(step);
        continue;
      }
      return;
    }
  }

  /** Recompute actors (function rules) and say whether the step has nobody left to act. */
  stepIsOver(step: Step): boolean {
    const actors = this.resolveActors(step);
    this.setPosition({ actors });
    if (step.endWhen?.(this.state)) return true;
    const done = this.state.position.done;
    return actors.every((a) => done.includes(a));
  }

  exitStep(step: Step): void {
    const pos = this.state.position;
    // A secret step's changes are seen by every side once it ends, before its onExit reveals.
    this.release();
    this.hook(step.onExit);
    this.push({ type: 'StepEnded', turn: pos.turn, phase: pos.phase, step: step.id });
    this.checkVictory();
    this.setPosition({ stepIndex: this.state.position.stepIndex + 1, actors: [], done: [] });
  }

  /** After a command: end the step if it is over, and run on to the next input. */
  settle(): void {
    this.checkVictory();
    if (this.state.result) return;
    const cur = this.currentStep();
    if (!cur) throw new Error('the game has no current step');
    if (this.stepIsOver(cur.step)) {
      this.exitStep(cur.step);
      this.runToInput(true);
    }
  }

  private endTurn(): void {
    const turn = this.state.position.turn;
    this.hook(this.module.sequence.onTurnEnd);
    this.push({ type: 'TurnEnded', turn });
    this.checkVictory();
    if (this.state.result) return;
    const limit = this.state.battle.turnLimit;
    if (limit !== undefined && turn >= limit) {
      const r = this.module.atTurnLimit?.(this.state) ?? { level: 'draw', reason: `The turn limit (${limit}) was reached.`, rule: 'scenario turn limit' };
      this.end(r);
      return;
    }
    this.startTurn(turn + 1);
  }
}

/** Where the game stands, in words: 'Turn 3 · Movement (French) · Charge moves — French to act'. */
export function describePosition(module: AnyRuleset, state: S): string {
  const p = state.position;
  const sideName = (id: SideId) => state.battle.sides.find((s) => s.id === id)?.name ?? id;
  if (state.result) {
    const r = state.result;
    // 'the Austrians concede; the Prussians win' (all a concession's reason says), else 'the French win a decisive victory. <reason>'.
    const loser = r.winner && r.level === 'concession' ? state.battle.sides.find((s) => s.id !== r.winner) : undefined;
    if (loser) return `Game over after turn ${p.turn}: ${victorySentence(sideName(r.winner!), r.level, true, loser.name)}.`;
    return `Game over after turn ${p.turn}: ${r.winner ? victorySentence(sideName(r.winner), r.level, true) : r.level}. ${r.reason}`;
  }
  const phase = module.sequence.phases.find((ph) => ph.id === p.phase);
  const step = phase?.steps.find((st) => st.id === p.step);
  const perPlayer = phase?.perPlayer ? ` (${sideName(p.phasing)})` : '';
  const waiting = p.actors.filter((a) => !p.done.includes(a));
  const who = waiting.length === 0 ? 'engine' : waiting.length > 1 ? 'both sides to act' : `${sideName(waiting[0]!)} to act`;
  return `Turn ${p.turn} · ${phase?.name ?? p.phase}${perPlayer} · ${step?.name ?? p.step} — ${who}`;
}
