/**
 * The replay viewer (issue 21): play a few commands, reload, find the battle in Saved battles,
 * open it in the replay viewer and step back and forth — at every step the table (read through
 * the test hook) is the table as it stood after that command; "both sides" is not offered
 * before the battle ends; the report exported from the viewer opens offline in the browser
 * with its result, charts and log.
 */
import { describe, expect, inject, it } from 'vitest';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');

const IN = 25.4;
type Centres = Record<string, { x: number; y: number }>;
interface Seen {
  readonly position: { turn: number; phase: string; step: string };
  readonly centres: Centres;
}

async function centres(p: PlayPage): Promise<Centres> {
  const b = (await p.page.evaluate(() => window.__VEDETTE__.battle())) as { units: { id: string; stands: { centre: { x: number; y: number } }[] }[] };
  return Object.fromEntries(b.units.map((u) => [u.id, u.stands[0]!.centre]));
}

/** Rule citations in the replay log that run past the log's right edge (they must wrap). */
async function rulesCut(p: PlayPage): Promise<{ rules: number; cut: string[] }> {
  return p.page.evaluate(() => {
    const log = document.querySelector('[data-testid=replay-log]')!;
    const edge = log.getBoundingClientRect().left + log.clientWidth;
    const rules = [...log.querySelectorAll('.rule')];
    return { rules: rules.length, cut: rules.filter((r) => r.getBoundingClientRect().right > edge + 0.5).map((r) => r.textContent ?? '') };
  });
}

