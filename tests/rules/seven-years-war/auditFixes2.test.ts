/** Third audit (/tmp/audit/syw.md findings 6, 7, 8, 11): each case cites the section it enforces. */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { meleeModifiers } from '../../../src/rules/seven-years-war/melee';
import { pursueTowards } from '../../../src/rules/seven-years-war/pursuit';
import { armyCost, fortificationPoints } from '../../../src/rules/seven-years-war/armyCost';
import { battle, withDice, apply, rejection, advanceTo, setOrder, scriptedCtx, type U, type St } from './build';

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });
const unit = (s: St, id: string) => s.battle.units.find((u) => u.id === id)!;

describe('6 Melee chart p.14 "1: Enemy in buildings or behind defences"; 9 p.20 "Barricades ... linear obstacle", "Abatis"', () => {
  // Blue (on Advance) and red (on Stand) in contact across y = 700; a barricade 2mm thick lies on the line between them.
  const barricade = { id: 'bar', kind: 'obstacle', name: 'Barricade', polygon: [[800, 699], [1000, 699], [1000, 701], [800, 701]], props: { barricade: true } };
  const label = 'Enemy in buildings or behind defences, or at least half uphill';
  const mods = (terrain: unknown[], a: string, b: string) => {
    const s = setOrder(battle([inf('blue-1', 'blue', 900, 700, 90), inf('red-1', 'red', 900, 700, -90)], { terrain }), 'blue-1', 'advance');
    const w = new Work(s, scriptedCtx(s, []).ctx);
    const ua = w.unit(a)!, ub = w.unit(b)!;
    const aContact = ua.stands.filter((x) => ub.stands.some((y) => Math.abs(Math.abs(x.centre.y - y.centre.y) - 15) < 1 && Math.abs(x.centre.x - y.centre.x) < 1));
    return meleeModifiers(w, { a: ua, b: ub, aContact, faceOfA: 'front', faceOfB: 'front' }, new Set()).map((m) => m.label);
  };
  it('the attacker fighting a unit behind a barricade counts −1', () => {
    expect(mods([barricade], 'blue-1', 'red-1')).toContain(label);
  });
  it('an abatis counts the same', () => {
    expect(mods([{ ...barricade, props: { abatis: true } }], 'blue-1', 'red-1')).toContain(label);
  });
  it('without the defence, no −1', () => {
    expect(mods([], 'blue-1', 'red-1')).not.toContain(label);
  });
  it('the defenders do not count the attackers (on Advance) as behind their own barricade', () => {
    expect(mods([barricade], 'red-1', 'blue-1')).not.toContain(label);
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

describe('9 Points system p.20: "Commander in Chief: Free Sub General: 25 pts each ... Abatis: 1pt per 4cms ... Barricades: 1pt per 4cms"', () => {
  it('an army of one 4-stand medium battalion (12), a CinC and a sub-general (25) and 40cm of abatis (10) costs 47', () => {
    const abatis = { id: 'ab', kind: 'obstacle', name: 'Abatis', polygon: [[700, 330], [1100, 330], [1100, 345], [700, 345]], props: { abatis: true, side: 'blue' } };
    const s = battle([inf('blue-1', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 1000, -90)], {
      terrain: [abatis],
      generals: [{ id: 'blue-cinc', side: 'blue', x: 20, y: 20 }, { id: 'blue-sub', side: 'blue', x: 60, y: 20, commands: 'blue-bde' }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }],
    });
    expect(s.ruleset.startPoints.blue).toBe(12);
    const cinc = new Set(Object.entries(s.ruleset.generals).filter(([, g]) => g.cinc).map(([id]) => id));
    expect(armyCost(s.battle, 'blue', 12, cinc, 0)).toEqual({ troops: 12, generals: 25, fortifications: 10, terrain: 0, total: 47 });
    expect(armyCost(s.battle, 'red', 12, cinc, 0).total).toBe(12);
  });
  it('a barricade of 41cm costs 11 (a part of 4cm counts whole)', () => {
    expect(fortificationPoints({ id: 'b', kind: 'obstacle', name: 'b', polygon: [{ x: 0, y: 0 }, { x: 410, y: 0 }, { x: 410, y: 10 }, { x: 0, y: 10 }] as never, props: { barricade: true } })).toBe(11);
  });
});

describe('7 (b) p.16 Pursuers meeting fresh enemy: "Any Retreat or Rout moves resulting from this melee are made in the following movement phase. Artillery contacted in Pursuit may be fought, or passed through"', () => {
  const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 30 };
  const gun: U = { id: 'red-gun', side: 'red', type: 'medium-artillery', x: 900, y: 420, facingDeg: -90, n: 1, depth: 40 };
  const far = inf('red-9', 'red', 300, 1100, -90);
  it('a pursuer whose owner chose to fight artillery (setPursuitArtillery) stops in contact with it', () => {
    let s = battle([cav, gun, far]);
    s = apply(s, { type: 'setPursuitArtillery', side: 'blue', group: 'blue-cav', fight: true }).state;
    expect(s.ruleset.groups['blue-cav']!.fightArtilleryInPursuit).toBe(true);
    const { ctx, events } = scriptedCtx(s, [1, 6, 6]);
    const w = new Work(s, ctx);
    pursueTowards(w, 'blue-cav', { x: 900, y: 900 }, 300);
    expect(events.find((e) => e.type === 'FreshEnemyMet')).toMatchObject({ enemy: 'red-gun' });
    expect(w.rs.groups['red-gun']!.order).toBe('stand'); // not sent to Reserve by a pass-through
    expect(Math.max(...w.unit('blue-cav')!.stands.map((x) => x.centre.y)) + 15).toBeLessThanOrEqual(421); // stopped at the guns' front edge (y 420)
  });
  it('fresh infantry that fail their being-charged test owe the move: it is made at the start of the next movement step', () => {
    const s = battle([cav, inf('red-1', 'red', 900, 450, -90), far]);
    // General D4, being charged 2D6 of 1+1: a massed Retreat (fall back 20cm) or a Rout, deferred.
    const { ctx, events } = scriptedCtx(s, [1, 1, 1]);
    const w = new Work(s, ctx);
    pursueTowards(w, 'blue-cav', { x: 900, y: 900 }, 300);
    const before = unit(s, 'red-1').stands.map((x) => x.centre.y);
    expect(w.unit('red-1')!.stands.map((x) => x.centre.y)).toEqual(before);
    expect(['retreat', 'rout']).toContain(w.rs.groups['red-1']!.order);
    expect(events.some((e) => e.type === 'MoveDeferred')).toBe(true);
    expect(w.rs.deferredMoves).toHaveLength(1);
  });
  it('the owed fall back is made when the following movement step begins', () => {
    const s0 = setOrder(battle([cav, inf('red-1', 'red', 900, 450, -90), far]), 'red-1', 'retreat');
    const s = { ...s0, ruleset: { ...s0.ruleset, deferredMoves: [{ group: 'red-1', kind: 'fallback' as const, mm: 200, from: { x: 900, y: 300 }, phase: -1 }] } };
    const r = apply(s, { type: 'endStep', side: 'blue' });
    expect(Math.min(...unit(r.state, 'red-1').stands.map((x) => x.centre.y))).toBeCloseTo(457.5 + 200, 0);
    expect(r.state.ruleset.deferredMoves).toHaveLength(0);
  });
});
