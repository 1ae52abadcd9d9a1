/**
 * The players a batch can put on each side, named on the command line and in the Playtest panel
 * as `kind` or `kind@budget` ('random', 'scripted', 'search@200'). Every player sees only its
 * side's view (engine lookahead.ts) and draws from its own seeded stream,
 * `playerSeed(battleSeed, side)`.
 *
 * `random` is the random legal player of `vedette play --auto random` (randomPlayer.ts);
 * `scripted` and `search` come from the player factory (players.ts). A batch must give the same
 * bytes for the same master seed, so the search player thinks on a playout clock, not the wall
 * clock: `search@200` runs 200 playouts a decision, whatever the machine's load.
 */
import type { Command } from '../../engine/command';
import type { SideId } from '../../engine/model';
import type { AnyRuleset } from '../../engine/ruleset';
import type { GameState } from '../../engine/state';
import { isRejection } from '../../engine/command';
import { applyCommand } from '../../engine/game';
import { viewFor } from '../../engine/view';
import { chooseCommand } from '../randomPlayer';
import { makeSampler, playerSeed } from '../sampler';
import { playoutClock, type View } from '../player';
import { makePlayer } from '../players';

export interface PlayerSpec {
  readonly kind: string;
  /** Thinking budget for players that search (look-ahead playouts per decision). */
  readonly budget?: number;
}

/** A player in a batch: given the state (it looks only at its side's view), the next command and the state after it. */
export interface BatchPlayer {
  choose(state: GameState, side: SideId, givenThisStep: number): { readonly command: Command; readonly state: GameState } | undefined;
}

/** Assignments the search player scores a decision in a batch when no @budget is given. */
export const DEFAULT_SEARCH_PLAYOUTS = 24;

/** The player kinds this build offers (src/ai players.ts): `search@n` scores n assignments a decision. */
export const PLAYER_KINDS: readonly string[] = ['random', 'scripted', 'search'];

/** Commands one side may give in one step before it is made to end it (as `playBattle`). */
const MAX_PER_STEP = 400;

export const playerLabel = (p: PlayerSpec): string => (p.budget !== undefined ? `${p.kind}@${p.budget}` : p.kind);

/** Parse 'random' or 'search@200'; undefined with a reason when it is not a known player. */
export function parsePlayer(text: string): PlayerSpec | string {
  const m = /^([a-z][a-z-]*)(?:@(\d{1,7}))?$/.exec(text.trim());
  if (!m) return `"${text}" is not a player: write a kind (${PLAYER_KINDS.join(', ')}), optionally with @budget.`;
  const kind = m[1]!;
  if (!PLAYER_KINDS.includes(kind)) return `There is no player "${kind}" (players: ${PLAYER_KINDS.join(', ')}).`;
  return m[2] !== undefined ? { kind, budget: Number(m[2]) } : { kind };
}

/** A player for side number `sideIndex` (0 or 1) of a battle on `battleSeed`. */
export function makeBatchPlayer(spec: PlayerSpec, module: AnyRuleset, battleSeed: number, sideIndex: number): BatchPlayer {
  if (spec.kind === 'random') {
    const sampler = makeSampler(playerSeed(battleSeed, sideIndex));
    return {
      choose(state, side, given) {
        const c = chooseCommand(module, state, side, sampler, given);
        return c ? { command: c.command, state: c.applied.state } : undefined;
      },
    };
  }
  if (spec.kind !== 'scripted' && spec.kind !== 'search') throw new RangeError(`no player "${spec.kind}"`);
  const player = makePlayer(spec.kind, { seed: playerSeed(battleSeed, sideIndex), budgetMs: spec.budget ?? DEFAULT_SEARCH_PLAYOUTS, clock: playoutClock(1) });
  return {
    choose(state, side, given) {
      if (state.result) return undefined;
      const endStep: Command = { type: 'endStep', side };
      const wanted = given >= MAX_PER_STEP ? endStep : player.decide(module, viewFor(module, state, side) as View, side);
      // A command the rules refuse (a player should give none) ends the side's step instead.
      for (const command of wanted === endStep ? [endStep] : [wanted, endStep]) {
        const a = applyCommand(module, state, command);
        if (!isRejection(a)) return { command, state: a.state };
      }
      return undefined;
    },
  };
}
