/**
 * (3) Generals p.5: "A CinC draws 3 random counters and chooses 1." Set-up draws the three and keeps
 * the best as a provisional counter; in the first step of the game (`chooseCounter`) each side picks
 * which of its CinC's draws to keep. The two not kept go back into the side's deck.
 */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { SywState, Options, S } from './state';
import { setGeneral } from './state';
import type { Tables } from './tablesSchema';
import { withoutOne } from './generals';
import { withId } from '../../engine/ids';

const R = 'SYW (3) Generals (p.5)';

const schema = z.object({ type: z.literal('chooseCounter'), side: z.string(), general: z.string(), index: z.number().int().min(0) }).strict();

export const chooseCounter = defineCommand<SywState, Options, Tables, z.infer<typeof schema>>({
  describe: 'The CinC keeps one of the three counters he drew.',
  schema,
  handle(state, cmd, ctx) {
    const rs = state.ruleset;
    const draws = rs.cincDraws?.[cmd.general];
    const gen = state.battle.generals.find((g) => g.id === cmd.general);
    const gs = rs.generals[cmd.general];
    if (!gen || gen.side !== cmd.side || !gs || !draws) return reject('bad-general', 'Choose your CinC, who has counters to choose from.', R);
    const chosen = draws[cmd.index];
    if (!chosen) return reject('bad-index', `Choose one of the ${draws.length} counters drawn.`, R);
    // Undo the provisional keep (its two others went back on the deck), then return the two now not kept.
    let deck = rs.decks[gen.side] ?? [];
    const provisional = [...draws];
    provisional.splice(provisional.findIndex((c) => c === gs.counter || JSON.stringify(c) === JSON.stringify(gs.counter)), 1);
    for (const c of provisional) deck = withoutOne(deck, c);
    const rest = draws.filter((_, i) => i !== cmd.index);
    const { [cmd.general]: _done, ...left } = rs.cincDraws!;
    void _done;
    const next = setGeneral({ ...rs, decks: withId(rs.decks, gen.side, [...deck, ...rest]), cincDraws: left }, cmd.general, { counter: chosen });
    ctx.emit({ type: 'GeneralCounterChosen', general: cmd.general, counter: chosen, rule: R });
    return { ruleset: next };
  },
});

/** Sides whose CinC still has counters to choose from. */
export const choosingSides = (s: S): string[] => [...new Set(Object.keys(s.ruleset.cincDraws ?? {}).map((id) => s.battle.generals.find((g) => g.id === id)?.side).filter((x): x is string => x !== undefined))];
