/**
 * Seven Years War: §4 p.10 and 6 h) p.13 — lights falling back and evading, and their choice to stand.
 */
import { describe, expect, it } from 'vitest';
import { battle, withDice, apply, rejection, advanceTo, setOrder, rolls, type U } from './build';

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

describe('§4 p.10 lights falling back: "If the enemy would catch them they must make an additional Evade move, being destroyed if they are contacted"', () => {
  // Blue line advances 6cm into contact with red light infantry, whose retreat is blocked by blue-2 right behind them.
  const li: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 900, y: 700, facingDeg: -90, n: 2, depth: 20 };
  const blocker: U = { id: 'blue-2', side: 'blue', type: 'light-infantry', x: 900, y: 721, facingDeg: -90, n: 2, depth: 20 };
  it('lights that cannot fall back roll the evade move and, still in contact, are destroyed', () => {
    const s = advanceTo(setOrder(battle([inf('blue-1', 'blue', 900, 640, 90), blocker, li]), 'blue-1', 'advance'), 'movement');
    const r = apply(withDice(s, [3]), { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 59.5 }] });
    expect(rolls(r.events).find((x) => x.purpose.includes('caught falling back'))!.faces).toEqual([3]);
    expect(r.state.battle.units.some((u) => u.id === 'red-1')).toBe(false);
  });
});

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const redInf: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('6 h) p.13: lights "always have the option of standing instead of evading in type 1-3 terrain, or versus light Infantry/Cavalry"', () => {
  // Blue light infantry on Advance charge red light infantry 15cm away in the open.
  const bl: U = { id: 'blue-1', side: 'blue', type: 'light-infantry', x: 900, y: 600, facingDeg: 90, n: 2, depth: 20 };
  const rl: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 900, y: 750, facingDeg: -90, n: 2, depth: 20 };
  const charge = { type: 'declareCharge', side: 'blue', group: 'blue-1', target: 'red-1' };
  // General D4, charge 2D6, target general D4, being charged 2D6 (12 with its modifiers: OK), then the evade D6.
  const dice = [1, 6, 6, 1, 6, 6, 3];
  const start = () => advanceTo(setOrder(battle([bl, rl]), 'blue-1', 'advance'), 'movement');
  it('by default the owner stands: no evade move', () => {
    const r = apply(withDice(start(), dice.slice(0, -1)), charge); // standing, no evade die is rolled
    expect(rolls(r.events).some((x) => x.purpose.includes('evades'))).toBe(false);
    expect(r.state.battle.units.find((u) => u.id === 'red-1')!.stands[0]!.centre.y).toBeCloseTo(760, 0);
  });
  it('an owner who chose to evade (setEvasion, sent in his own step) evades 10cm + D6 and goes to Reserve', () => {
    let s = advanceTo(battle([bl, rl]), 'shootingNonPhasing');
    s = apply(s, { type: 'setEvasion', side: 'red', group: 'red-1', evade: true }).state;
    expect(s.ruleset.groups['red-1']!.evadeWhenOptional).toBe(true);
    s = advanceTo(advanceTo(s, 'movement'), 'shootingPhasing'); // red's own phase
    s = advanceTo(setOrder(s, 'blue-1', 'advance'), 'movement'); // blue's next phase
    expect(s.position.phasing).toBe('blue');
    const r = apply(withDice(s, dice), charge);
    expect(rolls(r.events).find((x) => x.purpose.includes('evades'))!.faces).toEqual([3]);
    expect(r.state.battle.units.find((u) => u.id === 'red-1')!.stands[0]!.centre.y).toBeCloseTo(760 + 130, 0);
    expect(r.state.ruleset.groups['red-1']!.order).toBe('reserve');
  });
  it('in the open against massed chargers evading is not optional: cavalry chargers make the lights evade even if the owner chose to stand', () => {
    const cav: U = { ...bl, type: 'medium-cavalry', n: 3, depth: 30 };
    const s = advanceTo(setOrder(battle([cav, rl]), 'blue-1', 'advance'), 'movement');
    const r = apply(withDice(s, dice), charge);
    expect(rolls(r.events).some((x) => x.purpose.includes('evades'))).toBe(true);
  });
  it('only lights have the choice', () => {
    const s = advanceTo(battle([blueInf, redInf]), 'shootingNonPhasing');
    expect(rejection(s, { type: 'setEvasion', side: 'red', group: 'red-1', evade: true })).toBe('not-lights');
  });
});
