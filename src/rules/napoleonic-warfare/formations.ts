/**
 * NW §26-§27 formations and Deploy formation changes about the command stand, which does not
 * move (NW §26 note).
 */
import type { Stand, Unit } from '../../engine/model';
import type { Battle } from '../../engine/ruleset';
import { layoutLine } from '../../geometry/formation';
import { forward, rightOf } from '../../geometry/footprint';
import { normaliseAngle, pt, rad, type Radians } from '../../geometry/types';
import { commandStand, frameOfUnit, screenStands, terrainClass, unitFacing, unitTerrain } from './geom';
import { fromLocal } from '../../geometry/frame';

export type NwFormation = 'line' | 'column' | 'skirmish' | 'road-column' | 'square' | 'rally-square' | 'austrian-mass' | 'limbered';
export const FORMATIONS: readonly NwFormation[] = ['line', 'column', 'skirmish', 'road-column', 'square', 'rally-square', 'austrian-mass', 'limbered'];

/** Lay out the unit's stands in `formation`, keeping the command stand where it is. */
export function relayout(u: Unit, formation: NwFormation): Unit {
  const cmd = commandStand(u);
  const facing = unitFacing(u);
  const others = u.stands.filter((s) => s.id !== cmd.id);
  const n = u.stands.length;
  let placed: { centre: ReturnType<typeof pt>; facing: Radians }[];
  let order: Stand[];
  if (formation === 'square' || formation === 'rally-square' || formation === 'austrian-mass') {
    const faces = formation === 'square' ? 4 : 3;
    const per = Math.ceil(n / faces);
    const w = cmd.widthMm, dpt = cmd.depthMm;
    const half = (per * w) / 2 + dpt / 2;
    const offs = formation === 'square' ? [0, Math.PI / 2, Math.PI, -Math.PI / 2] : [0, -Math.PI / 2, Math.PI / 2];
    // Centre of the block: behind the command stand by `half`.
    const f = forward(facing);
    const centre = pt(cmd.centre.x - f.x * half, cmd.centre.y - f.y * half);
    placed = [];
    order = [cmd, ...others];
    for (let i = 0; i < n; i++) {
      const face = i % faces, slot = Math.floor(i / faces);
      const th = normaliseAngle(facing + offs[face]!);
      const ff = forward(rad(th)), rr = rightOf(rad(th));
      const across = (slot - (per - 1) / 2) * w * (face === 0 && i === 0 ? 0 : 1);
      placed.push({ centre: pt(centre.x + ff.x * half + rr.x * across, centre.y + ff.y * half + rr.y * across), facing: rad(th) });
    }
  } else {
    const perRank = formation === 'line' || formation === 'skirmish' ? n : formation === 'road-column' || formation === 'limbered' ? 1 : 2;
    const ranks = Math.ceil(n / perRank);
    const cmdIndex = Math.floor((Math.min(perRank, n) - 1) / 2);
    order = [...others];
    order.splice(cmdIndex, 0, cmd);
    const bases = order.map((s) => ({ widthMm: s.widthMm, depthMm: s.depthMm }));
    const laid = layoutLine(pt(0, 0), facing, bases, ranks);
    const at = laid[cmdIndex]!;
    const dx = cmd.centre.x - at.centre.x, dy = cmd.centre.y - at.centre.y;
    placed = laid.map((l) => ({ centre: pt(l.centre.x + dx, l.centre.y + dy), facing }));
  }
  const stands = order.map((s, i) => ({ ...s, centre: placed[i]!.centre, facing: placed[i]!.facing }));
  return { ...u, formation, stands };
}

/**
 * NW Orders/Deploy, §26 Skirmish Formation: `n` stands (never the command stand; the rearmost
 * first) go forward as a screen, their rear edges one base depth ahead of the unit's front,
 * spread evenly across its frontage. The formed body closes up round the command stand.
 */
