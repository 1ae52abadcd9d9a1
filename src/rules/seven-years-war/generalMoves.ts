/** Generals' moves (SYW (3) Notes on Generals (a) p.6). */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import { pt } from '../../geometry/types';
import { COMMAND } from './tables/command';
import type { SywState, Options } from './state';
import type { Tables } from './tablesSchema';
import { Work } from './work';
import { CM } from './geo';
import { hypot } from '../../geometry/math';
import { pointOnTable } from '../../geometry/tableEdge';

const genSchema = z.object({ type: z.literal('moveGeneral'), side: z.string(), general: z.string(), x: z.number(), y: z.number() }).strict();
/** Generals move 40cm in any direction, through friends freely (p.6). */
export const moveGeneral = defineCommand<SywState, Options, Tables, z.infer<typeof genSchema>>({
  describe: 'Move a general up to 40cm.',
  schema: genSchema,
  handle(state, cmd, ctx) {
    const gen = state.battle.generals.find((x) => x.id === cmd.general);
    const gs = state.ruleset.generals[cmd.general];
    const R = 'SYW (3) Notes on Generals (a) (p.6)';
    if (!gen || !gs || gen.side !== cmd.side) return reject('bad-general', 'Choose one of your generals.', R);
    const d = hypot(cmd.x - gen.stand.centre.x, cmd.y - gen.stand.centre.y);
    if (gs.movedMm + d > COMMAND.generalMoveCm * CM + 0.5) return reject('too-far', `Generals move 40cm; this is ${((gs.movedMm + d) / CM).toFixed(1)}cm.`, R);
    if (!pointOnTable(state.battle.table, cmd)) return reject('off-table', 'Stay on the table.', R);
    const w = new Work(state, ctx);
    w.battle = { ...w.battle, generals: w.battle.generals.map((x) => (x.id === gen.id ? { ...x, stand: { ...x.stand, centre: pt(cmd.x, cmd.y) } } : x)) };
    w.rs = { ...w.rs, generals: { ...w.rs.generals, [gen.id]: { ...gs, movedMm: gs.movedMm + d } } };
    ctx.emit({ type: 'GeneralMoved', general: gen.id, to: pt(cmd.x, cmd.y), rule: R });
    return w.change();
  },
});
