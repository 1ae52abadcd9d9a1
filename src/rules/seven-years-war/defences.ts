/**
 * 6 Melee chart p.14, "Enemy in buildings or behind defences": which terrain counts as defences and
 * when a unit is behind them. Defences are obstacles (kind 'obstacle', incl. barricades, 9 p.20
 * "Barricades ... Soft cover, linear obstacle"), abatis (props.abatis, 9 p.20) and any feature
 * flagged props.defence; woods and plain soft cover are not defences.
 */
import type { Stand, TerrainFeature, Unit } from '../../engine/model';
import type { Battle } from '../../engine/state';
import { pointInPolygon, segmentDistance } from '../../geometry/vec';
import type { TablePoint } from '../../geometry/types';
import { isAbatis } from './geo';
import { standDistance } from '../../geometry/measure';

export const isDefence = (f: TerrainFeature): boolean => f.kind === 'obstacle' || isAbatis(f) || f.props.barricade === true || f.props.defence === true;

/** Does the segment a-b touch the polygon (an end inside it or crossing an edge)? */
function segmentTouches(a: TablePoint, b: TablePoint, poly: readonly TablePoint[]): boolean {
  if (pointInPolygon(a, poly) || pointInPolygon(b, poly)) return true;
  for (let i = 0; i < poly.length; i++) if (segmentDistance(a, b, poly[i]!, poly[(i + 1) % poly.length]!) < 0.01) return true;
  return false;
}

/**
 * Is `defender` behind defences against the enemy stands `attackers` (those in contact with it)? A
 * stand of it stands in a defence, or a defence lies across the line from an attacking stand's centre
 * to the centre of the defender's stand nearest it.
 */
export function behindDefences(battle: Battle, defender: Unit, attackers: readonly Stand[]): boolean {
  const defs = battle.terrain.filter(isDefence);
  if (defs.length === 0) return false;
  for (const f of defs) {
    if (defender.stands.some((s) => pointInPolygon(s.centre, f.polygon))) return true;
    for (const a of attackers) {
      const near = defender.stands.reduce((x, y) => (standDistance(a, y) < standDistance(a, x) ? y : x));
      if (segmentTouches(a.centre, near.centre, f.polygon)) return true;
    }
  }
  return false;
}
