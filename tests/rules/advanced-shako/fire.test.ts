/**
 * Fire (established: kills and staggers, a second stagger a kill, Broken when kills reach MR), with
 * the amendments: 10.3 British/Elite/Guard volleys, 11.0 massed columns, 12.1 Fallback counts as
 * staggered, 9.2 canister targeting, 12.2 New Order.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, apply, ofType, rolls, rejection, unit, ust, withUnitState, withDivision, type U } from './build';

const pair = (red: Partial<U> = {}, blue: Partial<U> = {}) => battle([
  { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500, ...blue },
  { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 560, ...red },
], { setupDice: [5, 2] });

describe('SHAKO fire (established): staggers and kills', () => {
  it('a stagger on a staggered unit is a kill, and a unit whose kills reach its MR is Broken', () => {
    let s = advanceTo(pair(), 'volleys').state;
    s = withUnitState(s, 'r1', { staggered: true, kills: 3 });
    const r = apply(s, { type: 'fire', side: 'blue', unit: 'b1', target: 'r1' }, [5]);
    expect(rolls(r.events)[0]!.outcome).toBe('stagger');
    expect(ofType(r.events, 'Killed')[0]).toMatchObject({ unit: 'r1', kills: 4 });
    expect(ofType(r.events, 'UnitBroken')[0]).toMatchObject({ unit: 'r1' });
    expect(unit(r.state, 'r1')).toBeUndefined();
    expect(r.state.ruleset.gone['r1']).toMatchObject({ how: 'broken', side: 'red' });
  });
  it('below the stagger number nothing happens; a unit fires once a turn', () => {
    const s = advanceTo(pair(), 'volleys').state;
    const r = apply(s, { type: 'fire', side: 'blue', unit: 'b1', target: 'r1' }, [3]);
    expect(rolls(r.events)[0]!.outcome).toBe('no effect');
    expect(ust(r.state, 'r1').staggered).toBe(false);
    expect(ust(r.state, 'b1').fired).toBe(true);
    // Blue has no unit left that may fire: it is no longer asked to act in the step.
    expect(r.state.position.actors).toEqual(['red']);
  });
  it('12.1: a unit in Fallback is considered already staggered when it receives fire', () => {
    let s = advanceTo(pair(), 'volleys').state;
    s = withUnitState(s, 'r1', { fallback: 1 });
    const r = apply(s, { type: 'fire', side: 'blue', unit: 'b1', target: 'r1' }, [4]);
    expect(ofType(r.events, 'Killed')).toHaveLength(1);
  });
  it('12.2: a firer whose division is under a New Order takes -1', () => {
    let s = advanceTo(pair(), 'volleys').state;
    s = withDivision(s, 'blue-div', { newOrder: true });
    const r = apply(s, { type: 'fire', side: 'blue', unit: 'b1', target: 'r1' }, [4]);
    expect(rolls(r.events)[0]!.modifiers.map((m) => m.value)).toEqual([-1]);
    expect(rolls(r.events)[0]!.outcome).toBe('no effect');
  });
  it('out of musket range (3", house) nobody fires and the step is passed by; infantry in square never volley', () => {
    const far = advanceTo(pair({ y: 700 }), 'division2').state;
    const next = apply(far, { type: 'endStep', side: far.position.actors[0]! }).state;
    expect(next.position.phase).toBe('command');
    const s = advanceTo(pair({}, { formation: 'square' }), 'volleys').state;
    expect(s.position.actors).toEqual(['red']);
    expect(rejection(s, { type: 'fire', side: 'red', unit: 'r1', target: 'b1' })).toBe('accepted');
  });
});

/** Red charges the blue line from 7.9" (red moves first: initiative 2 v 5), then blue volleys. */
function charged(red: Partial<U> = {}, blue: Partial<U> = {}, opts: { blueNation?: string } = {}) {
  const s0 = battle([
    { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500, ...blue },
    { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 700, ...red },
  ], { setupDice: [2, 5], sides: { blue: opts.blueNation ?? 'British' } });
  const c = apply(s0, { type: 'charge', side: 'red', unit: 'r1', target: 'b1' });
  return advanceTo(c.state, 'volleys').state;
}

describe('AS 10.3 British, Elite and Guard firepower', () => {
  it('British regulars, stationary and steady, +1 at chargers in contact', () => {
    const s = charged();
    expect(ust(s, 'r1').charge?.target).toBe('b1');
    const r = apply(s, { type: 'fire', side: 'blue', unit: 'b1', target: 'r1' }, [3]);
    expect(rolls(r.events)[0]!.modifiers).toEqual([expect.objectContaining({ value: 1, label: expect.stringMatching(/British/) })]);
    expect(rolls(r.events)[0]!.outcome).toBe('stagger');
  });
  it('not for a staggered British line, nor for other nations\' regulars; Elite of any nation gain it', () => {
    let s = withUnitState(charged(), 'b1', { staggered: true });
    let r = apply(s, { type: 'fire', side: 'blue', unit: 'b1', target: 'r1' }, [3]);
    expect(rolls(r.events)[0]!.modifiers.map((m) => m.label)).toEqual(['firer Staggered']);
    s = charged({}, {}, { blueNation: 'Austrian' });
    r = apply(s, { type: 'fire', side: 'blue', unit: 'b1', target: 'r1' }, [3]);
    expect(rolls(r.events)[0]!.modifiers).toEqual([]);
    s = charged({}, { quality: 'elite' }, { blueNation: 'Austrian' });
    r = apply(s, { type: 'fire', side: 'blue', unit: 'b1', target: 'r1' }, [3]);
    expect(rolls(r.events)[0]!.modifiers.map((m) => m.value)).toEqual([1]);
  });
});

