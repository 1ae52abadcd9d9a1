/**
 * Standing choices a player makes for his groups before the moment they are needed, because the
 * moment falls inside an engine step or the enemy's phase (where he sends no command):
 * - 6 h) p.13: lights "always have the option of standing instead of evading in type 1-3 terrain, or
 *   versus light Infantry/Cavalry" — whether such a group evades when it may (in the open against
 *   massed chargers it must).
 * - 6 h) p.15 and 7 p.15: "Groups which cause all their enemies to Rout need not pursue unless
 *   Cavalry, but may move into the space/building vacated ... should they wish to"; "Pursuers are
 *   Cavalry (or Infantry if desired)" — what an infantry group does when its frontal opponents rout.
 */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { SywState, Options } from './state';
import { isCavalry, isLightUnit } from './state';
import type { Tables } from './tablesSchema';
import { Work } from './work';

export type AfterRout = 'hold' | 'occupy' | 'pursue';

const evasionSchema = z.object({ type: z.literal('setEvasion'), side: z.string(), group: z.string(), evade: z.boolean() }).strict();

export const setEvasion = defineCommand<SywState, Options, Tables, z.infer<typeof evasionSchema>>({
  describe: 'Choose whether a light group evades charges where evading is optional (in type 1-3 terrain, or charged by lights).',
  schema: evasionSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const g = w.group(cmd.group);
    if (!g || g.side !== cmd.side) return reject('bad-group', 'Choose one of your groups.', 'SYW 6 Melee h) (p.13)');
    if (!w.groupUnits(g).some(isLightUnit)) return reject('not-lights', 'Only light infantry and light cavalry (not (a)) evade.', 'SYW 6 Melee h) (p.13)');
    w.setGroup(g.id, { evadeWhenOptional: cmd.evade });
    ctx.emit({ type: 'EvasionChosen', group: g.id, evade: cmd.evade, rule: 'SYW 6 Melee h) (p.13)', visibleTo: [cmd.side] });
    return w.change();
  },
});

const afterRoutSchema = z.object({ type: z.literal('setAfterRout'), side: z.string(), group: z.string(), choice: z.enum(['hold', 'occupy', 'pursue']) }).strict();

export const setAfterRout = defineCommand<SywState, Options, Tables, z.infer<typeof afterRoutSchema>>({
  describe: 'Choose what an infantry group does when all its frontal opponents rout: hold, move into the space they left, or pursue.',
  schema: afterRoutSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const g = w.group(cmd.group);
    if (!g || g.side !== cmd.side) return reject('bad-group', 'Choose one of your groups.', 'SYW 6 Melee h) (p.15)');
    if (w.groupUnits(g).some(isCavalry)) return reject('cavalry-pursue', 'Cavalry whose frontal opponents all rout always pursue.', 'SYW 7 Rout and Pursuit (p.15)');
    w.setGroup(g.id, { afterRout: cmd.choice });
    ctx.emit({ type: 'AfterRoutChosen', group: g.id, choice: cmd.choice, rule: 'SYW 6 Melee h) (p.15), 7 (p.15)', visibleTo: [cmd.side] });
    return w.change();
  },
});
