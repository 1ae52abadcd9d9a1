/**
 * Small immutable helpers for handlers: find and replace units, stands and generals in the
 * battle model without mutating it. Everything returns a new `Battle` sharing what did not change.
 */
import type { General, Stand, StandId, Unit, UnitId } from './model';
import type { Battle } from './state';

export const findUnit = (b: Battle, id: UnitId): Unit | undefined => b.units.find((u) => u.id === id);
export const findGeneral = (b: Battle, id: string): General | undefined => b.generals.find((g) => g.id === id);
export const unitsOf = (b: Battle, side: string): readonly Unit[] => b.units.filter((u) => u.side === side);

/** Replace one unit (by id) with `fn(unit)`. Unknown id: the battle unchanged. */
export function updateUnit(b: Battle, id: UnitId, fn: (u: Unit) => Unit): Battle {
  let changed = false;
  const units = b.units.map((u) => {
    if (u.id !== id) return u;
    changed = true;
    return fn(u);
  });
  return changed ? { ...b, units } : b;
}

/** Take a unit off the table (dispersed, left the field). */
export function removeUnit(b: Battle, id: UnitId): Battle {
  const units = b.units.filter((u) => u.id !== id);
  return units.length === b.units.length ? b : { ...b, units };
}

export function updateGeneral(b: Battle, id: string, fn: (g: General) => General): Battle {
  let changed = false;
  const generals = b.generals.map((g) => {
    if (g.id !== id) return g;
    changed = true;
    return fn(g);
  });
  return changed ? { ...b, generals } : b;
}

/** Replace one stand of a unit. */
export function updateStand(b: Battle, unitId: UnitId, standId: StandId, fn: (s: Stand) => Stand): Battle {
  return updateUnit(b, unitId, (u) => ({ ...u, stands: u.stands.map((s) => (s.id === standId ? fn(s) : s)) }));
}

/** Merge fields into a unit's ruleset-owned `extra`. */
export function setUnitExtra(b: Battle, id: UnitId, patch: Readonly<Record<string, unknown>>): Battle {
  return updateUnit(b, id, (u) => ({ ...u, extra: { ...u.extra, ...patch } }));
}
