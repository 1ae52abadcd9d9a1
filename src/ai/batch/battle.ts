/**
 * One battle of a batch, played headless to its end and boiled down to a record of a few
 * hundred bytes: who won and by how much, how long it lasted, what each side, troop type and unit
 * lost, where each unit fell, and a per-turn trace (losses, who led). Nothing else is kept — no
 * history, no per-state copies — so a batch of any size runs in the memory of one battle.
 *
 * Seeds (engine seed.ts): battle `i` of a batch on master seed `m` is played on
 * `battleSeed(m, i)`; when two different players meet, battles come in pairs that share a seed
 * with the players swapped between the sides (`pairedPlan`). Each side's player gets its own
 * stream, `playerSeed(battleSeed, sideIndex)`, and the order in which two sides who may both act
 * get to act comes from a third, `deriveSeed(battleSeed, 0, 'batch-turn-order')`. The record is
 * therefore a pure function of (scenario, ruleset, options, master seed, index, players).
 */
import { stateHash } from '../../engine/hash';
import { createGame } from '../../engine/game';
import { evaluateFor } from '../../engine/lookahead';
import type { BattleSetup, SideId } from '../../engine/model';
import type { AnyRuleset } from '../../engine/ruleset';
import { deriveSeed } from '../../engine/seed';
import type { GameState } from '../../engine/state';
import { makeSampler } from '../sampler';
import { waitingSides } from '../player';
import { makeBatchPlayer, playerLabel, type PlayerSpec } from './players';
import { idRecord } from '../../engine/ids';

/** What a batch runs: the same for every battle of it (and every shard of it). */
export interface BatchSpec {
  readonly setup: BattleSetup;
  readonly module: AnyRuleset;
  readonly options: Readonly<Record<string, unknown>>;
  /** House-rule tables, if any. */
  readonly tables?: unknown;
  readonly masterSeed: number;
  /** Players for the scenario's first and second side. */
  readonly players: readonly [PlayerSpec, PlayerSpec];
  /** Safety stop for a player that never ends the game (default 20,000 commands). */
  readonly maxCommands?: number;
}

/** One unit's fate in a battle. */
export interface UnitFate {
  readonly id: string;
  /** Stands lost (of the scenario's count). */
  readonly lost: number;
  /** The turn the unit left the table (removed, dispersed, routed off…); absent if it stayed. */
  readonly fell?: number;
  /** Where it was last seen standing when it fell, table mm (rounded). */
  readonly at?: readonly [number, number];
}

export interface BattleRecord {
  readonly index: number;
  readonly seed: number;
  /** Player labels for the first and second side ('random', 'search@200'…). */
  readonly players: readonly [string, string];
  /** The winning side's id, or null for a draw or an unfinished battle. */
  readonly winner: SideId | null;
  /** The ruleset's level of victory ('decisive', 'marginal', 'draw'…) or why it stopped. */
  readonly level: string;
  readonly end: 'result' | 'max-commands' | 'stuck';
  /**
   * Decisiveness, from the first side's point of view: the share of the second side's stands
   * lost minus the share of the first side's (−1…1; positive when the first side came off better).
   */
  readonly margin: number;
  /** Turns played (the turn the battle ended in). */
  readonly turns: number;
  readonly commands: number;
  /** The side that moved first in the first turn (the initiative where the ruleset rolls one, else the first of the phasing order). */
  readonly first: SideId;
  /** Stands lost per side, in scenario side order. */
  readonly lost: readonly [number, number];
  /** Stands lost by side, then troop type. */
  readonly lostByType: Readonly<Record<SideId, Readonly<Record<string, number>>>>;
  readonly units: readonly UnitFate[];
  /** Cumulative stands lost per side at the end of each turn (index 0 = turn 1). */
  readonly lossesByTurn: readonly (readonly [number, number])[];
  /** Who led at the end of each turn by the ruleset's evaluation: 1 first side, −1 second, 0 level. */
  readonly leadByTurn: readonly number[];
  /** Final state hash (replaying the battle from its seed and players must reach it). */
  readonly hash: string;
}

