/**
 * The players a batch can put on each side, named on the command line and in the Playtest panel
 * as `kind` or `kind@budget` ('random', 'search@200'). Every player sees only its side's view
 * (engine lookahead.ts) and draws from its own seeded stream, `playerSeed(battleSeed, side)`.
 */
import type { Command } from '../../engine/command';
import type { SideId } from '../../engine/model';
import type { AnyRuleset } from '../../engine/ruleset';
import type { GameState } from '../../engine/state';
import { chooseCommand } from '../randomPlayer';
import { makeSampler, playerSeed } from '../sampler';

export interface PlayerSpec {
  readonly kind: string;
  /** Thinking budget for players that search (look-ahead playouts per decision). */
  readonly budget?: number;
}

/** A player in a batch: given the state (it looks only at its side's view), the next command and the state after it. */
export interface BatchPlayer {
  choose(state: GameState, side: SideId, givenThisStep: number): { readonly command: Command; readonly state: GameState } | undefined;
}

/** The player kinds this build offers. */
export const PLAYER_KINDS: readonly string[] = ['random'];

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
  throw new RangeError(`no player "${spec.kind}"`);
}
