/**
 * NW §26-§27 formations and Deploy formation changes about the command stand, which does not
 * move (NW §26 note).
 */
import type { Stand, Unit } from '../../engine/model';
import { layoutLine } from '../../geometry/formation';
import { forward, rightOf } from '../../geometry/footprint';
import { normaliseAngle, pt, rad, type Radians } from '../../geometry/types';
import { commandStand, unitFacing } from './geom';

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
