/**
 * Seven Years War: (5) Shooting rules pp.11–12 — towns, the greatest threat, evaders' shots, shooting while disordered, and support shooting measured from the supporter.
 */
import { describe, expect, it } from 'vitest';
import { battle, withDice, apply, rejection, advanceTo, setOrder, rolls, type St, type U } from './build';

const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 250, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('SYW (5) Shooting rules (h) (p.12): towns', () => {
  it('shooting within a town is part of melee and is refused', () => {
    const town = { id: 'town', kind: 'village', name: 'Town', polygon: [[700, 250], [1100, 250], [1100, 450], [700, 450]] };
    const s = advanceTo(battle([{ ...blue, y: 300 }, { ...red, y: 340 }], { terrain: [town] }), 'shootingPhasing');
    expect(rejection(s, { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' })).toBe('town-melee');
  });
});

describe('(5) Shooting rules (a) p.12: "if within 15cms of enemy, they must shoot at the nearest enemy or the enemy posing the greatest threat to them"', () => {
  // Blue medium guns; red light infantry 9cm off to their left front (nearest); red cavalry 12cm ahead, facing the guns.
  const gun: U = { id: 'blue-1', side: 'blue', type: 'medium-artillery', x: 900, y: 500, facingDeg: 90, n: 1, depth: 40 };
  const li: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 820, y: 590, facingDeg: -90, n: 2, depth: 20 };
  const cav: U = { id: 'red-2', side: 'red', type: 'medium-cavalry', x: 960, y: 620, facingDeg: -90, n: 2, depth: 30 };
  const start = (order: 'advance' | 'stand') => advanceTo(setOrder(battle([gun, li, cav]), 'red-2', order), 'shootingPhasing');
  const shot = { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-2' };
  it('cavalry on Advance with the guns in their front arc are the greatest threat: the guns may shoot them', () => {
    expect(rejection(withDice(start('advance'), [3]), shot)).toBe('accepted');
  });
  it('the same cavalry on Stand are no threat: the guns must shoot the nearest', () => {
    expect(rejection(start('stand'), shot)).toBe('nearest');
  });
});

describe('6 h) p.13 "(2) Evaders may only shoot if Light Cavalry with bows, and in range"', () => {
  const cav: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 600, facingDeg: 90, n: 3, depth: 30 };
  const lc = (bows: boolean): U => ({ id: 'red-1', side: 'red', type: 'light-cavalry', x: 900, y: 700, facingDeg: -90, n: 2, depth: 30, extra: { bows } });
  const charge = { type: 'declareCharge', side: 'blue', group: 'blue-1', target: 'red-1' };
  // General D4, charging 2D6, target general D4, being charged 2D6 (OK), evade D12.
  const evade = (bows: boolean) => apply(withDice(advanceTo(setOrder(battle([cav, lc(bows)]), 'blue-1', 'advance'), 'movement'), [1, 6, 6, 1, 6, 6, 12]), charge).state;
  it('bow-armed light cavalry that evaded keep their shot', () => {
    const s = evade(true);
    expect(s.ruleset.groups['red-1']!.order).toBe('reserve');
    expect(s.ruleset.units['red-1']!.mayNotShoot).toBe(false);
  });
  it('light cavalry without bows that evaded may not shoot', () => {
    expect(evade(false).ruleset.units['red-1']!.mayNotShoot).toBe(true);
  });
});

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

const withUnit = (s: St, id: string, patch: Record<string, unknown>): St => ({ ...s, ruleset: { ...s.ruleset, units: { ...s.ruleset.units, [id]: { ...s.ruleset.units[id]!, ...patch } } } });

describe('(5) p.11 Shooting modifiers "1: ... Shooting unit Disordered" (no "except by terrain", unlike the melee chart p.14)', () => {
  it('a unit disordered only by terrain counts −1 when it shoots', () => {
    let s = advanceTo(battle([inf('blue-1', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 380, -90)]), 'shootingPhasing');
    s = withUnit(s, 'blue-1', { disordered: true, terrainDisorder: true });
    const r = apply(withDice(s, [3]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' });
    expect(rolls(r.events)[0]!.modifiers.map((m) => m.label)).toContain('Shooting unit disordered');
  });
});

const redInf: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('(5) Shooting rules (j) p.12: "Troops shooting in support ... measure distance from their relative positions"', () => {
  // Blue cavalry 20cm in front of red-1 charge it; red-2 stands beside red-1 (edge to edge) and shoots in support.
  const cav: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 800, facingDeg: 90, n: 3, depth: 30, ranks: 1 };
  const r1: U = { ...redInf, n: 3 };
  const r2 = (y: number): U => ({ ...redInf, id: 'red-2', x: 1020, y, n: 3 });
  const charged = (y: number, charge = true): St => {
    const s = advanceTo(battle([cav, r1, r2(y)]), 'shootingNonPhasing');
    return charge ? { ...s, ruleset: { ...s.ruleset, charges: [{ group: 'blue-1', chargers: ['blue-1'], target: 'red-1', face: 'front' }] } } : s;
  };
  const shot = { type: 'shoot', side: 'red', unit: 'red-2', target: 'blue-1' };
  it('without a charge the cavalry 20cm off are out of musket range', () => {
    expect(rejection(charged(1000, false), shot)).toBe('out-of-range');
  });
  it('a supporter level with the charged unit shoots at the chargers 5cm from it: short range', () => {
    const r = apply(withDice(charged(1000), [1]), shot);
    const p = rolls(r.events)[0]!;
    expect(p.purpose).toContain('in support');
    expect(p.purpose).toContain('short');
  });
  it('a supporter 3cm behind measures from its own position: long range, not the charged unit\'s 5cm', () => {
    const r = apply(withDice(charged(1030), [1]), shot);
    expect(rolls(r.events)[0]!.purpose).toContain('long');
  });
  it('a supporter 6cm behind is 11cm from them: out of range', () => {
    expect(rejection(charged(1060), shot)).toBe('out-of-range');
  });
});
