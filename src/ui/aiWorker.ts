/**
 * The AI opponent's thinking, off the page's thread (a module Web Worker, so a search of 100 ms
 * or more never freezes the page). It receives one side's view only — the same view the page
 * would show that side — with the player's own seed, and answers with one command. The
 * player object is kept between decisions of the same battle (its memory of the step).
 */
import { makePlayer, type Player } from '../ai/players';
import { dropPrototypes } from '../engine/ids';
import { createRulesetLoader } from '../rules/catalog';
import type { AiRequest, AiReply } from './aiProtocol';

const loader = createRulesetLoader();
let current: { key: string; player: Player } | null = null;
const clock = { now: () => performance.now() };
const scope = self as unknown as { onmessage: ((e: MessageEvent<AiRequest>) => void) | null; postMessage(m: AiReply): void };

scope.onmessage = (e) => {
  const r = e.data;
  void (async () => {
    try {
      const module = await loader.load(r.rulesetId);
      if (!module) throw new Error(`no ruleset ${r.rulesetId}`);
      const key = `${r.battleKey}/${r.side}/${r.level}/${r.seed}`;
      if (current?.key !== key) current = { key, player: makePlayer(r.level, { seed: r.seed, budgetMs: r.budgetMs, clock }) };
      const t0 = performance.now();
      // The view came through structured cloning, which gives plain objects: records keyed by id get their null prototype back (engine ids.ts).
      dropPrototypes(r.view.ruleset);
      const command = current.player.decide(module, r.view, r.side);
      scope.postMessage({ id: r.id, command, ms: performance.now() - t0 });
    } catch (err) {
      scope.postMessage({ id: r.id, error: err instanceof Error ? err.message : String(err) });
    }
  })();
};
