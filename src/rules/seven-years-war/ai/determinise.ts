/**
 * SYW determinisation (RulesetModule.ai.determinise). What a view hides: the counter an enemy
 * CinC holds until he keeps one ((3) p.5; the view shows an average counter marked
 * `counterUnknown`), the enemy's deck, and hidden or not yet deployed enemy units (9 p.19,
 * (3) Visibility p.7). The counter is drawn from that side's counter mix (the scenario's, else
 * the tables'); hidden units stay
 * absent — a side plans against the troops it has seen, as a player at the table does.
 */
import type { Sampler, SeenGame } from '../../../engine/ruleset';
import type { Battle } from '../../../engine/state';
import type { Options, SywState } from '../state';
import type { Tables } from '../tablesSchema';
import { idRecord } from '../../../engine/ids';

export function sywDeterminise(view: SeenGame<SywState, Options, Tables>, side: string, sampler: Sampler): { battle: Battle; ruleset: SywState } {
  const rs = view.ruleset;
  // The side's own mix where the scenario gives one (setup.ts draws from it), else the tables'.
  const fields = view.battle.rulesetFields['seven-years-war'] as { counterMix?: Record<string, Tables['counterMix']> } | undefined;
  const mixOf = (gid: string) => {
    const owner = view.battle.generals.find((g) => g.id === gid)?.side;
    return (owner !== undefined ? fields?.counterMix?.[owner] : undefined) ?? view.tables.counterMix;
  };
  const generals = idRecord(
    Object.entries(rs.generals).map(([gid, gs]) => {
      if (!gs.counterUnknown || view.battle.generals.find((g) => g.id === gid)?.side === side) return [gid, gs];
      const { counterUnknown: _unknown, ...known } = gs;
      return [gid, { ...known, counter: { ...sampler.pick(mixOf(gid)) } }];
    }),
  );
  return { battle: view.battle, ruleset: { ...rs, generals } };
}