describe('AS 11.0 and 11.2.4 Massed column attacks', () => {
  it('a charging column staggered by its target\'s volley is withdrawn 1/4" and forms line on its front stand; the new line may not fire', () => {
    const s = charged({ formation: 'column' });
    expect(unit(s, 'r1')!.formation).toBe('column');
    // The volley; then, nobody left to fire, the Command phase: the staggered column steadies on a 1.
    const r = apply(s, { type: 'fire', side: 'blue', unit: 'b1', target: 'r1' }, [4, 1]);
    expect(ofType(r.events, 'WithdrawnFromContact')[0]).toMatchObject({ unit: 'r1', distanceIn: 0.25 });
    expect(ofType(r.events, 'FormationChanged')[0]).toMatchObject({ unit: 'r1', formation: 'line', involuntary: true });
    expect(unit(r.state, 'r1')!.formation).toBe('line');
    expect(ust(r.state, 'r1').charge).toBeUndefined();
    expect(ofType(r.events, 'StepStarted').map((e) => e['step'])).toContain('orders');
  });
  it('skirmishers do not stop the line forming: those it covers are withdrawn as on contact with Formed units', () => {
    const s0 = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 700, formation: 'column' },
      { id: 'rs', side: 'red', type: 'light-infantry', x: 990, y: 515, formation: 'skirmish', n: 1 },
    ], { setupDice: [2, 5] });
    const c = apply(s0, { type: 'charge', side: 'red', unit: 'r1', target: 'b1' });
    const s = advanceTo(c.state, 'volleys').state;
    const r = apply(s, { type: 'fire', side: 'blue', unit: 'b1', target: 'r1' }, [4, 1, 1]);
    expect(ofType(r.events, 'FormationChanged')[0]).toMatchObject({ unit: 'r1', formation: 'line', involuntary: true });
    expect(ofType(r.events, 'FellBack')[0]).toMatchObject({ unit: 'rs' });
  });
  it('with no room either side it stays in column, and the infantry neighbours that took the room are Staggered', () => {
    const s0 = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 700, formation: 'column' },
      { id: 'r2', side: 'red', type: 'line-infantry', x: 800, y: 515, formation: 'column' },
      { id: 'r3', side: 'red', type: 'line-infantry', x: 1000, y: 515, formation: 'column' },
    ], { setupDice: [2, 5] });
    const c = apply(s0, { type: 'charge', side: 'red', unit: 'r1', target: 'b1' });
    const s = advanceTo(c.state, 'volleys').state;
    const r = apply(s, { type: 'fire', side: 'blue', unit: 'b1', target: 'r1' }, [4]);
    expect(ofType(r.events, 'ColumnKept')[0]).toMatchObject({ unit: 'r1', why: 'no room to form line' });
    expect(ofType(r.events, 'Staggered').map((e) => e['unit']).sort()).toEqual(['r1', 'r2', 'r3']);
    expect(unit(r.state, 'r1')!.formation).toBe('column');
  });
});

describe('AS 9.2 Artillery canister targeting', () => {
  it('the battery may lay canister at a unit in its 45 degree arc; the nearest in the pattern receives the kills', () => {
    const s0 = battle([
      { id: 'bg', side: 'blue', type: 'foot-artillery', x: 900, y: 400 },
      { id: 'near', side: 'red', type: 'line-infantry', x: 1050, y: 560, facingDeg: -90 },
      { id: 'far', side: 'red', type: 'line-infantry', x: 900, y: 800 },
    ], { setupDice: [] });
    expect(s0.position.step).toBe('bombard');
    // The canister die, then (the step over) the initiative dice.
    const r = apply(s0, { type: 'fire', side: 'blue', unit: 'bg', target: 'far' }, [5, 3, 4]);
    expect(rolls(r.events)[0]!.purpose).toMatch(/Canister: bg at near/);
    expect(ofType(r.events, 'Killed')[0]).toMatchObject({ unit: 'near' });
  });
  it('canister is compulsory at a target directly to the front: the battery may not fire roundshot past it', () => {
    const s0 = battle([
      { id: 'bg', side: 'blue', type: 'foot-artillery', x: 900, y: 400 },
      { id: 'ahead', side: 'red', type: 'line-infantry', x: 900, y: 600 },
      { id: 'off', side: 'red', type: 'line-infantry', x: 1400, y: 1100 },
    ], { setupDice: [] });
    expect(rejection(s0, { type: 'fire', side: 'blue', unit: 'bg', target: 'off' })).toBe('canister-compulsory');
    expect(rejection(s0, { type: 'fire', side: 'blue', unit: 'bg', target: 'ahead' })).toBe('accepted');
  });
});
