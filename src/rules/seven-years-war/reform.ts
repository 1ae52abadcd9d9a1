/**
 * p.8-9 "Advance: All units in the Group must be in Line formation"; "Column is only allowed on
 * Reserve orders. Square can only be adopted on Stand or Reserve orders": a group put on Advance or
 * Retreat (by a general's order, a morale result or the rules) re-forms its columns and squares into
 * line, about the centre of their front edge, as a formation change of this phase (so the drill
 * limits on also moving apply, p.8). Units in melee, or turned to face a charge, are left alone; a
 * unit with no room for its line stays as it is (`ReformBlocked`).
 */
import type { Stand } from '../../engine/model';
import { pt } from '../../geometry/types';
import { layoutLine } from '../../geometry/formation';
import { FORMATIONS } from './tables/movement';
import { isArtillery, isInfantry, isMassed } from './state';
import type { Work } from './work';
import { centroid, inContact } from './geo';
import { blockedBy } from './forcedMoves';
import { changeUnit } from '../../engine/workingState';
import { cos, sin } from '../../geometry/math';

const R = 'SYW (3) Order interpretation (p.8), §4 Formations allowed (p.9)';

export function reformToLine(w: Work, unitId: string): void {
  const u = w.unit(unitId);
  if (!u || u.formation === 'line' || isArtillery(u)) return;
  if (w.unitState(u.id)?.turnedFrom || w.enemiesOf(u.side).some((e) => inContact(u, e))) return;
  const front = u.stands[0]!;
  const fx = cos(front.facing), fy = sin(front.facing);
  const c = centroid(u.stands);
  const frontMost = Math.max(...u.stands.map((s) => (s.centre.x - c.x) * fx + (s.centre.y - c.y) * fy + s.depthMm / 2));
  const anchor = pt(c.x + fx * frontMost, c.y + fy * frontMost);
  const ranks = isInfantry(u) && isMassed(u) ? FORMATIONS.massedInfantry.line.maxRanks : FORMATIONS.cavalryAndLights.line.maxRanks;
  const laid = layoutLine(anchor, front.facing, u.stands.map((s) => ({ widthMm: s.widthMm, depthMm: s.depthMm })), ranks);
  const stands: Stand[] = u.stands.map((s, i) => ({ ...s, centre: laid[i]!.centre, facing: laid[i]!.facing }));
  if (blockedBy(w, u.id, stands).length > 0) {
    w.ctx.emit({ type: 'ReformBlocked', unit: u.id, formation: u.formation, rule: R });
    return;
  }
  const kind = u.formation === 'column' ? 'lineToFlankColumn' : 'other';
  changeUnit(w, u.id, (x) => ({ ...x, stands, formation: 'line', extra: { ...x.extra, sywFormationChangedPhase: w.rs.phaseCounter, sywFormationChangeKind: kind } }));
  w.ctx.emit({ type: 'FormationChanged', unit: u.id, from: u.formation, to: 'line', why: 'Advance and Retreat are in line', rule: R });
}
