/**
 * Seven Years War: 6 Charges pp.12–13 — chargers whose target retreats out of reach, evaders contacted, and seeing the target at the start of movement.
 */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { chargeMoves } from '../../../src/rules/seven-years-war/chargeMoves';
import { inContact, canSee, centroid } from '../../../src/rules/seven-years-war/geo';
import { battle, withDice, apply, rejection, advanceTo, setOrder, scriptedCtx, type U } from './build';

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

describe('6 f) p.12 "Chargers whose target Retreats or Routs out of charge reach move a full Advance move instead"; h) p.13 evaders "Rout if contacted"', () => {
  const cav: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 600, facingDeg: 90, n: 3, depth: 30 };
  const charge = { type: 'declareCharge', side: 'blue', group: 'blue-1', target: 'red-1' };
  it('a router still inside the charge reach is contacted (and fights at combat value 0, §3 p.8)', () => {
    // Red infantry routing away (facing its own edge) 13.5cm in front of the cavalry (30cm move).
    let s = advanceTo(setOrder(battle([cav, inf('red-1', 'red', 900, 750, 90)]), 'blue-1', 'advance'), 'movement');
    s = setOrder(s, 'red-1', 'rout');
    // General D4, charging 2D6 (the routers take no being-charged test).
    const r = apply(withDice(s, [1, 6, 6]), charge);
    const { ctx, events } = scriptedCtx(r.state, []);
    const w = new Work(r.state, ctx);
    chargeMoves(r.state, w);
    expect(events.some((e) => e.type === 'ChargeContact')).toBe(true);
    expect(inContact(w.unit('blue-1')!, w.unit('red-1')!)).toBe(true);
  });
  it('light infantry that evade 10cm + D6 but are still in reach are contacted and rout', () => {
    const li: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 900, y: 700, facingDeg: -90, n: 2, depth: 20 };
    const s = advanceTo(setOrder(battle([cav, li]), 'blue-1', 'advance'), 'movement');
    // General D4, charging 2D6, target general D4, being charged 2D6 (OK), evade D6 = 1: 11cm, the gap is then 21cm of 30.
    const r = apply(withDice(s, [1, 6, 6, 1, 6, 6, 1]), charge);
    expect(r.state.ruleset.groups['red-1']!.order).toBe('reserve');
    const { ctx, events } = scriptedCtx(r.state, []);
    const w = new Work(r.state, ctx);
    chargeMoves(r.state, w);
    expect(events.some((e) => e.type === 'EvadersCaught')).toBe(true);
    expect(w.rs.groups['red-1']!.order).toBe('rout');
    expect(inContact(w.unit('blue-1')!, w.unit('red-1')!)).toBe(true);
  });
});

describe('6 b) p.12 "Units attempting to Charge must be able to see their target at the start of movement"', () => {
  // A narrow wood stands on the straight line from the cavalry to the red battalion.
  const wood = { id: 'w', kind: 'wood', name: 'Wood', polygon: [[880, 420], [920, 420], [920, 480], [880, 480]] };
  const cav: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 300, facingDeg: 90, n: 3, depth: 30 };
  it('a group that moved round the wood into sight may not charge what it could not see when movement began', () => {
    const s = advanceTo(setOrder(battle([cav, inf('red-1', 'red', 900, 600, -90)], { terrain: [wood] }), 'blue-1', 'advance'), 'movement');
    expect(rejection(s, { type: 'declareCharge', side: 'blue', group: 'blue-1', target: 'red-1' })).toBe('unseen');
    const moved = apply(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'incline', dir: 'right', mm: 100 }] }).state;
    const me = moved.battle.units.find((u) => u.id === 'blue-1')!, red = moved.battle.units.find((u) => u.id === 'red-1')!;
    expect(canSee(moved.battle, centroid(me.stands), centroid(red.stands))).toBe(true); // it sees them now
    expect(rejection(moved, { type: 'declareCharge', side: 'blue', group: 'blue-1', target: 'red-1' })).toBe('unseen');
  });
});
