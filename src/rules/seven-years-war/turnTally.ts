/**
 * What SYW's events count for in a turn's summary (RulesetModule.tally): units destroyed or
 * surrendered (7 Rout and Pursuit), groups routing and rallied from Rout (8 Morale), stands
 * killed by shooting and melee ((5) Shooting, 6 Result of Melee), and ground taken (moving into
 * the space a beaten enemy left, breaking through, pursuing).
 */
import type { AnyEvent } from '../../engine/command';
import type { SeenGame, Tally } from '../../engine/ruleset';
import type { Options, SywState } from './state';
import type { Tables } from './tablesSchema';

export function sywTally(e: AnyEvent, game: SeenGame<SywState, Options, Tables>): Tally[] {
  const f = e as unknown as Record<string, unknown>;
  const id = (k: string): string => (typeof f[k] === 'string' ? (f[k] as string) : '');
  const group = (k: string): { piece: string; side?: string } => {
    const g = game.ruleset.groups?.[id(k)];
    return g ? { piece: id(k), side: g.side } : { piece: id(k) };
  };
  switch (e.type) {
    case 'UnitDestroyed':
    case 'UnitSurrendered':
      return [{ kind: 'lost', piece: id('unit') }];
    case 'OrderChanged':
      if (f['to'] === 'rout' && f['from'] !== 'rout') return [{ kind: 'routed', ...group('group') }];
      if (f['from'] === 'rout' && f['to'] !== 'rout') return [{ kind: 'rallied', ...group('group') }];
      return [];
    case 'SurrenderedRallied':
      return [{ kind: 'rallied', piece: id('unit') }];
    case 'StandsKilled':
      return typeof f['count'] === 'number' && f['count'] > 0 ? [{ kind: 'casualties', piece: id('unit'), count: f['count'], noun: 'stand' }] : [];
    case 'MovedIntoVacatedSpace':
    case 'BrokeThrough':
      return [{ kind: 'ground', piece: id('unit') }];
    case 'GroupPursued':
      return [{ kind: 'ground', ...group('group') }];
    default:
      return [];
  }
}
