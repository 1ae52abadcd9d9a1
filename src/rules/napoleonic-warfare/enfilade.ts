/**
 * NW §3 Enfilade: "A unit must have a portion of its Command Stand behind the front of an enemy
 * unit's stands before any charges, movement or shooting in order to be able to count as a enfilade
 * attack/shot." The relations are noted at the start of each turn (before strategic movement, the
 * first movement of the turn); a shot or contact is on a flank or the rear only if the attacker was
 * already behind that enemy's front then, and is still (faceStruck, geom.ts) now.
 */
import type { Unit } from '../../engine/model';
import type { Draft } from './types';
import { activeUnits } from './core';
import { faceStruck, type Face } from './geom';

export const ENFILADE_RULE = 'NW §3 Enfilade';

/** Note, for this turn, every attacker whose command stand is behind an enemy's front. */
export function noteEnfilades(d: Draft): void {
  const units = activeUnits(d);
  const pairs: string[] = [];
  for (const a of units) for (const b of units) if (a.side !== b.side && faceStruck(a, b) !== 'front') pairs.push(`${a.id}>${b.id}`);
  d.rs.enfiladeAtStart = { turn: d.turn, pairs };
}

/** The face an attack or shot strikes, allowing a flank or rear only if it was so before any movement this turn. */
export function enfiladeFace(d: Draft, attacker: Unit, target: Unit): Face {
  const face = faceStruck(attacker, target);
  if (face === 'front') return face;
  const snap = d.rs.enfiladeAtStart;
  // No note for this turn (a position built outside the sequence of play): judge it now. A unit that
  // arrived this turn is in no pair, so it enfilades no one until next turn.
  if (!snap || snap.turn !== d.turn) return face;
  return snap.pairs.includes(`${attacker.id}>${target.id}`) ? face : 'front';
}
