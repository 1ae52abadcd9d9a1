/** What the battalion rules' events count for in a turn's summary (RulesetModule.tally). */
import type { AnyEvent } from '../../../engine/command';
import type { SeenGame, Tally } from '../../../engine/ruleset';
import type { BtOptions } from '../options';
import type { BtTables } from '../tables';
import type { BtState } from '../state';

export function btTally(e: AnyEvent, _game: SeenGame<BtState, BtOptions, BtTables>): Tally[] {
  const f = e as unknown as Record<string, unknown>;
  const id = (k: string): string => (typeof f[k] === 'string' ? (f[k] as string) : '');
  switch (e.type) {
    case 'UnitLeftField': return [{ kind: 'lost', piece: id('unit'), side: id('side') }];
    case 'StandsRemoved': return [{ kind: 'casualties', piece: id('unit'), count: (f['stands'] as unknown[]).length, noun: 'stand' }];
    case 'FellBack': return [{ kind: 'routed', piece: id('unit') }];
    case 'Recovered': return [{ kind: 'rallied', piece: id('unit') }];
    case 'AssaultContact': return [{ kind: 'ground', piece: id('unit') }];
    default: return [];
  }
}
