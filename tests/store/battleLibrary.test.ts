/**
 * Battles kept in the browser (issue 21, Storage): many battles in IndexedDB, the battle on the
 * table written after every change, the old single autosave moved across on first start, and a
 * refused or full write that loses nothing from the battle in progress.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeeper, type StorageManagerLike } from '../../src/store/keeper';
import { moveOldAutosave, openLibrary, type BattleLibrary } from '../../src/store/library';
import { AUTOSAVE_KEY, createSession, gameOf, saveTextOf, type SaveStorage } from '../../src/store/session';
import { stateHash } from '../../src/engine/hash';
import { chooseCommand } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import { skirmishModule } from '../engine/fixtures/skirmish';
import { fixtureScenarioText } from '../engine/fixtures/helpers';

let n = 0;
const opened: BattleLibrary[] = [];
async function library(): Promise<BattleLibrary> {
  const l = await openLibrary(`vedette-test-${++n}`);
  opened.push(l);
  return l;
}
afterEach(() => {
  for (const l of opened.splice(0)) l.close();
});

const memory = (): SaveStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
};

let ids = 0;
function session() {
  return createSession(null, [skirmishModule], { newId: () => `t${++ids}` });
}

function playSome(s: ReturnType<typeof session>, count: number, seed = 99) {
  const sampler = makeSampler(seed);
  for (let i = 0; i < count; i++) {
    const st = gameOf(s.getState().battle!);
    if (st.result) break;
    const side = st.position.actors.find((a) => !st.position.done.includes(a))!;
    s.getState().dispatch(chooseCommand(skirmishModule, st, side, sampler)!.command);
  }
}

const start = (s: ReturnType<typeof session>, seed: number) =>
  expect(s.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed })).toEqual({ ok: true });

describe('the battle library', () => {
  it('keeps many battles; the newest first; the battle on the table is the current one and resumes to the same state', async () => {
    const lib = await library();
    const s = session();
    let clock = 1000;
    const keeper = createKeeper({ library: lib, session: s, mode: () => 'solo', now: () => ++clock });
    start(s, 1);
    playSome(s, 10);
    const first = s.getState().battle!;
    start(s, 2);
    playSome(s, 5, 3);
    await keeper.flush();
    const list = await lib.list();
    expect(list.map((m) => m.id)).toEqual([s.getState().battle!.id, first.id]);
    expect(await lib.current()).toBe(s.getState().battle!.id);
    // The first battle, as it was when the second started, resumes whole.
    const kept = (await lib.get(first.id))!;
    expect(kept.save).toBe(saveTextOf(first));
    const again = session();
    expect(again.getState().resume({ text: kept.save, id: kept.meta.id })).toEqual({ ok: true });
    expect(stateHash(gameOf(again.getState().battle!))).toBe(stateHash(gameOf(first)));
    expect(again.getState().battle!.id).toBe(first.id);
  });

  it('a renamed battle keeps its name as play goes on; a deleted one leaves nothing behind', async () => {
    const lib = await library();
    const s = session();
    const keeper = createKeeper({ library: lib, session: s, mode: () => 'hotseat', now: () => 5 });
    start(s, 4);
    await keeper.flush();
    const id = s.getState().battle!.id;
    await lib.rename(id, 'Club night <b>rematch</b>');
    playSome(s, 3);
    await keeper.flush();
    const m = (await lib.list())[0]!;
    expect(m.name).toBe('Club night <b>rematch</b>');
    expect(m.mode).toBe('hotseat');
    expect(m.bytes).toBe(saveTextOf(s.getState().battle!).length);
    await lib.remove(id);
    expect(await lib.list()).toEqual([]);
    expect(await lib.get(id)).toBeUndefined();
    expect(await lib.current()).toBeUndefined();
  });

  it('says nothing in the list that either side may not see (no command count, no orders)', async () => {
    const lib = await library();
    const s = session();
    const keeper = createKeeper({ library: lib, session: s, mode: () => 'hotseat', now: () => 5 });
    start(s, 4);
    playSome(s, 6);
    await keeper.flush();
    const m = (await lib.list())[0]!;
    expect(Object.keys(m).sort()).toEqual(['bytes', 'createdAt', 'id', 'mode', 'name', 'rulesetId', 'scenarioId', 'title', 'turn', 'updatedAt', 'where']);
    expect(m.where).toMatch(/^Turn \d+ · /);
  });

  it('moves the old single autosave across on first start, and empties the old slot only once the library has it', async () => {
    const s = session();
    start(s, 8);
    playSome(s, 7);
    const text = saveTextOf(s.getState().battle!);
    const old = memory();
    old.setItem(AUTOSAVE_KEY, text);
    const lib = await library();
    const id = await moveOldAutosave(lib, old, AUTOSAVE_KEY, { id: 'moved', mode: 'solo', now: 9 });
    expect(id).toBe('moved');
    expect(old.data.has(AUTOSAVE_KEY)).toBe(false);
    expect(await lib.current()).toBe('moved');
    const kept = (await lib.get('moved'))!;
    expect(kept.save).toBe(text);
    expect(kept.meta.title).toBe(s.getState().battle!.setup.title);
    expect(kept.meta.rulesetId).toBe(skirmishModule.id);
    // Nothing to move the second time.
    expect(await moveOldAutosave(lib, old, AUTOSAVE_KEY, { id: 'again', mode: 'solo', now: 10 })).toBeUndefined();

    // A library that refuses the write: the old slot is left as it was.
    const refusing: BattleLibrary = { ...lib, put: () => Promise.reject(new DOMException('full', 'QuotaExceededError')) };
    const old2 = memory();
    old2.setItem(AUTOSAVE_KEY, text);
    await expect(moveOldAutosave(refusing, old2, AUTOSAVE_KEY, { id: 'x', mode: 'solo', now: 1 })).rejects.toThrow();
    expect(old2.data.get(AUTOSAVE_KEY)).toBe(text);
  });

  it('an old save that no longer loads is refused whole with a sentence, the battle on the table untouched', async () => {
    const s = session();
    start(s, 8);
    playSome(s, 4);
    const before = s.getState().battle;
    const future = JSON.stringify({ ...JSON.parse(saveTextOf(before!)), version: 99 });
    const r = s.getState().resume({ text: future, id: 'old' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual([{ path: '$.version', message: expect.stringMatching(/saved by a newer version of Vedette \(save version 99\)/) }]);
    expect(s.getState().battle).toBe(before);
  });
});

describe('when the browser will not keep a battle', () => {
  it('a full or refused write is reported, the battle in progress goes on untouched, and the next write that succeeds clears it', async () => {
    const lib = await library();
    let full = false;
    const flaky: BattleLibrary = { ...lib, put: (b, o) => (full ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')) : lib.put(b, o)) };
    const s = session();
    const keeper = createKeeper({ library: flaky, session: s, mode: () => 'solo', now: () => 1 });
    start(s, 11);
    await keeper.flush();
    expect(keeper.status.getState().failure).toBeNull();
    full = true;
    playSome(s, 5);
    const inPlay = s.getState().battle!;
    await keeper.flush();
    expect(keeper.status.getState().failure).toBe('full');
    expect(keeper.unsaved()).toBe(true);
    // Nothing lost: the session still has every command, and a file save has it all.
    expect(s.getState().battle).toBe(inPlay);
    expect(JSON.parse(s.getState().saveText()!).log).toHaveLength(inPlay.history.entries.length);
    // Space freed: the next write keeps the battle as it is now.
    full = false;
    await keeper.keepNow();
    expect(keeper.status.getState().failure).toBeNull();
    expect(keeper.unsaved()).toBe(false);
    expect((await lib.get(inPlay.id))!.save).toBe(saveTextOf(inPlay));
  });

  it('a write refused for another reason is told apart from a full disk', async () => {
    const lib = await library();
    const refusing: BattleLibrary = { ...lib, put: () => Promise.reject(new DOMException('denied', 'InvalidStateError')) };
    const s = session();
    const keeper = createKeeper({ library: refusing, session: s, mode: () => 'solo', now: () => 1 });
    start(s, 12);
    await keeper.flush();
    expect(keeper.status.getState().failure).toBe('refused');
  });

  it('asks for persistent storage and reports the answer and the space used', async () => {
    const lib = await library();
    const s = session();
    const answer = (granted: boolean): StorageManagerLike => ({
      persisted: () => Promise.resolve(false),
      persist: () => Promise.resolve(granted),
      estimate: () => Promise.resolve({ usage: 1234, quota: 99999 }),
    });
    const refused = createKeeper({ library: lib, session: s, mode: () => 'solo', now: () => 1, storage: answer(false) });
    expect(await refused.requestPersistence()).toBe('refused');
    await refused.refreshEstimate();
    expect(refused.status.getState()).toMatchObject({ persistence: 'refused', usage: 1234, quota: 99999 });
    const granted = createKeeper({ library: lib, session: s, mode: () => 'solo', now: () => 1, storage: answer(true) });
    expect(await granted.requestPersistence()).toBe('granted');
    const none = createKeeper({ library: lib, session: s, mode: () => 'solo', now: () => 1 });
    expect(await none.requestPersistence()).toBe('unsupported');
  });
});
