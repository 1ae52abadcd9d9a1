/**
 * You against the AI in real Chromium: the start dialog's "You against the AI" with a side and
 * a level; the person (French) ends their steps, the AI (Austrians, the search level) plays its
 * own from a Web Worker through two full turns of Napoleonic Warfare. While it thinks the page
 * answers the person's clicks (pause and resume during a decision); the screen only ever shows
 * the French side. Screenshots land in e2e/screenshots/.
 */
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');

describe('You against the AI (NW, the Mill at Aldern)', () => {
  it('plays two full turns against the AI in its worker, the page answering while it thinks', async () => {
    const p = await PlayPage.open(chromium.browser, url, '', { width: 1280, height: 720 });
    await p.chooseScenario('The Mill at Aldern');
    await p.byTest('seed').fill('77');
    await p.byTest('mode-ai').check();
    await p.byTest('ai-human-side').selectOption('fr');
    await p.byTest('ai-level').selectOption('search');
    await p.page.screenshot({ path: 'e2e/screenshots/ai-start-1280x720.png' });
    await p.byTest('start-battle').click();
    await expect.poll(async () => (await p.probe())?.mode).toBe('ai');
    expect((await p.probe())!.ai).toMatchObject({ side: 'au', level: 'search' });
    await expect.poll(async () => (await p.probe())!.viewer).toBe('fr');
    await expect.poll(() => p.page.workers().length).toBeGreaterThan(0);

    // While the AI thinks, the person pauses it and resumes it: the page answers at once.
    let answeredWhileThinking = false;
    let turnsSummarised = 0;
    for (let guard = 0; guard < 400; guard++) {
      const s = (await p.probe())!;
      if (s.result || s.position.turn >= 3) break;
      expect(s.viewer).toBe('fr');
      const frToAct = s.position.actors.includes('fr') && !s.position.done.includes('fr');
      // A turn's summary opens at its end (the AI plays on beneath it); read, then continue.
      if (await p.byTest('turn-summary-continue').isVisible()) {
        turnsSummarised++;
        await p.byTest('turn-summary-continue').click();
        continue;
      }
      if (!answeredWhileThinking && (await p.byTest('ai-status').getAttribute('data-thinking')) === 'true') {
        await p.byTest('ai-pause').click();
        await expect.poll(() => p.byTest('ai-pause').textContent()).toBe('Resume the AI');
        await p.page.screenshot({ path: 'e2e/screenshots/ai-paused-1280x720.png' });
        await p.byTest('ai-pause').click();
        await expect.poll(() => p.byTest('ai-pause').textContent()).toBe('Pause the AI');
        answeredWhileThinking = true;
        continue;
      }
      if (frToAct) await p.endStep('fr');
      else await p.page.waitForTimeout(100);
    }
    const end = (await p.probe())!;
    expect(end.position.turn >= 3 || end.result !== null).toBe(true);
    expect(answeredWhileThinking).toBe(true);
    expect(turnsSummarised).toBeGreaterThanOrEqual(1);
    // The AI's moves and rolls are in the log as the French may read them.
    expect(await p.logText()).toMatch(/Austrian/);
    expect(p.errors).toEqual([]);
    await p.page.screenshot({ path: 'e2e/screenshots/ai-turn3-1280x720.png' });
    await p.page.setViewportSize({ width: 760, height: 720 });
    await p.page.waitForTimeout(300);
    await p.page.screenshot({ path: 'e2e/screenshots/ai-turn3-760x720.png' });
    await p.page.close();
  }, 240_000);
});
