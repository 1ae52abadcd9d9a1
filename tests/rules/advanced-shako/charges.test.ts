/**
 * Charges and hasty squares: AS 8.2 (clarification: rolled as soon as charged; quick reference +1 from
 * within 9"; rule change: a failure keeps formation, fights with DisMR and may not fire; terrain;
 * columns -1), 8.1.2b Combat Deployment, 17.2 Austrian masse, 11.4 recall from a hasty square,
 * 7.3.1 obligatory cavalry charges, 8.7 French formation changes and charges.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, apply, ofType, rolls, rejection, unit, ust, type U } from './build';

/** Red cavalry (moving first: initiative 2 v 5) facing the blue foot `gapMm` away. */
const cavalryAt = (gapMm: number, blue: Partial<U> = {}, extra: U[] = []) => battle([
  { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500, ...blue },
  { id: 'rc', side: 'red', type: 'heavy-cavalry', x: 900, y: 500 + gapMm, n: 3 },
  ...extra,
], { setupDice: [2, 5] });

describe('AS 8.2 Hasty Squares', () => {
  it('charged from within 9" the roll takes +1 (quick reference): 2 + 1 is under MR 4, the square forms at once, a HASTY square', () => {
    const s = cavalryAt(200);
    const r = apply(s, { type: 'charge', side: 'red', unit: 'rc', target: 'b1' }, [2]);
    const roll = rolls(r.events)[0]!;
    expect(roll.purpose).toMatch(/b1: hasty square \(under MR 4\)/);
    expect(roll.modifiers).toEqual([expect.objectContaining({ value: 1, label: 'charged from within 9"' })]);
    expect(unit(r.state, 'b1')!.formation).toBe('square');
    expect(ust(r.state, 'b1').hasty).toBe(true);
  });
  it('from further than 9" no +1: a 3 passes', () => {
    const r = apply(cavalryAt(300), { type: 'charge', side: 'red', unit: 'rc', target: 'b1' }, [3]);
    expect(rolls(r.events)[0]!.modifiers).toEqual([]);
    expect(unit(r.state, 'b1')!.formation).toBe('square');
  });
  it('columns -1: 4 + 1 - 1 passes; a 6 always fails whatever the modifiers', () => {
    let r = apply(cavalryAt(200, { formation: 'column' }), { type: 'charge', side: 'red', unit: 'rc', target: 'b1' }, [3]);
    expect(rolls(r.events)[0]!.modifiers.map((m) => m.value)).toEqual([1, -1]);
    expect(unit(r.state, 'b1')!.formation).toBe('square');
    r = apply(cavalryAt(300, { formation: 'column', quality: 'guard' }), { type: 'charge', side: 'red', unit: 'rc', target: 'b1' }, [6]);
    expect(rolls(r.events)[0]!.outcome).toBe('fail (a 6 always fails)');
  });
  it('failure (the later rule change wins): the unit keeps its formation and facing, may not fire, fights with its DisMR, and forms square after the melee if it survives', () => {
    const r = apply(cavalryAt(200), { type: 'charge', side: 'red', unit: 'rc', target: 'b1' }, [5]);
    expect(ofType(r.events, 'HastySquare')[0]).toMatchObject({ formed: false });
    expect(unit(r.state, 'b1')!.formation).toBe('line');
    expect(ust(r.state, 'b1').hastyFailed).toBe(true);
    expect(unit(r.state, 'b1')).toBeDefined();
    // Blue's division step, then the musketry phase: b1 may not fire, so nobody fires; the melee: rc 1+4+1 v b1 6+3 (DisMR).
    const s = advanceTo(r.state, 'division2').state;
    // ... and in the Command phase the beaten cavalry rally from Fallback on a 1.
    const m = apply(s, { type: 'endStep', side: 'blue' }, [1, 6, 1]);
    const [ra, rd] = rolls(m.events);
    expect(ra!.modifiers.map((x) => x.label)).toEqual(['MR', 'cavalry against infantry not in square']);
    expect(rd!.modifiers.map((x) => [x.label, x.value])).toEqual([['DisMR (failed hasty square)', 3]]);
    expect(ofType(m.events, 'MeleeWon')[0]).toMatchObject({ winner: 'b1', loser: 'rc' });
    expect(ofType(m.events, 'FormationChanged')[0]).toMatchObject({ unit: 'b1', formation: 'square' });
  });
  it('Combat Deployed infantry (both flanks supported within 3", 8.1.2b) need not attempt it', () => {
    const s = cavalryAt(200, {}, [
      { id: 'bl', side: 'blue', type: 'line-infantry', x: 700, y: 500 },
      { id: 'br', side: 'blue', type: 'line-infantry', x: 1100, y: 500 },
    ]);
    const r = apply(s, { type: 'charge', side: 'red', unit: 'rc', target: 'b1' });
    expect(ofType(r.events, 'NoHastySquare')[0]).toMatchObject({ unit: 'b1', why: expect.stringMatching(/Combat Deployed/) });
  });
  it('17.2 Army Orders of Battle: Austrian battalion masse need not attempt it', () => {
    const r = apply(cavalryAt(200, { extra: { masse: true } }), { type: 'charge', side: 'red', unit: 'rc', target: 'b1' });
    expect(ofType(r.events, 'NoHastySquare')[0]!['why']).toMatch(/masse/);
  });
  it('Hasty Squares and terrain: stationary infantry defending a wood need not attempt it', () => {
    const s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
      { id: 'rc', side: 'red', type: 'light-cavalry', x: 900, y: 700, n: 3 },
    ], { setupDice: [2, 5], terrain: [{ id: 'w', kind: 'wood', name: 'Copse', polygon: [[780, 400], [1020, 400], [1020, 505], [780, 505]], props: {} }] });
    const r = apply(s, { type: 'charge', side: 'red', unit: 'rc', target: 'b1' });
    expect(ofType(r.events, 'NoHastySquare')[0]!['why']).toMatch(/favourable terrain/);
  });
});

