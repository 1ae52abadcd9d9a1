/**
 * The player factory: `makePlayer(kind, options)` for the CLI, the batch runner, the app's AI
 * worker and tests. Kinds: 'random' (sampled legal commands, the baseline), 'scripted' (the
 * ruleset's scripts, chosen with purpose), 'search' (portfolio greedy search over the scripts
 * within a time budget). See player.ts for the interface.
 */
import { PLAYER_KINDS, type Player, type PlayerKind, type PlayerOptions } from './player';
import { RandomLegalPlayer } from './randomPlayer';
import { ScriptedPlayer } from './scriptedPlayer';
import { SearchPlayer } from './searchPlayer';

export { PLAYER_KINDS, type Player, type PlayerKind, type PlayerOptions } from './player';
export { RandomLegalPlayer } from './randomPlayer';

/** The default thinking time of the search player, in milliseconds a decision. */
export const DEFAULT_BUDGET_MS = 100;

export function isPlayerKind(x: string): x is PlayerKind {
  return (PLAYER_KINDS as readonly string[]).includes(x);
}

/** A player of `kind`, seeded by `options.seed`; the search player needs `options.clock`. */
export function makePlayer(kind: PlayerKind, options: PlayerOptions): Player {
  switch (kind) {
    case 'random':
      return new RandomLegalPlayer(options.seed);
    case 'scripted':
      return new ScriptedPlayer(options.seed);
    case 'search':
      if (!options.clock) throw new RangeError('the search player measures its budget on a clock: pass options.clock');
      return new SearchPlayer(options.seed, options.budgetMs ?? DEFAULT_BUDGET_MS, options.clock);
  }
}
