/** Formation changes (SYW §4 Formations allowed p.9, (3) Order interpretation p.8). */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import { pt } from '../../geometry/types';
import type { TablePoint } from '../../geometry/types';
import { layoutLine, layoutColumn } from '../../geometry/formation';
import { ORDER_NUMBERS, ORDER_RULES } from './tables/orders';
import { formationChangeLetsMove, FORMATIONS } from './tables/movement';
import type { SywState, Options } from './state';
import { qualitiesOf, isArtillery, isInfantry, isLightUnit, isMassed } from './state';
import type { Tables } from './tablesSchema';
import { Work } from './work';
import { groupShapeProblem, GROUP_SHAPE } from './groupShape';
import { CM, centroid, unitGap, inContact } from './geo';
import { closeGroupGaps } from './losses';
import { blockedBy } from './forcedMoves';
import { changeUnit } from '../../engine/workingState';
import { cos, sin } from '../../geometry/math';

const formSchema = z.object({ type: z.literal('changeFormation'), side: z.string(), unit: z.string(), formation: z.enum(['line', 'column', 'square']), width: z.number().int().min(1).max(2).optional(), ranks: z.number().int().min(1).max(2).optional() }).strict();

/** Formation changes (p.8-9): by order, troop type and drill. */
export const changeFormation = defineCommand<SywState, Options, Tables, z.infer<typeof formSchema>>({
  describe: 'Change a unit\'s formation (line, column, square).',
  schema: formSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const u = w.unit(cmd.unit);
    const g = w.groupOf(cmd.unit);
    const F = 'SYW §4 Formations allowed (p.9)';
    if (!u || !g || u.side !== cmd.side) return reject('bad-unit', 'Choose one of your units.', F);
    if (isArtillery(u)) return reject('artillery', 'Artillery has no formations; it pivots.', F);
    if (!ORDER_RULES[g.order].formations.includes(cmd.formation)) return reject('order-forbids', `${cmd.formation} is not allowed on ${g.order} orders.`, F);
    if (cmd.formation === 'square' && (!isInfantry(u) || isLightUnit(u))) return reject('no-square', 'Only massed infantry form square.', F);
    if (g.order === 'stand' && cmd.formation !== 'square' && !(cmd.formation === 'line' && u.formation === 'square')) return reject('stand-order', 'On Stand a unit may only form square (or leave it).', 'SYW (3) Order interpretation (p.8)');
    if (g.order === 'advance' || g.order === 'retreat') return reject('order-forbids', 'Advancing and retreating groups stay in line.', F);
    if (g.movedMm > 0 && !formationChangeLetsMove(qualitiesOf(u).drill, 'other') && !(qualitiesOf(u).drill === 'normal' && ((u.formation === 'line' && cmd.formation === 'column') || (u.formation === 'column' && cmd.formation === 'line')) && (cmd.width ?? 2) <= 2))
      return reject('moved', 'These troops have moved and may not also change formation.', 'SYW (3) Order interpretation, Reserve (p.8)');
    if (w.enemiesOf(u.side).some((e) => inContact(u, e))) return reject('in-melee', 'Units in melee do not change formation.', 'SYW §4 Movement when in melee (p.10)');
    const massed = isInfantry(u) && isMassed(u);
    const maxRanks = massed ? FORMATIONS.massedInfantry.line.maxRanks : FORMATIONS.cavalryAndLights.line.maxRanks;
    const front = u.stands[0]!;
    const fx = cos(front.facing), fy = sin(front.facing);
    const c = centroid(u.stands);
    // Anchor: keep the front edge's centre where it was.
    const frontMost = Math.max(...u.stands.map((s) => (s.centre.x - c.x) * fx + (s.centre.y - c.y) * fy + s.depthMm / 2));
    const anchor: TablePoint = pt(c.x + fx * frontMost, c.y + fy * frontMost);
    const bases = u.stands.map((s) => ({ widthMm: s.widthMm, depthMm: s.depthMm }));
    let laid;
    if (cmd.formation === 'line') laid = layoutLine(anchor, front.facing, bases, Math.min(maxRanks, cmd.ranks ?? maxRanks));
    else if (cmd.formation === 'column') laid = layoutColumn(anchor, front.facing, bases, cmd.width ?? 2);
    else laid = layoutColumn(anchor, front.facing, bases, 2);
    const stands = u.stands.map((s, i) => ({ ...s, centre: laid[i]!.centre, facing: laid[i]!.facing }));
    if (blockedBy(w, u.id, stands).length > 0) return reject('no-room', 'There is no room for that formation.', F);
    const kind = (u.formation === 'line' && cmd.formation === 'column' && (cmd.width ?? 2) <= 2) || (u.formation === 'column' && cmd.formation === 'line') ? 'lineToFlankColumn' : 'other';
    changeUnit(w, u.id, (x) => ({ ...x, stands, formation: cmd.formation, extra: { ...x.extra, sywFormationChangedPhase: w.rs.phaseCounter, sywFormationChangeKind: kind } }));
    // (3) Orders p.6: units of a group may never end a move more than 1cm from every other unit of the
    // group. A change that narrows or widens the unit opens or closes that gap: the group's other units
    // slide sideways the least distance to the 1cm gap (as for casualties); if they cannot, the change is refused.
    closeGroupGaps(w, g.id);
    const mates = w.groupUnits(w.group(g.id)!);
    const me = w.unit(u.id)!;
    if (mates.length > 1 && mates.every((o) => o.id === me.id || unitGap(o, me) > ORDER_NUMBERS.groupGapCm * CM + 0.5)) return reject('group-gap', `${u.name} would end more than 1cm from every other unit of its group.`, 'SYW (3) Orders (p.6)');
    // (3) p.6-7: a voluntary change may not put the group out of shape (one already out of shape may still change).
    const shapeAfter = groupShapeProblem(mates, g.order);
    if (shapeAfter && !groupShapeProblem(new Work(state, ctx).groupUnits(g), g.order)) return reject('group-shape', shapeAfter, GROUP_SHAPE.rule);
    if (qualitiesOf(u).drill === 'badly') w.setGroup(g.id, { movedMm: Math.max(g.movedMm, 1e9) });
    ctx.emit({ type: 'FormationChanged', unit: u.id, from: u.formation, to: cmd.formation, rule: F });
    return w.change();
  },
});
