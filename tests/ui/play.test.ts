/**
 * The play controller and the phase bar, log and inspector models on a real (fixture) game:
 * a hot-seat turn with hand-overs that never show one side's secret orders to the other,
 * solo play, undo limits, save and a broken load that leaves the battle untouched.
 */
import { describe, expect, it } from 'vitest';
import { createSession, gameOf, viewOf } from '../../src/store/session';
import { createUiStore } from '../../src/store/uiStore';
import { createPlayController } from '../../src/ui/controller';
import { createPlayStore, readMode } from '../../src/ui/playStore';
import { NOBODY, type PlayMode } from '../../src/ui/handover';
import { phaseBarModel } from '../../src/ui/phaseModel';
import { buildLog, logText } from '../../src/ui/logModel';
import { namesFor } from '../../src/ui/names';
import { inspect } from '../../src/ui/inspectModel';
import { skirmishModule } from '../engine/fixtures/skirmish';
import type { AnyRuleset } from '../../src/engine/ruleset';
import { fixtureScenarioText } from '../engine/fixtures/helpers';

/** The fixture with nothing hidden: orders given openly, one view for all. */
const openSkirmish: AnyRuleset = {
  ...skirmishModule,
  view: undefined,
  sequence: { ...skirmishModule.sequence, phases: skirmishModule.sequence.phases.map((p) => ({ ...p, steps: p.steps.map((st) => ({ ...st, secret: false })) })) },
};

function setup(mode: PlayMode, seed = 11, module: AnyRuleset = skirmishModule) {
  const data = new Map<string, string>();
  const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
  const session = createSession(storage, [module]);
  const ui = createUiStore();
  const play = createPlayStore();
  const downloads: { name: string; text: string }[] = [];
  const c = createPlayController(session, ui, play, { storage, download: (name, text) => downloads.push({ name, text }) });
  const r = c.start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed }, mode);
  expect(r).toEqual({ ok: true });
  const viewer = () => session.getState().viewer;
  const log = () => {
    const b = session.getState().battle!;
    return logText(buildLog(b.history, viewer(), namesFor(b.module, viewOf(b, viewer()), [b.setup]), b.module));
  };
  const bar = () => {
    const b = session.getState().battle!;
    return phaseBarModel(b.module, viewOf(b, viewer()));
  };
  return { session, ui, play, c, storage, downloads, viewer, log, bar };
}

describe('a hot-seat turn (SK §1: orders are secret until both sides have given them)', () => {
  it('hands the screen to the first side to act, showing nobody\'s secrets until they say who they are', () => {
    const t = setup('hotseat');
    expect(t.play.getState().handover).toBe('blue');
    expect(t.viewer()).toBe(NOBODY);
    expect(t.bar().actors.every((a) => !a.canEnd)).toBe(true);
    expect(readMode(t.storage)).toBe('hotseat');
    t.c.iAm('red'); // the wrong player cannot claim the screen
    expect(t.viewer()).toBe(NOBODY);
    t.c.iAm('blue');
    expect(t.viewer()).toBe('blue');
    expect(t.play.getState().handover).toBeNull();
    expect(t.bar().actors.map((a) => [a.side, a.canEnd])).toEqual([['blue', true], ['red', false]]);
  });

  it('keeps Blue\'s orders out of the page while Red looks, and shows both once revealed', () => {
    const t = setup('hotseat');
    t.c.iAm('blue');
    expect(t.c.dispatch({ type: 'placeOrder', side: 'blue', unit: 'b1', order: 'advance' })).toBeNull();
    expect(t.log().some((l) => l.includes('Order placed') && l.includes('1st Blue Foot'))).toBe(true);
    // Red's command is refused for Blue's player.
    expect(t.c.dispatch({ type: 'placeOrder', side: 'red', unit: 'r1', order: 'hold' })?.code).toBe('not-yours');
    expect(t.c.endStep()).toBeNull();
    expect(t.play.getState().handover).toBe('red');
    expect(t.viewer()).toBe(NOBODY);
    const covered = t.log().join('\n');
    expect(covered).not.toContain('advance');
    expect(covered).not.toContain('secret command'); // no line per secret command: that would count them (issue 13)
    expect(covered).toContain('Blue has acted in secret.');
    t.c.iAm('red');
    const seenByRed = t.log().join('\n');
    expect(seenByRed).not.toMatch(/Order placed: unit 1st Blue Foot/);
    const view = viewOf(t.session.getState().battle!, 'red');
    expect(inspect(skirmishModule, view, 'b1')!.lines.map((l) => l.label)).not.toContain('Orders');
    // Red may not take back Blue's command.
    expect(t.c.undo()?.code).toBe('not-yours');
    expect(t.ui.getState().notice).toContain('only its author may take it back');
    t.c.dispatch({ type: 'placeOrder', side: 'red', unit: 'r1', order: 'hold' });
    expect(inspect(skirmishModule, viewOf(t.session.getState().battle!, 'red'), 'r1')!.lines).toContainEqual({ label: 'Orders', value: 'hold' });
    t.c.endStep();
    // The orders step has ended: orders are revealed (SK §1) and play moves on.
    const g = gameOf(t.session.getState().battle!);
    expect(g.position.phase).not.toBe('orders');
    expect(t.log().join('\n')).toContain('Orders revealed');
  });

  it('an End step for the side not looking is refused, and E ends the viewer\'s own step', () => {
    const t = setup('hotseat');
    t.c.iAm('blue');
    expect(t.c.endStep('red')).toBeNull();
    expect(gameOf(t.session.getState().battle!).position.done).toEqual([]);
    expect(t.ui.getState().notice).toMatch(/None of the sides you command/);
  });
});

