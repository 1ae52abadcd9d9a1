/**
 * You against the AI in real Chromium: the start dialog's "You against the AI" with a side and
 * a level; the person (French) ends their steps, the AI (Austrians, the search level) plays its
 * own from a Web Worker through two full turns of Napoleonic Warfare. While it thinks the page
 * answers the person's clicks (pause and resume during a decision); the screen only ever shows
 * the French side. Screenshots land in e2e/screenshots/.
 */
import { describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
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

  it('an AI battle resumed from the saved battles comes back against the same AI, side and level', async () => {
    const p = await PlayPage.open(chromium.browser, url, '', { width: 1280, height: 720 });
    await p.chooseScenario('The Mill at Aldern');
    await p.byTest('seed').fill('5');
    await p.byTest('mode-ai').check();
    await p.byTest('ai-human-side').selectOption('au');
    await p.byTest('ai-level').selectOption('scripted');
    await p.byTest('start-battle').click();
    await expect.poll(async () => (await p.probe())?.ai).toMatchObject({ side: 'fr', level: 'scripted' });
    // The person and the AI (French) play a step; then the person leaves for a hot-seat battle.
    await p.endStep('au');
    await expect.poll(async () => (await p.probe())!.commandCount, { timeout: 60_000 }).toBeGreaterThan(2);
    await p.byTest('ai-pause').click();
    await p.byTest('new-battle').click();
    await p.chooseScenario('Krzeczhorz');
    await p.start('hotseat', 99);
    await p.byTest('answer-discard').click();
    await expect.poll(async () => (await p.probe())?.mode).toBe('hotseat');
    expect((await p.probe())!.ai).toBeNull();

    // After a reload (the hot-seat battle and its mode kept beside it), resume the AI battle from the list.
    await p.reload();
    await expect.poll(async () => (await p.probe())?.rulesetId).toBe('seven-years-war');
    await p.takeOver();
    await p.byTest('saved-battles').click();
    const row = p.byTest('battle-row').filter({ hasText: 'The Mill at Aldern' });
    await expect.poll(() => row.innerText()).toMatch(/Against the AI \(scripted\)/);
    await row.locator('[data-testid=battle-resume]').click();
    await expect.poll(async () => (await p.probe())?.rulesetId).toBe('napoleonic-warfare');
    const back = (await p.probe())!;
    expect(back.mode).toBe('ai');
    expect(back.ai).toMatchObject({ side: 'fr', level: 'scripted' });
    await expect.poll(async () => (await p.probe())!.viewer).toBe('au');
    expect(p.errors).toEqual([]);
    await p.page.close();
  }, 180_000);

  it('never shows the dice key while the battle against the AI goes on; a file saved says it holds it', async () => {
    const p = await PlayPage.open(chromium.browser, url, '', { width: 1280, height: 720 });
    await p.chooseScenario('The Mill at Aldern');
    // The key shown in solo is replaced when the AI is chosen (it was on screen), then masked.
    await p.byTest('mode-solo').check();
    expect(await p.byTest('seed').getAttribute('type')).toBe('text');
    const shownInSolo = await p.byTest('seed').inputValue();
    await p.byTest('mode-ai').check();
    const seed = p.byTest('seed');
    await expect.poll(() => seed.getAttribute('type')).toBe('password');
    const key = await seed.inputValue();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(key).not.toBe(shownInSolo);
    expect(await p.byTest('seed-note').innerText()).toMatch(/cannot foresee your rolls or the AI's/);
    await p.byTest('ai-human-side').selectOption('fr');
    await p.byTest('ai-level').selectOption('scripted');
    await p.byTest('start-battle').click();
    await expect.poll(async () => (await p.probe())?.mode).toBe('ai');
    // Everything in the page — text, markup, attributes and every field's value — without the key.
    const onScreen = () => p.page.evaluate(() => document.documentElement.outerHTML + document.body.innerText + [...document.querySelectorAll('input, textarea, select')].map((e) => (e as HTMLInputElement).value).join('|'));
    expect(await onScreen()).not.toContain(key);
    await expect.poll(async () => (await p.probe())!.viewer).toBe('fr');
    await p.endStep('fr');
    await expect.poll(async () => (await p.probe())!.commandCount, { timeout: 60_000 }).toBeGreaterThan(1);
    expect(await onScreen()).not.toContain(key);
    await p.byTest('ai-pause').click();
    for (const overlay of ['saved-battles', 'new-battle', 'help-button']) {
      await p.byTest(overlay).click();
      expect(await onScreen()).not.toContain(key);
      await p.page.keyboard.press('Escape');
    }
    // Saved to a file: it holds the key (the battle goes on from it), and the player is told so.
    const [download] = await Promise.all([p.page.waitForEvent('download'), p.byTest('save').click()]);
    expect(readFileSync((await download.path())!, 'utf8')).toContain(key);
    await expect.poll(() => p.byTest('notice').innerText()).toMatch(/holds the dice's secret key/);
    expect(p.errors).toEqual([]);
    await p.page.close();
  }, 180_000);

  /**
   * Plays as the French against the AI until turn 2. The page itself samples which pieces glide
   * every 10 ms (a round trip from the test may take longer than a glide on a loaded machine) and,
   * at the first glide, presses a key (a keydown on the window) and notes whether that glide ended
   * at once. Returns every id seen gliding and whether the key ended the glide.
   */
  async function playWatchingGlides(p: PlayPage): Promise<{ seen: Set<string>; skipped: boolean }> {
    await p.page.evaluate(() => {
      const w = window as unknown as { glides: string[]; skipped: boolean | null };
      w.glides = [];
      w.skipped = null;
      setInterval(() => {
        const now = window.__VEDETTE__.gliding();
        for (const id of now) if (!w.glides.includes(id)) w.glides.push(id);
        if (now.length > 0 && w.skipped === null) {
          window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
          w.skipped = window.__VEDETTE__.gliding().length === 0;
        }
      }, 10);
    });
    for (let guard = 0; guard < 600; guard++) {
      const s = (await p.probe())!;
      if (s.result || s.position.turn >= 2) break;
      if (await p.byTest('turn-summary-continue').isVisible()) await p.byTest('turn-summary-continue').click();
      else if (s.position.actors.includes('fr') && !s.position.done.includes('fr')) await p.endStep('fr');
      else await p.page.waitForTimeout(20);
    }
    const r = await p.page.evaluate(() => {
      const w = window as unknown as { glides: string[]; skipped: boolean | null };
      return { glides: w.glides, skipped: w.skipped };
    });
    return { seen: new Set(r.glides), skipped: r.skipped === true };
  }

  it("the AI's pieces glide to where they move, a key ends the glide, and reduced motion shows moves at once", async () => {
    const p = await PlayPage.open(chromium.browser, url, '', { width: 1280, height: 720 });
    await p.chooseScenario('The Mill at Aldern');
    await p.byTest('seed').fill('77');
    await p.byTest('mode-ai').check();
    await p.byTest('ai-human-side').selectOption('fr');
    await p.byTest('ai-level').selectOption('scripted');
    await p.byTest('start-battle').click();
    await expect.poll(async () => (await p.probe())?.mode).toBe('ai');
    const { seen, skipped } = await playWatchingGlides(p);
    // Only the AI's (Austrian) pieces moved by themselves; a key ended the glide under way.
    expect(seen.size).toBeGreaterThan(0);
    expect(skipped).toBe(true);
    const units = (await p.page.evaluate(() => window.__VEDETTE__.battle())) as { units: { id: string; side: string }[] };
    for (const id of seen) expect(units.units.find((u) => u.id === id)?.side ?? 'general').not.toBe('fr');
    await expect.poll(() => p.page.evaluate(() => window.__VEDETTE__.gliding())).toEqual([]);
    expect(p.errors).toEqual([]);
    await p.page.close();

    // A person who asked for reduced motion sees every move at once.
    const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
    await page.goto(url);
    const q = await PlayPage.attach(page);
    await q.chooseScenario('The Mill at Aldern');
    await q.byTest('seed').fill('77');
    await q.byTest('mode-ai').check();
    await q.byTest('ai-human-side').selectOption('fr');
    await q.byTest('ai-level').selectOption('scripted');
    await q.byTest('start-battle').click();
    await expect.poll(async () => (await q.probe())?.mode).toBe('ai');
    const poses = () => q.page.evaluate(() => JSON.stringify((window.__VEDETTE__.battle() as { units: { stands: unknown }[] }).units.map((u) => u.stands)));
    const before = await poses();
    expect((await playWatchingGlides(q)).seen.size).toBe(0);
    expect(await poses()).not.toBe(before);
    expect(q.errors).toEqual([]);
    await q.page.close();
  }, 240_000);
});
