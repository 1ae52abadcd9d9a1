/**
 * DoG Skirmishers: "Once screened, a unit may not fire (except artillery) nor be fired upon"; "A
 * skirmish screen more than 2 figs deep blocks fire by friendly skirmishers". DoG Fire
 * Modifiers: "-3 target unit is behind soft cover", "-4 … behind hard cover", "+1 firing unit
 * resting arms on wall/parapet" — a hedge or wall the line of fire crosses next to the unit.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, rejection } from './build';

describe('DoG Skirmishers: a Prussian line behind its own skirmish screen', () => {
  // Blue's Jäger in skirmish order (4 stands of 6 figures) stand between the Prussian line and the French.
  const s = advanceTo(battle([
    { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
    { id: 'jg', side: 'blue', type: 'musketeer', x: 1200, y: 760, formation: 'skirmish' },
    { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 830, n: 8 },
  ]), 'fireFirst');

  it('the screened line may not fire through it', () => {
    expect(rejection(s, { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' })).toBe('cannot-fire');
  });
  it('a battery in the line\'s place fires through the same skirmishers ("except artillery")', () => {
    const b = advanceTo(battle([
      { id: 'bat', side: 'blue', arm: 'artillery', type: 'light', x: 1200, y: 700 },
      { id: 'jg', side: 'blue', type: 'musketeer', x: 1200, y: 760, formation: 'skirmish' },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 830, n: 8 },
    ]), 'fireFirst');
    expect(rejection(b, { type: 'fire', side: 'blue', unit: 'bat', target: 'fr' })).toBe('accepted');
  });
  it('the skirmishers themselves fire', () => {
    expect(rejection(s, { type: 'fire', side: 'blue', unit: 'jg', target: 'fr' })).toBe('accepted');
  });
});

describe('DoG Skirmishers: "A skirmish screen more than 2 figs deep blocks fire by friendly skirmishers"', () => {
  it('a screen of 9 figures a stand (3 deep on 33 mm) blocks; one 2 deep does not', () => {
    const base = battle([
      { id: 'jg', side: 'blue', type: 'musketeer', x: 1200, y: 700, formation: 'skirmish' },
      { id: 'deep', side: 'blue', type: 'musketeer', x: 1200, y: 760, formation: 'skirmish', n: 2 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 830, n: 8 },
    ]);
    const withFigures = (n: number) => ({ ...base, battle: { ...base.battle, units: base.battle.units.map((u) => (u.id === 'deep' ? { ...u, stands: u.stands.map((st) => ({ ...st, figures: n })) } : u)) } });
    expect(rejection(advanceTo(withFigures(9), 'fireFirst'), { type: 'fire', side: 'blue', unit: 'jg', target: 'fr' })).toBe('cannot-fire');
    expect(rejection(advanceTo(withFigures(6), 'fireFirst'), { type: 'fire', side: 'blue', unit: 'jg', target: 'fr' })).toBe('accepted');
  });
});

describe('DoG Fire Modifiers: cover behind a hedge or a wall', () => {
  // An obstacle 4 m thick running east-west just in front of the French line (y 796..800).
  const hedge = (props: Record<string, unknown>) => ({ id: 'h', kind: 'obstacle', name: 'the lane hedge', polygon: [[1000, 796], [1400, 796], [1400, 800], [1000, 800]], props });
  const shot = (props: Record<string, unknown>) => {
    const s = advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 810 },
    ], { terrain: [hedge(props)] }), 'fireFirst');
    return rolls(apply(withDice(s, [1]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' }).events)[0]!.modifiers.map((m) => [m.label, m.value]);
  };
  it('a hedge is soft cover: -3', () => {
    expect(shot({})).toContainEqual(['target unit is behind soft cover (the lane hedge)', -3]);
  });
  it('a stone wall is hard cover: -4', () => {
    expect(shot({ material: 'stone' })).toContainEqual(['target unit is behind hard cover (the lane hedge)', -4]);
  });
  it('a wall 80 m in front of the target is not cover, and the firer is not resting on it', () => {
    const s = advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 880 },
    ], { terrain: [hedge({ material: 'stone' })] }), 'fireFirst');
    const mods = rolls(apply(withDice(s, [1]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' }).events)[0]!.modifiers.map((m) => m.label);
    expect(mods.some((l) => l.includes('cover') || l.includes('resting arms'))).toBe(false);
  });
  it('the French firing back over the stone wall rest their arms on it: +1', () => {
    const s = advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 810 },
    ], { terrain: [hedge({ material: 'stone' })], initiative: [2, 9] }), 'fireFirst');
    const mods = rolls(apply(withDice(s, [1]), { type: 'fire', side: 'red', unit: 'fr', target: 'pr' }).events)[0]!.modifiers.map((m) => [m.label, m.value]);
    expect(mods).toContainEqual(['firing unit resting arms on wall/parapet (the lane hedge)', 1]);
  });
});

describe('DoG MORALE MODIFIERS "+20% unit in cover": a battalion behind a hedge tests its losses with the cover', () => {
  it('a 30% loss behind the hedge: the test counts +20% (2 in tens) for the cover', () => {
    const s = advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 740, n: 8 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 810, n: 2 },
    ], { terrain: [{ id: 'h', kind: 'obstacle', name: 'the lane hedge', polygon: [[1000, 796], [1400, 796], [1400, 800], [1000, 800]], props: {} }] }), 'fireFirst');
    const r = apply(withDice(s, [10, 1]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' });
    const test = rolls(r.events).find((x) => x.purpose.startsWith('fr: morale test'))!;
    expect(test.modifiers.map((m) => [m.label, m.value])).toContainEqual(['unit in cover (behind an obstacle)', 2]);
  });
});
