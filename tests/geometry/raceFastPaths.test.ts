/**
 * The race of simultaneous moves (geometry `raceMoves`) skips the stretches where a unit stays
 * beyond its `within` distance throughout (NW §21's Engagement Range halt) and solves only the
 * moments its answer needs. Every answer must be the one the plain race gives, to the bit: the
 * plain race is kept in plainRace.ts as the referee.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { raceMoves, type RaceMover, type RaceOptions } from '../../src/geometry/simultaneous';
import type { Leg } from '../../src/geometry/movement';
import { standCorners } from '../../src/geometry/footprint';
import { cos, sin } from '../../src/geometry/math';
import { pt, type StandFootprint } from '../../src/geometry/types';
import { eventTimesEndAtOne, legMotions, motionEventTimes, stillMotion } from '../../src/geometry/motionEvents';
import { motionEventTimesPlain, raceMovesPlain } from './plainRace';
import { stand } from './helpers';

const arbUnit = fc.record({
  x: fc.integer({ min: -300, max: 300 }), y: fc.integer({ min: -300, max: 300 }), f: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  n: fc.integer({ min: 1, max: 3 }), w: fc.integer({ min: 15, max: 40 }), d: fc.integer({ min: 10, max: 25 }),
  // 0: stands still; 1: marches; 2: wheels then marches; 3: restands then marches.
  plan: fc.integer({ min: 0, max: 3 }), angle: fc.double({ min: -1.4, max: 1.4, noNaN: true }),
  march: fc.integer({ min: 0, max: 400 }), heading: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  pace: fc.option(fc.integer({ min: 50, max: 600 }), { nil: undefined }),
});

type ArbUnit = typeof arbUnit extends fc.Arbitrary<infer T> ? T : never;

function mover(id: string, u: ArbUnit): RaceMover {
  const ux = cos(u.f), uy = sin(u.f);
  // A line of n stands side by side, facing f.
  const stands: StandFootprint[] = Array.from({ length: u.n }, (_, i) => {
    const off = (i - (u.n - 1) / 2) * u.w;
    return stand(u.x - uy * off, u.y + ux * off, u.f, u.w, u.d);
  });
  const legs: Leg[] = [];
  if (u.plan === 2) {
    // About the line's left front corner.
    const c = standCorners(stands[0]!)[0]!;
    let r = 0;
    for (const s of stands) for (const k of standCorners(s)) r = Math.max(r, Math.hypot(k.x - c.x, k.y - c.y));
    if (r * Math.abs(u.angle) > 0) legs.push({ kind: 'rotate', pivot: pt(c.x, c.y), angle: u.angle, distanceMm: r * Math.abs(u.angle) });
  }
  if (u.plan === 3) {
    const to = stands.map((s, i) => stand(s.centre.x + 20 * (i + 1), s.centre.y - 10, u.f + u.angle, u.w, u.d));
    legs.push({ kind: 'restand', to, turns: stands.map(() => u.angle), distanceMm: 60 });
  }
  if (u.plan !== 0 && u.march > 0) legs.push({ kind: 'translate', dx: u.march * cos(u.heading), dy: u.march * sin(u.heading), distanceMm: u.march });
  return { id, stands, legs, ...(u.pace !== undefined ? { paceMm: u.pace } : {}) };
}

describe('The moments two moving groups of stands can meet or come within a distance are the plain solver\'s, to the bit', () => {
  it('straight, wheeling, restanding and standing stands, overlap with a slack and within a distance (property)', () => {
    const arb = fc.record({ a: arbUnit, b: arbUnit, dist: fc.integer({ min: 0, max: 160 }), slack: fc.constantFrom(0, 0.01, -2), u0: fc.double({ min: 0, max: 0.9, noNaN: true }) });
    let roots = 0;
    fc.assert(fc.property(arb, (p) => {
      const motions = (m: RaceMover) => {
        const leg = m.legs[0];
        if (!leg) return m.stands.map(stillMotion);
        const at = m.stands.map((s) => (leg.kind === 'translate' ? stand(s.centre.x + leg.dx * p.u0, s.centre.y + leg.dy * p.u0, s.facing, s.widthMm, s.depthMm) : s));
        return legMotions(m.stands, at, leg, leg.kind === 'translate' ? p.u0 : 0, 1);
      };
      const a = motions(mover('a', p.a)), b = motions(mover('b', p.b));
      const o = p.dist > 0 ? { distanceMm: p.dist } : { slackMm: p.slack };
      const fast = motionEventTimes(a, b, o), plain = motionEventTimesPlain(a, b, o);
      expect(fast.length).toBe(plain.length);
      fast.forEach((t, i) => expect(Object.is(t, plain[i])).toBe(true));
      // Whether the last event time is 1, from the roots near 1 alone.
      expect(eventTimesEndAtOne(a, b, o)).toBe(plain[plain.length - 1] === 1);
      roots += fast.length - 2;
    }), { numRuns: 300 });
    expect(roots).toBeGreaterThan(300);
  }, 240_000);
});

describe('The race\'s fast paths give the plain race\'s answers to the bit', () => {
  it('halts on coming within a distance, with contacts, sight refused part of the way, and units standing by (property)', () => {
    const arb = fc.record({
      units: fc.array(arbUnit, { minLength: 2, maxLength: 4 }),
      still: fc.array(arbUnit, { minLength: 0, maxLength: 2 }),
      dist: fc.integer({ min: 5, max: 160 }),
      slices: fc.integer({ min: 1, max: 20 }),
      sight: fc.integer({ min: 0, max: 2 }),
      meets: fc.boolean(),
    });
    let halted = 0;
    fc.assert(fc.property(arb, (p) => {
      const movers = p.units.map((u, i) => mover(`m${i}`, u));
      const others = p.still.map((u, i) => ({ id: `s${i}`, stands: mover('x', u).stands }));
      const all = [...movers, ...others];
      const opts: RaceOptions = {
        slices: p.slices,
        others,
        bisections: 16,
        overlapSlackMm: 0.01,
        meets: () => (p.meets ? 'block' : 'ignore'),
        within: {
          distanceMm: p.dist + 1e-6,
          of: (id) => all.filter((b) => b.id !== id && (Number(id.slice(1)) + Number(b.id.slice(1))) % 2 === (id[0] === b.id[0] ? 1 : 0)),
          // 0: always seen; 1: never; 2: seen once the mover is east of x = 0 (refused part of the way).
          ...(p.sight === 0 ? {} : { accept: (id: string, _o: string, _f: number, poseOf: (x: string) => readonly StandFootprint[] | undefined) => p.sight === 2 && poseOf(id)![0]!.centre.x > 0 }),
        },
      };
      const fast = raceMoves(movers, opts), plain = raceMovesPlain(movers, opts);
      expect(fast.length).toBe(plain.length);
      for (let i = 0; i < fast.length; i++) {
        const a = fast[i]!, b = plain[i]!;
        expect(Object.is(a.fraction, b.fraction)).toBe(true);
        expect(Object.is(a.distanceMm, b.distanceMm)).toBe(true);
        expect(a.stop).toEqual(b.stop);
        expect(a.stands).toEqual(b.stands);
        if (a.stop?.reason === 'halt') halted++;
      }
    }), { numRuns: 150 });
    // The cases reach the halt, not only the far stretches.
    expect(halted).toBeGreaterThan(20);
  }, 240_000);
});
