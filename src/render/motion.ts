/**
 * Pieces that glide instead of jumping: when a unit's stands change (an AI's move, a command
 * from the inspector, a step of a replay), the scene draws its footprint moving from the old
 * pose to the new one. Pure: the scene asks where every stand is at a time; nothing here draws.
 *
 * Stands are matched by id: a stand in both poses slides along a straight line and turns the
 * shorter way; a stand that is gone (a loss) is not drawn; a stand that is new shows at its end
 * pose. A drag the person released is never animated (the piece is already where they put it),
 * and a person who asked the browser for reduced motion sees every change at once.
 */
import type { Stand } from '../engine/model';
import type { Radians } from '../geometry/types';

/** How long a move takes on screen: a short glide, longer for a long move, never more than half a second. */
export const MOTION_MIN_MS = 220;
export const MOTION_MAX_MS = 520;
/** Table millimetres a glide covers in a millisecond beyond the shortest glide (about a table's width in 2 s). */
const MM_PER_MS = 0.9;

export interface Motion {
  readonly from: readonly Stand[];
  readonly to: readonly Stand[];
  readonly startMs: number;
  readonly durationMs: number;
}

/** The smallest signed turn from `a` to `b`, in (-π, π]. */
export function turnBetween(a: number, b: number): number {
  let d = (b - a) % (2 * Math.PI);
  if (d > Math.PI) d -= 2 * Math.PI;
  if (d <= -Math.PI) d += 2 * Math.PI;
  return d;
}

/** Ease in and out (smoothstep): starts and ends at rest. */
export const ease = (t: number): number => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));

/** Whether any stand present in both poses moved or turned visibly (more than 0.5 mm or about 0.5°). */
export function posesDiffer(from: readonly Stand[], to: readonly Stand[]): boolean {
  const before = new Map(from.map((s) => [s.id, s]));
  return to.some((s) => {
    const b = before.get(s.id);
    return b !== undefined && (Math.hypot(s.centre.x - b.centre.x, s.centre.y - b.centre.y) > 0.5 || Math.abs(turnBetween(b.facing, s.facing)) > 0.009);
  });
}

/** How long the glide from `from` to `to` lasts: by the farthest a stand goes, within the bounds. */
export function motionMs(from: readonly Stand[], to: readonly Stand[]): number {
  const before = new Map(from.map((s) => [s.id, s]));
  let far = 0;
  for (const s of to) {
    const b = before.get(s.id);
    if (b) far = Math.max(far, Math.hypot(s.centre.x - b.centre.x, s.centre.y - b.centre.y));
  }
  return Math.min(MOTION_MAX_MS, MOTION_MIN_MS + far / MM_PER_MS);
}

/** The stands of a motion at time `nowMs`: the end pose once it is over. */
export function standsAt(m: Motion, nowMs: number): readonly Stand[] {
  const t = ease((nowMs - m.startMs) / m.durationMs);
  if (t >= 1) return m.to;
  const before = new Map(m.from.map((s) => [s.id, s]));
  return m.to.map((s) => {
    const b = before.get(s.id);
    if (!b) return s;
    return {
      ...s,
      centre: { x: b.centre.x + (s.centre.x - b.centre.x) * t, y: b.centre.y + (s.centre.y - b.centre.y) * t } as Stand['centre'],
      facing: (b.facing + turnBetween(b.facing, s.facing) * t) as Radians,
    };
  });
}

/** Whether the motion is over at `nowMs`. */
export const isOver = (m: Motion, nowMs: number): boolean => nowMs - m.startMs >= m.durationMs;
