/**
 * What NW's events count for in a turn's summary (RulesetModule.tally): units removed (NW §10
 * Loss Points: dispersed, destroyed, captured, off the table), routs and rallies (§18 Morale
 * states), casualties (§5 Fire, Close Combat §5) and ground taken (After Close Combat: pushing
 * back, following up, pursuing; buildings occupied; abandoned guns captured).
 */
import type { AnyEvent } from '../../engine/command';
import type { Tally } from '../../engine/ruleset';

export function nwTally(e: AnyEvent): Tally[] {
  const f = e as unknown as Record<string, unknown>;
  const id = (k: string): string => (typeof f[k] === 'string' ? (f[k] as string) : '');
  switch (e.type) {
    case 'UnitRemoved':
      return [{ kind: 'lost', piece: id('unit') }];
    case 'MoraleStateChanged':
      if (f['to'] === 'routed') return [{ kind: 'routed', piece: id('unit') }];
      if (f['from'] === 'routed' && f['to'] !== 'dispersed') return [{ kind: 'rallied', piece: id('unit') }];
      return [];
    case 'CasualtiesInflicted':
      return typeof f['casualties'] === 'number' && f['casualties'] > 0 ? [{ kind: 'casualties', piece: id('unit'), count: f['casualties'], noun: 'casualty' }] : [];
    case 'UnitPushedBack':
    case 'GunsCaptured':
      return [{ kind: 'ground', piece: id('by') }];
    case 'UnitFollowedUp':
    case 'UnitPursued':
    case 'BuildingsOccupied':
      return [{ kind: 'ground', piece: id('unit') }];
    default:
      return [];
  }
}