describe('AS 11.4 Cavalry Recall and Hasty Squares', () => {
  it('cavalry charging a HASTY square may try to recall before the melee: under MR they recall and are Blown', () => {
    const r = apply(cavalryAt(200), { type: 'charge', side: 'red', unit: 'rc', target: 'b1' }, [2]);
    const s = advanceTo(r.state, 'beforeMelee').state;
    expect(s.position.actors).toEqual(['red']);
    const rc = apply(s, { type: 'recall', side: 'red', unit: 'rc' }, [3]);
    expect(ofType(rc.events, 'Recalled')[0]).toMatchObject({ unit: 'rc' });
    expect(ust(rc.state, 'rc').blown).toBe(1);
    expect(ust(rc.state, 'rc').charge).toBeUndefined();
  });
  it('cavalry charging an already formed square must charge to contact: no recall is offered', () => {
    const s0 = cavalryAt(200, { formation: 'square' });
    const r = apply(s0, { type: 'charge', side: 'red', unit: 'rc', target: 'b1' });
    expect(ofType(r.events, 'NoHastySquare')[0]!['why']).toBe('already in square');
    const s = advanceTo(r.state, 'division2').state;
    expect(rejection(s, { type: 'recall', side: 'red', unit: 'rc' })).not.toBe('accepted');
  });
});

describe('AS 7.3.1 Obligatory cavalry charges', () => {
  it('cavalry with a Formed enemy within 6" ahead at the start of their movement may only charge it', () => {
    const s = cavalryAt(100);
    expect(ust(s, 'rc').mustCharge).toEqual(['b1']);
    expect(rejection(s, { type: 'moveUnit', side: 'red', unit: 'rc', legs: [{ kind: 'backward', mm: 50 }] })).toBe('must-charge');
    expect(rejection(s, { type: 'changeFormation', side: 'red', unit: 'rc', formation: 'column' })).toBe('must-charge');
  });
  it('if its player does not charge, the charge is made when the division has moved (defending cavalry too, at any Formed unit)', () => {
    const s = cavalryAt(100);
    const r = apply(s, { type: 'endStep', side: 'red' }, [2]);
    expect(ofType(r.events, 'Charged')[0]).toMatchObject({ unit: 'rc', target: 'b1', obligatory: true });
    expect(unit(r.state, 'b1')!.formation).toBe('square');
  });
});

describe('AS 8.7 French formation changes and charges', () => {
  it('French units may change formation and move, but not change formation and charge in the same turn', () => {
    const s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 800, formation: 'column' },
    ], { setupDice: [2, 5] });
    const r = apply(s, { type: 'changeFormation', side: 'red', unit: 'r1', formation: 'line' });
    expect(rejection(r.state, { type: 'charge', side: 'red', unit: 'r1', target: 'b1' })).toBe('french');
    expect(rejection(r.state, { type: 'moveUnit', side: 'red', unit: 'r1', legs: [{ kind: 'forward', mm: 30 }] })).toBe('accepted');
  });
  it('others may not combine movement and a change of formation', () => {
    const s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 200 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 800, formation: 'column' },
    ], { setupDice: [2, 5], sides: { red: 'Austrian' } });
    const m = apply(s, { type: 'moveUnit', side: 'red', unit: 'r1', legs: [{ kind: 'forward', mm: 30 }] });
    expect(rejection(m.state, { type: 'changeFormation', side: 'red', unit: 'r1', formation: 'line' })).toBe('moved');
  });
});

