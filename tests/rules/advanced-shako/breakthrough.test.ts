/**
 * Breakthrough charges: the base book's, as the amendments bound them. Victorious charging cavalry
 * are entitled to one (AS 8.2 clarification "entitled to a Breakthrough"; AS 11.4 British cavalry
 * control "After a victorious melee"); breaking a unit in Fallback gives none (AS 11.2.5 Dispersing
 * units in Fallback status); the melee is fought at once, with no pre-melee recall (AS 11.4 Cavalry
 * Recall and Hasty Squares); hasty squares form before it (AS 8.2 rule change).
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, apply, ofType, rejection, rolls, unit, ust, withUnitState, type U } from './build';

/** Blue (Austrian: no British control) cavalry charge r1 (masse: no hasty square); r2 waits behind. */
function won(extra: U[] = [], blueNation = 'Austrian') {
  let s = battle([
    { id: 'bc', side: 'blue', type: 'heavy-cavalry', x: 900, y: 500, n: 3 },
    { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 700, extra: { masse: true } },
    { id: 'r2', side: 'red', type: 'line-infantry', x: 1000, y: 950, extra: { masse: true } },
    ...extra,
  ], { setupDice: [5, 2], sides: { blue: blueNation } });
  s = apply(s, { type: 'charge', side: 'blue', unit: 'bc', target: 'r1' }).state;
  s = apply(s, { type: 'endStep', side: 'blue' }).state;
  s = apply(s, { type: 'endStep', side: 'red' }).state;
  expect(s.position.step).toBe('volleys');
  // Melee 6 + MR 4 + 1 (cavalry v infantry not in square) against 1 + 4: r1 beaten by 6 and broken.
  return apply(s, { type: 'endStep', side: 'red' }, [6, 1]);
}

describe('SHAKO Breakthrough charges (AS 8.2, 11.4): victorious cavalry may charge again', () => {
  it('after winning, the cavalry\'s side is offered a Breakthrough step; the charge goes through the core and is fought at once, not Blown', () => {
    const r = won();
    expect(ofType(r.events, 'UnitBroken').map((e) => e['unit'])).toEqual(['r1']);
    expect(r.state.position.step).toBe('breakthrough');
    expect(r.state.position.actors).toEqual(['blue']);
    expect(ust(r.state, 'bc').breakthrough).toBe(1);
    const b = apply(r.state, { type: 'breakthrough', side: 'blue', unit: 'bc', target: 'r2' }, [6, 1]);
    expect(ofType(b.events, 'Breakthrough')[0]).toMatchObject({ unit: 'bc', target: 'r2', forced: false });
    const [ra] = rolls(b.events);
    expect(ra!.purpose).toMatch(/bc charging r2/);
    // A Breakthrough charges as a fresh charge: its MR, not the DisMR of a Blown regiment.
    expect(ra!.modifiers.map((m) => m.label)).toEqual(['MR', 'cavalry against infantry not in square']);
    expect(ofType(b.events, 'UnitBroken').map((e) => e['unit'])).toEqual(['r2']);
    // Won again, but a Breakthrough's winner is entitled to no further one; Blown after it.
    expect(ust(b.state, 'bc').breakthrough).toBeUndefined();
    expect(ust(b.state, 'bc').blown).toBe(1);
  });
  it('declining (ending the step) leaves the cavalry where they won, Blown', () => {
    const r = won();
    const y = unit(r.state, 'bc')!.stands[0]!.centre.y;
    const e = apply(r.state, { type: 'endStep', side: 'blue' });
    expect(e.state.position.phase).toBe('command');
    expect(unit(e.state, 'bc')!.stands[0]!.centre.y).toBe(y);
    expect(ust(e.state, 'bc').blown).toBe(1);
  });
  it('a target beyond the cavalry\'s 18" reach is refused', () => {
    const r = won([{ id: 'r3', side: 'red', type: 'line-infantry', x: 300, y: 1150 }]);
    expect(rejection(r.state, { type: 'breakthrough', side: 'blue', unit: 'bc', target: 'r3' })).toBe('out-of-reach');
  });
  it('only cavalry that won a melee: infantry and the loser are refused', () => {
    const r = won([{ id: 'bi', side: 'blue', type: 'line-infantry', x: 1300, y: 500 }]);
    expect(rejection(r.state, { type: 'breakthrough', side: 'blue', unit: 'bi', target: 'r2' })).toBe('no-breakthrough');
  });
});

describe('AS 11.2.5 Dispersing units in Fallback status: no Breakthrough', () => {
  it('cavalry that break a unit in Fallback by contact fight no melee and are offered no Breakthrough', () => {
    let s = battle([
      { id: 'bc', side: 'blue', type: 'heavy-cavalry', x: 900, y: 500, n: 3 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 700 },
      { id: 'r2', side: 'red', type: 'line-infantry', x: 1000, y: 950, extra: { masse: true } },
    ], { setupDice: [5, 2], sides: { blue: 'Austrian' } });
    s = withUnitState(s, 'r1', { fallback: 1 });
    const c = apply(s, { type: 'charge', side: 'blue', unit: 'bc', target: 'r1' });
    expect(ofType(c.events, 'UnitBroken')[0]).toMatchObject({ unit: 'r1', rule: 'AS 11.2.5 Dispersing units in Fallback status' });
    const m = advanceTo(c.state, 'orders');
    expect(ofType(m.events, 'StepStarted').filter((e) => e['step'] === 'breakthrough').map((e) => e['actors'])).toEqual([[]]);
    expect(ust(m.state, 'bc').breakthrough).toBeUndefined();
  });
});

describe('AS 11.4 British cavalry control, then a free choice', () => {
  it('British cavalry that pass the control roll keep the option of a Breakthrough', () => {
    // Control roll 5 (4 or more): passed, not forced; the step is still offered to blue.
    let s = battle([
      { id: 'bc', side: 'blue', type: 'heavy-cavalry', x: 900, y: 500, n: 3 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 700, extra: { masse: true } },
      { id: 'r2', side: 'red', type: 'line-infantry', x: 1000, y: 950, extra: { masse: true } },
    ], { setupDice: [5, 2] });
    s = apply(s, { type: 'charge', side: 'blue', unit: 'bc', target: 'r1' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    const r = apply(s, { type: 'endStep', side: 'red' }, [6, 1, 5]);
    expect(rolls(r.events)[2]!.outcome).toBe('pass');
    expect(ofType(r.events, 'Breakthrough')).toEqual([]);
    expect(r.state.position.step).toBe('breakthrough');
  });
});
