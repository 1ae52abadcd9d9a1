/** DoG FIRE PHASE: Infantry Fire and Artillery Fire, Procedure — the fire die, factors, modifiers, range, chart; casualties and the morale test they call for. */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, ofType, unit, rejection } from './build';

describe('DoG Infantry Fire: a Prussian musketeer battalion in line fires at French line infantry 50 m off', () => {
  const s0 = advanceTo(battle([
    { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
    { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750 },
  ]), 'fireFirst');

  it('fire die 7 reads 3; +1 fire factor, +2 initial volley, +1 musket at 36-60 m: score 7, 12 figures: 120 men (4 figures); a 10% test holds on a 3', () => {
    const r = apply(withDice(s0, [7, 3]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' });
    const [shot, morale] = rolls(r.events);
    expect(shot!.modifiers.map((m) => [m.label, m.value])).toEqual([
      ['fire factor (Musketeer)', 1],
      ['initial volley (once per game)', 2],
      ['musket at 50 m', 1],
    ]);
    expect(shot!.table?.column).toBe('12 figures firing');
    expect(shot!.outcome).toContain('fire die 7 reads 3; score 7, 12 figures firing: 120 men');
    expect(ofType(r.events, 'FiguresLost')[0]).toMatchObject({ unit: 'fr', men: 120, figures: 4, left: 20 });
    expect(unit(r.state, 'fr')!.stands.reduce((a, st) => a + (st.figures ?? 0), 0)).toBe(20);
    // DoG MORALE: -5% for 10% casualties, -5% for 10% lost this move: 60% becomes 50%; a 3 (30%) holds.
    expect(morale!.target?.modifiedValue).toBeCloseTo(5);
    expect(morale!.outcome).toContain('holds');
    expect(r.state.ruleset.units['pr']!.fired).toBe(true);
  });

  it('a 0 on the fire die reads 4 and risks any general within 50 m of the target (none here)', () => {
    const r = apply(withDice(s0, [10, 1]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' });
    expect(rolls(r.events)[0]!.outcome).toContain('fire die 0 reads 4; score 8');
  });

  it('a unit fires once a turn (DoG FIRE PHASE)', () => {
    const r = apply(withDice(s0, [1, 3]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' });
    expect(rejection(r.state, { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' })).toBe('cannot-fire');
  });
});

describe('DoG Infantry Fire: targets outside the 10° arc of the frontage or beyond musket range cannot be fired at', () => {
  it('a target 400 m off is out of musket range (200 m)', () => {
    const s = advanceTo(battle([{ id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 }, { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 1100 }]), 'fireFirst');
    expect(rejection(s, { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' })).toBe('cannot-fire');
  });
  it('a target far off to the flank is not in the arc', () => {
    const s = advanceTo(battle([{ id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 }, { id: 'fr', side: 'red', type: 'fusilier', x: 1500, y: 760 }]), 'fireFirst');
    expect(rejection(s, { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' })).toBe('cannot-fire');
  });
});

describe('DoG Artillery Fire: a 6-gun Prussian light battery at 200 m', () => {
  it('fire die 0 reads 4; +2 fire factor, +1 a rank of target, canister 0 at 166-275 m: score 7, 6 guns: 140 men', () => {
    const s = advanceTo(battle([
      { id: 'bat', side: 'blue', arm: 'artillery', type: 'light', x: 1200, y: 700 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 900 },
    ]), 'fireFirst');
    const r = apply(withDice(s, [10, 2]), { type: 'fire', side: 'blue', unit: 'bat', target: 'fr' });
    const shot = rolls(r.events)[0]!;
    expect(shot.modifiers.map((m) => [m.label, m.value])).toEqual([
      ['fire factor (Light)', 2],
      ['for every rank of target unit (artillery fire) (1)', 1],
      ['canister, 6-7 pdr at 200 m', 0],
    ]);
    expect(shot.table?.id).toBe('artilleryChart');
    expect(shot.outcome).toContain('score 7, 6 guns: 140 men');
    expect(ofType(r.events, 'FiguresLost')[0]).toMatchObject({ men: 140, figures: 4 });
  });
});

describe('The log says what the fire did in words (RulesetModule.describeEvent)', () => {
  it('casualties in men and figures', async () => {
    const { describeDogEvent } = await import('../../../src/rules/death-or-glory/logText');
    const names = { piece: (id: string) => id.toUpperCase(), side: (id: string) => id };
    expect(describeDogEvent({ type: 'FiguresLost', unit: 'fr', men: 120, figures: 4, left: 20, rule: 'x' } as never, names)).toBe('FR loses 120 men (4 figures); 20 left.');
  });
});
