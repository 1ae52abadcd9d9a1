import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { raceMoves, type RaceMover } from '../../src/geometry/simultaneous';
import { advance, type Leg } from '../../src/geometry/movement';
import { unitDistance } from '../../src/geometry/measure';
import { footprintGroupsOverlap } from '../../src/geometry/overlap';
import { pt, rad, type StandFootprint } from '../../src/geometry/types';
import { line, stand } from './helpers';

const straightLegs = (stands: readonly StandFootprint[], mm: number): Leg[] => {
  const p = advance(stands, mm);
  if (!p.ok) throw new Error(p.reason);
  return p.legs;
};
const mover = (id: string, stands: StandFootprint[], mm: number, paceMm?: number): RaceMover => ({ id, stands, legs: straightLegs(stands, mm), ...(paceMm !== undefined ? { paceMm } : {}) });

describe('Simultaneous proportional moves (the race)', () => {
  it('two lines marching head on meet where their paces say: 100 mm against 50 mm over a 100 mm gap meet at two thirds', () => {
    // a's front at x = 0 facing east; b's front at x = 100 facing west.
    const a = line(2, 0, 0, 0), b = line(2, 100, 0, Math.PI);
    const r = raceMoves([mover('a', a, 100), mover('b', b, 50)]);
    expect(r[0]!.fraction).toBeCloseTo(2 / 3, 6);
    expect(r[1]!.fraction).toBe(r[0]!.fraction);
    expect(r[0]!.distanceMm).toBeCloseTo(200 / 3, 4);
    expect(r[1]!.distanceMm).toBeCloseTo(100 / 3, 4);
    // Neither move alone makes the contact: both halt, touching.
    expect(r.map((x) => x.stop?.reason)).toEqual(['contact', 'contact']);
    expect(unitDistance(r[0]!.stands, r[1]!.stands)).toBeLessThan(1e-4);
  });

  it('a column crossing another\'s path: the one that runs into the other\'s flank halts, the other marches on', () => {
    // a marches north across b's front; b marches east into where a passes.
    const a = [stand(100, 100, -Math.PI / 2)];
    const b = [stand(30, 60, 0)];
    const r = raceMoves([mover('a', a, 200), mover('b', b, 200)]);
    const [ra, rb] = r;
    expect(rb!.stop).toMatchObject({ reason: 'contact', by: 'a', striker: true });
    expect(ra!.stop).toBeUndefined();
    expect(ra!.fraction).toBe(1);
    expect(rb!.fraction).toBeLessThan(1);
  });

  it('with contact "both", a contact stops both units, and the one carried in by its own move is the striker', () => {
    const a = [stand(100, 100, -Math.PI / 2)];
    const b = [stand(30, 60, 0)];
    const r = raceMoves([mover('a', a, 200), mover('b', b, 200)], { contact: 'both' });
    expect(r[0]!.fraction).toBe(r[1]!.fraction);
    expect(r[1]!.stop).toMatchObject({ reason: 'contact', by: 'a', striker: true });
    expect(r[0]!.stop).toMatchObject({ reason: 'contact', by: 'b', striker: false });
  });

  it('stops touching a unit standing still, exactly where a single move would (front 150 mm off: 150 mm)', () => {
    const a = line(2, 0, 0, 0);
    const r = raceMoves([mover('a', a, 300)], { others: [{ id: 'wall', stands: line(2, 170, 0, 0) }] });
    // The wall's front is at x = 170, its rear (depth 20) at x = 150.
    expect(r[0]!.distanceMm).toBeCloseTo(150, 5);
    expect(r[0]!.stop).toMatchObject({ reason: 'contact', by: 'wall', striker: true });
  });

  it('a meet rule of "ignore" lets a unit pass through, and units overlapping at the start are never judged', () => {
    const a = line(2, 0, 0, 0);
    const passing = raceMoves([mover('a', a, 300)], { others: [{ id: 'friend', stands: line(2, 170, 0, 0) }], meets: () => 'ignore' });
    expect(passing[0]!.fraction).toBe(1);
    const inside = raceMoves([mover('a', a, 300)], { others: [{ id: 'mixed', stands: line(2, 10, 0, 0) }] });
    expect(inside[0]!.fraction).toBe(1);
  });

  it('a plan shorter than its pace ends early and waits: 50 mm at a pace of 200 mm is done at a quarter', () => {
    const a = line(1, 0, 0, 0);
    const b = line(1, 0, 200, 0);
    const r = raceMoves([mover('a', a, 50, 200), mover('b', b, 200)]);
    expect(r[0]!.distanceMm).toBeCloseTo(50, 9);
    expect(r[1]!.distanceMm).toBeCloseTo(200, 9);
  });

  it('a halt of the ruleset\'s own is judged against the others where they then stand, halted ones where they halted', () => {
    // Three units on one line: c stands at x = 400; b marches east from x = 100 and halts within
    // 60 mm of c; a marches east behind b, 100 mm back, and halts within 60 mm of b.
    const a = line(1, 0, 0, 0), b = line(1, 100, 0, 0);
    const within = (id: string, stands: readonly StandFootprint[], poseOf: (id: string) => readonly StandFootprint[] | undefined, of: string) => {
      const o = poseOf(of);
      return o && unitDistance(stands, o) <= 60 ? of : undefined;
    };
    const r = raceMoves([mover('a', a, 300), mover('b', b, 300)], {
      others: [{ id: 'c', stands: line(1, 400, 0, 0) }],
      halt: (id, stands, _f, poseOf) => (id === 'b' ? within(id, stands, poseOf, 'c') : within(id, stands, poseOf, 'b')),
    });
    // b's front reaches 60 mm short of c's rear (x = 380 − 60 = 320) after 220 mm.
    expect(r[1]!.distanceMm).toBeCloseTo(220, 2);
    expect(r[1]!.stop).toMatchObject({ reason: 'halt', by: 'c' });
    // a closes on b where b halted (b's rear at x = 300), never on where b would have gone.
    expect(r[0]!.stop).toMatchObject({ reason: 'halt', by: 'b' });
    expect(unitDistance(r[0]!.stands, r[1]!.stands)).toBeCloseTo(60, 2);
  });

  it('keeps the stands\' own fields', () => {
    const s = [{ ...stand(0, 0), id: 's1' }];
    const r = raceMoves([{ id: 'a', stands: s, legs: straightLegs(s, 10) }]);
    expect((r[0]!.stands[0] as unknown as { id: string }).id).toBe('s1');
  });

  describe('properties', () => {
    const arbUnit = fc.record({
      x: fc.double({ min: 0, max: 400, noNaN: true }), y: fc.double({ min: 0, max: 400, noNaN: true }),
      f: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), w: fc.double({ min: 20, max: 60, noNaN: true }), d: fc.double({ min: 20, max: 40, noNaN: true }),
      mm: fc.double({ min: 0, max: 200, noNaN: true }),
    });
    const standOf = (u: { x: number; y: number; f: number; w: number; d: number }): StandFootprint[] => [{ ...stand(u.x, u.y, u.f, u.w, u.d), centre: pt(u.x, u.y), facing: rad(u.f) }];

    it('when every contact stops both units, no two units that were clear at the start overlap where the race leaves them, and each went its own share', () => {
      fc.assert(fc.property(fc.array(arbUnit, { minLength: 1, maxLength: 4 }), fc.array(arbUnit, { maxLength: 3 }), (ms, os) => {
        const movers = ms.map((u, i) => mover(`m${i}`, standOf(u), u.mm));
        const others = os.map((u, i) => ({ id: `o${i}`, stands: standOf(u) }));
        const r = raceMoves(movers, { others, contact: 'both', slices: 40 });
        const all = [...r.map((x, i) => ({ id: x.id, start: movers[i]!.stands, end: x.stands })), ...others.map((o) => ({ id: o.id, start: o.stands, end: o.stands }))];
        for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) {
          if (footprintGroupsOverlap(all[i]!.start, all[j]!.start, 1e-6)) continue;
          expect(footprintGroupsOverlap(all[i]!.end, all[j]!.end, 1e-6)).toBe(false);
        }
        r.forEach((x, i) => {
          const plan = ms[i]!.mm;
          expect(x.distanceMm).toBeCloseTo(x.stop ? plan * x.fraction : plan, 6);
          if (!x.stop) expect(x.fraction).toBe(1);
        });
      }), { numRuns: 150 });
    });

    it('a contact stop leaves the two units touching (within the bisection\'s reach), never apart', () => {
      fc.assert(fc.property(arbUnit, arbUnit, (a, b) => {
        const ma = mover('a', standOf(a), 200), mb = mover('b', standOf(b), b.mm);
        if (footprintGroupsOverlap(ma.stands, mb.stands, 1e-6)) return;
        const r = raceMoves([ma, mb], { contact: 'both', slices: 40 });
        if (r[0]!.stop?.reason !== 'contact') return;
        expect(unitDistance(r[0]!.stands, r[1]!.stands)).toBeLessThan(1e-3);
      }), { numRuns: 200 });
    });
  });
});

