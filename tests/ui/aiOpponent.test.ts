/**
 * You against the AI (the controller and the AI driver, in node with an in-process thinker in
 * place of the Web Worker): the person sees and commands only their side; the AI is sent only
 * its side's view (NW §11: the person's face-down orders never reach it), its commands are
 * played as a person's would be, and the person can pause it and take over.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makePlayer } from '../../src/ai/players';
import { makeSampler } from '../../src/ai/sampler';
import { viewFor } from '../../src/engine/view';
import type { AiRequest } from '../../src/ui/aiProtocol';
import { startAiDriver, type AiThinker } from '../../src/ui/aiDriver';
import { createSession, gameOf } from '../../src/store/session';
import { createUiStore } from '../../src/store/uiStore';
import { createPlayController } from '../../src/ui/controller';
import { createPlayStore, readAi, readMode } from '../../src/ui/playStore';
import { RULESETS } from '../../src/rules/registry';
import { waitingSides } from '../../src/ui/handover';

const NW = RULESETS.find((r) => r.id === 'napoleonic-warfare')!;

function setup() {
  const data = new Map<string, string>();
  const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
  const session = createSession(storage, [NW]);
  const ui = createUiStore();
  const play = createPlayStore();
  const c = createPlayController(session, ui, play, { storage, download: () => undefined });
  const requests: AiRequest[] = [];
  const player = makePlayer('scripted', { seed: 1 });
  const thinker: AiThinker = {
    think: async (req) => {
      requests.push(req);
      return { id: req.id, command: player.decide(NW, req.view, req.side), ms: 0 };
    },
    dispose: () => undefined,
  };
  const r = c.start({ scenarioText: readFileSync('scenarios/default.json', 'utf8'), rulesetId: NW.id, seed: 8 }, 'ai', { side: 'au', level: 'scripted', paused: false, thinking: false });
  expect(r).toEqual({ ok: true });
  const stop = startAiDriver(session, play, ui, thinker, { paceMs: 0, wait: () => Promise.resolve() });
  const game = () => gameOf(session.getState().battle!);
  /** Let the driver run until it has nothing to do (the person's turn, a pause, or the end). */
  const idle = async () => {
    for (let i = 0; i < 5000; i++) {
      await new Promise((r) => setTimeout(r, 0));
      const ai = play.getState().ai;
      const aiDue = ai && !ai.paused && !game().result && waitingSides(game().position).includes('au');
      if (!aiDue && !ai?.thinking) return;
    }
    throw new Error('the AI never finished');
  };
  return { session, ui, play, c, storage, requests, stop, game, idle };
}

describe('You against the AI (NW): the person commands the French, the AI the Austrians', () => {
  it('shows only the French side, plays the Austrians from their view alone, through two full turns', async () => {
    const t = setup();
    expect(t.session.getState().viewer).toBe('fr');
    expect(t.c.commandable()).toEqual(['fr']);
    expect(readMode(t.storage)).toBe('ai');
    expect(readAi(t.storage)).toMatchObject({ side: 'au', level: 'scripted' });
    // NW §11: the French order goes face down first; the AI then decides without it.
    const order = NW.legalCommands(viewFor(NW, t.game(), 'fr') as never, 'fr', makeSampler(1)).find((x) => x.type === 'placeOrder');
    expect(order).toBeDefined();
    expect(t.c.dispatch(order!)).toBeNull();
    await t.idle();
    expect(t.requests.length).toBeGreaterThan(0);
    for (const r of t.requests) {
      expect(r.view.viewer).toBe('au');
      expect(r.side).toBe('au');
    }
    const seenOrders = t.requests.map((r) => Object.keys((r.view.ruleset as { orders: object }).orders));
    expect(seenOrders.flat().filter((u) => u.startsWith('fr-'))).toEqual([]);
    // The person ends their steps; the AI plays its own, until turn 3 begins.
    for (let guard = 0; guard < 200 && t.game().position.turn < 3 && !t.game().result; guard++) {
      if (waitingSides(t.game().position).includes('fr')) expect(t.c.endStep('fr')).toBeNull();
      await t.idle();
      expect(t.session.getState().viewer).toBe('fr');
    }
    expect(t.game().position.turn >= 3 || t.game().result !== undefined).toBe(true);
    const au = t.session.getState().battle!.history.entries.filter((e) => e.command.side === 'au');
    expect(au.some((e) => e.command.type === 'placeOrder')).toBe(true);
    expect(t.ui.getState().notice ?? '').not.toMatch(/refused|stopped/);
    t.stop();
  }, 120_000);

  it('pauses when asked (no Austrian command), resumes, and lets the person take over the Austrians', async () => {
    const t = setup();
    t.c.pauseAi(true);
    expect(t.c.endStep('fr')).toBeNull();
    await t.idle();
    const before = t.session.getState().battle!.history.entries.length;
    await new Promise((r) => setTimeout(r, 20));
    expect(t.session.getState().battle!.history.entries.length).toBe(before);
    expect(waitingSides(t.game().position)).toContain('au');
    t.c.pauseAi(false);
    await t.idle();
    expect(t.session.getState().battle!.history.entries.length).toBeGreaterThan(before);
    t.c.takeOverAi();
    expect(t.play.getState().mode).toBe('solo');
    expect(t.session.getState().viewer).toBe('referee');
    expect(t.c.commandable()).toEqual(['fr', 'au']);
    t.stop();
  }, 60_000);
});
