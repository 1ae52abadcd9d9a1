/**
 * Seven Years War: (3) Visibility p.7 and 9 p.19 — spotting hidden troops, and hidden troops firing at those who come within 5cm.
 */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { spotHidden } from '../../../src/rules/seven-years-war/deployment';
import { battle, withDice, apply, rejection, advanceTo, setOrder, rolls, scriptedCtx, type St, type U } from './build';
import { unitDistance } from '../../../src/geometry/measure';

const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 250, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

const wood = { id: 'wood', kind: 'wood', name: 'Wood', polygon: [[500, 20], [900, 20], [900, 280], [500, 280]] };

describe('Spotting hidden troops (9 p.19, (3) Visibility p.7)', () => {
  it('a hidden unit in plain sight of an enemy is detected at the next step', () => {
    const s0 = battle([blue, red]);
    const s = { ...s0, ruleset: { ...s0.ruleset, hidden: { 'blue-1': 'blue' } } };
    const next = advanceTo(s, 'movement');
    expect(next.ruleset.hidden).toEqual({});
  });
  it('a hidden unit deep in a wood stays hidden; an enemy within 5cm detects it', () => {
    const inWood: U = { ...blue, x: 700, y: 150 };
    const s0 = battle([inWood, red], { terrain: [wood] });
    const s = { ...s0, ruleset: { ...s0.ruleset, hidden: { 'blue-1': 'blue' } } };
    expect(advanceTo(s, 'movement').ruleset.hidden).toEqual({ 'blue-1': 'blue' });
    const close = battle([inWood, { ...red, x: 700, y: 180 }], { terrain: [wood] });
    const { ctx, events } = scriptedCtx(close, []);
    const w = new Work({ ...close, ruleset: { ...close.ruleset, hidden: { 'blue-1': 'blue' } } }, ctx);
    spotHidden(w);
    expect(w.rs.hidden).toEqual({});
    expect(events.find((e) => e.type === 'UnitSpotted')).toMatchObject({ unit: 'blue-1', why: expect.stringMatching(/within 5cm/) });
  });
  it('a hidden unit that shoots is revealed (p.19)', () => {
    const s0 = battle([{ ...blue, y: 300 }, { ...red, y: 360 }]);
    let s = advanceTo(s0, 'shootingPhasing');
    s = { ...s, ruleset: { ...s.ruleset, hidden: { 'blue-1': 'blue' } } };
    const r = apply(withDice(s, [1]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' });
    expect(r.state.ruleset.hidden).toEqual({});
  });
});

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

describe('(3) Visibility p.7: "If troops so hidden fire at troops who have approached their position to within 5cms, the target unit halts, and may return fire only after"', () => {
  const woodT = { id: 'w', kind: 'wood', name: 'Wood', polygon: [[700, 880], [1100, 880], [1100, 1100], [700, 1100]] };
  const blueA: U = { ...blueInf, y: 840 };
  const lights: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 900, y: 1150, facingDeg: -90, n: 2, depth: 20 };
  /** Red (the defender, one brigade: its last, 9 p.19) hides its lights 8cm inside the wood after blue has deployed (ambush set or not); blue's movement step follows. */
  const hidden = (ambush: boolean): St => {
    let s = battle([blueA, lights], { options: { hiddenDeployment: true }, terrain: [woodT] });
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'deploy', side: 'red', unit: 'red-1', x: 900, y: 960, facingDeg: -90, hidden: true }).state;
    if (ambush) s = apply(s, { type: 'setAmbush', side: 'red', unit: 'red-1', ambush: true }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    return setOrder(advanceTo(s, 'movement'), 'blue-1', 'advance');
  };
  const move = { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 100 }] };
  const front = (s: St) => s.battle.units.find((u) => u.id === 'blue-1')!.stands[0]!.centre.y + 7.5;
  it('without the choice the move is made whole and the hidden unit is merely spotted', () => {
    const r = apply(hidden(false), move);
    expect(front(r.state)).toBeCloseTo(940, 0);
    expect(r.state.ruleset.hidden['red-1']).toBeUndefined();
    expect(r.events.some((e) => e.type === 'AmbushFired')).toBe(false);
  });
  it('set to fire: the move is cut where it comes within 5cm, the hidden unit fires there and is revealed, and the target halts', () => {
    const s = hidden(true);
    expect(s.ruleset.hidden['red-1']).toBe('red');
    const r = apply(withDice(s, [3]), move);
    const gap = unitDistance(r.state.battle.units.find((u) => u.id === 'blue-1')!.stands, r.state.battle.units.find((u) => u.id === 'red-1')!.stands);
    expect(gap).toBeGreaterThan(49);
    expect(gap).toBeLessThan(51);
    expect(front(r.state)).toBeLessThan(910);
    expect(r.events.some((e) => e.type === 'AmbushFired')).toBe(true);
    expect(rolls(r.events)[0]!.purpose).toContain('red-1 shoots at blue-1');
    expect(r.state.ruleset.hidden['red-1']).toBeUndefined();
    expect(rejection(r.state, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 10 }] })).toBe('ambushed');
  });
  it('the cut falls exactly where the gap closes to 5cm ((3) Visibility p.7: "approached ... to within 5cms")', () => {
    const r = apply(withDice(hidden(true), [3]), move);
    const gap = unitDistance(r.state.battle.units.find((u) => u.id === 'blue-1')!.stands, r.state.battle.units.find((u) => u.id === 'red-1')!.stands);
    expect(Math.abs(gap - 50)).toBeLessThan(1e-6);
  });
  it('the target returns fire only afterwards (its own shooting step); the hidden unit does not fire again that phase', () => {
    const r = apply(withDice(hidden(true), [3]), move);
    const shootBack = advanceTo(r.state, 'shootingPhasing');
    expect(rejection(withDice(shootBack, [1]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' })).toBe('accepted');
    const theirs = advanceTo(shootBack, 'shootingNonPhasing');
    expect(rejection(theirs, { type: 'shoot', side: 'red', unit: 'red-1', target: 'blue-1' })).toBe('already-shot');
  });
  it('only hidden troops may be set to fire from hiding', () => {
    const s = battle([blueA, lights]);
    expect(rejection(s, { type: 'setAmbush', side: 'blue', unit: 'blue-1', ambush: true })).toBe('not-hidden');
  });
});