describe('hot-seat with nothing hidden', () => {
  it('needs no hand-over screen: the view follows the side to act', () => {
    const t = setup('hotseat', 11, openSkirmish);
    expect(t.play.getState().handover).toBeNull();
    expect(t.viewer()).toBe('blue');
    t.c.dispatch({ type: 'placeOrder', side: 'blue', unit: 'b1', order: 'advance' });
    t.c.endStep();
    expect(t.play.getState().handover).toBeNull();
    expect(t.viewer()).toBe('red');
    // Red sees Blue's order: nothing was secret.
    expect(t.log().join('\n')).toContain('Order placed: unit 1st Blue Foot');
  });
});

describe('solo play', () => {
  it('the referee commands both sides; in a simultaneous step each side ends separately', () => {
    const t = setup('solo');
    expect(t.viewer()).toBe('referee');
    expect(t.play.getState().handover).toBeNull();
    const bar = t.bar();
    expect(bar.simultaneous).toBe(true);
    expect(bar.secret).toBe(true);
    expect(bar.actors.map((a) => a.canEnd)).toEqual([true, true]);
    expect(bar.who).toBe('Blue and Red to act');
    expect(t.c.endStep('red')).toBeNull();
    expect(t.bar().actors.map((a) => [a.side, a.done, a.canEnd])).toEqual([['blue', false, true], ['red', true, false]]);
    expect(t.bar().who).toBe('Blue to act');
    t.c.endStep();
    expect(t.bar().phase).not.toBe('Orders');
  });

  it('shows the engine\'s automatic steps and every roll in the log, and the phasing side in a per-player phase', () => {
    const t = setup('solo', 5);
    for (const u of ['b1', 'b2', 'b3']) t.c.dispatch({ type: 'placeOrder', side: 'blue', unit: u, order: 'advance' });
    t.c.endStep('blue');
    t.c.endStep('red');
    const bar = t.bar();
    expect(bar.phase).toBe('Movement');
    expect(bar.phasing).toBe('Blue');
    expect(bar.allows).toEqual([{ type: 'moveUnit', describe: 'Move an advancing unit in a straight line (SK §2).' }]);
    // Play on to the morale step (an engine step) by ending steps.
    for (let i = 0; i < 6 && gameOf(t.session.getState().battle!).position.turn === 1; i++) t.c.endStep();
    const text = t.log().join('\n');
    expect(text).toContain('Morale tests — the engine plays it.');
    expect(text).toContain('Turn 2 begins.');
  });

  it('undo takes back a move but never a roll, and says why', () => {
    const t = setup('solo');
    t.c.dispatch({ type: 'placeOrder', side: 'blue', unit: 'b1', order: 'advance' });
    expect(t.c.undo()).toBeNull();
    expect(gameOf(t.session.getState().battle!).commandCount).toBe(0);
    expect(t.c.redo()).toBeNull();
    expect(gameOf(t.session.getState().battle!).commandCount).toBe(1);
    expect(t.c.redo()?.code).toBe('nothing-to-redo');
  });
});

