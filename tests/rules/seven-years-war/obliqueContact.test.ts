/**
 * SYW 6 Melee e), g) pp.12-13: chargers move into contact and "may pivot/move sideward the minimum
 * distance necessary to align"; against a unit at an oblique angle "If sufficient move distance, pivot
 * charging unit to align ... If insufficient move distance to make contact fully, Chargers may ...
 * make partial contact with the target by pivoting stands as they make contact".
 */
import { describe, it, expect } from 'vitest';
import { battle, setOrder, scriptedCtx, type U, type St } from './build';
import { Work } from '../../../src/rules/seven-years-war/work';
import { chargeMoves } from '../../../src/rules/seven-years-war/chargeMoves';
import { standDistance } from '../../../src/geometry/measure';
import { standCorners } from '../../../src/geometry/footprint';

// Red battalion facing up the table: front edge y = 600 from x 820 to 980 (stands 600-615).
const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 600, facingDeg: -90, n: 4, depth: 15 };
const REACH = 300; // medium cavalry, 30cm (unit table p.9)

/** Blue medium cavalry (2 squadrons, front centre at (900, 600 - d)) facing `deg`, charge declared, `movedMm` already moved. */
function charging(deg: number, d: number, movedMm: number): { s: St; w: Work; events: { type: string }[] } {
  const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 600 - d, facingDeg: deg, n: 2, depth: 30 };
  const s0 = setOrder(battle([blue, red]), 'blue-1', 'advance');
  const g = s0.ruleset.groups['blue-1']!;
  const s: St = { ...s0, ruleset: { ...s0.ruleset, groups: { ...s0.ruleset.groups, 'blue-1': { ...g, movedMm } }, charges: [{ group: 'blue-1', chargers: ['blue-1'], target: 'red-1', face: 'front' }] } };
  const { ctx, events } = scriptedCtx(s, []);
  const w = new Work(s, ctx);
  chargeMoves(s, w);
  return { s, w, events: events as { type: string }[] };
}
const cav = (w: Work) => w.unit('blue-1')!;
const touching = (w: Work) => cav(w).stands.filter((st) => w.unit('red-1')!.stands.some((t) => standDistance(st, t) <= 1.5));

// Facing 110 degrees (20 degrees off square): the left front corner leads, 40 sin 20 = 13.68mm ahead of
// the front centre; moving along the facing it closes on y = 600 at cos 20 per mm.
const rad = (x: number) => (x * Math.PI) / 180;
const firstTouch = (d: number) => (d - 40 * Math.sin(rad(20))) / Math.cos(rad(20));

describe('6 Melee e) p.12: a charger short of its target', () => {
  it('short by 1cm it does not reach: no contact, it falls short', () => {
    // Square on, 31cm from the target with 30cm of move.
    const { w, events } = charging(90, 310, 0);
    expect(touching(w)).toHaveLength(0);
    expect(w.unitState('blue-1')!.chargeContact).toBe(false);
    expect(events.some((e) => e.type === 'ChargeFellShort')).toBe(true);
    expect(events.some((e) => e.type === 'ChargeContact')).toBe(false);
  });
  it('short of the corner by 1cm after moving earlier in the phase: no contact either', () => {
    const t = firstTouch(60);
    const { w, events } = charging(110, 60, REACH - t + 10);
    expect(touching(w)).toHaveLength(0);
    expect(events.some((e) => e.type === 'ChargeContact')).toBe(false);
  });
});

describe('6 Melee g) p.13: contact at an oblique angle', () => {
  it('with enough move the charger pivots about the contact point and aligns flush on the face', () => {
    const { w, events } = charging(110, 60, 0);
    const st = cav(w).stands;
    for (const x of st) expect(Math.abs(Math.cos(x.facing))).toBeLessThan(1e-6);
    for (const x of st) for (const c of standCorners(x).slice(0, 2)) expect(c.y).toBeCloseTo(600, 0);
    expect(touching(w)).toHaveLength(2);
    expect(events.find((e) => e.type === 'ChargeContact')).toMatchObject({ aligned: true, pivotDeg: -20 });
    // It paid the move to the corner and the pivot (80mm front x 20 degrees), no more.
    expect(w.group('blue-1')!.movedMm).toBeCloseTo(firstTouch(60) + 80 * rad(20), 0);
  });
  it('with just enough move to touch the corner it ends in corner contact, unpivoted', () => {
    const t = firstTouch(60);
    const { w, events } = charging(110, 60, REACH - t);
    const st = cav(w).stands;
    for (const x of st) expect(x.facing).toBeCloseTo(rad(110), 3);
    expect(touching(w)).toHaveLength(1);
    expect(w.unitState('blue-1')!.chargeContact).toBe(true);
    expect(events.find((e) => e.type === 'ChargeContact')).toMatchObject({ aligned: false, pivotDeg: 0 });
  });
  it('with half the pivot paid for it pivots half way (10 degrees): partial contact by pivoting', () => {
    const t = firstTouch(60);
    const { w, events } = charging(110, 60, REACH - t - (80 * rad(20)) / 2);
    for (const x of cav(w).stands) expect(x.facing).toBeCloseTo(rad(100), 2);
    expect(touching(w)).toHaveLength(1);
    expect(events.find((e) => e.type === 'ChargeContact')).toMatchObject({ aligned: false, pivotDeg: -10 });
  });
  it('square on, the charger meets the face flush with no pivot', () => {
    const { w, events } = charging(90, 100, 0);
    expect(touching(w)).toHaveLength(2);
    expect(events.find((e) => e.type === 'ChargeContact')).toMatchObject({ aligned: true, pivotDeg: 0 });
    expect(w.group('blue-1')!.movedMm).toBeCloseTo(100, 0);
  });
});
