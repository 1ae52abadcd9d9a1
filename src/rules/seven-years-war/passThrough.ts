/**
 * Ending a move part way through friends (SYW §4 Movement through friendly units, NB p.10): "If a
 * unit ends its movement partially through another unit, each stand may make the minimum movement
 * necessary to be placed alongside the interpenetrated unit. This means the penetrating unit may end
 * placed split on either side of the interpenetrated unit. All future movement of this split unit is
 * measured from the front element, and must be made before the Interpenetrated units next movement".
 *
 * Reading (RULINGS.md): a move that the interpenetration table allows may end with stands on a
 * friend; each such stand slides the least distance across the friend's front (to its left or right
 * flank) that clears it and lands on no one and stays on the table; if a stand cannot, the move is
 * refused. A unit whose stands no longer all touch is *split* (Unit.extra.sywSplitThrough = the
 * friend's id): its group may not move again until it re-forms (dressGroup, measured from its front
 * element), and the friend's group may not move until then.
 */
import { reject } from '../../engine/ruleset';
import type { Rejection } from '../../engine/ruleset';
import type { Stand } from '../../engine/model';
import { standCorners } from '../../geometry/footprint';
import type { Work } from './work';
import { standsOverlap, unitOffTable } from '../../geometry/units';
import { translateStands, standsInContact } from './geo';
import { cos, sin } from '../../geometry/math';

const R = 'SYW §4 Movement through friendly units (p.10)';

/** Are all the stands joined by edge or corner contact (one body)? */
export function standsJoined(stands: readonly Stand[]): boolean {
  if (stands.length < 2) return true;
  const seen = new Set([0]);
  const todo = [0];
  while (todo.length > 0) {
    const i = todo.pop()!;
    for (let j = 0; j < stands.length; j++) if (!seen.has(j) && standsInContact(stands[i]!, stands[j]!)) { seen.add(j); todo.push(j); }
  }
  return seen.size === stands.length;
}

/**
 * Place the stands of the moving group's units (`end`, their end positions) that lie on any of the
 * friends `onIds` alongside them. Returns the new end positions and the units left split (unit id →
 * the friend's id), or a rejection when a stand has no room alongside.
 */
export function splitAlongside(w: Work, groupUnitIds: readonly string[], end: ReadonlyMap<string, Stand[]>, onIds: readonly string[]): { stands: Map<string, Stand[]>; split: Map<string, string> } | Rejection {
  const friends = onIds.map((id) => w.unit(id)!).filter((u) => u !== undefined);
  const mine = new Set(groupUnitIds);
  const others = w.battle.units.filter((o) => !mine.has(o.id) && !w.isOff(o.id));
  const out = new Map<string, Stand[]>([...end].map(([id, st]) => [id, [...st]]));
  const split = new Map<string, string>();
  const placedClear = (s: Stand, selfId: string): boolean => {
    if (unitOffTable([s], w.battle.table)) return false;
    if (others.some((o) => o.stands.some((t) => standsOverlap(s, t)))) return false;
    for (const [id, st] of out) for (const t of st) if (!(id === selfId && t.id === s.id) && standsOverlap(s, t)) return false;
    return true;
  };
  for (const [uid, st] of out) {
    let through: string | null = null;
    for (let i = 0; i < st.length; i++) {
      const s = st[i]!;
      const f = friends.find((fr) => fr.stands.some((t) => standsOverlap(s, t)));
      if (!f) continue;
      through = f.id;
      // Across the friend's front: its right-hand axis.
      const ff = f.stands[0]!.facing, rx = -sin(ff), ry = cos(ff);
      const proj = (pts: readonly { x: number; y: number }[]) => pts.map((p) => p.x * rx + p.y * ry);
      const sp = proj(standCorners(s)), fp = proj(f.stands.flatMap((t) => standCorners(t)));
      const s0 = Math.min(...sp), s1 = Math.max(...sp), f0 = Math.min(...fp), f1 = Math.max(...fp);
      const options = [f1 - s0 + 0.1, -(s1 - f0 + 0.1)].sort((a, b) => Math.abs(a) - Math.abs(b));
      const ok = options.map((d) => translateStands([s], rx * d, ry * d)[0]!).find((m) => placedClear(m, uid));
      if (!ok) return reject('overlap', `There is no room to place ${w.unit(uid)?.name ?? uid} alongside ${f.name}.`, R);
      st[i] = ok;
    }
    if (through && !standsJoined(st)) split.set(uid, through);
  }
  return { stands: out, split };
}
