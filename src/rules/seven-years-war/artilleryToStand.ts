/** Artillery on Advance opting for Stand within range of the enemy (SYW (3) Order interpretation p.8). */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { SywState, Options, GroupState } from './state';
import { isArtillery } from './state';
import type { Tables } from './tablesSchema';
import { Work } from './work';
import { CM, unitGap } from './geo';
import { changeOrder } from './orderChanges';

const O = 'SYW (3) Order interpretation (p.8)';

const artStandSchema = z.object({ type: z.literal('artilleryToStand'), side: z.string(), group: z.string() }).strict();

/** Does any enemy (that `side` can see) lie within the longest range of one of the group's guns? */
export function artilleryInRange(w: Work, g: GroupState): boolean {
  const guns = w.groupUnits(g).filter(isArtillery);
  return guns.some((u) => {
    const b = w.tables.weaponRanges[w.tables.unitTable[u.troopType]?.weapon ?? 'none'];
    const reach = ((b?.extremeCm ?? b?.longCm ?? b?.shortCm) ?? 0) * CM;
    return w.enemiesOf(g.side).some((e) => w.rs.hidden[e.id] === undefined && unitGap(u, e) <= reach + 0.5);
  });
}

/**
 * "Artillery units on Advance may opt at any time to go to Stand orders if within shooting range
 * of enemy, but not if they started this turn at Stand" (p.8). Allowed in the owner's command
 * changes and movement steps (RULINGS.md).
 */
export const artilleryToStand = defineCommand<SywState, Options, Tables, z.infer<typeof artStandSchema>>({
  describe: 'An artillery group on Advance within range of enemy goes to Stand.',
  schema: artStandSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const g = w.group(cmd.group);
    if (!g || g.side !== cmd.side) return reject('bad-group', 'Choose one of your groups.', O);
    const units = w.groupUnits(g);
    if (units.length === 0 || !units.every(isArtillery)) return reject('not-artillery', 'Only artillery groups may opt to go to Stand.', O);
    if (g.order !== 'advance') return reject('not-advancing', 'Only artillery on Advance orders may opt to go to Stand.', O);
    if (g.orderAtPhaseStart === 'stand') return reject('started-at-stand', 'Artillery that started this turn at Stand may not opt to go back to Stand.', O);
    if (!artilleryInRange(w, g)) return reject('out-of-range', 'No enemy is within shooting range of the guns.', O);
    changeOrder(w, g.id, 'stand', 'artillery opted to go to Stand within range of enemy', O);
    return w.change();
  },
});
