/**
 * Proportional simultaneous movement: several units move at once, each covering the same
 * fraction of its own planned distance, and everything stops at the first contact between
 * two units that were not already touching.
 */
import type { StandFootprint } from './types';
import type { Leg } from './movement';
import { legsDistance, standsAtFraction } from './movement';
import { unitDistance } from './measure';
import { standBounds } from './footprint';

export interface Mover {
  readonly id: string;
  readonly stands: readonly StandFootprint[];
  readonly legs: readonly Leg[];
}

export interface SimultaneousAnswer {
  /** Fraction of every move completed when everything stops (1 = all moves complete). */
  readonly fraction: number;
  /** Unit pairs in contact at that moment that were not touching at the start. */
  readonly contacts: readonly [string, string][];
  readonly positions: ReadonlyMap<string, StandFootprint[]>;
}

const CONTACT_MM = 1e-6;

/**
 * Move `movers` proportionally among `stationary` units. Sampled every `stepMm` of the
 * longest move (so no stand thinner than that can be jumped), then bisected to `tolerance`.
 */
export function proportionalMove(movers: readonly Mover[], stationary: readonly { id: string; stands: readonly StandFootprint[] }[] = [], stepMm = 1, tolerance = 1e-9): SimultaneousAnswer {
  const all = [...movers.map((m) => ({ id: m.id, moving: m as Mover | undefined, stands: m.stands })), ...stationary.map((s) => ({ id: s.id, moving: undefined, stands: s.stands }))];
  const at = (f: number) => all.map((u) => (u.moving ? standsAtFraction(u.moving.stands, u.moving.legs, f) : [...u.stands]));
  const touching = (pos: StandFootprint[][], i: number, j: number) => {
    const bi = unionBox(pos[i]!), bj = unionBox(pos[j]!);
    if (bi.minX > bj.maxX + CONTACT_MM || bj.minX > bi.maxX + CONTACT_MM || bi.minY > bj.maxY + CONTACT_MM || bj.minY > bi.maxY + CONTACT_MM) return false;
    return unitDistance(pos[i]!, pos[j]!) <= CONTACT_MM;
  };
  const start = at(0);
  const pairs: [number, number][] = [];
  for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) {
    if (!all[i]!.moving && !all[j]!.moving) continue;
    if (!touching(start, i, j)) pairs.push([i, j]);
  }
  const contactsAt = (pos: StandFootprint[][]) => pairs.filter(([i, j]) => touching(pos, i, j));
  const longest = Math.max(0, ...movers.map((m) => legsDistance(m.legs)));
  const steps = Math.max(1, Math.ceil(longest / stepMm));
  let lo = 0, hi = -1;
  for (let k = 1; k <= steps; k++) {
    const f = k / steps;
    if (contactsAt(at(f)).length > 0) { hi = f; break; }
    lo = f;
  }
  if (hi < 0) {
    const end = at(1);
    return { fraction: 1, contacts: [], positions: new Map(all.map((u, i) => [u.id, end[i]!])) };
  }
  while (hi - lo > tolerance) {
    const mid = (lo + hi) / 2;
    if (contactsAt(at(mid)).length > 0) hi = mid; else lo = mid;
  }
  const pos = at(hi);
  return {
    fraction: hi,
    contacts: contactsAt(pos).map(([i, j]) => [all[i]!.id, all[j]!.id] as [string, string]),
    positions: new Map(all.map((u, i) => [u.id, pos[i]!])),
  };
}

function unionBox(stands: readonly StandFootprint[]) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const s of stands) {
    const b = standBounds(s);
    minX = Math.min(minX, b.minX); minY = Math.min(minY, b.minY); maxX = Math.max(maxX, b.maxX); maxY = Math.max(maxY, b.maxY);
  }
  return { minX, minY, maxX, maxY };
}
