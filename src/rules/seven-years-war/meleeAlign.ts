/**
 * SYW 6 Melee g) p.13: after partial contact at an oblique angle, "In a subsequent move, the Attacker
 * will move the rest of the unit to contact with the target by pivoting the unit and correcting the
 * stand alignment to a legal formation" (e) p.12: "pivot/move sideward the minimum distance necessary
 * to align their stands edge to edge").
 *
 * Reading (RULINGS.md): `alignInMelee {group}` in the owner's movement step, for a group one of whose
 * units charged into this contact (`chargeContact`) and still touches the enemy unit it charged at an
 * angle. The group pivots as one body about the point of contact until its front lies flush on the face
 * touched, paying the arc its farthest front corner sweeps out of the group's move for the phase (as
 * the charge's own pivot, chargeContact.ts); with too little move it pivots as far as the move pays, and
 * may finish in a later movement step. Stands never run onto the target or anyone else.
 */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { Unit } from '../../engine/model';
import type { SywState, Options } from './state';
import type { Tables } from './tablesSchema';
import { Work } from './work';
import { CM, inContact } from './geo';
import { groupSpeedCm } from './moveSpeed';
import { pivotOntoFace } from './chargeContact';
import { cos, sin } from '../../geometry/math';

export const MELEE_ALIGN_RULE = 'SYW 6 Melee g) (p.13): the subsequent move completing an oblique contact';

const schema = z.object({ type: z.literal('alignInMelee'), side: z.string(), group: z.string() }).strict();

/** The pivot a group would make now, or why it cannot (shared by the command and the table). */
export function planMeleeAlign(w: Work, groupId: string, side: string): { target: Unit; plan: ReturnType<typeof pivotOntoFace>; units: Unit[] } | { code: string; message: string } {
  const g = w.group(groupId);
  if (!g || g.side !== side) return { code: 'bad-group', message: 'Choose one of your groups.' };
  if (g.offTable || g.order === 'rout' || g.order === 'retreat') return { code: 'not-free', message: 'Routing, retreating or off-table groups do not close up on the enemy.' };
  const units = w.groupUnits(g);
  const chargers = units.filter((u) => w.unitState(u.id)?.chargeContact === true);
  const target = w.enemiesOf(side).find((e) => chargers.some((u) => inContact(u, e)));
  if (!target) return { code: 'not-in-contact', message: 'Only a group that charged into contact and still touches the enemy completes its alignment.' };
  const all = units.flatMap((u) => u.stands);
  const dir = { x: cos(all[0]!.facing), y: sin(all[0]!.facing) };
  const left = groupSpeedCm(w, g) * CM - g.movedMm;
  const obst = w.battle.units.filter((o) => o.id !== target.id && !g.units.includes(o.id) && !w.isOff(o.id));
  const plan = pivotOntoFace(all, target, dir, left, obst);
  if (plan.costMm === 0) return { code: 'aligned', message: 'The group is already aligned on the enemy.' };
  if (plan.usedMm < 0.05) return { code: 'too-far', message: `The pivot costs ${(plan.costMm / CM).toFixed(1)}cm; ${(Math.max(0, left) / CM).toFixed(1)}cm of move is left (or there is no room to pivot).` };
  return { target, plan, units };
}

export const alignInMelee = defineCommand<SywState, Options, Tables, z.infer<typeof schema>>({
  describe: 'A group in oblique contact pivots about the point of contact to align on the enemy (6 g)).',
  schema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const r = planMeleeAlign(w, cmd.group, cmd.side);
    if ('code' in r) return reject(r.code, r.message, MELEE_ALIGN_RULE);
    const g = w.group(cmd.group)!;
    let i = 0;
    for (const u of r.units) { w.replaceStands(u.id, r.plan.stands.slice(i, i + u.stands.length)); i += u.stands.length; w.setUnit(u.id, { lastMovedPhase: w.rs.phaseCounter }); }
    w.setGroup(g.id, { movedMm: g.movedMm + r.plan.usedMm, moved: true });
    ctx.emit({ type: 'AlignedInMelee', group: g.id, target: r.target.id, aligned: r.plan.aligned, pivotDeg: Math.round(r.plan.pivotDeg * 10) / 10, costMm: Math.round(r.plan.usedMm * 10) / 10, rule: MELEE_ALIGN_RULE });
    return w.change();
  },
});
