import { describe, expect, it } from 'vitest';
import { battle, withDice, apply, rejection, advanceTo, setOrder, rolls, type U } from './build';

// Blue faces down the table (+90°), red faces up (-90°); anchors are front-edge centres.
const blueLine: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 2 };
const redAt = (y: number, extra: Partial<U> = {}): U => ({ id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y, facingDeg: -90, n: 4, depth: 15, ranks: 2, ...extra });

describe('SYW (3) Changing Orders (p.7): D6 x 10cm from the general\'s stand edge to the group centre', () => {
  // Group centre (900, 285); general at (900, 35): 250mm centre to centre, 23cm from his stand's edge.
  const start = () => battle([blueLine, redAt(900)], { generals: [{ id: 'blue-cinc', side: 'blue', x: 900, y: 35 }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }] });
  const cmd = { type: 'prompt', side: 'blue', general: 'blue-cinc', group: 'blue-1', action: 'advance' };

  it('a 3 reaches 30cm: the order changes to Advance', () => {
    const { state, events } = apply(withDice(start(), [3]), cmd);
    expect(state.ruleset.groups['blue-1']!.order).toBe('advance');
    expect(rolls(events)[0]!.outcome).toMatch(/success/);
  });
  it('a 2 reaches only 20cm: the order stays, and the CinC\'s single attempt (p.4) is spent', () => {
    const { state } = apply(withDice(start(), [2]), cmd);
    expect(state.ruleset.groups['blue-1']!.order).toBe('stand');
    expect(rejection(state, cmd)).toBe('no-attempts');
  });
  it('a 6 always succeeds even out of reach', () => {
    const s = battle([blueLine, redAt(900)]); // CinC at (20,20): ~88cm away
    const { state } = apply(withDice(s, [6]), cmd);
    expect(state.ruleset.groups['blue-1']!.order).toBe('advance');
  });
  it('a 1 always fails even at the general\'s elbow', () => {
    const s = battle([blueLine, redAt(900)], { generals: [{ id: 'blue-cinc', side: 'blue', x: 900, y: 235 }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }] });
    const { state, events } = apply(withDice(s, [1]), cmd);
    expect(state.ruleset.groups['blue-1']!.order).toBe('stand');
    expect(rolls(events)[0]!.outcome).toMatch(/1 always fails/);
  });
  it('a group already on the order is refused, citing the rule', () => {
    expect(rejection(start(), { ...cmd, action: 'stand' })).toBe('same-order');
  });
});

describe('SYW (3) Order interpretation (p.8): what each order allows', () => {
  it('When an advancing line would close inside 10cm of massed enemy to its front it is refused; at 10cm it halts on Stand', () => {
    let s = advanceTo(setOrder(battle([blueLine, redAt(450)]), 'blue-1', 'advance'), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 60 }] })).toBe('advance-halt');
    s = apply(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 50 }] }).state;
    expect(s.ruleset.groups['blue-1']!.order).toBe('stand');
  });
  it('When a Reserve group tries to move closer to enemy inside 20cm it is refused', () => {
    const s = advanceTo(setOrder(battle([blueLine, redAt(450)]), 'blue-1', 'reserve'), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 10 }] })).toBe('reserve-approach');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'backward', mm: 50 }] })).toBe('accepted');
  });
  it('Reserve moves backwards at half speed: 20cm infantry may back 10cm, not 11cm', () => {
    const s = advanceTo(setOrder(battle([blueLine, redAt(900)]), 'blue-1', 'reserve'), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'backward', mm: 100 }] })).toBe('accepted');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'backward', mm: 110 }] })).toBe('too-far');
  });
  it('A Stand group moves 5cm in any direction, no more, and may not advance', () => {
    const s = advanceTo(battle([blueLine, redAt(900)]), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'shift', dx: 30, dy: 40 }] })).toBe('accepted');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'shift', dx: 40, dy: 40 }] })).toBe('too-far');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 20 }] })).toBe('stand-order');
  });
  it('Artillery on Reserve may only pivot', () => {
    const gun: U = { id: 'blue-gun', side: 'blue', type: 'medium-artillery', x: 500, y: 300, facingDeg: 90, n: 1, depth: 40 };
    const s = advanceTo(setOrder(battle([gun, redAt(900)]), 'blue-gun', 'reserve'), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-gun', legs: [{ kind: 'forward', mm: 50 }] })).toBe('reserve-artillery');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-gun', legs: [{ kind: 'turn', deg: 30 }] })).toBe('accepted');
  });
  it('Column is refused on Advance orders (Formations allowed p.9)', () => {
    const s = advanceTo(setOrder(battle([blueLine, redAt(900)]), 'blue-1', 'advance'), 'movement');
    expect(rejection(s, { type: 'changeFormation', side: 'blue', unit: 'blue-1', formation: 'column' })).toBe('order-forbids');
  });
  it('Badly drilled troops may not incline (p.9)', () => {
    const s = advanceTo(setOrder(battle([{ ...blueLine, extra: { drill: 'badly' } }, redAt(900)]), 'blue-1', 'advance'), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'incline', dir: 'left', mm: 20 }] })).toBe('no-incline');
  });
});