/** The seed of battle `index` of a batch (engine seed.ts: 'battle' stream). */
export const battleSeed = (masterSeed: number, index: number): number => deriveSeed(masterSeed, index, 'battle');

/**
 * The seed and the players' orientation of battle `index`. With two different players, battles
 * 2k and 2k+1 share a seed and swap the players between the sides, so that neither player gets
 * the better side more often (the paired games of engine testing).
 */
export function pairedPlan(masterSeed: number, index: number, players: readonly [PlayerSpec, PlayerSpec]): { seed: number; players: readonly [PlayerSpec, PlayerSpec]; swapped: boolean } {
  const paired = playerLabel(players[0]) !== playerLabel(players[1]);
  if (!paired) return { seed: battleSeed(masterSeed, index), players, swapped: false };
  const swapped = index % 2 === 1;
  return { seed: battleSeed(masterSeed, Math.floor(index / 2)), players: swapped ? [players[1], players[0]] : players, swapped };
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

interface Tracked {
  readonly id: string;
  readonly side: SideId;
  readonly troopType: string;
  readonly stands: number;
  lastSeen: readonly [number, number];
  /** Stands counted as still in the fight (all of them until the unit first arrives). */
  present: number;
  arrived: boolean;
  fell?: number;
}

function centreOf(stands: readonly { centre: { x: number; y: number } }[]): readonly [number, number] {
  let x = 0, y = 0;
  for (const s of stands) {
    x += s.centre.x;
    y += s.centre.y;
  }
  return [round1(x / stands.length), round1(y / stands.length)];
}

/**
 * Look at the table. A unit that was on it and is no longer (removed, dispersed, routed off)
 * fell this turn and counts all its stands lost; one that comes back (a rout rallied off the
 * table, a unit leaving a building) is standing again. A unit that has not yet arrived (a
 * reinforcement off the table) counts nothing.
 */
function observe(state: GameState, tracked: readonly Tracked[], byId: Map<string, Tracked>): void {
  const seen = new Set<string>();
  for (const u of state.battle.units) {
    const t = byId.get(u.id);
    if (!t) continue;
    seen.add(u.id);
    t.arrived = true;
    t.present = u.stands.length;
    if (u.stands.length > 0) {
      t.lastSeen = centreOf(u.stands);
      delete t.fell;
    } else if (t.fell === undefined) t.fell = state.position.turn;
  }
  for (const t of tracked) {
    if (seen.has(t.id) || !t.arrived) continue;
    t.present = 0;
    if (t.fell === undefined) t.fell = state.position.turn;
  }
}

function losses(tracked: readonly Tracked[], sides: readonly SideId[]): [number, number] {
  const out: [number, number] = [0, 0];
  for (const t of tracked) out[t.side === sides[0] ? 0 : 1] += t.stands - t.present;
  return out;
}

/** Who leads by the ruleset's evaluation of each side's own view (1, −1 or 0). */
function leader(module: AnyRuleset, state: GameState, sides: readonly [SideId, SideId], fallback: readonly [number, number], totals: readonly [number, number]): number {
  const d = module.ai?.evaluate ? evaluateFor(module, state, sides[0]) - evaluateFor(module, state, sides[1]) : fallback[1] / Math.max(1, totals[1]) - fallback[0] / Math.max(1, totals[0]);
  return Math.abs(d) < 1e-9 ? 0 : d > 0 ? 1 : -1;
}

/**
 * The side with the initiative where the ruleset keeps one in its state (NW §12: rolled each
 * turn, the winner moves first), read once it is decided; undefined before that.
 */
function initiativeOf(state: GameState): SideId | undefined {
  const rs = state.ruleset as { initiative?: unknown } | null;
  return rs && typeof rs.initiative === 'string' && state.battle.sides.some((s) => s.id === rs.initiative) ? rs.initiative : undefined;
}

/** Play battle `index` of the batch to its end and return its record. Throws if the scenario cannot be set up. */
export function runBattle(spec: BatchSpec, index: number): BattleRecord {
  const { module, setup } = spec;
  const plan = pairedPlan(spec.masterSeed, index, spec.players);
  const created = createGame(module, { setup, options: spec.options, seed: plan.seed, ...(spec.tables !== undefined ? { tables: spec.tables } : {}) });
  if (!created.ok) throw new Error(`the scenario cannot be set up: ${created.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  let state = created.state;
  const sides = [state.battle.sides[0].id, state.battle.sides[1].id] as const;
  const players = plan.players.map((p, i) => makeBatchPlayer(p, module, plan.seed, i));
  const order = makeSampler(deriveSeed(plan.seed, 0, 'batch-turn-order'));

  const tracked: Tracked[] = setup.units.map((u) => ({ id: u.id, side: u.side, troopType: u.troopType, stands: u.stands.length, lastSeen: u.stands.length ? centreOf(u.stands) : [0, 0], present: u.stands.length, arrived: false }));
  const byId = new Map(tracked.map((t) => [t.id, t]));
  const totals: [number, number] = [0, 0];
  for (const t of tracked) totals[t.side === sides[0] ? 0 : 1] += t.stands;
  observe(state, tracked, byId);

  const lossesByTurn: [number, number][] = [];
  const leadByTurn: number[] = [];
  let first: SideId | undefined;
  const startTurn = state.position.turn;
  let turn = startTurn;
  const firstOrder = state.position.phasingOrder[0] ?? sides[0];
  const closeTurn = (s: GameState) => {
    const l = losses(tracked, sides);
    lossesByTurn.push(l);
    leadByTurn.push(leader(module, s, sides, l, totals));
  };

  const maxCommands = spec.maxCommands ?? 20_000;
  let end: BattleRecord['end'] = 'max-commands';
  let given = 0;
  let stepKey = '';
  let commands = 0;
  for (; commands < maxCommands; commands++) {
    if (state.result) {
      end = 'result';
      break;
    }
    const waiting = waitingSides(state);
    if (waiting.length === 0) {
      end = 'stuck';
      break;
    }
    const key = `${state.position.turn}/${state.position.slot}/${state.position.stepIndex}`;
    if (key !== stepKey) {
      stepKey = key;
      given = 0;
    }
    const side = waiting.length === 1 ? waiting[0]! : order.pick(waiting);
    const who = players[side === sides[0] ? 0 : 1]!;
    const choice = who.choose(state, side, given);
    if (!choice) {
      end = 'stuck';
      break;
    }
    given++;
    // PERF: a command that moved no unit (an order, a declaration, the end of a step that settled
    // nothing) leaves the units array as it was, and looking again would find the same.
    const seenUnits = state.battle.units;
    state = choice.state;
    if (state.battle.units !== seenUnits) observe(state, tracked, byId);
    // Who moved first in turn 1: the initiative once decided, else the sequence's phasing order.
    if (first === undefined && state.position.turn === startTurn) first = initiativeOf(state);
    while (state.position.turn > turn) {
      closeTurn(state);
      turn++;
    }
  }
  if (state.result || lossesByTurn.length < state.position.turn) closeTurn(state);

  const lost = losses(tracked, sides);
  const lostByType: Record<SideId, Record<string, number>> = idRecord([[sides[0], idRecord<number>()], [sides[1], idRecord<number>()]]);
  for (const t of tracked) {
    const d = t.stands - t.present;
    if (d > 0) lostByType[t.side]![t.troopType] = (lostByType[t.side]![t.troopType] ?? 0) + d;
  }
  const units: UnitFate[] = tracked.map((t) => ({
    id: t.id,
    lost: t.stands - t.present,
    ...(t.fell !== undefined ? { fell: t.fell, at: t.lastSeen } : {}),
  }));
  const r = state.result;
  return {
    index,
    seed: plan.seed,
    players: [playerLabel(plan.players[0]), playerLabel(plan.players[1])],
    winner: r?.winner ?? null,
    level: r ? r.level : end,
    end,
    margin: Math.round((lost[1] / Math.max(1, totals[1]) - lost[0] / Math.max(1, totals[0])) * 1000) / 1000,
    turns: state.position.turn,
    commands,
    first: first ?? firstOrder,
    lost,
    lostByType,
    units,
    lossesByTurn,
    leadByTurn,
    hash: stateHash(state),
  };
}
