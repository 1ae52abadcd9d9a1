/**
 * DoG Routing troops attempt to rally: "To be eligible for rally, routing troops must either be out
 * of sight of enemy troops, screened by friendly formed troops, or 250m from nearest formed enemy
 * troops" — judged through the geometry's line of sight in the command / rally phase.
 */
import { describe, expect, it } from 'vitest';
import { battle, withDice, apply, rolls, ofType, withUnitState, type U } from './build';

/** A routing French battalion 180 m from a Prussian line; turn 1's rally phase (`dice`: its rally test's, when it is eligible). */
function rally(between: U[], dice: number[], patch: (s: ReturnType<typeof battle>) => ReturnType<typeof battle> = (s) => s) {
  let s = battle([
    { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 600 },
    { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 800, facingDeg: -90 },
    ...between,
  ]);
  s = patch(withUnitState(s, 'fr', { morale: 'routing', order: 'disordered', routTurns: 1 }));
  s = apply(s, { type: 'endStep', side: 'blue' }).state;
  const ev = apply(withDice(s, dice), { type: 'endStep', side: 'red' }).events;
  return { rallied: ofType(ev, 'Rallied')[0], cannot: ofType(ev, 'CannotRally')[0], test: rolls(ev).find((r) => r.purpose === 'fr: rally') };
}

describe('DoG Routing troops attempt to rally: eligibility', () => {
  it('in sight of a formed enemy 180 m off, with nothing between, it may not rally', () => {
    const r = rally([], []);
    expect(r.cannot).toMatchObject({ unit: 'fr' });
    expect(r.test).toBeUndefined();
  });
  it('screened by a formed French battalion between it and the enemy, it tests and (1 = 10%) rallies', () => {
    const r = rally([{ id: 'scr', side: 'red', type: 'fusilier', x: 1200, y: 700, facingDeg: -90 }], [1]);
    expect(r.cannot).toBeUndefined();
    expect(r.test).toBeDefined();
    expect(r.rallied).toMatchObject({ unit: 'fr', eligible: 'screened by friendly formed troops' });
  });
  it('an unformed battalion between is no screen', () => {
    const r = rally([{ id: 'scr', side: 'red', type: 'fusilier', x: 1200, y: 700, facingDeg: -90 }], [], (s) => withUnitState(s, 'scr', { order: 'unformed' }));
    expect(r.cannot).toMatchObject({ unit: 'fr' });
  });
  it('a formed battalion off to one side screens nothing', () => {
    const r = rally([{ id: 'scr', side: 'red', type: 'fusilier', x: 1500, y: 700, facingDeg: -90 }], []);
    expect(r.cannot).toMatchObject({ unit: 'fr' });
  });
  it('250 m from the nearest formed enemy it may rally in plain sight', () => {
    const r = rally([], [1], (s) => withUnitState(s, 'pr', { order: 'unformed' }));
    expect(r.rallied).toMatchObject({ unit: 'fr', eligible: '250 m from formed enemy troops' });
  });
});
