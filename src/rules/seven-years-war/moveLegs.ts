/**
 * SYW's move vocabulary as a plan of the geometry core (SYW (3) Order interpretation p.8, §4
 * pp.9-10): a group moves as one body along forward, backward, incline, wheel, turn and shift
 * legs; each becomes core legs (geometry/movement.ts `Leg`) that the core traces, and the rules
 * price it (wheels by drill, inclines, Reserve's slow backward move, turns by the flank's arc).
 *
 * The core legs' distances are the stands' travel (so a cut at the table edge or a contact
 * falls where the group really is); the rules' cost is kept apart in `costMm`.
 */
import { z } from 'zod';
import { reject } from '../../engine/ruleset';
import type { Rejection } from '../../engine/ruleset';
import type { Stand } from '../../engine/model';
import type { Leg as CoreLeg } from '../../geometry/movement';
import { unitFrame } from '../../geometry/frame';
import { meanCentre } from '../../geometry/standSets';
import { rotateStands, standsAfterLegs } from '../../geometry/units';
import { standCorners } from '../../geometry/footprint';
import { ORDER_NUMBERS } from './tables/orders';
import { wheelSpeedFactor, inclineSpeedFactor } from './tables/movement';
import type { GroupState } from './state';
import { qualitiesOf, isArtillery, isCavalry } from './state';
import type { Work } from './work';
import { cos, hypot, sin } from '../../geometry/math';
import { idRecord } from '../../engine/ids';

export const legSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('forward'), mm: z.number().positive().max(2000) }).strict(),
  z.object({ kind: z.literal('backward'), mm: z.number().positive().max(2000) }).strict(),
  z.object({ kind: z.literal('incline'), dir: z.enum(['left', 'right']), mm: z.number().positive().max(2000) }).strict(),
  z.object({ kind: z.literal('wheel'), dir: z.enum(['left', 'right']), deg: z.number().positive().max(180) }).strict(),
  z.object({ kind: z.literal('turn'), deg: z.number().min(-180).max(180) }).strict(),
  z.object({ kind: z.literal('shift'), dx: z.number().min(-100).max(100), dy: z.number().min(-100).max(100) }).strict(),
]);
export type Leg = z.infer<typeof legSchema>;

export interface Planned {
  /** Each unit's stands at the end of the plan. */
  readonly stands: Map<string, Stand[]>;
  /** The group's stands at the start, unit after unit (the order of `stands`). */
  readonly start: readonly Stand[];
  /** The core plan the group follows (straight legs in 10mm pieces, wheels in 5°: see planLegs). */
  readonly legs: readonly CoreLeg[];
  /** The same plan with each SYW leg as one core leg (the same path and distances): what the core traces. */
  readonly traceLegs: readonly CoreLeg[];
  readonly costMm: number;
  readonly netTurn: number;
  readonly kinds: ReadonlySet<string>;
  readonly backwardMm: number;
  readonly costByKind: Record<string, number>;
}

/** The group's stands (unit after unit) split back into units. */
export function splitByUnit(units: readonly { readonly id: string; readonly stands: readonly Stand[] }[], all: readonly Stand[]): Map<string, Stand[]> {
  const out = new Map<string, Stand[]>();
  let i = 0;
  for (const u of units) { out.set(u.id, all.slice(i, i + u.stands.length)); i += u.stands.length; }
  return out;
}

/** The arc the corner farthest from `pivot` sweeps turning by `angle`: how far a turn carries the stands. */
function turnTravel(stands: readonly Stand[], pivot: { x: number; y: number }, angle: number): number {
  let r = 0;
  for (const s of stands) for (const c of standCorners(s)) r = Math.max(r, hypot(c.x - pivot.x, c.y - pivot.y));
  return r * Math.abs(angle);
}

/** The pieces of one SYW leg (translations along one line, or turns about one pivot, or one restand) as one core leg. */
function joined(pieces: readonly CoreLeg[]): CoreLeg {
  const first = pieces[0]!;
  if (pieces.length === 1) return first;
  const distanceMm = pieces.reduce((a, l) => a + l.distanceMm, 0);
  if (first.kind === 'translate') return { kind: 'translate', dx: pieces.reduce((a, l) => a + (l.kind === 'translate' ? l.dx : 0), 0), dy: pieces.reduce((a, l) => a + (l.kind === 'translate' ? l.dy : 0), 0), distanceMm };
  if (first.kind === 'rotate') return { kind: 'rotate', pivot: first.pivot, angle: pieces.reduce((a, l) => a + (l.kind === 'rotate' ? l.angle : 0), 0), distanceMm };
  return first;
}

/**
 * The group's legs as one rigid body (the frame of all its stands, facing its first stand's
 * way) as a core plan, with what the rules charge for it. Straight legs are laid in 10mm
 * pieces and wheels in 5° pieces: the same arithmetic as the saves recorded before the group
 * moved through the core, so that a save replays to its hash (the trace is exact either way).
 */
