import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { firstClearMm, legsUpTo, pushUntilClear, unitsUnder } from '../../src/geometry/moveClear';
import { traceMove, type Body, type MeetRule } from '../../src/geometry/moveCore';
import { applyLegs, type Leg } from '../../src/geometry/movement';
import { buildStandIndex, convexPolygonsOverlap } from '../../src/geometry/collisions';
import { standCorners } from '../../src/geometry/footprint';
import { CONTACT_MM, isContactGap, standsAfterLegs } from '../../src/geometry/units';
import { unitsNear } from '../../src/geometry/sightCache';
import { pt, type StandFootprint } from '../../src/geometry/types';
import { stand } from './helpers';

const go = (dx: number, dy: number): Leg[] => [{ kind: 'translate', dx, dy, distanceMm: Math.hypot(dx, dy) }];
const overlapping = (a: readonly StandFootprint[], b: readonly StandFootprint[]) => a.some((s) => b.some((t) => convexPolygonsOverlap(standCorners(s), standCorners(t))));
// A 40×20 stand facing +x at (100, 100): x in [90, 110], y in [80, 120].
const mover = [stand(100, 100, 0, 40, 20)];
// The core's stops are exact to EPS_MM (1e-6 mm): distances are compared to 5 decimals.
const friendOrEnemy: MeetRule = (m) => (m.unitId.startsWith('friend') ? 'pass' : 'block');

describe('A placement overlaps the units it lies on, not those it touches', () => {
  const others: Body[] = [
    { id: 'b-apart', stands: [stand(130, 100, 0, 20, 20)] }, // x 120..140: 10 mm away
    { id: 'a-over', stands: [stand(115, 100, 0, 20, 20)] }, // x 105..125: 5 mm over
    { id: 'c-edge', stands: [stand(120, 100, 0, 20, 20)] }, // x 110..130: edge to edge
  ];
  it('lists the overlapped units by id, from a list or from a stand index', () => {
    expect(unitsUnder(mover, { others })).toEqual(['a-over']);
    const ix = buildStandIndex(others.flatMap((o) => o.stands.map((s, k) => ({ id: `${o.id}#${k}`, unitId: o.id, footprint: s }))));
    expect(unitsUnder(mover, { others: ix })).toEqual(['a-over']);
    expect(unitsUnder(mover, { others, ignore: (id) => id === 'a-over' })).toEqual([]);
  });
  it('the units near a box come in the list order', () => {
    const list = [{ id: 'z', stands: [stand(500, 500)] }, ...others];
    expect(unitsNear(list, { minX: 100, minY: 90, maxX: 115, maxY: 110 }).map((u) => u.id)).toEqual(['a-over', 'c-edge']);
    expect(unitsNear(list, { minX: 0, minY: 0, maxX: 1000, maxY: 1000 }).map((u) => u.id)).toEqual(['z', 'b-apart', 'a-over', 'c-edge']);
  });
});

describe('A plan cut short at a distance', () => {
  it('keeps the whole legs before it and the part of the leg it falls in', () => {
    const legs: Leg[] = [...go(30, 40), { kind: 'rotate', pivot: pt(0, 0), angle: Math.PI / 2, distanceMm: 100 }];
    expect(legsUpTo(mover, legs, 25)).toEqual([{ kind: 'translate', dx: 15, dy: 20, distanceMm: 25 }]);
    const cut = legsUpTo(mover, legs, 100);
    expect(cut).toHaveLength(2);
    expect(cut[1]).toMatchObject({ kind: 'rotate', angle: Math.PI / 4, distanceMm: 50 });
    expect(legsUpTo(mover, legs, 0)).toEqual([]);
    expect(legsUpTo(mover, legs, 500)).toEqual(legs);
  });
  it('stands after whole legs keep their fields and normalised facings, as the plan puts them', () => {
    type S = StandFootprint & { id: string };
    const st: S[] = [{ ...stand(100, 100, 3), id: 'a' }];
    const legs: Leg[] = [...go(10, 0), { kind: 'rotate', pivot: pt(0, 0), angle: 1, distanceMm: 1 }];
    const after = standsAfterLegs(st, legs);
    expect(after[0]!.id).toBe('a');
    expect(after[0]!.facing).toBeCloseTo(4 - 2 * Math.PI, 12);
    const plain = applyLegs(st, legs)[0]!;
    expect(after[0]!.centre.x).toBeCloseTo(plain.centre.x, 9);
    expect(after[0]!.centre.y).toBeCloseTo(plain.centre.y, 9);
  });
});

