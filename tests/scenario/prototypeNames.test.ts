/**
 * Ids are never names every object already has (engine ids.ts). Records keyed by ids have no
 * prototype, so such an id would play as any other (tests/engine/idsNamedLikeBuiltins.test.ts);
 * refusing `Object.prototype`'s names at the door is defence in depth (engine README). It holds
 * only if every way in goes through the door; this file walks each one with such a name — a scenario file, a save (its
 * scenario, its options, its log), a house-rules file, a command sent to a battle in progress,
 * an autosave resumed, and the scenario editor (edits, its live check, export, its stored draft,
 * the table's picture of the draft) — and checks that it is refused with a path, that nothing
 * throws, and that no object anywhere gained a property.
 */
import { describe, expect, it } from 'vitest';
import { PROTOTYPE_NAMES } from '../../src/engine/ids';
import { commandLog, currentState, startHistory } from '../../src/engine/history';
import { playRandom } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import { loadScenarioText } from '../../src/scenario/load';
import { loadSave, loadSaveText, makeSave } from '../../src/scenario/save';
import { loadHouseRules } from '../../src/scenario/houseRules';
import { validateText } from '../../src/scenario/validate';
import { applyEdit, DraftSchema, emptyDraft } from '../../src/scenario/editor/ops';
import { checkDraft, draftBattle, exportDraft } from '../../src/scenario/editor/problems';
import { createSession } from '../../src/store/session';
import { allModules, fixtureGame, fixtureScenarioText } from '../engine/fixtures/helpers';
import { skirmishModule } from '../engine/fixtures/skirmish';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const NAMES = [...PROTOTYPE_NAMES];
const scenario = (): Doc => JSON.parse(fixtureScenarioText()) as Doc;
const clean = () => expect(({} as Doc).polluted).toBeUndefined();

function savedGame(): Doc {
  const g = fixtureGame(21);
  const game = playRandom(skirmishModule, startHistory(g.state, g.events), makeSampler(9), { maxTurns: 2 });
  return JSON.parse(JSON.stringify(makeSave({ module: skirmishModule, scenario: scenario(), seed: 21, log: commandLog(game.history), state: currentState(game.history) }))) as Doc;
}

describe('Every way into a battle refuses the names of Object.prototype', () => {
  it('a scenario file: as any id, refused with its path', () => {
    for (const name of NAMES) {
      const d = scenario();
      d.units[0].id = name;
      const r = loadScenarioText(JSON.stringify(d));
      expect(r.ok || r.problems.some((p) => p.path === '$.units[0].id')).toBe(true);
      expect(r.ok).toBe(false);
    }
  });

  it('a save: in its scenario, as an options key, and in a command of its log', () => {
    const save = savedGame();
    expect(loadSave(JSON.parse(JSON.stringify(save)), allModules()).ok).toBe(true);
    const k = save.log.findIndex((c: Doc) => typeof c.unit === 'string');
    expect(k).toBeGreaterThanOrEqual(0);
    for (const name of NAMES) {
      const a = JSON.parse(JSON.stringify(save)) as Doc;
      a.scenario.units[0].id = name;
      const ra = loadSave(a, allModules());
      expect(!ra.ok && ra.problems[0]!.path).toBe('$.scenario.units[0].id');
      const b = JSON.parse(JSON.stringify(save)) as Doc;
      b.log[k].unit = name;
      const rb = loadSave(b, allModules());
      expect(!rb.ok && rb.problems[0]!.path).toMatch(new RegExp(`^\\$\\.log\\[${k}\\]`));
      const text = JSON.stringify(save).replace('"options":{', `"options":{${JSON.stringify(name)}:{"polluted":true},`);
      const rc = loadSaveText(text, allModules());
      expect(rc.ok).toBe(false);
      expect(validateText(text, allModules()).ok).toBe(false);
    }
    clean();
  });

  it('a house-rules file: as a key in its tables', () => {
    for (const name of NAMES) {
      const text = `{"format":"vedette-house-rules","version":1,"ruleset":"fixture-skirmish","name":"x","tables":{${JSON.stringify(name)}:{"polluted":true}}}`;
      const r = loadHouseRules(JSON.parse(text), allModules());
      expect(!r.ok && r.problems[0]!.path).toMatch(/^\$\.tables/);
    }
    clean();
  });

  it('a battle in progress: a command naming one is refused and the battle is unchanged; an autosave carrying one is not resumed', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    const s = createSession(storage, allModules());
    expect(s.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: 'fixture-skirmish', seed: 4 }).ok).toBe(true);
    const before = s.getState().battle!.history;
    for (const name of NAMES) {
      const r = s.getState().dispatch({ type: 'move', side: 'red', unit: name, dx: 1, dy: 0 } as never);
      expect(r?.code).toBe('bad-command');
      expect(s.getState().battle!.history).toBe(before);
    }
    const bad = savedGame();
    bad.log[0].side = 'constructor';
    const r = s.getState().resume({ text: JSON.stringify(bad), id: 'x' });
    expect(r.ok).toBe(false);
    expect(s.getState().battle!.history).toBe(before);
    clean();
  });

  it('the scenario editor: an id typed there is listed as a problem and cannot be exported; the table still draws the draft; a stored draft carrying one is not read', () => {
    const d0 = emptyDraft('fixture-skirmish');
    const unit = { ...scenario().units[0], parent: 'blue-army', side: 'blue' };
    for (const name of NAMES) {
      const added = applyEdit(d0, { op: 'addUnit', unit: { ...unit, id: name } });
      // Either the edit itself refuses the id, or the live check lists it and export refuses the draft.
      if (!added.ok) {
        expect(added.reason).not.toBe('');
        continue;
      }
      const problems = checkDraft(added.draft, allModules());
      expect(problems.some((p) => /cannot be an id/.test(p.message))).toBe(true);
      expect(exportDraft(added.draft, allModules()).ok).toBe(false);
      expect(() => draftBattle(added.draft)).not.toThrow();
      expect(DraftSchema.safeParse(JSON.parse(JSON.stringify(added.draft))).success).toBe(false);
    }
    clean();
  });
});
