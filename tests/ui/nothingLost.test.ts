/**
 * Nothing lost by a click (the controller, in node): replacing a battle in progress asks
 * first (save, discard, cancel), a file given to the wrong button is named for what it is,
 * a broken save is refused before anything is asked, and concede asks who concedes.
 */
import { describe, expect, it } from 'vitest';
import { createSession, gameOf } from '../../src/store/session';
import { createUiStore } from '../../src/store/uiStore';
import { createPlayController } from '../../src/ui/controller';
import { createPlayStore } from '../../src/ui/playStore';
import type { PlayMode } from '../../src/ui/handover';
import { fileKind } from '../../src/ui/startModel';
import { skirmishModule } from '../engine/fixtures/skirmish';
import { fixtureScenarioText } from '../engine/fixtures/helpers';

function setup(mode: PlayMode = 'solo') {
  const data = new Map<string, string>();
  const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
  const session = createSession(storage, [skirmishModule]);
  const play = createPlayStore();
  const downloads: string[] = [];
  const c = createPlayController(session, createUiStore(), play, { storage, download: (name) => downloads.push(name) });
  const start = (seed: number) => c.start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed }, mode);
  return { session, play, c, downloads, start };
}

/** Wait for the question the controller asks, then answer it. */
async function answer(t: ReturnType<typeof setup>, id: string | null): Promise<string> {
  await Promise.resolve();
  const q = t.play.getState().question;
  expect(q).not.toBeNull();
  t.play.getState().answer(id);
  return q!.title;
}

describe('replacing a battle in progress', () => {
  it('goes on without asking when there is no battle, or when it is over', async () => {
    const t = setup();
    expect(await t.c.guardReplace('Starting a new battle')).toBe(true);
    t.start(1);
    t.c.concede('blue');
    expect(gameOf(t.session.getState().battle!).result).toBeDefined();
    expect(await t.c.guardReplace('Starting a new battle')).toBe(true);
    expect(t.play.getState().question).toBeNull();
  });

  it('asks save, discard or cancel; cancel keeps the battle, save downloads it first', async () => {
    const t = setup();
    t.start(1);
    const battle = t.session.getState().battle;
    const cancelled = t.c.guardReplace('Starting a new battle');
    expect(await answer(t, 'cancel')).toBe('A battle is in progress');
    expect(await cancelled).toBe(false);
    expect(t.session.getState().battle).toBe(battle);
    const closed = t.c.guardReplace('Starting a new battle');
    await answer(t, null); // Escape
    expect(await closed).toBe(false);
    const saved = t.c.guardReplace('Starting a new battle');
    await answer(t, 'save');
    expect(await saved).toBe(true);
    expect(t.downloads).toHaveLength(1);
    const discarded = t.c.guardReplace('Starting a new battle');
    await answer(t, 'discard');
    expect(await discarded).toBe(true);
    expect(t.downloads).toHaveLength(1);
  });
});

describe('loading a file', () => {
  it('names a scenario given as a save, and loads nothing', async () => {
    const t = setup();
    t.start(1);
    const battle = t.session.getState().battle;
    const r = await t.c.loadFile(fixtureScenarioText(), 'skirmish.json');
    expect(r?.ok).toBe(false);
    expect(t.play.getState().alert?.title).toBe('This is a scenario — use New battle');
    expect(t.play.getState().question).toBeNull();
    expect(t.session.getState().battle).toBe(battle);
  });

  it('refuses a broken save before asking anything', async () => {
    const t = setup();
    t.start(1);
    const broken = JSON.parse(t.session.getState().saveText()!) as Record<string, unknown>;
    broken.seed = -5;
    const r = await t.c.loadFile(JSON.stringify(broken), 'broken.json');
    expect(r?.ok).toBe(false);
    expect(t.play.getState().question).toBeNull();
    expect(t.play.getState().alert?.title).toBe('That save could not be loaded');
  });

  it('asks before a good save replaces the battle in progress, and takes the mode chosen', async () => {
    const t = setup();
    t.start(1);
    const text = t.session.getState().saveText()!;
    t.c.endStep('blue');
    const after = t.session.getState().battle;
    const cancelled = t.c.loadFile(text, 'a.json', 'hotseat');
    await answer(t, 'cancel');
    expect(await cancelled).toBeNull();
    expect(t.session.getState().battle).toBe(after);
    expect(t.play.getState().mode).toBe('solo');
    const loaded = t.c.loadFile(text, 'a.json', 'hotseat');
    await answer(t, 'discard');
    expect(await loaded).toEqual({ ok: true });
    expect(gameOf(t.session.getState().battle!).position.done).toEqual([]);
    expect(t.play.getState().mode).toBe('hotseat');
  });

  it('tells a scenario from a save by its format', () => {
    expect(fileKind(fixtureScenarioText())).toBe('scenario');
    expect(fileKind('{"format": "vedette-save"}')).toBe('save');
    expect(fileKind('{"format": "other"}')).toBe('other');
    expect(fileKind('not json')).toBe('other');
    expect(fileKind('[1]')).toBe('other');
  });
});

describe('concede', () => {
  it('in solo asks which side concedes, and that side loses', async () => {
    const t = setup('solo');
    t.start(1);
    const asked = t.c.askConcede();
    await Promise.resolve();
    expect(t.play.getState().question?.title).toBe('Which side concedes?');
    expect(t.play.getState().question?.choices.map((c) => c.id)).toEqual(['', 'blue', 'red']);
    t.play.getState().answer('red');
    expect(await asked).toBeNull();
    expect(gameOf(t.session.getState().battle!).result?.winner).toBe('blue');
  });

  it('cancelled, nothing happens', async () => {
    const t = setup('solo');
    t.start(1);
    const asked = t.c.askConcede();
    await answer(t, '');
    expect(await asked).toBeNull();
    expect(gameOf(t.session.getState().battle!).result).toBeUndefined();
  });

  it('in hot-seat the player confirms for their own side only', async () => {
    const t = setup('hotseat');
    t.start(1);
    t.c.iAm('blue');
    const asked = t.c.askConcede();
    await Promise.resolve();
    expect(t.play.getState().question?.choices.map((c) => c.id)).toEqual(['', 'blue']);
    t.play.getState().answer('blue');
    await asked;
    expect(gameOf(t.session.getState().battle!).result?.winner).toBe('red');
  });
});
