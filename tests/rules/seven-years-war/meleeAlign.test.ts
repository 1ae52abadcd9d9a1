/**
 * SYW 6 Melee g) p.13: "In a subsequent move, the Attacker will move the rest of the unit to contact
 * with the target by pivoting the unit and correcting the stand alignment to a legal formation":
 * `alignInMelee` in the owner's movement step, paid for out of the group's move.
 */
import { describe, it, expect } from 'vitest';
import { viewFor } from '../../../src/engine/view';
import { sevenYearsWar } from '../../../src/rules/seven-years-war';
import type { SeenGame } from '../../../src/engine/ruleset';
import type { SywState, Options } from '../../../src/rules/seven-years-war/state';
import type { Tables } from '../../../src/rules/seven-years-war/tablesSchema';
import { standDistance } from '../../../src/geometry/measure';
import { standCorners } from '../../../src/geometry/footprint';
import { battle, setOrder, advanceTo, apply, rejection, SYW, type U, type St } from './build';

const T = sevenYearsWar.table!;
const seen = (s: St, side: string) => viewFor(SYW, s, side) as unknown as SeenGame<SywState, Options, Tables>;
const rad = (x: number) => (x * Math.PI) / 180;
// Red battalion facing up the table: front edge y = 600 from x 820 to 980.
const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 600, facingDeg: -90, n: 4, depth: 15 };
// Blue medium cavalry (2 squadrons, 80mm front) at 110 degrees, its leading front corner 0.5mm off red's
// face: corner contact, as a charge with no move left to pivot leaves it (obliqueContact.test.ts).
const LEAD = 40 * Math.sin(rad(20));
const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 600 - LEAD - 0.5, facingDeg: 110, n: 2, depth: 30 };
const PIVOT_MM = 80 * rad(20); // the far front corner's arc, radius 80mm, 20 degrees

/** Blue's next movement step with blue-1 in corner contact after its charge (`chargeContact`), `movedMm` already moved. */
function inContact(movedMm = 0, charged = true): St {
  const s0 = advanceTo(setOrder(battle([blue, red]), 'blue-1', 'advance'), 'movement');
  const g = s0.ruleset.groups['blue-1']!;
  const us = s0.ruleset.units['blue-1']!;
  return { ...s0, ruleset: { ...s0.ruleset, groups: { ...s0.ruleset.groups, 'blue-1': { ...g, movedMm } }, units: { ...s0.ruleset.units, 'blue-1': { ...us, chargeContact: charged } } } };
}
const cav = (s: St) => s.battle.units.find((u) => u.id === 'blue-1')!;
const touching = (s: St) => cav(s).stands.filter((st) => s.battle.units.find((u) => u.id === 'red-1')!.stands.some((t) => standDistance(st, t) <= 1.5));

describe('6 Melee g) p.13: the subsequent move completing an oblique contact', () => {
  it('the group pivots about the contact point until its front is flush, both squadrons in contact, paying the arc', () => {
    const s = inContact();
    expect(touching(s)).toHaveLength(1);
    const r = apply(s, { type: 'alignInMelee', side: 'blue', group: 'blue-1' });
    for (const x of cav(r.state).stands) expect(Math.abs(Math.cos(x.facing))).toBeLessThan(1e-6);
    for (const x of cav(r.state).stands) for (const c of standCorners(x).slice(0, 2)) expect(c.y).toBeCloseTo(600, 0);
    expect(touching(r.state)).toHaveLength(2);
    expect(r.state.ruleset.groups['blue-1']!.movedMm).toBeCloseTo(PIVOT_MM, 0);
    expect(r.events.find((e) => e.type === 'AlignedInMelee')).toMatchObject({ aligned: true, pivotDeg: -20 });
  });
  it('with half the pivot left in its move it pivots half way (10 degrees) and may finish later', () => {
    const r = apply(inContact(300 - PIVOT_MM / 2), { type: 'alignInMelee', side: 'blue', group: 'blue-1' });
    for (const x of cav(r.state).stands) expect(x.facing).toBeCloseTo(rad(100), 2);
    expect(r.events.find((e) => e.type === 'AlignedInMelee')).toMatchObject({ aligned: false, pivotDeg: -10 });
    expect(touching(r.state).length).toBeGreaterThanOrEqual(1);
  });
  it('with no move left it is refused (too-far)', () => {
    expect(rejection(inContact(300), { type: 'alignInMelee', side: 'blue', group: 'blue-1' })).toBe('too-far');
  });
  it('once aligned there is nothing to complete (aligned)', () => {
    const r = apply(inContact(), { type: 'alignInMelee', side: 'blue', group: 'blue-1' });
    expect(rejection(r.state, { type: 'alignInMelee', side: 'blue', group: 'blue-1' })).toBe('aligned');
  });
  it('only "the Attacker": a unit in contact that did not charge into it may not (not-in-contact)', () => {
    expect(rejection(inContact(0, false), { type: 'alignInMelee', side: 'blue', group: 'blue-1' })).toBe('not-in-contact');
  });
  it('only in the owner\'s movement step', () => {
    const s = advanceTo(inContact(), 'shootingPhasing');
    expect(rejection(s, { type: 'alignInMelee', side: 'blue', group: 'blue-1' })).not.toBe('accepted');
  });
  it('the table offers the pivot as a button on the unit in its movement step', () => {
    const acts = T.actions!(seen(inContact(), 'blue'), 'blue', 'blue-1');
    expect(acts.filter((a) => a.command.type === 'alignInMelee').map((a) => a.command)).toEqual([{ type: 'alignInMelee', side: 'blue', group: 'blue-1' }]);
  });
});
