/**
 * The light registry the browser starts from: one descriptor per ruleset (its id and name)
 * with `load()`, a dynamic import of the module. A ruleset's code (its tables, phases, table
 * adapter, AI) is fetched only when a battle needs it, so the page's first download does not
 * carry every ruleset. The CLI and the tests keep the synchronous full registry
 * (`registry.ts`); `tests/rules/catalog.test.ts` checks that the two list the same rulesets.
 */
import { registerable, type AnyRuleset } from '../engine/ruleset';

export interface RulesetDescriptor {
  readonly id: string;
  readonly name: string;
  /** The module itself; a separate chunk in the browser build. */
  readonly load: () => Promise<AnyRuleset>;
}

export const RULESET_CATALOG: readonly RulesetDescriptor[] = [
  { id: 'napoleonic-warfare', name: 'Napoleonic Warfare', load: async () => registerable((await import('./napoleonic-warfare')).napoleonicWarfare) },
  { id: 'seven-years-war', name: 'Seven Years War 2.4', load: async () => registerable((await import('./seven-years-war')).sevenYearsWar) },
  { id: 'battalion', name: 'Battalion (rate of fire, motivation)', load: async () => registerable((await import('./battalion')).battalion) },
  { id: 'advanced-shako', name: 'Advanced Shako', load: async () => registerable((await import('./advanced-shako')).advancedShako) },
];

/**
 * Loads rulesets by id, each at most once (concurrent asks share one import). `loaded()` is the
 * modules fetched so far, in catalog order, as the synchronous code (session, start dialog) takes them.
 */
export function createRulesetLoader(catalog: readonly RulesetDescriptor[] = RULESET_CATALOG) {
  const pending = new Map<string, Promise<AnyRuleset>>();
  const done = new Map<string, AnyRuleset>();
  const load = (id: string): Promise<AnyRuleset | undefined> => {
    const d = catalog.find((x) => x.id === id);
    if (!d) return Promise.resolve(undefined);
    let p = pending.get(id);
    if (!p) {
      p = d.load().then((m) => {
        done.set(id, m);
        return m;
      });
      pending.set(id, p);
    }
    return p;
  };
  return {
    catalog,
    load,
    /** Every ruleset in the catalog, fetched in parallel. */
    loadAll: async (): Promise<readonly AnyRuleset[]> => {
      await Promise.all(catalog.map((d) => load(d.id)));
      return catalog.map((d) => done.get(d.id)!);
    },
    loaded: (): readonly AnyRuleset[] => catalog.flatMap((d) => done.get(d.id) ?? []),
  };
}
export type RulesetLoader = ReturnType<typeof createRulesetLoader>;
