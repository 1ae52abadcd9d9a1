/**
 * The player factory: `makePlayer(kind, options)` for the CLI, the batch runner, the app's AI
 * worker and tests. Kinds: 'random' (sampled legal commands, the baseline), 'scripted' (the
 * ruleset's scripts, chosen with purpose), 'search' (portfolio greedy search over the scripts
 * within a time budget). See player.ts for the interface.
 */
import { ENGINE_COMMANDS, type Command } from '../engine/command';
import type { SideId } from '../engine/model';
import type { AnyRuleset, Sampler } from '../engine/ruleset';
import { PLAYER_KINDS, playerSampler, stepKey, Trier, type Player, type PlayerKind, type PlayerOptions, type View } from './player';
import { ScriptedPlayer } from './scriptedPlayer';
import { SearchPlayer } from './searchPlayer';

export { PLAYER_KINDS, type Player, type PlayerKind, type PlayerOptions } from './player';

/** The default thinking time of the search player, in milliseconds a decision. */
export const DEFAULT_BUDGET_MS = 100;

/**
 * The random legal player as a `Player`: tries the ruleset's sampled commands in random order
 * on what it sees and sends the first accepted; ends the step now and then (chance 0.1), after
 * 60 commands in a step, or when nothing is accepted.
 */
export class RandomLegalPlayer implements Player {
  readonly kind: PlayerKind = 'random';
  private readonly sampler: Sampler;
  private readonly trier: Trier;
  private key = '';
  private given = 0;
  constructor(seed: number, private readonly endStepChance = 0.1, private readonly tries = 12) {
    this.sampler = playerSampler(seed);
    this.trier = new Trier(seed);
  }
  decide(module: AnyRuleset, view: View, side: SideId): Command {
    const endStep: Command = { type: 'endStep', side };
    const key = `${stepKey(view)}/${side}`;
    if (key !== this.key) {
      this.key = key;
      this.given = 0;
    }
    if (view.result || this.given >= 60 || this.sampler.chance(this.endStepChance)) return endStep;
    const candidates = module.legalCommands(view, side, this.sampler).filter((c) => !ENGINE_COMMANDS.includes(c.type));
    const n = Math.min(this.tries, candidates.length);
    for (let i = 0; i < n; i++) {
      const j = this.sampler.int(i, candidates.length - 1);
      [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
      if (this.trier.accepts(module, view, side, candidates[i]!)) {
        this.given++;
        return candidates[i]!;
      }
    }
    return endStep;
  }
}

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