describe('A forced move stops at the first blocking contact and ends clear of everyone', () => {
  it('straight into an enemy: stops touching it (3-4-5: at 3/4 of the move)', () => {
    const enemy = [stand(140, 160, 0, 20, 20)];
    const r = pushUntilClear(mover, go(30, 40), { others: [{ id: 'enemy', stands: enemy }], rule: friendOrEnemy });
    expect(r.stopMm).toBeCloseTo(37.5, 5);
    expect(r.contact?.meeting.unitId).toBe('enemy');
    expect(overlapping(standsAfterLegs(mover, legsUpTo(mover, go(30, 40), r.stopMm)), enemy)).toBe(false);
  });
  it('through a friend it may pass, but not ending on it: back to where it first touched the friend', () => {
    // Friend x 150..170 (entered at 40, cleared at 80); the push of 60 would end on it.
    const r = pushUntilClear(mover, go(60, 0), { others: [{ id: 'friend', stands: [stand(160, 100, 0, 20, 20)] }], rule: friendOrEnemy });
    expect(r.stopMm).toBeCloseTo(40, 5);
    expect(r.passed).toHaveLength(0);
    expect(r.contact).toBeUndefined();
  });
  it('through a friend and on: the friend is passed', () => {
    const r = pushUntilClear(mover, go(100, 0), { others: [{ id: 'friend', stands: [stand(160, 100, 0, 20, 20)] }], rule: friendOrEnemy });
    expect(r.stopMm).toBe(100);
    expect(r.passed.map((m) => m.unitId)).toEqual(['friend']);
  });
  it('an enemy just beyond a friend: back before the friend, the friend not passed', () => {
    // Friend x 150..170, enemy x 175..195: the enemy stops the front at 175 (d = 65), inside the friend's stretch 40..80.
    const others: Body[] = [{ id: 'friend', stands: [stand(160, 100, 0, 20, 20)] }, { id: 'enemy', stands: [stand(185, 100, 0, 20, 20)] }];
    const r = pushUntilClear(mover, go(150, 0), { others, rule: friendOrEnemy });
    expect(r.contact?.atMm).toBeCloseTo(65, 5);
    expect(r.stopMm).toBeCloseTo(40, 5);
    expect(r.passed).toHaveLength(0);
  });
  it('the table edge first: where it begins to leave', () => {
    const r = pushUntilClear(mover, go(100, 0), { table: { widthMm: 150, depthMm: 500 }, rule: friendOrEnemy });
    expect(r.leavesTableAtMm).toBeCloseTo(40, 5);
    expect(r.stopMm).toBeCloseTo(40, 5);
  });
  it('what the rule ignores is not there', () => {
    const r = pushUntilClear(mover, go(60, 0), { others: [{ id: 'enemy', stands: [stand(160, 100, 0, 20, 20)] }], rule: () => 'ignore' });
    expect(r.stopMm).toBe(60);
  });
  it('property: the end is never on anyone and never beyond the first blocking contact', () => {
    const arbStand = fc.record({ x: fc.double({ min: 0, max: 300, noNaN: true }), y: fc.double({ min: 0, max: 300, noNaN: true }), f: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }) })
      .map((r) => stand(r.x, r.y, r.f, 30, 15));
    fc.assert(fc.property(arbStand, fc.array(fc.tuple(arbStand, fc.boolean()), { maxLength: 6 }), fc.double({ min: -200, max: 200, noNaN: true }), fc.double({ min: -200, max: 200, noNaN: true }), (m, list, dx, dy) => {
      const others: Body[] = list.map(([s, friend], i) => ({ id: `${friend ? 'friend' : 'enemy'}-${i}`, stands: [s] }));
      const legs = go(dx, dy);
      const r = pushUntilClear([m], legs, { others, rule: friendOrEnemy });
      const end = standsAfterLegs([m], legsUpTo([m], legs, r.stopMm));
      const startsOn = new Set(traceMove([m], [], { others }).meetings.map((x) => x.unitId));
      if (r.stopMm > 0) for (const o of others) if (!startsOn.has(o.id)) expect(convexPolygonsOverlap(standCorners(end[0]!), standCorners(o.stands[0]!), 1e-5)).toBe(false);
      if (r.contact) expect(r.stopMm).toBeLessThanOrEqual(r.contact.atMm + 1e-9);
    }));
  });
});

describe('Backing off to the nearest clear place', () => {
  it('clear at the start: 0; on a unit: where it is clear of it again; never clear: undefined', () => {
    expect(firstClearMm(traceMove(mover, go(-50, 0), { others: [{ id: 'x', stands: [stand(200, 100)] }] }))).toBe(0);
    // Starting 5 mm over a 20×20 stand at x 105..125, backing off along −x: clear once the front is back at 105, after 5 mm.
    expect(firstClearMm(traceMove(mover, go(-50, 0), { others: [{ id: 'x', stands: [stand(115, 100, 0, 20, 20)] }] }))).toBeCloseTo(5, 5);
    // A second stand behind, x 60..85: backing 30 mm would run onto it (its rear edge at 85 is met after 5 mm of travel)… but 5 mm is clear of both.
    const two: Body[] = [{ id: 'x', stands: [stand(115, 100, 0, 20, 20)] }, { id: 'y', stands: [stand(72.5, 100, 0, 25, 20)] }];
    expect(firstClearMm(traceMove(mover, go(-30, 0), { others: two }))).toBeCloseTo(5, 5);
    expect(firstClearMm(traceMove(mover, go(-3, 0), { others: two }))).toBeUndefined();
  });
});

describe('Contact after a move of the core', () => {
  it(`a gap of ${CONTACT_MM} mm lengthened by a stop's arithmetic is still contact; a hundredth more is not`, () => {
    expect(isContactGap(CONTACT_MM)).toBe(true);
    expect(isContactGap(CONTACT_MM + 1e-6 + 1e-12)).toBe(true);
    expect(isContactGap(CONTACT_MM + 0.01)).toBe(false);
  });
});
