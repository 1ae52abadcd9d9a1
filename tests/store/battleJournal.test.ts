/**
 * Saves never lost (issue 21, Storage): the library writes to IndexedDB asynchronously, so each
 * version of the battle on the table is also journalled synchronously in localStorage, in the
 * same task as the command, until the library confirms it; on start the newer of the journal and
 * the library's entry is resumed.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeeper } from '../../src/store/keeper';
import { openLibrary, type BattleLibrary } from '../../src/store/library';
import { JOURNAL_KEY, readJournal, settleJournal } from '../../src/store/journal';
import { createSession, gameOf, saveTextOf, type SaveStorage } from '../../src/store/session';
import { chooseCommand } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import { skirmishModule } from '../engine/fixtures/skirmish';
import { fixtureScenarioText } from '../engine/fixtures/helpers';

let n = 0;
const opened: BattleLibrary[] = [];
async function library(name = `vedette-journal-${++n}`): Promise<BattleLibrary> {
  const l = await openLibrary(name);
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
const session = () => createSession(null, [skirmishModule], { newId: () => `j${++ids}` });

function playOne(s: ReturnType<typeof session>, sampler = makeSampler(5)): void {
  const st = gameOf(s.getState().battle!);
  const side = st.position.actors.find((a) => !st.position.done.includes(a))!;
  expect(s.getState().dispatch(chooseCommand(skirmishModule, st, side, sampler)!.command)).toBeNull();
}

/** A library whose writes never finish: the page is left before IndexedDB commits. */
const stalled = (lib: BattleLibrary): BattleLibrary => ({ ...lib, put: () => new Promise<void>(() => undefined) });