describe('SYW (5) Shooting (p.11) and 8 Morale (pp.17-18)', () => {
  // Red's front edge 4cm from blue's: short musket range.
  const start = () => advanceTo(battle([blueLine, redAt(340)]), 'shootingPhasing');

  it('When a 2-deep musket line fires its first volley at 4cm and rolls 3: +1 first volley, +1 short, +1 extra front stand = 6, one stand killed', () => {
    const { state, events } = apply(withDice(start(), [3]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' });
    const r = rolls(events)[0]!;
    expect(r.modifiers.map((m) => [m.label, m.value])).toEqual([
      ['First shot this day by massed muskets', 1], ['Muskets firing at short range', 1], ['Per extra stand shooting at target unit', 1],
    ]);
    expect(r.modified).toBe(6);
    expect(state.battle.units.find((u) => u.id === 'red-1')!.stands).toHaveLength(3);
    expect(state.ruleset.units['red-1']!.disordered).toBe(true);
    expect(state.ruleset.units['blue-1']!.firedToday).toBe(true);
  });
  it('A unit may not shoot twice in a step', () => {
    const s = apply(withDice(start(), [1]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' }).state;
    expect(rejection(s, { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' })).toBe('already-shot');
  });
  it('A score of 3 does nothing, 4 only disorganises', () => {
    // 1 + 3 = 4: disorganise only.
    const s = apply(withDice(start(), [1]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' }).state;
    expect(s.battle.units.find((u) => u.id === 'red-1')!.stands).toHaveLength(4);
    expect(s.ruleset.units['red-1']!.disordered).toBe(true);
  });
  it('When the shot massed group then fails its casualty test by rolling 2+2 (-1 per 20% lost, -1 half disordered = 2) it goes to Retreat and falls back 20cm', () => {
    let s = apply(withDice(start(), [3]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' }).state;
    s = advanceTo(s, 'shootingNonPhasing');
    const before = s.battle.units.find((u) => u.id === 'red-1')!.stands[0]!.centre;
    // D4 for "general within D4 x 5cm" (the CinC is far away), then 2D6.
    const r = apply(withDice(s, [1, 2, 2]), { type: 'endStep', side: 'red' });
    const test = rolls(r.events).find((x) => x.purpose.startsWith('Casualties'))!;
    expect(test.modified).toBe(2);
    expect(r.state.ruleset.groups['red-1']!.order).toBe('retreat');
    const after = r.state.battle.units.find((u) => u.id === 'red-1')!.stands[0]!.centre;
    // Directly away from the shooters' centre: 20cm, and further down the table.
    expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeCloseTo(200, 0);
    expect(after.y).toBeGreaterThan(before.y + 190);
  });
  it('Artillery may not fire unless on Stand orders (p.8)', () => {
    const gun: U = { id: 'blue-gun', side: 'blue', type: 'medium-artillery', x: 900, y: 300, facingDeg: 90, n: 1, depth: 40 };
    const s = advanceTo(setOrder(battle([gun, redAt(600)]), 'blue-gun', 'reserve'), 'shootingPhasing');
    expect(rejection(s, { type: 'shoot', side: 'blue', unit: 'blue-gun', target: 'red-1' })).toBe('artillery-order');
  });
  it('Artillery shoots within 45 degrees of straight ahead only ((5)(a))', () => {
    const gun: U = { id: 'blue-gun', side: 'blue', type: 'medium-artillery', x: 300, y: 300, facingDeg: 90, n: 1, depth: 40 };
    const s = advanceTo(battle([gun, redAt(400, { x: 900 })]), 'shootingPhasing');
    expect(rejection(s, { type: 'shoot', side: 'blue', unit: 'blue-gun', target: 'red-1' })).toBe('arc');
  });
});

describe('SYW 6 Melee (pp.12-14): charging', () => {
  const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 3, depth: 30 };
  const start = () => advanceTo(setOrder(battle([cav, redAt(500)]), 'blue-cav', 'advance'), 'movement');
  const charge = { type: 'declareCharge', side: 'blue', group: 'blue-cav', target: 'red-1' };

  it('When cavalry test to charge and roll 3+3 (6+: OK) the target tests for being charged and the charge goes in at the charge step', () => {
    // Charger: D4 (general near), 2D6; target: D4, 2D6.
    const r = apply(withDice(start(), [1, 3, 3, 1, 3, 3]), charge);
    const tests = rolls(r.events).filter((x) => x.faces.length === 2);
    expect(tests.map((t) => t.purpose)).toEqual(['Testing to charge: blue-cav', 'Being charged: red-1']);
    expect(r.state.ruleset.charges).toHaveLength(1);
    let s = r.state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state; // to shooting (phasing)
    s = apply(s, { type: 'endStep', side: 'blue' }).state; // to shooting (non-phasing)
    const out = apply(s, { type: 'endStep', side: 'red' }); // charge moves and close combat run
    expect(out.events.some((e) => e.type === 'ChargeContact')).toBe(true);
    expect(rolls(out.events).filter((x) => x.purpose.startsWith('Melee:')).length).toBe(2);
  });
  it('When the charging test scores 4-5 a massed group keeps its orders but does not charge (p.18)', () => {
    const r = apply(withDice(start(), [1, 2, 2]), charge);
    expect(r.state.ruleset.charges).toHaveLength(0);
    expect(r.state.ruleset.groups['blue-cav']!.order).toBe('advance');
  });
  it('A target out of reach may not be charged (heavy cavalry move 30cm)', () => {
    const far = advanceTo(setOrder(battle([cav, redAt(700)]), 'blue-cav', 'advance'), 'movement');
    expect(rejection(far, charge)).toBe('out-of-reach');
  });
  it('Groups not on Advance do not charge', () => {
    const s = advanceTo(battle([cav, redAt(500)]), 'movement');
    expect(rejection(s, charge)).toBe('not-advancing');
  });
});
