/**
 * Plays the AI's side of a game against the AI: whenever the AI's side has to act (and the
 * person has not paused it), it sends that side's view — never the game — to the thinker (the
 * Web Worker, aiWorker.ts) and gives the command that comes back, as a person's command would
 * be given, a short pause apart so each move can be seen and its rolls read in the log. A reply
 * that arrives after the game moved on (undo, a new battle, a pause) is dropped. Runs in node for
 * the tests with a thinker that decides in-process.
 */
import { isRejection } from '../engine/command';
import { playerSeed } from '../ai/sampler';
import { gameOf, viewOf, type SessionApi } from '../store/session';
import type { UiStoreApi } from '../store/uiStore';
import type { AiReply, AiRequest } from './aiProtocol';
import { waitingSides } from './handover';
import type { PlayStoreApi } from './playStore';

export interface AiThinker {
  think(request: AiRequest): Promise<AiReply>;
  dispose(): void;
}

/** The thinker in a module Web Worker (vite bundles aiWorker.ts as its own chunk). */
export function workerThinker(): AiThinker {
  // The worker (and the rulesets it holds) is fetched when the AI first thinks, never at page
  // load: a person playing without the AI fetches none of it.
  let worker: Worker | undefined;
  const waiting = new Map<number, (r: AiReply) => void>();
  const start = (): Worker => {
    if (worker) return worker;
    const w = new Worker(new URL('./aiWorker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<AiReply>) => {
      waiting.get(e.data.id)?.(e.data);
      waiting.delete(e.data.id);
    };
    w.onerror = (e) => {
      for (const [id, settle] of waiting) settle({ id, error: e.message || 'the AI stopped' });
      waiting.clear();
    };
    worker = w;
    return w;
  };
  return {
    think: (request) => new Promise<AiReply>((resolve) => {
      waiting.set(request.id, resolve);
      start().postMessage(request);
    }),
    dispose: () => {
      worker?.terminate();
      worker = undefined;
    },
  };
}

/** The search player's thinking time a decision in the app, in milliseconds. */
export const APP_SEARCH_BUDGET_MS = 300;

export interface AiDriverOptions {
  /** Pause between the AI's commands, so a person sees each (ms). */
  readonly paceMs?: number;
  readonly wait?: (ms: number) => Promise<void>;
}

export function startAiDriver(session: SessionApi, play: PlayStoreApi, ui: UiStoreApi, thinker: AiThinker, opts: AiDriverOptions = {}): () => void {
  let busy = false;
  let stopped = false;
  let next = 1;
  const wait = opts.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const pace = opts.paceMs ?? 250;

  const due = () => {
    const ai = play.getState().ai;
    const b = session.getState().battle;
    if (stopped || play.getState().mode !== 'ai' || !ai || ai.paused || !b) return undefined;
    const g = gameOf(b);
    if (g.result || !waitingSides(g.position).includes(ai.side)) return undefined;
    return { ai, b, g };
  };

  const poke = (): void => {
    if (busy) return;
    const d = due();
    if (!d) return;
    busy = true;
    play.getState().patchAi({ thinking: true });
    void (async () => {
      try {
        await wait(pace);
        const now = due();
        if (!now || now.b !== d.b) return;
        const { ai, b } = now;
        const sides = b.setup.sides.map((x) => x.id);
        const request: AiRequest = {
          id: next++,
          rulesetId: b.module.id,
          battleKey: `${b.setup.scenarioId}/${b.seed}`,
          side: ai.side,
          level: ai.level,
          seed: playerSeed(b.seed, Math.max(0, sides.indexOf(ai.side))),
          budgetMs: APP_SEARCH_BUDGET_MS,
          // The AI side's view only: what that side may see, as the page would show it.
          view: viewOf(b, ai.side) as AiRequest['view'],
        };
        const reply = await thinker.think(request);
        const after = due();
        // The game moved on while it thought (undo, a new battle, a pause): drop the answer.
        if (!after || after.b !== b) return;
        if ('error' in reply) {
          play.getState().patchAi({ paused: true });
          ui.getState().notify(`The AI stopped (${reply.error}); it is paused — take over or resume it.`);
          return;
        }
        const r = session.getState().dispatch(reply.command);
        if (r && isRejection(r)) {
          play.getState().patchAi({ paused: true });
          ui.getState().notify(`The AI's command was refused (${r.message}); it is paused — take over or resume it.`);
        }
      } finally {
        busy = false;
        if (!stopped) play.getState().patchAi({ thinking: false });
        if (!stopped) queueMicrotask(poke);
      }
    })();
  };

  const offSession = session.subscribe(poke);
  const offPlay = play.subscribe(poke);
  poke();
  return () => {
    stopped = true;
    offSession();
    offPlay();
    thinker.dispose();
  };
}
