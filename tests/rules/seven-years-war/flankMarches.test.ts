/**
 * Seven Years War: 9 pp.19–20 — Ottoman flank marches and their qualification, diced at set-up.
 */
import { describe, expect, it } from 'vitest';
import { deploymentZone } from '../../../src/rules/seven-years-war/deployment';
import { battle, withDice, apply, rejection, advanceTo, rolls, type St, type U } from './build';

const unitOf = (s: St, id: string) => s.battle.units.find((u) => u.id === id)!;

const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 250, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('Ottoman flank marches (9 p.20)', () => {
  it('only a side allowed flank marches may send one; the group leaves the table and returns on a 5 at the enemy flank zone edge', () => {
    const s0 = battle([blue, { ...blue, id: 'blue-2', x: 1200 }, red], { options: { hiddenDeployment: true } });
    expect(rejection(s0, { type: 'flankMarch', side: 'blue', group: 'blue-1', edge: 'left' })).toBe('no-flank-march');
    const s1 = { ...s0, ruleset: { ...s0.ruleset, flankMarchSides: ['blue'] } };
    let s = apply(s1, { type: 'flankMarch', side: 'blue', group: 'blue-1', edge: 'left' }).state;
    expect(s.ruleset.groups['blue-1']!.offTable).toMatchObject({ x: 0, y: 1050, flankMarch: true });
    s = apply(apply(s, { type: 'endStep', side: 'blue' }).state, { type: 'endStep', side: 'red' }).state;
    s = advanceTo(s, 'commandChanges');
    const r = apply(withDice(s, [5]), { type: 'endStep', side: 'blue' });
    expect(rolls(r.events).find((x) => x.purpose.includes('return'))!.faces).toEqual([5]);
    expect(r.state.ruleset.groups['blue-1']!.offTable).toBeNull();
    expect(Math.min(...unitOf(r.state, 'blue-1').stands.map((st) => st.centre.x))).toBeLessThan(200);
  });
});

describe('Ottoman flank-march qualification, diced at set-up (9 p.19-20)', () => {
  // Set-up rolls, in order: each CinC draws 3 counters (a d100 = two d10 each: 12 faces), the CinC
  // ability D6 per side (blue Prussian, red Ottoman: the "Others" column), then the initiative D4s.
  const counters = Array.from({ length: 12 }, () => 1);
  const game = (blueAbility: number, redAbility: number, blueD4: number, redD4: number) =>
    battle([blue, { ...blue, id: 'blue-2', x: 1200 }, red, { ...red, id: 'red-2', x: 1200 }], { nationality: { red: 'Ottoman' }, fields: { attacker: undefined }, setupDice: [...counters, blueAbility, redAbility, blueD4, redD4] });
  it('the scripted set-up dice are the ones read: CinC ability by nation, then D4 + ability', () => {
    const s = game(1, 6, 4, 1);
    // Prussian D6 1 -> ability 1; Others D6 6 -> ability 4 (9 p.19 table).
    expect(s.ruleset.cincAbility).toEqual({ blue: 1, red: 4 });
    expect(s.ruleset.initiative).toEqual({ blue: 5, red: 5 });
  });
  it('an Ottoman army whose initiative beats the enemy\'s by exactly 1 may flank march, and the deployment step opens for it', () => {
    const s = game(1, 1, 2, 3); // blue 1+2 = 3, red 1+3 = 4
    expect(s.ruleset.initiative).toEqual({ blue: 3, red: 4 });
    expect(s.ruleset.attacker).toBe('red');
    expect(s.ruleset.flankMarchSides).toEqual(['red']);
    // Blue, the defender, has one brigade (its last): the attacker's step opens the deployment.
    expect(s.position.step).toBe('deployAttacker');
    const r = apply(s, { type: 'flankMarch', side: 'red', group: 'red-2', edge: 'right' });
    expect(r.state.ruleset.groups['red-2']!.offTable).toMatchObject({ x: 1800, flankMarch: true });
    expect(r.state.ruleset.groups['red-2']!.order).toBe('reserve');
    const blueStep = apply(r.state, { type: 'endStep', side: 'red' }).state;
    expect(blueStep.position.step).toBe('deployLastBrigade');
    expect(rejection(blueStep, { type: 'flankMarch', side: 'blue', group: 'blue-2', edge: 'left' })).toBe('no-flank-march');
  });
  it('an Ottoman army that loses the initiative may not flank march; without hidden deployment there is no deployment step', () => {
    const lost = game(1, 1, 3, 2);
    expect(lost.ruleset.attacker).toBe('blue');
    expect(lost.ruleset.flankMarchSides).toEqual([]);
    expect(lost.position.step).toBe('commandChanges');
    expect(rejection(lost, { type: 'flankMarch', side: 'red', group: 'red-2', edge: 'right' })).toBe('not-now');
  });
  it('a non-Ottoman army that wins the initiative by 2 gets no flank march (only the side strips)', () => {
    const s = battle([blue, red], { fields: { attacker: undefined }, setupDice: [...counters, 1, 1, 4, 1] });
    expect(s.ruleset.initiative).toEqual({ blue: 5, red: 2 });
    expect(s.ruleset.flankMarchSides).toEqual([]);
    expect(deploymentZone(s.battle, s.ruleset, 'blue')).toMatchObject({ x0: 0, x1: 1800 });
  });
});
