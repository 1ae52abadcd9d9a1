/**
 * The explicit registry: the only place in the code that names rulesets. A ruleset module is
 * added with one import and one entry below; everything else (the CLI, saves, the start dialog,
 * the property tests) finds it here. The engine itself never names a ruleset.
 */
import { registerable, type AnyRuleset } from '../engine/ruleset';
import { napoleonicWarfare } from './napoleonic-warfare';
import { sevenYearsWar } from './seven-years-war';
import { battalion } from './battalion';
import { advancedShako } from './advanced-shako';

export const RULESETS: readonly AnyRuleset[] = [
  registerable(napoleonicWarfare),
  registerable(sevenYearsWar),
  registerable(battalion),
  registerable(advancedShako),
];

export function findRuleset(id: string, from: readonly AnyRuleset[] = RULESETS): AnyRuleset | undefined {
  return from.find((r) => r.id === id);
}

export const rulesetIds = (from: readonly AnyRuleset[] = RULESETS): string[] => from.map((r) => r.id);
