/** Movement amendments: AS 8.2 side-stepping, 8.2 moving squares, 8.5 artillery movement, the 6" frontal zone. */
import { describe, expect, it } from 'vitest';
import { battle, apply, rejection, IN } from './build';

const s0 = (blue: Record<string, unknown> = {}, redY = 1000) => battle([
  { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 300, ...blue },
  { id: 'bg', side: 'blue', type: 'foot-artillery', x: 400, y: 300, facingDeg: 180 },
  { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: redY },
], { setupDice: [5, 2] });

describe('AS 8.2 Infantry Side-stepping', () => {
  it('straight along the front up to 3"; no further', () => {
    expect(rejection(s0(), { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'sidestep', mm: 3 * IN }] })).toBe('accepted');
    expect(rejection(s0(), { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'sidestep', mm: 3.5 * IN }] })).toBe('too-far');
  });
  it('no other movement with it, before or after', () => {
    expect(rejection(s0(), { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'forward', mm: 20 }, { kind: 'sidestep', mm: 20 }] })).toBe('illegal-move');
    const m = apply(s0(), { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'forward', mm: 20 }] });
    expect(rejection(m.state, { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'sidestep', mm: 20 }] })).toBe('moved');
  });
  it('not within the 6" frontal zone of the enemy', () => {
    expect(rejection(s0({}, 420), { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'sidestep', mm: 20 }] })).toBe('frontal-zone');
  });
});

describe('AS 8.2 and 11.2.4 Moving Squares', () => {
  it('Elite and Guard squares move up to 3"; other squares do not move', () => {
    expect(rejection(s0({ formation: 'square', quality: 'elite' }), { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'forward', mm: 3 * IN }] })).toBe('accepted');
    expect(rejection(s0({ formation: 'square', quality: 'elite' }), { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'forward', mm: 3.5 * IN }] })).toBe('illegal-move');
    expect(rejection(s0({ formation: 'square' }), { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'forward', mm: 20 }] })).toBe('square');
  });
  it('a moved square is marked for the melee penalty', () => {
    const m = apply(s0({ formation: 'square', quality: 'guard' }), { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'forward', mm: 40 }] });
    expect(m.state.ruleset.units['b1']!.squareMoved).toBe(1);
  });
});

describe('AS 8.5 Artillery Movement', () => {
  it('artillery wheel and move to the front or the rear keeping their facing; formed infantry turn about instead (house)', () => {
    expect(rejection(s0(), { type: 'moveUnit', side: 'blue', unit: 'bg', legs: [{ kind: 'backward', mm: 3 * IN }] })).toBe('accepted');
    expect(rejection(s0(), { type: 'moveUnit', side: 'blue', unit: 'bg', legs: [{ kind: 'wheel', deg: 20 }, { kind: 'backward', mm: 2 * IN }] })).toBe('accepted');
    expect(rejection(s0(), { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'backward', mm: 20 }] })).toBe('illegal-move');
  });
});

describe('The 6" frontal zone (established; AS 11.0: voluntary changes of formation)', () => {
  it('no voluntary change of formation within 6" of the front of a Formed enemy', () => {
    expect(rejection(s0({}, 420), { type: 'changeFormation', side: 'blue', unit: 'b1', formation: 'column' })).toBe('frontal-zone');
    expect(rejection(s0(), { type: 'changeFormation', side: 'blue', unit: 'b1', formation: 'column' })).toBe('accepted');
  });
});