describe('the replay viewer', () => {
  it('steps a kept battle back and forth, the table at each step as it stood after that command', async () => {
    const p = await PlayPage.open(chromium.browser, url, '', { width: 1280, height: 720 });
    await p.chooseScenario('The Mill at Aldern');
    await p.start('solo', 42);
    const seen = new Map<number, Seen>();
    const record = async () => {
      const pr = (await p.probe())!;
      seen.set(pr.commandCount, { position: { turn: pr.position.turn, phase: pr.position.phase, step: pr.position.step }, centres: await centres(p) });
      return pr;
    };
    await record();
    // Orders (NW §11): the French order 1/45e Ligne to Advance; both sides end the step.
    await p.clickUnit('fr-1-45');
    await p.byTest('inspector-action').filter({ hasText: 'Order: Advance' }).click();
    await p.page.waitForFunction(() => (window.__VEDETTE__.play()?.commandCount ?? 0) >= 1);
    await record();
    await p.endStep('fr');
    await record();
    await p.endStep('au');
    let pr = await record();
    // Strategic movement (NW §21): a French battalion planned 3" forward; the plans are carried out when the step ends.
    expect(pr.position.phase).toBe('strategic');
    const moveFrom = (await p.unit('fr-7-leg')).stands[0]!.centre;
    const preview = await p.dragUnitBy('fr-7-leg', 0, -3 * IN);
    expect(preview?.legal, preview?.reason).toBe(true);
    await p.page.waitForFunction((n) => (window.__VEDETTE__.play()?.commandCount ?? 0) > n, pr.commandCount);
    await record();
    for (const side of ['fr', 'au']) {
      if (await p.byTest(`end-step-${side}`).count()) {
        await p.endStep(side);
        pr = await record();
      }
    }
    expect(Math.hypot(...(['x', 'y'] as const).map((a) => (seen.get(pr.commandCount)!.centres['fr-7-leg']![a] - moveFrom[a])))).toBeCloseTo(3 * IN, 0);
    const total = pr.commandCount;
    expect(total).toBeGreaterThanOrEqual(5);

    // Reload; the battle is in the list; open it in the replay viewer.
    await p.reload();
    await p.byTest('saved-battles').click();
    const row = p.byTest('battle-row').filter({ hasText: 'The Mill at Aldern' });
    await row.waitFor();
    await row.locator('[data-testid=battle-replay]').click();
    await p.byTest('replay-bar').waitFor();
    const replay = () => p.page.evaluate(() => window.__VEDETTE__.replay());
    await expect.poll(async () => (await replay())?.command).toBe(0);
    // Not over: each side, never both.
    const viewers = await p.byTest('replay-viewer').locator('option').allTextContents();
    expect(viewers).toEqual(['French Advance Guard', 'Austrian Brigade Mayer']);
    expect((await replay())!.viewer).toBe('fr');
    // The battle on the table: the viewer follows its later play, and says so.
    expect(await p.byTest('replay-following').isVisible()).toBe(true);
    expect(await p.byTest('phase-bar').count() === 0 || !(await p.byTest('phase-bar').isVisible())).toBe(true);

    const check = async () => {
      const r = (await replay())!;
      const want = seen.get(r.command);
      expect(want, `point ${r.command} was seen in play`).toBeDefined();
      expect(r.position).toEqual(want!.position);
      expect(await centres(p)).toEqual(want!.centres);
      return r;
    };
    await check();
    // Forward command by command to the end, then back to the start.
    let r = await check();
    while (r.at < r.points - 1) {
      await p.byTest('replay-forward').click();
      await expect.poll(async () => (await replay())!.at).toBe(r.at + 1);
      r = await check();
    }
    expect(r.command).toBe(total);
    await p.page.screenshot({ path: 'e2e/screenshots/replay-1280.png' });
    // Every rule citation in the log wraps inside the panel, none cut at its right edge.
    const cut1280 = await rulesCut(p);
    expect(cut1280.rules).toBeGreaterThan(0);
    expect(cut1280.cut).toEqual([]);
    while (r.at > 0) {
      await p.byTest('replay-back').click();
      await expect.poll(async () => (await replay())!.at).toBe(r.at - 1);
      r = await check();
    }
    // The scrubber and the keys go anywhere.
    await p.byTest('replay-scrubber').fill(String(r.points - 2));
    await expect.poll(async () => (await replay())!.at).toBe(r.points - 2);
    await check();
    await p.page.keyboard.press('Home');
    await expect.poll(async () => (await replay())!.at).toBe(0);
    await p.page.keyboard.press('End');
    await expect.poll(async () => (await replay())!.at).toBe(r.points - 1);
    await check();
    // The log says what happened at the point, rolls explained.
    expect(await p.byTest('replay-now').innerText()).toBeTruthy();

    // Seen by the Austrians: the French order is another side's secret — not a point of theirs.
    await p.byTest('replay-viewer').selectOption('au');
    await expect.poll(async () => (await replay())!.viewer).toBe('au');
    expect((await replay())!.points).toBeLessThan(r.points);
    await p.page.setViewportSize({ width: 760, height: 720 });
    await p.page.screenshot({ path: 'e2e/screenshots/replay-760.png' });
    const cut760 = await rulesCut(p);
    expect(cut760.rules).toBeGreaterThan(0);
    expect(cut760.cut).toEqual([]);
    await p.page.setViewportSize({ width: 1280, height: 720 });

    // Close: play is back where it was.
    await p.byTest('replay-close').click();
    await expect.poll(async () => p.page.evaluate(() => window.__VEDETTE__.replay())).toBeNull();
    expect((await p.probe())!.commandCount).toBe(total);
    expect(await centres(p)).toEqual(seen.get(total)!.centres);
    expect(p.errors).toEqual([]);
    await p.page.close();
  });

  it('replays a save file straight from disk, without adding it to the list; a wrong file is refused with a sentence', async () => {
    const p = await PlayPage.open(chromium.browser, url, '', { width: 1280, height: 720 });
    await p.start('solo', 7);
    await p.endStep('fr');
    await p.endStep('au');
    const [download] = await Promise.all([p.page.waitForEvent('download'), p.byTest('save').click()]);
    const saved = readFileSync((await download.path())!, 'utf8');
    const inPlay = (await p.probe())!;
    await p.page.evaluate(() => window.__VEDETTE__.kept());
    await p.byTest('saved-battles').click();
    const rows = p.byTest('battle-row');
    await expect.poll(() => rows.count()).toBe(1);

    // A scenario given to it is named for what it is; nothing changes.
    await p.byTest('battles-replay-file-input').setInputFiles({ name: 'aldern.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ format: 'vedette-scenario', title: 'x' })) });
    await p.byTest('alert').waitFor();
    expect(await p.byTest('alert').innerText()).toMatch(/"aldern\.json" is a scenario, not a saved battle/);
    await p.byTest('alert-ok').click();
    expect(await p.page.evaluate(() => window.__VEDETTE__.replay())).toBeNull();

    await p.byTest('battles-replay-file-input').setInputFiles({ name: 'club-night.vedette.json', mimeType: 'application/json', buffer: Buffer.from(saved) });
    await p.byTest('replay-bar').waitFor();
    const replay = () => p.page.evaluate(() => window.__VEDETTE__.replay());
    await expect.poll(async () => (await replay())?.points).toBeGreaterThan(1);
    expect(await p.byTest('replay-name').textContent()).toBe('club-night');
    // A file, not the battle on the table: it does not follow play.
    expect(await p.byTest('replay-following').count()).toBe(0);
    await p.page.keyboard.press('End');
    await expect.poll(async () => (await replay())?.command).toBe(inPlay.commandCount);
    await p.page.screenshot({ path: 'e2e/screenshots/replay-file-1280.png' });
    await p.page.setViewportSize({ width: 760, height: 720 });
    await p.page.screenshot({ path: 'e2e/screenshots/replay-file-760.png' });
    await p.page.setViewportSize({ width: 1280, height: 720 });
    await p.byTest('replay-close').click();
    await expect.poll(async () => p.page.evaluate(() => window.__VEDETTE__.replay())).toBeNull();
    // Nothing was imported, and play is where it was.
    expect(await p.probe()).toEqual(inPlay);
    await p.byTest('saved-battles').click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(p.errors).toEqual([]);
    await p.page.close();
  });

  it('replays a finished battle from its result, seen by both sides, and exports its report, which opens offline', async () => {
    const p = await PlayPage.open(chromium.browser, url, '', { width: 1280, height: 720 });
    // The Ridge at Krzeczhorz (Seven Years War), solo: the Austrians concede at once (a concession ends the battle).
    await p.chooseScenario('Krzeczhorz');
    await p.start('solo', 99);
    await p.page.waitForFunction(() => window.__VEDETTE__.play()?.rulesetId === 'seven-years-war');
    await p.byTest('concede').click();
    await p.byTest('answer-austria').click();
    await expect.poll(async () => (await p.probe())?.result?.winner).toBe('prussia');
    await p.byTest('result-replay').click();
    await p.byTest('replay-bar').waitFor();
    const replay = () => p.page.evaluate(() => window.__VEDETTE__.replay());
    // Over: both sides are offered, and chosen.
    await expect.poll(async () => (await replay())?.viewer).toBe('referee');
    expect(await p.byTest('replay-viewer').locator('option').allTextContents()).toEqual(['Prussians', 'Austrians', 'Both sides']);
    const r = (await replay())!;
    expect(r.over).toBe(true);
    // Turn by turn to the end.
    for (let at = r.at, guard = 0; at < r.points - 1 && guard < 50; guard++) {
      await p.byTest('replay-turn-forward').click();
      await expect.poll(async () => (await replay())!.at).toBeGreaterThan(at);
      at = (await replay())!.at;
    }
    expect((await replay())!.at).toBe(r.points - 1);
    await p.page.screenshot({ path: 'e2e/screenshots/replay-finished-1280.png' });

    const [download] = await Promise.all([p.page.waitForEvent('download'), p.byTest('replay-export-report').click()]);
    expect(download.suggestedFilename()).toMatch(/-report\.html$/);
    // Kept under its own name (a download is stored without one) so the browser reads it as a page.
    const path = join(mkdtempSync(join(tmpdir(), 'vedette-report-')), download.suggestedFilename());
    copyFileSync((await download.path())!, path);
    // Opened in the browser with the network cut: everything it shows is in the file.
    const ctx = await chromium.browser.newContext({ offline: true, viewport: { width: 1280, height: 720 } });
    const page = await ctx.newPage();
    const requests: string[] = [];
    page.on('request', (q) => requests.push(q.url()));
    await page.goto(`file://${path}`);
    expect(await page.locator('[data-testid=report-result]').innerText()).toMatch(/^The Austrians concede; the Prussians win\./);
    const charts = page.locator('#charts svg');
    expect(await charts.count()).toBe(2);
    expect(await charts.nth(0).getAttribute('aria-label')).toBe('Casualties: stands lost by the end of each turn');
    const box = (await charts.nth(0).boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    expect(await page.locator('#maps svg').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('#end svg g.unit').count()).toBeGreaterThan(10);
    expect(await page.locator('#log li.dice').count()).toBeGreaterThan(0);
    expect(await page.locator('#log li.dice').first().innerText()).toMatch(/Outcome/);
    expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
    await page.screenshot({ path: 'e2e/screenshots/battle-report-1280.png' });
    await page.setViewportSize({ width: 760, height: 720 });
    await page.locator('#charts').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/screenshots/battle-report-760.png' });
    await ctx.close();
    expect(p.errors).toEqual([]);
    await p.page.close();
  }, 180_000);
});
