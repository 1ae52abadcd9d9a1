/**
 * Detached cavalry stands (SYW §4 Movement when in melee (c), p.10): "Cavalry, which has
 * successfully tested to charge may detach stands which contact enemy and continue moving. Stands
 * so detached continue to fight until killed, or they lose contact with the enemy, after which they
 * are removed from play (or rejoin the parent unit if within 10cms). Detached stands do not check
 * morale, but count as a percentage strength loss to the parent Group."
 *
 * A detachment is a unit of its own (the stands in contact) in a group of its own flagged
 * `detachedFrom`; the parent unit keeps its other stands, is no longer in melee and may move on.
 * Because the detached stands leave the parent's group, the group's "per 20% of stands killed"
 * and "50% strength" morale modifiers count them as lost; the detachment itself never tests
 * morale (moraleTests.ts casualtyTest/chargeTest/rallyTest skip it).
 */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { Stand, Unit } from '../../engine/model';
import type { SywState, Options } from './state';
import { isCavalry } from './state';
import type { Tables } from './tablesSchema';
import { Work } from './work';
import { CM, inContact, unitGap, standsInContact as touching } from './geo';
import { pt } from '../../geometry/types';
import { blockedBy } from './forcedMoves';
import { dropUnit } from '../../engine/workingState';
import { cos, sin } from '../../geometry/math';
import { pointOnTable } from '../../geometry/tableEdge';

export const DETACH_RULE = 'SYW §4 Movement when in melee (c) (p.10)';
/** "or rejoin the parent unit if within 10cms" (p.10). */
export const DETACHED_REJOIN_CM = 10;

const schema = z.object({ type: z.literal('detachStands'), side: z.string(), unit: z.string() }).strict();

/** The stands of `u` touching an enemy stand. */
function standsInContact(w: Work, u: Unit): Stand[] {
  const enemies = w.enemiesOf(u.side).filter((e) => inContact(u, e));
  return u.stands.filter((s) => enemies.some((e) => e.stands.some((t) => touching(s, t))));
}

/**
 * In the owner's movement step: a cavalry unit in contact after a charge whose test it passed
 * leaves its stands in contact behind as a detachment; the rest of the unit may then move.
 */
export const detachStands = defineCommand<SywState, Options, Tables, z.infer<typeof schema>>({
  describe: 'Cavalry that charged successfully detach the stands in contact with the enemy; the rest of the unit may move on.',
  schema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const u = w.unit(cmd.unit);
    const g = w.groupOf(cmd.unit);
    if (!u || !g || u.side !== cmd.side) return reject('bad-unit', 'Choose one of your units.', DETACH_RULE);
    if (!isCavalry(u)) return reject('not-cavalry', 'Only cavalry detach stands.', DETACH_RULE);
    if (g.detachedFrom) return reject('already-detached', 'These stands are already a detachment.', DETACH_RULE);
    if (w.unitState(u.id)?.chargeContact !== true) return reject('not-charged', 'Only cavalry in contact after successfully testing to charge may detach stands.', DETACH_RULE);
    const touching = standsInContact(w, u);
    if (touching.length === 0) return reject('not-in-contact', 'No stand of the unit is in contact with the enemy.', DETACH_RULE);
    if (touching.length === u.stands.length) return reject('all-in-contact', 'Every stand is in contact: none is free to move on.', DETACH_RULE);
    const ids = new Set(touching.map((s) => s.id));
    const rest = u.stands.filter((s) => !ids.has(s.id));
    let k = 1;
    while (w.unit(`${u.id}.d${k}`) || w.group(`${g.id}.d${k}`)) k++;
    const detId = `${u.id}.d${k}`, detGroup = `${g.id}.d${k}`;
    const det: Unit = { ...u, id: detId, name: `${u.name} (detached)`, stands: touching, commandStandId: touching.some((s) => s.id === u.commandStandId) ? u.commandStandId : touching[0]!.id, extra: { ...u.extra, detachedFrom: u.id } };
    w.battle = {
      ...w.battle,
      units: [...w.battle.units.map((x) => (x.id === u.id ? { ...x, stands: rest, commandStandId: rest.some((s) => s.id === u.commandStandId) ? u.commandStandId : rest[0]!.id } : x)), det],
    };
    const us = w.unitState(u.id)!;
    w.rs = {
      ...w.rs,
      units: { ...w.rs.units, [detId]: { ...us, startStands: touching.length, turnedFrom: null }, [u.id]: { ...us, chargeContact: false } },
      groups: {
        ...w.rs.groups,
        [detGroup]: { ...g, id: detGroup, units: [detId], startStands: touching.length, prompts: {}, pursuing: false, detachedFrom: u.id },
      },
    };
    ctx.emit({ type: 'StandsDetached', unit: u.id, detachment: detId, group: detGroup, stands: touching.length, rule: DETACH_RULE });
    return w.change();
  },
});