export function throwOutScreen(u: Unit, n: number): Unit {
  const cmd = commandStand(u);
  const pool = u.stands.filter((s) => s.id !== cmd.id);
  const goers = new Set(pool.slice(pool.length - n).map((s) => s.id));
  const body = relayout({ ...u, stands: u.stands.filter((s) => !goers.has(s.id)) }, u.formation as NwFormation);
  const fr = frameOfUnit(body);
  const front = fr.halfWidthMm * 2;
  const facing = unitFacing(body);
  const screen = u.stands.filter((s) => goers.has(s.id)).map((s, i) => {
    const across = -fr.halfWidthMm + ((i + 0.5) * front) / n;
    return { ...s, role: 'skirmisher', facing, centre: fromLocal(fr, fr.halfDepthMm + s.depthMm * 1.5, across) };
  });
  return { ...body, stands: [...body.stands, ...screen] };
}

/** NW Orders/Deploy: the screen is reabsorbed into the parent unit, re-formed round the command stand. */
export function recallScreen(u: Unit): Unit {
  if (screenStands(u).length === 0) return u;
  const stands = u.stands.map((s) => {
    if (s.role !== 'skirmisher') return s;
    const { role: _r, ...rest } = s;
    return rest;
  });
  return relayout({ ...u, stands }, u.formation as NwFormation);
}

/**
 * NW Orders/Deploy "expand or contract one stand per flank" and After Close Combat "cavalry in
 * column … may expand out one stand per flank": the front rank grows (or shrinks) by
 * `perFlank` stands on each side, taken from (or sent to) the rear ranks. The front rank's
 * centre line stays where it was and the command stand stays in the middle of the front (§26
 * note). Returns undefined when there is nothing to move (no rear rank to draw on, or a front
 * of one). The formation name follows the depth: more than one rank is a column.
 */
export function reshapeFront(u: Unit, perFlank: number): Unit | undefined {
  const n = u.stands.length;
  const front = frontRankCount(u);
  const want = Math.max(1, Math.min(n, front + 2 * perFlank));
  if (want === front) return undefined;
  const cmd = commandStand(u);
  const facing = unitFacing(u);
  const f = forward(facing);
  // Anchor: the centre of the front edge of the present front rank.
  const fr = frameOfUnit(u);
  const fronts = u.stands.filter((s) => s.role !== 'skirmisher' && fromFrontEdge(fr, s) <= Math.min(s.depthMm / 2, 2));
  const mx = fronts.reduce((a, s) => a + s.centre.x, 0) / fronts.length;
  const my = fronts.reduce((a, s) => a + s.centre.y, 0) / fronts.length;
  const anchor = pt(mx + (f.x * cmd.depthMm) / 2, my + (f.y * cmd.depthMm) / 2);
  const ranks = Math.ceil(n / want);
  const cmdIndex = Math.floor((want - 1) / 2);
  const others = u.stands.filter((s) => s.id !== cmd.id);
  const order = [...others];
  order.splice(cmdIndex, 0, cmd);
  // Rank by rank, `want` stands to a rank (the last may be shorter, centred behind).
  const laid: { centre: ReturnType<typeof pt> }[] = [];
  let back = 0;
  for (let r = 0; r < ranks; r++) {
    const row = order.slice(r * want, (r + 1) * want);
    const at = pt(anchor.x - f.x * back, anchor.y - f.y * back);
    laid.push(...layoutLine(at, facing, row.map((s) => ({ widthMm: s.widthMm, depthMm: s.depthMm })), 1));
    back += Math.max(...row.map((s) => s.depthMm));
  }
  const stands = order.map((s, i) => ({ ...s, centre: laid[i]!.centre, facing }));
  return { ...u, formation: ranks > 1 ? 'column' : 'line', stands };
}

/** Stands in the front rank of a formed body (ignores any screen). */
function frontRankCount(u: Unit): number {
  const fr = frameOfUnit(u);
  return u.stands.filter((s) => s.role !== 'skirmisher' && fromFrontEdge(fr, s) <= Math.min(s.depthMm / 2, 2)).length;
}

function fromFrontEdge(fr: ReturnType<typeof frameOfUnit>, s: Stand): number {
  const f = forward(fr.facing);
  const dx = s.centre.x - fr.centre.x, dy = s.centre.y - fr.centre.y;
  const along = dx * f.x + dy * f.y;
  return fr.halfDepthMm - (along + s.depthMm / 2);
}

/** NW §27: "These formations are prohibited in Dense Terrain" (square, rally square, Austrian mass) — any stand touching it. */
export function inDenseTerrain(battle: Battle, u: Unit): boolean {
  return unitTerrain(battle, u).some((t) => terrainClass(t) === 'dense');
}
