import { describe, expect, it } from 'vitest';
import { createRulesetLoader, RULESET_CATALOG } from '../../src/rules/catalog';
import { RULESETS } from '../../src/rules/registry';

describe('The ruleset catalog the browser loads from', () => {
  it('lists the same rulesets, by id and name, as the full registry', () => {
    expect(RULESET_CATALOG.map((d) => [d.id, d.name])).toEqual(RULESETS.map((m) => [m.id, m.name]));
  });

  it('loads each descriptor to the very module the registry holds', async () => {
    for (const d of RULESET_CATALOG) expect(await d.load()).toBe(RULESETS.find((m) => m.id === d.id));
  });

  it('loads a ruleset once however often it is asked for, and knows only what it has loaded', async () => {
    let calls = 0;
    const nw = RULESETS[0]!;
    const loader = createRulesetLoader([{ id: nw.id, name: nw.name, load: async () => (calls++, nw) }]);
    expect(loader.loaded()).toEqual([]);
    const [a, b] = await Promise.all([loader.load(nw.id), loader.load(nw.id)]);
    expect(a).toBe(nw);
    expect(b).toBe(nw);
    expect(calls).toBe(1);
    expect(loader.loaded()).toEqual([nw]);
    expect(await loader.load('no-such-ruleset')).toBeUndefined();
  });
});
