import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../src/engine/invariants';
import { setUnitExtra } from '../../src/engine/battle';
import { fixtureGame } from './fixtures/helpers';
import { skirmishModule as M } from './fixtures/skirmish';

describe('invariants catch what property tests look for', () => {
  const s = fixtureGame().state;
  it('a fresh game passes', () => expect(checkInvariants(M, s)).toEqual([]));
  it('a unit in two places', () => {
    const dup = { ...s, battle: { ...s.battle, units: [...s.battle.units, s.battle.units[0]!] } };
    expect(checkInvariants(M, dup).join('\n')).toMatch(/reuses the id "b1"/);
  });
  it('a negative strength', () => {
    const neg = { ...s, battle: setUnitExtra(s.battle, 'b2', { casualties: -1 }) };
    expect(checkInvariants(M, neg).join('\n')).toMatch(/casualties is negative/);
  });
  it('a position outside the declared sequence', () => {
    const bad = { ...s, position: { ...s.position, phase: 'fire' } };
    expect(checkInvariants(M, bad).join('\n')).toMatch(/not the scheduled "orders"/);
  });
});
