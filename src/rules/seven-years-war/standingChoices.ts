/**
 * More standing choices (as choices.ts): a player's options at moments he sends no command for.
 * - §4 Movement when in melee p.10 "Units charged from flank or rear may form square (if on Stand
 *   orders)": `setFlankSquare` — massed infantry on Stand charged in flank or rear form square
 *   against cavalry only ('cavalry', the default: the answer to horse), against any charger
 *   ('always'), or never ('never': the unengaged stands turn to face instead).
 * - 8 p.18 "may halt at the point where any of its units begins leaving the table ... If they decide
 *   not to halt ... they are removed" and §4 p.10 light and massed interpenetrating "Both parties go
 *   to Stand, or Reserve": `setMoveChoice` — what the table's drag of the group writes into its
 *   `moveGroup` (`atEdge`, `afterPassThrough`). The command fields stay the rule; this is only the
 *   default the table offers, so the player picks the other with a button before he drags.
 */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { SywState, Options } from './state';
import { isInfantry, isMassed } from './state';
import type { Tables } from './tablesSchema';
import { Work } from './work';

export const FLANK_SQUARE_RULE = 'SYW §4 Movement when in melee (p.10)';
export const EDGE_RULE = 'SYW 8 Groups going off table (p.18)';
export const PASS_RULE = 'SYW §4 Movement through friendly units (p.10)';

const squareSchema = z.object({ type: z.literal('setFlankSquare'), side: z.string(), group: z.string(), square: z.enum(['cavalry', 'always', 'never']) }).strict();

export const setFlankSquare = defineCommand<SywState, Options, Tables, z.infer<typeof squareSchema>>({
  describe: 'Choose when a massed infantry group on Stand charged in flank or rear forms square: against cavalry (default), against any charger, or never (it turns stands to face).',
  schema: squareSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const g = w.group(cmd.group);
    if (!g || g.side !== cmd.side) return reject('bad-group', 'Choose one of your groups.', FLANK_SQUARE_RULE);
    if (!w.groupUnits(g).some((u) => isInfantry(u) && isMassed(u))) return reject('no-square', 'Only massed infantry form square.', 'SYW §4 Formations allowed (p.9)');
    if ((g.flankSquare ?? 'cavalry') === cmd.square) return reject('same-choice', 'That is already the group\'s choice.', FLANK_SQUARE_RULE);
    w.setGroup(g.id, { flankSquare: cmd.square });
    ctx.emit({ type: 'FlankSquareChosen', group: g.id, square: cmd.square, rule: FLANK_SQUARE_RULE, visibleTo: [cmd.side] });
    return w.change();
  },
});

const moveChoiceSchema = z.object({ type: z.literal('setMoveChoice'), side: z.string(), group: z.string(), atEdge: z.enum(['halt', 'leave']).optional(), afterPassThrough: z.enum(['stand', 'reserve']).optional() }).strict();

export const setMoveChoice = defineCommand<SywState, Options, Tables, z.infer<typeof moveChoiceSchema>>({
  describe: 'Choose what the group\'s dragged moves do at the table edge (halt on Reserve, or leave) and after light/massed interpenetration (both to Stand, or Reserve).',
  schema: moveChoiceSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const g = w.group(cmd.group);
    if (!g || g.side !== cmd.side) return reject('bad-group', 'Choose one of your groups.', EDGE_RULE);
    if (cmd.atEdge === undefined && cmd.afterPassThrough === undefined) return reject('no-choice', 'Name a choice.', EDGE_RULE);
    if (g.order === 'rout') return reject('routing', 'Routers move only their rout moves.', 'SYW 7 Rout and Pursuit (p.15)');
    if (cmd.atEdge !== undefined && g.order === 'retreat') return reject('retreat-leaves', 'Retreating groups never halt at the table edge: they leave it.', EDGE_RULE);
    w.setGroup(g.id, { ...(cmd.atEdge ? { atEdgeChoice: cmd.atEdge } : {}), ...(cmd.afterPassThrough ? { afterPassThroughChoice: cmd.afterPassThrough } : {}) });
    ctx.emit({ type: 'MoveChoiceSet', group: g.id, ...(cmd.atEdge ? { atEdge: cmd.atEdge } : {}), ...(cmd.afterPassThrough ? { afterPassThrough: cmd.afterPassThrough } : {}), rule: cmd.atEdge ? EDGE_RULE : PASS_RULE, visibleTo: [cmd.side] });
    return w.change();
  },
});
