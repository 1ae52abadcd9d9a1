/**
 * One sight-index cache for every ruleset: a sight grid is built once per terrain layout (the
 * very array the battle holds; a changed layout is a new array) and per sight rule the
 * ruleset names by a key (a scale, a variant), and dropped with the layout (WeakMap).
 */
import type { SightFeature, SightIndex } from './sightIndex';
import { buildSightIndex } from './sightIndex';

const cache = new WeakMap<readonly object[], Map<string, SightIndex>>();

/**
 * The sight index of `terrain` under the ruleset's sight rule named `ruleKey`; `features`
 * turns the layout into sight features (with the rule's verdict on each) when it is first asked for.
 */
export function sightIndexOf<T extends object>(terrain: readonly T[], ruleKey: string, features: (terrain: readonly T[]) => readonly SightFeature[]): SightIndex {
  let byRule = cache.get(terrain);
  if (!byRule) cache.set(terrain, (byRule = new Map()));
  let ix = byRule.get(ruleKey);
  if (!ix) {
    ix = buildSightIndex(features(terrain));
    byRule.set(ruleKey, ix);
  }
  return ix;
}