describe('The race finds a contact that begins and ends inside one of its slices', () => {
  it('a stand clipping the corner of a turned stand between two slice ends is stopped touching it', () => {
    // A 40x20 stand marching 800 mm east in 20 slices (40 mm each); a 20 mm square turned 45 degrees pokes
    // 0.5 mm into its path. The overlap lasts from 241 mm to 262 mm on, between the slice ends at 240 and 280.
    const a = stand(0, 0, 0, 40, 20);
    const tip = 10 + 241 + 0.5;
    const b = stand(tip, 20 - 0.5 + 10 * Math.SQRT2, Math.PI / 4, 20, 20);
    const r = raceMoves([{ id: 'a', stands: [a], legs: [{ kind: 'translate', dx: 800, dy: 0, distanceMm: 800 }] }], { others: [{ id: 'b', stands: [b] }], slices: 20 });
    expect(r[0]!.stop).toMatchObject({ reason: 'contact', by: 'b' });
    expect(r[0]!.distanceMm).toBeCloseTo(241, 4);
    expect(unitDistance(r[0]!.stands, [b])).toBeLessThan(1e-6);
  });

  it('two units crossing each other\'s paths meet at the first moment they touch (against a fine brute force, property)', () => {
    fc.assert(fc.property(fc.integer({ min: 150, max: 400 }), fc.integer({ min: 150, max: 400 }), fc.integer({ min: -60, max: 60 }), fc.integer({ min: 300, max: 900 }), (ax, by, skew, pace) => {
      // a marches east from (0, 0); b marches south from (ax + skew, −by): their paths cross.
      const a = [stand(0, 0, 0, 40, 20)], b = [stand(ax + skew, -by, Math.PI / 2, 40, 20)];
      const legsA: Leg[] = [{ kind: 'translate', dx: pace, dy: 0, distanceMm: pace }];
      const legsB: Leg[] = [{ kind: 'translate', dx: 0, dy: pace / 2, distanceMm: pace / 2 }];
      const r = raceMoves([{ id: 'a', stands: a, legs: legsA }, { id: 'b', stands: b, legs: legsB }], { slices: 5, contact: 'both' });
      // Brute force: the first of 20,000 moments at which they overlap.
      let first: number | undefined;
      for (let i = 0; i <= 20000 && first === undefined; i++) {
        const f = i / 20000;
        const pa = a.map((s) => ({ ...s, centre: pt(s.centre.x + pace * f, s.centre.y) }));
        const pb = b.map((s) => ({ ...s, centre: pt(s.centre.x, s.centre.y + (pace / 2) * f) }));
        if (footprintGroupsOverlap(pa, pb, 1e-6)) first = f;
      }
      if (first === undefined) { expect(r[0]!.stop).toBeUndefined(); return; }
      expect(r[0]!.stop?.by).toBe('b');
      expect(r[0]!.fraction).toBeLessThanOrEqual(first + 1e-9);
      expect(r[0]!.fraction).toBeGreaterThanOrEqual(first - 1 / 20000 - 1e-9);
    }), { numRuns: 100 });
  });
});
