/**
 * The battle in progress: autosave after every command, resume after a reload, undo within
 * the engine's limits, and bad input that loses nothing (issue 4: Saves, Bad input).
 */
import { describe, expect, it } from 'vitest';
import { AUTOSAVE_KEY, createSession, gameOf, type SaveStorage } from '../../src/store/session';
import { stateHash } from '../../src/engine/hash';
import { chooseCommand } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import { skirmishModule } from '../engine/fixtures/skirmish';
import { fixtureScenarioText } from '../engine/fixtures/helpers';

const memory = (): SaveStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
};

function started(storage = memory()) {
  const s = createSession(storage, [skirmishModule]);
  const r = s.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed: 7 });
  expect(r).toEqual({ ok: true });
  return { s, storage };
}

function playSome(s: ReturnType<typeof started>['s'], n: number) {
  const sampler = makeSampler(99);
  for (let i = 0; i < n; i++) {
    const st = gameOf(s.getState().battle!);
    if (st.result) break;
    const side = st.position.actors.find((a) => !st.position.done.includes(a))!;
    const choice = chooseCommand(skirmishModule, st, side, sampler)!;
    s.getState().dispatch(choice.command);
  }
}

describe('a battle in progress', () => {
  it('autosaves after every command and resumes to the same state hash', () => {
    const { s, storage } = started();
    playSome(s, 25);
    const hash = stateHash(gameOf(s.getState().battle!));
    expect(storage.data.get(AUTOSAVE_KEY)).toContain(hash);
    const reloaded = createSession(storage, [skirmishModule]);
    expect(reloaded.getState().resume()).toEqual({ ok: true });
    expect(stateHash(gameOf(reloaded.getState().battle!))).toBe(hash);
  });

  it('resumes a kept battle that replays whole to another hash, with a warning, and keeps it with the new hash', () => {
    const { s, storage } = started();
    playSome(s, 15);
    // As if the dice had rolled otherwise when it was kept (an earlier version): another seed, same commands.
    const old = storage.data.get(AUTOSAVE_KEY)!.replace(/"seed":7/, '"seed":8');
    const oldHash = (JSON.parse(old) as { hash: string }).hash;
    storage.data.set(AUTOSAVE_KEY, old);
    const reloaded = createSession(storage, [skirmishModule]);
    const r = reloaded.getState().resume();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.warnings?.map((w) => w.path)).toEqual(['$.hash']);
    const now = stateHash(gameOf(reloaded.getState().battle!));
    expect(now).not.toBe(oldHash);
    expect(r.warnings![0]!.message).toContain(oldHash);
    expect(r.warnings![0]!.message).toContain(now);
    expect((JSON.parse(storage.data.get(AUTOSAVE_KEY)!) as { hash: string }).hash).toBe(now);
    // The same text given as a file is refused, and the battle on the table is untouched.
    const before = reloaded.getState().battle;
    const f = reloaded.getState().loadSave(old);
    expect(!f.ok && f.problems[0]!.path).toBe('$.hash');
    expect(reloaded.getState().battle).toBe(before);
  });

  it('refuses to resume a kept battle whose log no longer replays', () => {
    const { s, storage } = started();
    playSome(s, 15);
    const save = JSON.parse(storage.data.get(AUTOSAVE_KEY)!) as { log: { type: string; unit?: string }[]; hash: string };
    const i = save.log.findIndex((c) => c.unit !== undefined);
    save.log[i] = { ...save.log[i]!, unit: 'nobody' };
    save.hash = 'fnv1a64:0123456789abcdef';
    storage.data.set(AUTOSAVE_KEY, JSON.stringify(save));
    const r = createSession(storage, [skirmishModule]).getState().resume();
    expect(!r.ok && r.problems[0]!.path).toBe(`$.log[${i}]`);
  });

  it('rejects a broken save whole and leaves the battle untouched', () => {
    const { s } = started();
    playSome(s, 10);
    const before = s.getState().battle;
    const good = s.getState().saveText()!;
    const tampered = good.replace(/"seed":7/, '"seed":8');
    const r = s.getState().loadSave(tampered);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.path).toBe('$.hash');
    expect(s.getState().battle).toBe(before);
    const r2 = s.getState().loadSave('{"format": "vedette-save"');
    expect(r2.ok).toBe(false);
    expect(s.getState().battle).toBe(before);
  });

  it('refuses to start from a broken scenario, keeping the battle in progress', () => {
    const { s } = started();
    const before = s.getState().battle;
    const r = s.getState().start({ scenarioText: '{"format":"vedette-scenario","version":1}', rulesetId: skirmishModule.id, seed: 1 });
    expect(r.ok).toBe(false);
    expect(s.getState().battle).toBe(before);
  });

  it('reports a rejected command and changes nothing', () => {
    const { s } = started();
    const before = s.getState().battle;
    const rej = s.getState().dispatch({ type: 'noSuchCommand', side: 'red' });
    expect(rej?.rejected).toBe(true);
    expect(s.getState().lastRejection).toEqual(rej);
    expect(s.getState().battle).toBe(before);
  });

  it('undoes a command that did not roll and autosaves the undone state', () => {
    const { s, storage } = started();
    const h0 = stateHash(gameOf(s.getState().battle!));
    const st = gameOf(s.getState().battle!);
    const side = st.position.actors[0]!;
    const sampler = makeSampler(3);
    const cmd = chooseCommand(skirmishModule, st, side, sampler)!.command;
    expect(s.getState().dispatch(cmd)).toBeNull();
    expect(s.getState().undo()).toBeNull();
    expect(stateHash(gameOf(s.getState().battle!))).toBe(h0);
    expect(storage.data.get(AUTOSAVE_KEY)).toContain(h0);
    expect(s.getState().redo()).toBeNull();
    expect(s.getState().battle!.history.entries.length).toBe(1);
  });
});
