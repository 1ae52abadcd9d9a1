/**
 * 8 Morale results p.18, "Testing for casualties, or being Charged 6+ OK; Stay at current orders, or
 * go to Advance": a player's choice at a moment inside an engine step or the enemy's phase (shooting
 * morale, being charged, close combat), so it is a standing choice per group, as in choices.ts.
 * Default: stay at current orders.
 */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { SywState, Options } from './state';
import type { Tables } from './tablesSchema';
import { Work } from './work';

const R = 'SYW 8 Morale results (p.18)';
const schema = z.object({ type: z.literal('setAdvanceOnOk'), side: z.string(), group: z.string(), advance: z.boolean() }).strict();

export const setAdvanceOnOk = defineCommand<SywState, Options, Tables, z.infer<typeof schema>>({
  describe: 'Choose whether a group goes to Advance when it scores 6+ on a casualty or being-charged morale test (else it stays at its orders).',
  schema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const g = w.group(cmd.group);
    if (!g || g.side !== cmd.side) return reject('bad-group', 'Choose one of your groups.', R);
    w.setGroup(g.id, { advanceOnOk: cmd.advance });
    ctx.emit({ type: 'AdvanceOnOkChosen', group: g.id, advance: cmd.advance, rule: R, visibleTo: [cmd.side] });
    return w.change();
  },
});

const pursuitSchema = z.object({ type: z.literal('setPursuitArtillery'), side: z.string(), group: z.string(), fight: z.boolean() }).strict();

/**
 * 7 (b) p.16 "Artillery contacted in Pursuit may be fought, or passed through": the pursuit move is an
 * engine move, so the pursuer's choice is a standing one per group (default pass through).
 */
export const setPursuitArtillery = defineCommand<SywState, Options, Tables, z.infer<typeof pursuitSchema>>({
  describe: 'Choose whether a group that pursues fights artillery it contacts (else it passes through).',
  schema: pursuitSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const g = w.group(cmd.group);
    const P = 'SYW 7 Pursuit (b) (p.16)';
    if (!g || g.side !== cmd.side) return reject('bad-group', 'Choose one of your groups.', P);
    w.setGroup(g.id, { fightArtilleryInPursuit: cmd.fight });
    ctx.emit({ type: 'PursuitArtilleryChosen', group: g.id, fight: cmd.fight, rule: P, visibleTo: [cmd.side] });
    return w.change();
  },
});
