/** What Advanced Shako's events count for in a turn's summary (RulesetModule.tally). */
import type { AnyEvent } from '../../../engine/command';
import type { SeenGame, Tally } from '../../../engine/ruleset';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import type { ShState } from '../state';

export function shTally(e: AnyEvent, _game: SeenGame<ShState, ShOptions, ShTables>): Tally[] {
  const f = e as unknown as Record<string, unknown>;
  const id = (k: string): string => (typeof f[k] === 'string' ? (f[k] as string) : '');
  switch (e.type) {
    case 'UnitBroken': return [{ kind: 'lost', piece: id('unit'), side: id('side') }];
    case 'Killed': return [{ kind: 'casualties', piece: id('unit'), count: 1, noun: 'kill' }];
    case 'FellBack': return [{ kind: 'routed', piece: id('unit') }];
    case 'Rallied': return [{ kind: 'rallied', piece: id('unit') }];
    case 'MeleeWon': return [{ kind: 'ground', piece: id('winner') }];
    default: return [];
  }
}
