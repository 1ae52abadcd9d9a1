// NW Generals §3 (two hits; the first a wound), §20 (a general routs with his unit by his own
// movement allowance), §18 B (his rout makes friends test), Generals §1 (he goes with his unit).
import { describe, expect, it } from 'vitest';
import { battle, draftWith, IN } from './harness';
import { planShots, resolveVolley, applyFireResults } from '../../../src/rules/napoleonic-warfare/fire';
import { applyFailure } from '../../../src/rules/napoleonic-warfare/morale';
import { toChange } from '../../../src/rules/napoleonic-warfare/core';
import { commandStand } from '../../../src/rules/napoleonic-warfare/geom';
import { findUnit, updateUnit } from '../../../src/engine/battle';
import { translateUnit } from '../../../src/geometry/units';
import { pt } from '../../../src/geometry/types';

const loneGeneralInFront = () =>
  battle([
    { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
    { id: 'au1', side: 'au', x: 36, y: 40, facingDeg: -90 },
  ], { generals: [{ id: 'g-fr', side: 'fr', x: 36, y: 17 }, { id: 'g-au', side: 'au', x: 36, y: 23 }] });

describe('When a general stands alone nearest to a firing line (NW Generals §3; Fire §29 nearest target)', () => {
  it('the line fires at his stand, shot at as a mounted target (+1), and his first hit is a wound', () => {
    const { d, events } = draftWith(loneGeneralInFront(), [9, 1, 1, 1]);
    const shots = planShots(d, (u) => u.id === 'fr1');
    expect(shots.map((s) => s.target.id)).toEqual(['g-au']);
    const r = resolveVolley(d, shots[0]!);
    expect(r.hits).toBe(1); // effective range 8+, +1 target cavalry: only the 9 hits
    applyFireResults(d, [{ shot: shots[0]!, ...r }]);
    expect(d.rs.generals['g-au']!.hits).toBe(1);
    expect(d.rs.generals['g-au']!.lost).toBe(false);
    expect(events.some((e) => e.type === 'GeneralWounded')).toBe(true);
  });
  it('a second hit removes him and friends within Engagement Range test (NW §18 B)', () => {
    const s = loneGeneralInFront();
    const w = draftWith(s, [9, 9, 1, 1]);
    w.d.rs.generals['g-au']!.hits = 1;
    const shots = planShots(w.d, (u) => u.id === 'fr1');
    const r = resolveVolley(w.d, shots[0]!);
    applyFireResults(w.d, [{ shot: shots[0]!, ...r }]);
    expect(w.d.rs.generals['g-au']!.lost).toBe(true);
    expect(w.events.some((e) => e.type === 'GeneralLost')).toBe(true);
  });
  it('with misses only he is untouched (the test can fail)', () => {
    const { d } = draftWith(loneGeneralInFront(), [1, 1, 1, 1]);
    const shots = planShots(d, (u) => u.id === 'fr1');
    applyFireResults(d, [{ shot: shots[0]!, ...resolveVolley(d, shots[0]!) }]);
    expect(d.rs.generals['g-au']!.hits).toBe(0);
  });
  it('a general with a unit is never shot at himself: fire goes at the unit', () => {
    const s = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 25, facingDeg: -90 },
    ], { generals: [{ id: 'g-fr', side: 'fr', x: 36, y: 17 }, { id: 'g-au', side: 'au', x: 36, y: 26, withUnit: 'au1' }] });
    const { d } = draftWith(s, []);
    expect(planShots(d, (u) => u.id === 'fr1').map((x) => x.target.id)).toEqual(['au1']);
  });
});

describe('When a unit with a general fails morale and routs (NW §20 Morale Test Results)', () => {
  const withGeneral = () =>
    battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'fr2', side: 'fr', x: 26, y: 14, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 26, facingDeg: -90 },
    ], { generals: [{ id: 'g-fr', side: 'fr', x: 36, y: 19, withUnit: 'fr1' }, { id: 'g-au', side: 'au', x: 60, y: 46 }] });
  it('he routs with it by his own allowance (light cavalry 6"+2d6 on medium bases), leaves the unit and is indisposed', () => {
    const { d, rolls, events } = draftWith(withGeneral(), [3, 4, 2]);
    const y0 = d.battle.generals.find((g) => g.id === 'g-fr')!.stand.centre.y;
    applyFailure(d, 'fr1', { kind: 'rout', standsLost: 1 }, { cause: 'au1' });
    const gr = rolls.find((r) => /g-fr routs with the unit/.test(r.purpose))!;
    expect(gr.faces).toEqual([3, 4]);
    const y1 = d.battle.generals.find((g) => g.id === 'g-fr')!.stand.centre.y;
    expect((y0 - y1) / IN).toBeCloseTo(13, 1); // 6" + 3 + 4, directly away from au1 (up the table)
    expect(d.rs.generals['g-fr']!.routed).toBe(true);
    expect(d.rs.generals['g-fr']!.withUnit).toBeUndefined();
    expect(events.some((e) => e.type === 'GeneralRouted')).toBe(true);
    // NW §18 B: fr2 is within Engagement Range (12") of where he was seen to rout.
    expect(d.pendingTests.some((t) => t.unitId === 'fr2' && t.trigger === 'B')).toBe(true);
  });
  it('a general routed off the table is lost (NW Generals §8)', () => {
    const s = withGeneral();
    const { d } = draftWith(s, [6, 6, 2]);
    // Put the general's stand 5" from the top edge: 18" of rout takes him off.
    d.battle = { ...d.battle, generals: d.battle.generals.map((g) => (g.id === 'g-fr' ? { ...g, stand: { ...g.stand, centre: pt(36 * IN, 5 * IN) } } : g)) };
    applyFailure(d, 'fr1', { kind: 'rout', standsLost: 1 }, { cause: 'au1' });
    expect(d.rs.generals['g-fr']!.lost).toBe(true);
  });
});

describe('When a unit a general has joined moves (NW Generals §1)', () => {
  it('his stand goes with it, just behind the command stand', () => {
    const s = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 40, facingDeg: -90 },
    ], { generals: [{ id: 'g-fr', side: 'fr', x: 36, y: 19, withUnit: 'fr1' }, { id: 'g-au', side: 'au', x: 60, y: 46 }] });
    const { d } = draftWith(s, []);
    d.battle = updateUnit(d.battle, 'fr1', (u) => translateUnit(u, 0, 4 * IN));
    const ch = toChange(d);
    const g = ch.battle!.generals.find((x) => x.id === 'g-fr')!;
    const c = commandStand(findUnit(ch.battle!, 'fr1')!);
    expect(g.stand.centre.x).toBeCloseTo(c.centre.x, 3);
    expect(g.stand.centre.y).toBeCloseTo(c.centre.y - IN, 3);
  });
});
