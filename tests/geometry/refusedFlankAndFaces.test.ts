/** A line with a refused flank, the faces a body of stands presents (stands grouped by facing) and the straight line a refused one came from. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { layoutLine, layoutRefusedLine, layoutSquare, straightLineAnchor } from '../../src/geometry/formation';
import { facingGroups, toLocal } from '../../src/geometry/frame';
import { inFrontArc } from '../../src/geometry/zones';
import { standsOverlap } from '../../src/geometry/units';
import { degToRad, pt, rad } from '../../src/geometry/types';
import { base, close } from './helpers';

// Facing east (+x): right is +y (down the screen), the rear is -x.
const anchor = pt(500, 500);
const bases4 = Array.from({ length: 4 }, () => base(40, 20));

describe('layoutRefusedLine: the last stands swing back as one block about the inner rear corner', () => {
  it('a line of 4 facing east with its right flank refused by 90°: the end stand faces south, beside the line and behind it', () => {
    const ss = layoutRefusedLine(anchor, rad(0), bases4, 'right', 1, degToRad(90));
    // The straight line runs y 420..580 with its front edge at x = 500; stands 0..2 keep y 420..540.
    expect(ss.slice(0, 3).map((s) => [s.centre.x, s.centre.y])).toEqual([[490, 440], [490, 480], [490, 520]]);
    // Stand 3 pivots on (480, 540): its centre (490, 560) goes to (460, 550), facing south (+90°): x 440..480, y 540..560, behind stand 2.
    expect(close(ss[3]!.centre.x, 460)).toBe(true);
    expect(close(ss[3]!.centre.y, 550)).toBe(true);
    expect(close(ss[3]!.facing, Math.PI / 2)).toBe(true);
  });

  it('a left refusal puts the refused block at the left end and turns it anticlockwise; stand 0 stays in the main body', () => {
    const ss = layoutRefusedLine(anchor, rad(0), bases4, 'left', 2, degToRad(45));
    expect(ss[0]!.facing).toBe(0);
    expect(close(ss[2]!.facing, -Math.PI / 4)).toBe(true);
    expect(close(ss[3]!.facing, -Math.PI / 4)).toBe(true);
    // The main body is the right half of the straight line: y 500..580.
    expect([ss[0]!.centre.y, ss[1]!.centre.y]).toEqual([520, 560]);
    // The refused stands lie to the left (smaller y) and behind the front edge.
    for (const s of ss.slice(2)) { expect(s.centre.y).toBeLessThan(500); expect(s.centre.x).toBeLessThan(500); }
  });

  it('refusing no stands is the plain line', () => {
    expect(layoutRefusedLine(anchor, rad(0), bases4, 'right', 0, degToRad(45))).toEqual(layoutLine(anchor, rad(0), bases4, 1));
  });

  it('property: the refused block never overlaps the main body, whatever the angle, flank, count and facing', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 90 }), fc.boolean(), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), (n, k0, deg, left, facing) => {
      const k = Math.min(k0, n - 1);
      const bs = Array.from({ length: n }, () => base(33, 20));
      const ss = layoutRefusedLine(pt(0, 0), rad(facing), bs, left ? 'left' : 'right', k, degToRad(deg));
      const main = ss.slice(0, n - k), refused = ss.slice(n - k);
      return !main.some((a) => refused.some((b) => standsOverlap(a, b)));
    }));
  });
});

describe('facingGroups: the faces a body of stands presents', () => {
  it('a line is one face; its frame is the whole line', () => {
    const g = facingGroups(layoutLine(anchor, rad(0), bases4, 1));
    expect(g.length).toBe(1);
    expect(g[0]!.stands).toEqual([0, 1, 2, 3]);
    expect(g[0]!.frame.halfWidthMm).toBeCloseTo(80);
  });

  it('a square of 4 stands is four faces, front first, each one stand facing out', () => {
    const g = facingGroups(layoutSquare(anchor, rad(0), bases4));
    expect(g.length).toBe(4);
    expect(g.map((x) => Math.round((x.facing * 180) / Math.PI))).toEqual([0, 90, -90, 180]);
    expect(g.map((x) => x.stands)).toEqual([[0], [1], [2], [3]]);
  });

  it('a line of 4 with two stands refused is two faces: the main body first, then the refused block with its own frontage', () => {
    const g = facingGroups(layoutRefusedLine(anchor, rad(0), bases4, 'right', 2, degToRad(60)));
    expect(g.map((x) => x.stands)).toEqual([[0, 1], [2, 3]]);
    expect(g[1]!.frame.halfWidthMm).toBeCloseTo(40);
    // Each face has its own arc: a target straight down the refused face's front is in its arc and not the main body's.
    const ahead = pt(g[1]!.frame.centre.x + Math.cos(g[1]!.facing) * 100, g[1]!.frame.centre.y + Math.sin(g[1]!.facing) * 100);
    expect(inFrontArc(g[1]!.frame, degToRad(10), 300, ahead)).toBe(true);
    expect(inFrontArc(g[0]!.frame, degToRad(10), 300, ahead)).toBe(false);
  });
});

describe('straightLineAnchor: the line a refused flank came from', () => {
  it.each([['right', 1, 30], ['right', 2, 90], ['left', 1, 45], ['left', 3, 80]] as const)('refused %s by %i stands at %i° and straightened: the same anchor', (flank, k, deg) => {
    const ss = layoutRefusedLine(anchor, rad(0.3), bases4, flank, k, degToRad(deg));
    const a = straightLineAnchor(ss);
    expect(close(a.x, anchor.x, 1e-9) && close(a.y, anchor.y, 1e-9)).toBe(true);
    expect(toLocal(facingGroups(ss)[0]!.frame, a).along).toBeCloseTo(10);
  });
});
