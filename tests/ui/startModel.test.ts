/** The start dialog's logic: the built-in list, which rulesets can play a scenario, options, seeds. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_SEED } from '../../src/engine/dice';
import {
  anyPlayable,
  builtInScenarios,
  defaultOptionValues,
  groupOptions,
  noRulesetMessage,
  optionFromField,
  parseSeed,
  playable,
  rulesetChoices,
  scenarioEntry,
  seedFromBits,
  keyText,
} from '../../src/ui/startModel';
import { skirmishModule } from '../engine/fixtures/skirmish';
import { fixtureScenarioText, ROOT } from '../engine/fixtures/helpers';

const files = Object.fromEntries(readdirSync(join(ROOT, 'scenarios')).map((f) => [`../scenarios/${f}`, readFileSync(join(ROOT, 'scenarios', f), 'utf8')]));

describe('the built-in scenario list', () => {
  it('holds every scenarios/*.json but the JSON schema, the default battle first', () => {
    const list = builtInScenarios(files);
    expect(list.map((e) => e.source)).not.toContain('scenarios/scenario.schema.json');
    expect(list.length).toBe(Object.keys(files).filter((f) => !f.endsWith('.schema.json')).length);
    expect(list[0]!.source).toBe('scenarios/default.json');
    for (const e of list) {
      expect(e.problem).toBeUndefined();
      expect(e.rulesets.length).toBeGreaterThan(0);
    }
  });
});

describe('choosing a ruleset', () => {
  const entry = scenarioEntry('skirmish.json', fixtureScenarioText());

  it('offers the rulesets the scenario names that the registry has', () => {
    const choices = rulesetChoices(entry, [skirmishModule]);
    expect(playable(choices).map((m) => m.id)).toEqual(['fixture-skirmish']);
    expect(noRulesetMessage(entry, [skirmishModule])).toBeUndefined();
    expect(anyPlayable([entry], [skirmishModule])).toBe(true);
  });

  it('says clearly when none is available', () => {
    expect(noRulesetMessage(entry, [])).toBe('No ruleset is available for this scenario: it names "fixture-skirmish"; Vedette has no ruleset yet.');
    expect(rulesetChoices(entry, [])).toEqual([{ id: 'fixture-skirmish', missing: true }]);
    expect(anyPlayable([entry], [])).toBe(false);
  });

  it('explains a file that is not a scenario, with its JSON path', () => {
    const broken = scenarioEntry('broken.json', '{"title": ');
    expect(broken.problem).toMatch(/^\$/);
    expect(noRulesetMessage(broken, [skirmishModule])).toMatch(/^This scenario cannot be read: \$/);
    expect(scenarioEntry('list.json', '[]').problem).toBe('$: a scenario file is a JSON object.');
  });
});

describe('options and seed', () => {
  const info = skirmishModule.options.info;

  it('starts from each option\'s default and separates optional rules from settings', () => {
    expect(defaultOptionValues(info)).toEqual({ fireDie: 'd6', emulateD10: false });
    const g = groupOptions(info);
    expect(g.rules.map((o) => o.id)).toEqual(['emulateD10']);
    expect(g.settings.map((o) => o.id)).toEqual(['fireDie']);
  });

  it('reads form fields as option values the schema accepts', () => {
    const values = { fireDie: optionFromField(info[0]!, { value: 'd10' }), emulateD10: optionFromField(info[1]!, { checked: true }) };
    expect(skirmishModule.options.schema.safeParse(values).success).toBe(true);
    expect(optionFromField({ id: 'n', label: 'n', kind: 'number', default: 50 }, { value: '40' })).toBe(40);
    expect(optionFromField({ id: 'n', label: 'n', kind: 'number', default: 50 }, { value: 'x' })).toBe('x');
  });

  it('accepts seeds from 0 to 2^32-1 and explains anything else', () => {
    expect(parseSeed(' 42 ')).toEqual({ ok: true, seed: 42 });
    expect(parseSeed(String(MAX_SEED))).toEqual({ ok: true, seed: MAX_SEED });
    for (const bad of ['', '-1', '1.5', 'abc', String(MAX_SEED + 1)]) expect(parseSeed(bad).ok).toBe(false);
    expect(seedFromBits(-1)).toBe(MAX_SEED);
  });

  it('accepts a 128-bit key of 32 hex digits (any case) and derives the players\' seed from it; a new key is 32 hex digits from 16 random bytes', () => {
    const k = parseSeed(' 00112233445566778899AABBCCDDEEFF ');
    expect(k.ok && k.key).toBe('00112233445566778899aabbccddeeff');
    expect(k.ok && Number.isInteger(k.seed) && k.seed >= 0 && k.seed <= MAX_SEED).toBe(true);
    expect(parseSeed('00112233445566778899aabbccddeeff')).toEqual(k);
    expect(parseSeed('42')).not.toHaveProperty('key');
    for (const bad of ['00112233445566778899aabbccddeef', '00112233445566778899aabbccddeefg']) expect(parseSeed(bad).ok).toBe(false);
    expect(keyText(new Uint8Array(16).fill(171))).toBe('ab'.repeat(16));
  });
});
