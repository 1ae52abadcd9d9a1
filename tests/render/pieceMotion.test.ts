/**
 * Pieces glide to a new pose (render motion.ts): stands matched by id slide in a straight line
 * and turn the shorter way, at rest at both ends; a lost stand is not drawn, a new one shows at
 * its end pose; a glide lasts longer for a longer move, within its bounds.
 */
import { describe, expect, it } from 'vitest';
import type { Stand } from '../../src/engine/model';
import { ease, isOver, MOTION_MAX_MS, MOTION_MIN_MS, motionMs, posesDiffer, standsAt, turnBetween } from '../../src/render/motion';

const stand = (id: string, x: number, y: number, facing: number): Stand => ({ id, centre: { x, y }, facing, widthMm: 40, depthMm: 20 }) as unknown as Stand;

describe('a piece gliding from its old pose to its new one', () => {
  it('slides each stand along a straight line, at rest at both ends', () => {
    const from = [stand('a', 0, 0, 0), stand('b', 40, 0, 0)];
    const to = [stand('a', 300, 400, 0), stand('b', 340, 400, 0)];
    const m = { from, to, startMs: 1000, durationMs: 400 };
    expect(standsAt(m, 1000)[0]!.centre).toEqual({ x: 0, y: 0 });
    expect(standsAt(m, 1200)[0]!.centre).toEqual({ x: 150, y: 200 });
    expect(standsAt(m, 1400)).toBe(to);
    expect(standsAt(m, 5000)).toBe(to);
    expect(isOver(m, 1399)).toBe(false);
    expect(isOver(m, 1400)).toBe(true);
    expect(ease(0.1)).toBeLessThan(0.1);
    expect(ease(0.9)).toBeGreaterThan(0.9);
  });

  it('turns the shorter way, across the ±π seam', () => {
    expect(turnBetween(0.1, -0.1)).toBeCloseTo(-0.2, 12);
    expect(turnBetween(3.0, -3.0)).toBeCloseTo(2 * Math.PI - 6, 12);
    const m = { from: [stand('a', 0, 0, 3.0)], to: [stand('a', 0, 0, -3.0)], startMs: 0, durationMs: 100 };
    const mid = standsAt(m, 50)[0]!.facing;
    expect(Math.abs(Math.cos(mid) - Math.cos(Math.PI))).toBeLessThan(1e-9);
  });

  it('draws no lost stand, and a new stand at its end pose', () => {
    const m = { from: [stand('a', 0, 0, 0), stand('gone', 40, 0, 0)], to: [stand('a', 100, 0, 0), stand('new', 500, 500, 1)], startMs: 0, durationMs: 100 };
    const mid = standsAt(m, 50);
    expect(mid.map((s) => s.id)).toEqual(['a', 'new']);
    expect(mid[1]!.centre).toEqual({ x: 500, y: 500 });
  });

  it('glides only when a stand moved or turned, longer for a longer move, within bounds', () => {
    const a = [stand('a', 0, 0, 0)];
    expect(posesDiffer(a, [stand('a', 0.2, 0, 0)])).toBe(false);
    expect(posesDiffer(a, [stand('a', 0, 0, 0.05)])).toBe(true);
    expect(posesDiffer(a, [stand('b', 900, 0, 0)])).toBe(false);
    expect(motionMs(a, [stand('a', 10, 0, 0)])).toBeGreaterThanOrEqual(MOTION_MIN_MS);
    expect(motionMs(a, [stand('a', 100, 0, 0)])).toBeGreaterThan(motionMs(a, [stand('a', 10, 0, 0)]));
    expect(motionMs(a, [stand('a', 5000, 0, 0)])).toBe(MOTION_MAX_MS);
  });
});