/**
 * Detachments that have lost contact with the enemy rejoin their parent unit if it is within 10cm
 * (placed beside its end stands, else behind them), otherwise are removed from play (p.10). Also
 * clears `chargeContact` from units no longer in contact. Run at every step change.
 */
export function settleDetachments(w: Work): void {
  for (const u of w.battle.units) {
    const us = w.unitState(u.id);
    if (us?.chargeContact && !w.enemiesOf(u.side).some((e) => inContact(u, e))) w.setUnit(u.id, { chargeContact: false });
  }
  for (const g of Object.values(w.rs.groups)) {
    if (!g.detachedFrom) continue;
    const det = w.unit(g.units[0] ?? '');
    if (!det) continue;
    if (w.enemiesOf(det.side).some((e) => inContact(det, e))) continue;
    const parent = w.unit(g.detachedFrom);
    const placed = parent && unitGap(det, parent) <= DETACHED_REJOIN_CM * CM + 0.5 ? rejoinPlaces(w, parent, det) : null;
    if (parent && placed) {
      w.battle = { ...w.battle, units: w.battle.units.filter((x) => x.id !== det.id).map((x) => (x.id === parent.id ? { ...x, stands: [...x.stands, ...placed] } : x)) };
      dropDetachment(w, g.id, det.id);
      w.ctx.emit({ type: 'DetachmentRejoined', detachment: det.id, unit: parent.id, stands: placed.length, rule: DETACH_RULE });
      continue;
    }
    // Removed from play: the stands are lost to the army (points and stands lost), but this is not a rout.
    const side = det.side;
    const n = det.stands.length;
    w.rs = { ...w.rs, standsLost: { ...w.rs.standsLost, [side]: (w.rs.standsLost[side] ?? 0) + n }, pointsLost: { ...w.rs.pointsLost, [side]: (w.rs.pointsLost[side] ?? 0) + n * (w.tables.pointsPerStand[det.troopType] ?? 0) } };
    dropUnit(w, det.id);
    dropDetachment(w, g.id, det.id);
    w.ctx.emit({ type: 'DetachmentRemoved', detachment: det.id, stands: n, why: parent ? 'lost contact, parent unit not within 10cm (or no room beside it)' : 'lost contact, parent unit gone', rule: DETACH_RULE });
  }
}

function dropDetachment(w: Work, groupId: string, unitId: string): void {
  const groups = { ...w.rs.groups };
  delete groups[groupId];
  const units = { ...w.rs.units };
  delete units[unitId];
  w.rs = { ...w.rs, groups, units, charges: w.rs.charges.filter((c) => c.target !== unitId).map((c) => ({ ...c, chargers: c.chargers.filter((x) => x !== unitId) })).filter((c) => c.chargers.length > 0) };
}

/**
 * Where the detached stands go back into the parent: extending its front rank beyond its right-hand
 * stand, else beyond its left-hand one, else directly behind its front-rank stands. Null when none is free.
 */
function rejoinPlaces(w: Work, parent: Unit, det: Unit): Stand[] | null {
  const f = parent.stands[0]!.facing;
  const fx = cos(f), fy = sin(f), rx = -fy, ry = fx;
  const along = (s: Stand) => s.centre.x * fx + s.centre.y * fy;
  const across = (s: Stand) => s.centre.x * rx + s.centre.y * ry;
  const frontAlong = Math.max(...parent.stands.map(along));
  const front = parent.stands.filter((s) => along(s) >= frontAlong - 1).sort((a, b) => across(a) - across(b));
  const right = front[front.length - 1]!, left = front[0]!;
  const at = (base: Stand, i: number, dAcross: number, dAlong: number): Stand => ({ ...det.stands[i]!, facing: base.facing, centre: pt(base.centre.x + rx * dAcross + fx * dAlong, base.centre.y + ry * dAcross + fy * dAlong) });
  const candidates: Stand[][] = [
    det.stands.map((_, i) => at(right, i, (i + 1) * right.widthMm, 0)),
    det.stands.map((_, i) => at(left, i, -(i + 1) * left.widthMm, 0)),
    det.stands.map((_, i) => { const b = front[i % front.length]!; return at(b, i, 0, -(b.depthMm + det.stands[i]!.depthMm) / 2 - Math.floor(i / front.length) * det.stands[i]!.depthMm); }),
  ];
  for (const c of candidates) {
    if (blockedBy(w, det.id, c).length === 0 && c.every((s) => pointOnTable(w.battle.table, s.centre))) return c;
  }
  return null;
}