export function planLegs(w: Work, g: GroupState, legs: readonly Leg[]): Planned | Rejection {
  const units = w.groupUnits(g);
  const start = units.flatMap((u) => u.stands);
  let cur: Stand[] = [...start];
  const plan: CoreLeg[] = [];
  const qs = units.map(qualitiesOf);
  const drillWheel = Math.min(...qs.map((q) => wheelSpeedFactor(q.drill, q.militia)));
  const incl = Math.min(...units.map((u, i) => inclineSpeedFactor(qs[i]!.drill, qs[i]!.militia, isCavalry(u))));
  let cost = 0, netTurn = 0, backwardMm = 0;
  const kinds = new Set<string>();
  const costByKind: Record<string, number> = idRecord();
  const whole: CoreLeg[] = [];
  const add = (leg: CoreLeg) => { plan.push(leg); cur = standsAfterLegs(cur, [leg]); };
  const straight = (dx: number, dy: number, n: number) => {
    const run: CoreLeg[] = [];
    for (let i = 0; i < n; i++) run.push({ kind: 'translate', dx, dy, distanceMm: hypot(dx, dy) });
    plan.push(...run);
    cur = standsAfterLegs(cur, run);
  };
  let pieces = 0;
  for (const leg of legs) {
    kinds.add(leg.kind);
    const before = cost;
    const f = cur[0]!.facing;
    const fx = cos(f), fy = sin(f);
    const steps = (mm: number) => Math.max(1, Math.ceil(mm / 10));
    switch (leg.kind) {
      case 'forward': case 'backward': {
        const sign = leg.kind === 'forward' ? 1 : -1;
        const n = steps(leg.mm);
        straight((fx * sign * leg.mm) / n, (fy * sign * leg.mm) / n, n);
        if (leg.kind === 'backward') backwardMm += leg.mm;
        cost += leg.mm * (leg.kind === 'backward' && g.order === 'reserve' ? 1 / ORDER_NUMBERS.reserveBackwardsFraction : 1);
        break;
      }
      case 'incline': {
        if (incl === 0) return reject('no-incline', 'Badly drilled troops and militia may not incline march.', 'SYW §4 unit table notes (p.9)');
        const a = f + (leg.dir === 'right' ? 1 : -1) * (Math.PI / 4);
        const n = steps(leg.mm);
        straight((cos(a) * leg.mm) / n, (sin(a) * leg.mm) / n, n);
        cost += leg.mm / incl;
        break;
      }
      case 'wheel': {
        const fr = unitFrame(cur, f);
        const sideSign = leg.dir === 'right' ? 1 : -1;
        // Wheeling right pivots on the right front corner (clockwise on screen).
        const pivot = sideSign > 0 ? fr.corners[1] : fr.corners[0];
        const ang = (sideSign * leg.deg * Math.PI) / 180;
        const n = Math.max(1, Math.ceil(leg.deg / 5));
        const arc = (fr.halfWidthMm * 2 * Math.abs(ang)) / n;
        for (let i = 0; i < n; i++) add({ kind: 'rotate', pivot, angle: ang / n, distanceMm: arc });
        cost += (fr.halfWidthMm * 2 * Math.abs(ang)) / drillWheel;
        netTurn += ang;
        break;
      }
      case 'turn': {
        const ang = (leg.deg * Math.PI) / 180;
        const c = meanCentre(cur);
        const about = Math.abs(Math.abs(leg.deg) - 180) < 1e-6;
        if (about) {
          // p.8 "about face": made in place, each stand turning within the group's own ground (a
          // restand leg to the pose the half turn about the centre gives), so it sweeps nothing beyond it.
          const to = rotateStands(cur, c, ang);
          plan.push({ kind: 'restand', to, turns: cur.map(() => ang), distanceMm: turnTravel(cur, c, ang) });
          cur = to;
        } else add({ kind: 'rotate', pivot: c, angle: ang, distanceMm: turnTravel(cur, c, ang) });
        // The flank's arc: the turned group's half width across the facing it turned from.
        const flankArc = unitFrame(cur, f).halfWidthMm * Math.abs(ang);
        netTurn += ang;
        // p.8 Reserve "Artillery may only pivot to a new facing": the free pivot is Reserve's, in place of a move.
        // On Advance artillery may pivot, but the pivot costs the flank's arc out of its move like any turn (RULINGS.md).
        const art = units.every(isArtillery) && g.order === 'reserve';
        // Stand/Retreat: about face is free (p.8); otherwise a turn costs the flank's arc.
        if (!(about && (g.order === 'stand' || g.order === 'retreat')) && !art) cost += flankArc;
        break;
      }
      case 'shift': {
        straight(leg.dx, leg.dy, 1);
        cost += hypot(leg.dx, leg.dy);
        break;
      }
    }
    costByKind[leg.kind] = (costByKind[leg.kind] ?? 0) + cost - before;
    whole.push(joined(plan.slice(pieces)));
    pieces = plan.length;
  }
  return { stands: splitByUnit(units, cur), start, legs: plan, traceLegs: whole, costMm: cost, netTurn, kinds, backwardMm, costByKind };
}