describe('save and load', () => {
  it('saves to a named file, and a broken save changes nothing and lists JSON paths and sentences', () => {
    const t = setup('solo');
    t.c.dispatch({ type: 'placeOrder', side: 'blue', unit: 'b1', order: 'advance' });
    expect(t.c.save()).toBe(true);
    expect(t.downloads[0]!.name).toBe('fixture-skirmish-turn-1.vedette.json');
    const before = t.session.getState().battle;
    const broken = JSON.parse(t.downloads[0]!.text) as Record<string, unknown>;
    broken.seed = 'not a seed';
    const r = t.c.loadText(JSON.stringify(broken));
    expect(r.ok).toBe(false);
    expect(t.session.getState().battle).toBe(before);
    const alert = t.play.getState().alert!;
    expect(alert.message).toContain('untouched');
    expect(alert.problems!.length).toBeGreaterThan(0);
    for (const p of alert.problems!) expect(p.path).toMatch(/^\$/);
    expect(t.c.loadText('{ nope').ok).toBe(false);
    expect(t.session.getState().battle).toBe(before);
  });

  it('in hot-seat, a battle saved before its end says the file holds the dice key; in solo, or once over, nothing is said', () => {
    const h = setup('hotseat');
    h.c.iAm('blue');
    expect(h.c.save()).toBe(true);
    const saved = JSON.parse(h.downloads[0]!.text) as { seed: number; key?: string };
    expect(typeof saved.seed).toBe('number'); // the file can go on: the key, or the seed that gives it, is in it
    expect(h.ui.getState().notice).toMatch(/holds the dice's secret key/);
    const s = setup('solo');
    s.c.save();
    expect(s.ui.getState().notice ?? '').not.toMatch(/secret key/);
  });

  it('loads a good save and, in hot-seat, hands the screen over first', () => {
    const t = setup('hotseat');
    t.c.iAm('blue');
    t.c.save();
    const r = t.c.loadText(t.downloads[0]!.text);
    expect(r).toEqual({ ok: true });
    expect(t.play.getState().handover).toBe('blue');
    expect(t.viewer()).toBe(NOBODY);
  });
});

describe('resuming a battle kept by an earlier version', () => {
  it('goes on with the battle as it replays today and tells the player, with the old hash', () => {
    const t = setup('solo');
    t.c.dispatch({ type: 'placeOrder', side: 'blue', unit: 'b1', order: 'advance' });
    t.c.dispatch({ type: 'placeOrder', side: 'red', unit: 'r1', order: 'hold' });
    const kept = JSON.parse(t.session.getState().saveText()!) as { hash: string };
    kept.hash = 'fnv1a64:00000000deadbeef';
    const r = t.c.resume('solo', { text: JSON.stringify(kept), id: 'kept-1' });
    expect(r.ok).toBe(true);
    expect(t.session.getState().battle!.id).toBe('kept-1');
    const alert = t.play.getState().alert!;
    expect(alert.title).toMatch(/as it replays today/);
    expect(alert.problems!.map((p) => p.path)).toEqual(['$.hash']);
    expect(alert.problems![0]!.message).toContain('fnv1a64:00000000deadbeef');
  });
});

describe('the end of the battle', () => {
  it('a concession ends it; everything is shown and nothing more can be ended', () => {
    const t = setup('hotseat');
    t.c.iAm('blue');
    expect(t.c.concedingSide()).toBe('blue');
    expect(t.c.concede('red')?.code).toBe('not-yours');
    expect(t.c.concede('blue')).toBeNull();
    const g = gameOf(t.session.getState().battle!);
    expect(g.result?.winner).toBe('red');
    expect(t.viewer()).toBe('referee');
    expect(t.bar().who).toBe('The battle is over');
    expect(t.bar().actors.some((a) => a.canEnd)).toBe(false);
    expect(t.c.concedingSide()).toBeUndefined();
  });
});
