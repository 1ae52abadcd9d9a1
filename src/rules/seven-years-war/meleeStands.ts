/**
 * §4 Movement when in melee p.10 (b): "Cavalry and Light Infantry units in melee, may move unengaged
 * stands from any rank in their own movement phase, either to replace casualties or to form a rear
 * rank behind a front rank stand in melee, or to form an overlap." Gaps left by casualties are filled
 * at once where p.7 allows it; a gap it leaves may be closed here (`left`/`right` of a stand in melee,
 * touching another stand of the unit on the far side).
 */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { Stand } from '../../engine/model';
import { pt } from '../../geometry/types';
import type { SywState, Options } from './state';
import { isCavalry } from './state';
import type { Tables } from './tablesSchema';
import { standsOverlap, unitOffTable } from '../../geometry/units';
import { Work } from './work';
import { standGap, standsInContact } from './geo';
import { blockedBy } from './forcedMoves';
import { cos, sin } from '../../geometry/math';

const R = 'SYW §4 Movement when in melee (b) (p.10)';
/** An overlapping stand is "within 45mm of the enemy" (the overlap reading, RULINGS.md Melee). */
const OVERLAP_REACH_MM = 45;

const schema = z.object({
  type: z.literal('moveMeleeStand'), side: z.string(), unit: z.string(), stand: z.string(),
  /** rear: behind `beside`, a front-rank stand in melee; left/right: alongside `beside` as an overlap. */
  to: z.enum(['rear', 'left', 'right']), beside: z.string(),
}).strict();

export const moveMeleeStand = defineCommand<SywState, Options, Tables, z.infer<typeof schema>>({
  describe: 'Cavalry or light infantry in melee move an unengaged stand to form a rear rank or an overlap.',
  schema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const u = w.unit(cmd.unit);
    if (!u || u.side !== cmd.side) return reject('bad-unit', 'Choose one of your units.', R);
    const lightInf = u.troopType === 'light-infantry' || u.troopType === 'riflemen';
    if (!isCavalry(u) && !lightInf) return reject('not-free-to-move', 'Only cavalry and light infantry move stands in melee.', R);
    if (w.groupOf(u.id)?.order === 'rout') return reject('routing', 'Routers do not re-form.', R);
    const enemies = w.enemiesOf(u.side);
    const engaged = (s: Stand) => enemies.some((e) => e.stands.some((t) => standsInContact(s, t)));
    if (!u.stands.some(engaged)) return reject('not-in-melee', 'The unit is not in melee.', R);
    const st = u.stands.find((s) => s.id === cmd.stand), by = u.stands.find((s) => s.id === cmd.beside);
    if (!st || !by || st.id === by.id) return reject('bad-stand', 'Choose a stand of the unit and another to place it by.', R);
    if (engaged(st)) return reject('engaged', 'Only unengaged stands may be moved.', R);
    if (!engaged(by)) return reject('not-engaged', 'Place it by a stand in melee.', R);
    const fx = cos(by.facing), fy = sin(by.facing), rx = -fy, ry = fx;
    let c;
    if (cmd.to === 'rear') c = pt(by.centre.x - fx * (by.depthMm + st.depthMm) / 2, by.centre.y - fy * (by.depthMm + st.depthMm) / 2);
    else {
      const k = (cmd.to === 'right' ? 1 : -1) * (by.widthMm + st.widthMm) / 2;
      // Front edges level with the stand it overlaps.
      const back = (st.depthMm - by.depthMm) / 2;
      c = pt(by.centre.x + rx * k - fx * back, by.centre.y + ry * k - fy * back);
    }
    const moved: Stand = { ...st, centre: c, facing: by.facing };
    if (cmd.to !== 'rear') {
      // "to replace casualties": a place touching the enemy is allowed only where it closes a gap in the
      // line, i.e. another stand of the unit is in contact on its far side; otherwise it is an overlap.
      const closesGap = !u.stands.some((s) => s.id !== st.id && standsOverlap(s, moved)) && u.stands.some((s) => s.id !== st.id && s.id !== by.id && standsInContact(moved, s) && ((s.centre.x - moved.centre.x) * rx + (s.centre.y - moved.centre.y) * ry) * (cmd.to === 'right' ? 1 : -1) > 0);
      if (engaged(moved) && !closesGap) return reject('would-engage', 'That place touches the enemy: it is neither an overlap nor a gap in the line.', R);
      if (!engaged(moved) && !enemies.some((e) => e.stands.some((t) => standGap(moved, t) <= OVERLAP_REACH_MM))) return reject('no-overlap', 'An overlap must be within 45mm of the enemy.', R);
    }
    const stands = u.stands.map((s) => (s.id === st.id ? moved : s));
    if (unitOffTable([moved], w.battle.table)) return reject('off-table', 'Stay on the table.', R);
    if (blockedBy(w, u.id, [moved]).length > 0 || stands.some((s) => s.id !== moved.id && standsOverlap(s, moved))) return reject('no-room', 'That place is taken.', R);
    // p.7: "Each stand must always be in base-to-base contact with at least one other stand in the unit."
    const connected = (list: readonly Stand[]) => {
      const seen = new Set([list[0]!.id]);
      for (let grew = true; grew;) { grew = false; for (const s of list) if (!seen.has(s.id) && list.some((t) => seen.has(t.id) && standsInContact(s, t))) { seen.add(s.id); grew = true; } }
      return seen.size === list.length;
    };
    if (!connected(stands)) return reject('apart', 'Every stand must stay in contact with another of its unit.', 'SYW (3) Changing Orders (p.7)');
    w.replaceStands(u.id, stands);
    ctx.emit({ type: 'MeleeStandMoved', unit: u.id, stand: st.id, to: cmd.to, beside: by.id, rule: R });
    return w.change();
  },
});