describe('the journal of the battle on the table', () => {
  it('holds each command at once, in the same task, and is dropped once the library has that version', async () => {
    const lib = await library();
    const ls = memory();
    const s = session();
    let clock = 1000;
    const keeper = createKeeper({ library: lib, session: s, mode: () => 'solo', now: () => ++clock, journal: ls });
    s.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed: 3 });
    playOne(s);
    // No await yet: the journal already has the battle as it stands, and the write is pending.
    expect(readJournal(ls)?.save).toBe(saveTextOf(s.getState().battle!));
    expect(keeper.unsaved()).toBe(true);
    await keeper.flush();
    expect(ls.data.has(JOURNAL_KEY)).toBe(false);
    expect(keeper.unsaved()).toBe(false);
    expect((await lib.get(s.getState().battle!.id))!.save).toBe(saveTextOf(s.getState().battle!));
  });

  it('a reload in the same instant as a command resumes with that command', async () => {
    const name = `vedette-journal-${++n}`;
    const lib = await library(name);
    const ls = memory();
    const s = session();
    const keeper = createKeeper({ library: lib, session: s, mode: () => 'hotseat', now: () => 50, journal: ls });
    s.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed: 4 });
    const sampler = makeSampler(8);
    playOne(s, sampler);
    await keeper.flush();
    // The next writes never reach IndexedDB: the page is reloaded in the same instant.
    const slow = createKeeper({ library: stalled(lib), session: s, mode: () => 'hotseat', now: () => 60, journal: ls });
    keeper.dispose();
    playOne(s, sampler);
    playOne(s, sampler);
    const last = s.getState().battle!;
    expect(slow.unsaved()).toBe(true);
    expect(JSON.parse((await lib.get(last.id))!.save).log).toHaveLength(1);

    // The next start: the journal is newer, so it goes into the library and is resumed from there.
    const again = await library(name);
    expect(await settleJournal(again, ls)).toBeUndefined();
    expect(await again.current()).toBe(last.id);
    const kept = (await again.get(last.id))!;
    expect(kept.save).toBe(saveTextOf(last));
    expect(kept.meta.mode).toBe('hotseat');
    expect(ls.data.has(JOURNAL_KEY)).toBe(false);
    const resumed = session();
    expect(resumed.getState().resume({ text: kept.save, id: kept.meta.id })).toEqual({ ok: true });
    expect(resumed.getState().battle!.history.entries).toHaveLength(3);
  });

  it('two commands in one millisecond are still told apart: the older one written does not drop the newer journal', async () => {
    const lib = await library();
    const ls = memory();
    const s = session();
    const gates: (() => void)[] = [];
    // Each write waits until released; the command is journalled meanwhile, at the same clock time.
    const gated: BattleLibrary = { ...lib, put: (b, o) => new Promise<void>((res) => void gates.push(() => void lib.put(b, o).then(res))) };
    const keeper = createKeeper({ library: gated, session: s, mode: () => 'solo', now: () => 7, journal: ls });
    s.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed: 5 });
    playOne(s);
    const newest = s.getState().battle!;
    expect(readJournal(ls)?.save).toBe(saveTextOf(newest));
    expect(gates).toHaveLength(1);
    gates[0]!();
    // The start is written, then the command's version is asked for: its journal stays meanwhile.
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    expect(readJournal(ls)?.save).toBe(saveTextOf(newest));
    gates[1]!();
    await keeper.flush();
    expect(ls.data.has(JOURNAL_KEY)).toBe(false);
  });

  it('a journal older than the library (left by another tab) loses to it and is dropped', async () => {
    const lib = await library();
    const ls = memory();
    const s = session();
    let clock = 10;
    const keeper = createKeeper({ library: lib, session: s, mode: () => 'solo', now: () => clock, journal: ls });
    s.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed: 6 });
    await keeper.flush();
    const stale = ls.data.get(JOURNAL_KEY);
    expect(stale).toBeUndefined();
    // Another tab journalled an older version of the same battle and never settled it.
    const older = { at: 1, meta: { ...(await lib.get(s.getState().battle!.id))!.meta, updatedAt: 1 }, save: '{"old":true}' };
    ls.setItem(JOURNAL_KEY, JSON.stringify(older));
    clock = 20;
    expect(await settleJournal(lib, ls)).toBeUndefined();
    expect((await lib.get(s.getState().battle!.id))!.save).toBe(saveTextOf(s.getState().battle!));
    expect(ls.data.has(JOURNAL_KEY)).toBe(false);
  });

  it('where the library will not take it, the journal itself is resumed and kept for the next start', async () => {
    const lib = await library();
    const ls = memory();
    const s = session();
    const keeper = createKeeper({ library: stalled(lib), session: s, mode: () => 'solo', now: () => 3, journal: ls });
    s.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed: 7 });
    playOne(s);
    expect(keeper.unsaved()).toBe(true);
    const refusing: BattleLibrary = { ...lib, put: () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')) };
    const from = await settleJournal(refusing, ls);
    expect(from?.save).toBe(saveTextOf(s.getState().battle!));
    expect(from?.meta.id).toBe(s.getState().battle!.id);
    expect(ls.data.has(JOURNAL_KEY)).toBe(true);
  });

  it('a broken journal is dropped, and the library is resumed as it is', async () => {
    const lib = await library();
    const ls = memory();
    ls.setItem(JOURNAL_KEY, '{"at": "soon"');
    expect(await settleJournal(lib, ls)).toBeUndefined();
    expect(ls.data.has(JOURNAL_KEY)).toBe(false);
    ls.setItem(JOURNAL_KEY, JSON.stringify({ at: 1, save: 'x' }));
    expect(readJournal(ls)).toBeNull();
    expect(await lib.current()).toBeUndefined();
  });

  it('a storage that refuses the journal leaves play untouched (the pending write still asks before leaving)', async () => {
    const lib = await library();
    const full: SaveStorage = { getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); }, removeItem: () => undefined };
    const s = session();
    const keeper = createKeeper({ library: stalled(lib), session: s, mode: () => 'solo', now: () => 3, journal: full });
    s.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed: 9 });
    playOne(s);
    expect(s.getState().battle!.history.entries).toHaveLength(1);
    expect(keeper.unsaved()).toBe(true);
  });
});