describe('AS 8.5 and 11.0 Artillery crews: "withdraw to square!"', () => {
  const gunsCharged = () => {
    const s0 = battle([
      { id: 'bg', side: 'blue', type: 'foot-artillery', x: 900, y: 500 },
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 1030, y: 500, formation: 'square' },
      { id: 'rc', side: 'red', type: 'light-cavalry', x: 900, y: 700, n: 3 },
    ]);
    // The battery does not fire (the initiative then: blue 2, red 5); the cavalry charge it.
    const s1 = apply(s0, { type: 'endStep', side: 'blue' }, [2, 5]).state;
    const c = apply(s1, { type: 'charge', side: 'red', unit: 'rc', target: 'bg' }).state;
    return advanceTo(c, 'beforeMelee').state;
  };
  it('the crews roll under their MR, -1 for not having fired: success abandons the guns, and the cavalry stay Blown without a melee', () => {
    const s = gunsCharged();
    expect(s.position.actors).toEqual(['blue']);
    const r = apply(s, { type: 'withdrawToSquare', side: 'blue', unit: 'bg' }, [5]);
    expect(rolls(r.events)[0]!.modifiers.map((m) => m.label)).toEqual(['the artillery did not fire this turn']);
    expect(ofType(r.events, 'CrewsWithdrew')[0]).toMatchObject({ unit: 'bg', square: 'b1' });
    expect(ust(r.state, 'bg').abandoned).toEqual({ square: 'b1' });
    expect(ust(r.state, 'rc')).toMatchObject({ blown: 1 });
    expect(ust(r.state, 'rc').charge).toBeUndefined();
  });
  it('failure: the crews are cut down and the battery is broken', () => {
    // The step then ends (nothing else to choose): no melee is left, and the division has lost half its units (6: Carry on).
    const r = apply(gunsCharged(), { type: 'withdrawToSquare', side: 'blue', unit: 'bg' }, [6, 6]);
    expect(ofType(r.events, 'UnitBroken')[0]).toMatchObject({ unit: 'bg' });
  });
});

describe('AS 8.5 and 11.0 Artillery crews: re-crewing the guns and abandoned guns', () => {
  /** The crews withdrew in turn 1; turn 2, blue's division moves first. */
  const nextTurn = (clear: boolean) => {
    const s0 = battle([
      { id: 'bg', side: 'blue', type: 'foot-artillery', x: 900, y: 500 },
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 1030, y: 500, formation: 'square' },
      { id: 'rc', side: 'red', type: 'light-cavalry', x: 900, y: 700, n: 3 },
      { id: 'ri', side: 'red', type: 'line-infantry', x: 700, y: 760 },
    ]);
    const s1 = apply(s0, { type: 'endStep', side: 'blue' }, [2, 5]).state;
    const c = apply(s1, { type: 'charge', side: 'red', unit: 'rc', target: 'bg' }).state;
    let s = apply(advanceTo(c, 'beforeMelee').state, { type: 'withdrawToSquare', side: 'blue', unit: 'bg' }, [1]).state;
    // The cavalry rode off (moved 300 mm back by hand): nothing in contact with the guns.
    if (clear) s = { ...s, battle: { ...s.battle, units: s.battle.units.map((u) => (u.id === 'rc' ? { ...u, stands: u.stands.map((x) => ({ ...x, centre: { x: x.centre.x, y: x.centre.y + 300 } as typeof x.centre })) } : u)) } };
    // Turn 1 ends with the orders step (blue, then red); turn 2's initiative (blue 5, red 2) follows red's endStep.
    s = apply(advanceTo(s, 'orders').state, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }, [5, 2]).state;
    expect(s.position).toMatchObject({ turn: 2, step: 'division1' });
    return s;
  };
  it('"To re-crew the guns takes a turn of movement": the crews return in their division\'s step and the battery has used its move', () => {
    const s = nextTurn(true);
    expect(rejection(s, { type: 'moveUnit', side: 'blue', unit: 'bg', legs: [{ kind: 'forward', mm: 20 }] })).toBe('abandoned');
    const r = apply(s, { type: 'recrew', side: 'blue', unit: 'bg' });
    expect(ofType(r.events, 'GunsRecrewed')[0]).toMatchObject({ unit: 'bg', rule: 'AS 8.5 and 11.0 Artillery crews: re-crewing the guns' });
    expect(ust(r.state, 'bg').abandoned).toBeUndefined();
    expect(rejection(r.state, { type: 'moveUnit', side: 'blue', unit: 'bg', legs: [{ kind: 'forward', mm: 20 }] })).toBe('illegal-move');
  });
  it('not with an enemy in contact with the guns (house reading), and only by their own crews', () => {
    const s = nextTurn(false);
    expect(rejection(s, { type: 'recrew', side: 'blue', unit: 'bg' })).toBe('no-recrew');
    expect(rejection(s, { type: 'recrew', side: 'blue', unit: 'b1' })).toBe('no-recrew');
  });
  it('abandoned guns are an obstacle, not a unit: they cannot be charged or fired at', () => {
    const s = apply(nextTurn(true), { type: 'endStep', side: 'blue' }).state;
    expect(s.position.step).toBe('division2');
    expect(ust(s, 'bg').abandoned).toEqual({ square: 'b1' });
    expect(rejection(s, { type: 'charge', side: 'red', unit: 'ri', target: 'bg' })).toBe('abandoned');
    expect(rejection(s, { type: 'charge', side: 'red', unit: 'ri', target: 'b1' })).not.toBe('abandoned');
  });
});

