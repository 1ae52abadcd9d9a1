/**
 * The saved-battles list's actions (issue 21, Storage): export one or all, import a save or a
 * file of many — a file with one broken battle is refused whole, with that battle's JSON path,
 * and nothing of it is kept; the battle on the table is never deleted from the list.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeeper } from '../../src/store/keeper';
import { openLibrary, type BattleLibrary } from '../../src/store/library';
import { createSession, gameOf, saveTextOf } from '../../src/store/session';
import { BUNDLE_FORMAT, createBattles, fileStem, formatBytes, replayableSave, resumeAs } from '../../src/ui/battles';
import { keyNote, persistenceLine } from '../../src/ui/SavedBattles';
import { chooseCommand } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import { skirmishModule } from '../engine/fixtures/skirmish';
import { fixtureScenarioText } from '../engine/fixtures/helpers';

let n = 0;
const opened: BattleLibrary[] = [];
afterEach(() => {
  for (const l of opened.splice(0)) l.close();
});

async function setup(mode = 'solo', ai: { side: string; level: string } | null = null) {
  const lib = await openLibrary(`vedette-list-${++n}`);
  opened.push(lib);
  let ids = 0;
  const session = createSession(null, [skirmishModule], { newId: () => `s${++ids}` });
  const keeper = createKeeper({ library: lib, session, mode: () => mode, ai: () => ai, now: () => 100 });
  const battles = createBattles({ library: lib, keeper, session, rulesets: () => Promise.resolve([skirmishModule]), newId: () => `i${++ids}`, now: () => 200 });
  const play = (seed: number, count: number) => {
    expect(session.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed })).toEqual({ ok: true });
    const sampler = makeSampler(seed);
    for (let i = 0; i < count; i++) {
      const st = gameOf(session.getState().battle!);
      if (st.result) break;
      const side = st.position.actors.find((a) => !st.position.done.includes(a))!;
      session.getState().dispatch(chooseCommand(skirmishModule, st, side, sampler)!.command);
    }
    return session.getState().battle!;
  };
  return { lib, session, keeper, battles, play };
}

describe('the saved-battles list', () => {
  it('exports every battle in one file and imports it back whole, names and modes kept', async () => {
    const a = await setup();
    const one = a.play(1, 8);
    const two = a.play(2, 12);
    await a.keeper.flush();
    await a.lib.rename(one.id, 'First');
    const all = await a.battles.exportAll();
    expect(all.count).toBe(2);
    const single = (await a.battles.exportOne(two.id))!;
    expect(single.text).toBe(saveTextOf(two));

    const b = await setup();
    const r = await b.battles.importText(all.text, all.fileName);
    expect(r.ok).toBe(true);
    const list = await b.lib.list();
    expect(list.map((m) => m.name).sort()).toEqual(['First', two.setup.title]);
    expect(list.every((m) => m.mode === 'solo')).toBe(true);
    // Imported battles join the list; none is put on the table.
    expect(await b.lib.current()).toBeUndefined();
    const back = (await b.lib.get(list.find((m) => m.name === 'First')!.id))!;
    expect(JSON.parse(back.save)).toEqual(JSON.parse(saveTextOf(one)));
    const r1 = await b.battles.importText(single.text, single.fileName);
    expect(r1.ok && r1.ids.length).toBe(1);
    expect(await b.lib.list()).toHaveLength(3);
  });

  it('refuses a file of battles with one broken battle whole, naming it, and keeps nothing of it', async () => {
    const a = await setup();
    a.play(1, 8);
    a.play(2, 8);
    await a.keeper.flush();
    const all = JSON.parse((await a.battles.exportAll()).text) as { battles: { save: { seed: number } }[] };
    all.battles[1]!.save.seed += 1;
    const b = await setup();
    const r = await b.battles.importText(JSON.stringify(all), 'battles.json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.path).toBe('$.battles[1].save.hash');
    expect(await b.lib.list()).toEqual([]);
    const s = await b.battles.importText(fixtureScenarioText(), 'skirmish.json');
    expect(s.ok).toBe(false);
    if (!s.ok) expect(s.problems[0]!.message).toMatch(/is a scenario, not a saved battle/);
    const broken = await b.battles.importText('{"format": "vedette-save"', 'x.json');
    expect(broken.ok).toBe(false);
  });

  it('never deletes the battle on the table; deletes another', async () => {
    const a = await setup();
    const one = a.play(1, 3);
    const two = a.play(2, 3);
    await a.keeper.flush();
    expect(await a.battles.remove(two.id)).toBe(false);
    expect(await a.battles.remove(one.id)).toBe(true);
    expect((await a.lib.list()).map((m) => m.id)).toEqual([two.id]);
  });

  it('says sizes and the safety of the storage in words', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(8 * 1024)).toBe('8.0 KB');
    expect(formatBytes(3.5 * 1024 * 1024)).toBe('3.5 MB');
    expect(fileStem('The Mill at Aldern <b>!</b>')).toBe('the-mill-at-aldern-bb');
    expect(persistenceLine({ persistence: 'refused', usage: 2048, quota: 1024 ** 3 })).toEqual({ text: expect.stringMatching(/^Using 2\.0 KB of 1\.0 GB\. The browser has not promised/), warn: true });
    expect(persistenceLine({ persistence: 'granted', usage: null, quota: null }).warn).toBe(false);
  });
});

describe('Replay a file…: the one battle a file holds', () => {
  it('takes a save file as it is, a file of one battle with its name, and refuses the rest with a sentence', () => {
    const save = JSON.stringify({ format: 'vedette-save', version: 1 });
    expect(replayableSave(save, 'a.json')).toEqual({ ok: true, text: save });
    const one = { format: BUNDLE_FORMAT, version: 1, battles: [{ name: ' Club night ', mode: 'solo', save: { format: 'vedette-save' } }] };
    expect(replayableSave(JSON.stringify(one), 'b.json')).toEqual({ ok: true, text: '{"format":"vedette-save"}', name: 'Club night' });
    const two = { ...one, battles: [one.battles[0], one.battles[0]] };
    const refusal = (text: string, name: string) => {
      const r = replayableSave(text, name);
      return r.ok ? '' : r.problems.map((p) => `${p.path} ${p.message}`).join('\n');
    };
    expect(refusal(JSON.stringify(two), 'all.json')).toBe('$.battles "all.json" holds 2 battles: import it with Import…, then replay one of them from the list.');
    expect(refusal(JSON.stringify({ format: 'vedette-scenario' }), 'mill.json')).toBe('$.format "mill.json" is a scenario, not a saved battle — start it with New battle.');
    expect(refusal('{"format": "other"}', 'x.json')).toMatch(/^\$\.format "x\.json" is neither a saved battle/);
    expect(refusal('{ not json', 'y.json')).not.toBe('');
  });
});

describe('a battle against the AI in the list', () => {
  it('keeps its opponent (side and level) with it, resumes against it, and carries it through export and import', async () => {
    const a = await setup('ai', { side: 'red', level: 'search' });
    const one = a.play(1, 6);
    await a.keeper.flush();
    const meta = (await a.lib.list()).find((m) => m.id === one.id)!;
    expect(meta).toMatchObject({ mode: 'ai', ai: { side: 'red', level: 'search' } });
    expect(resumeAs(meta)).toEqual({ mode: 'ai', ai: { side: 'red', level: 'search', paused: false, thinking: false } });

    const b = await setup();
    const all = await a.battles.exportAll();
    expect((await b.battles.importText(all.text, all.fileName)).ok).toBe(true);
    expect((await b.lib.list())[0]).toMatchObject({ mode: 'ai', ai: { side: 'red', level: 'search' } });
    // An opponent that is not one of the battle's sides is not believed: the battle comes in as hot-seat.
    const bundle = JSON.parse(all.text) as { battles: { ai: { side: string } }[] };
    bundle.battles[0]!.ai.side = 'green';
    const c = await setup();
    expect((await c.battles.importText(JSON.stringify(bundle), 'b.json')).ok).toBe(true);
    const m = (await c.lib.list())[0]!;
    expect(m.mode).toBe('hotseat');
    expect(m.ai).toBeUndefined();
  });

  it('resumes solo as solo, and an AI battle whose opponent is unknown with the one given, else hot-seat (which shows no secrets)', () => {
    const fallback = { side: 'blue', level: 'scripted' as const, paused: false, thinking: false };
    expect(resumeAs({ mode: 'solo' }, fallback)).toEqual({ mode: 'solo', ai: null });
    expect(resumeAs({ mode: 'ai' }, fallback)).toEqual({ mode: 'ai', ai: fallback });
    expect(resumeAs({ mode: 'ai' })).toEqual({ mode: 'hotseat', ai: null });
    expect(resumeAs({ mode: 'ai', ai: { side: 'red', level: 'grandmaster' } })).toEqual({ mode: 'hotseat', ai: null });
    expect(resumeAs({ mode: 'hotseat' }, fallback)).toEqual({ mode: 'hotseat', ai: null });
  });
});

describe('Exporting an unfinished hot-seat battle', () => {
  it('says the file holds its dice key; a solo or finished battle says nothing of it', () => {
    expect(keyNote([{ mode: 'hotseat' }])).toMatch(/^The file holds this unfinished hot-seat battle's dice key/);
    expect(keyNote([{ mode: 'hotseat' }, { mode: 'hotseat' }, { mode: 'solo' }])).toMatch(/dice keys of 2 unfinished hot-seat battles/);
    expect(keyNote([{ mode: 'solo' }, { mode: 'hotseat', result: 'The Austrians concede; the Prussians win.' }])).toBe('');
  });

  it('an unfinished battle against the AI too: a solo player must not foresee his rolls or the AI\'s', () => {
    expect(keyNote([{ mode: 'ai' }])).toMatch(/^The file holds this unfinished AI battle's dice key/);
    expect(keyNote([{ mode: 'ai' }, { mode: 'hotseat' }])).toMatch(/dice keys of 2 unfinished hot-seat or AI battles/);
    expect(keyNote([{ mode: 'ai', result: 'The Austrians concede; the Prussians win.' }])).toBe('');
  });
});
