/**
 * The Playtest panel in real Chromium: a 20-battle playtest of The Mill at Aldern run in Web
 * Workers from the start dialog, read back from the report — and checked against the same batch
 * played here in Node (the same master seed gives the same battles in the browser and the CLI).
 * Then cancel keeps what is finished, and "compare" shows two variants side by side.
 * Screenshots at 1280×720 and 760 px wide land in e2e/screenshots/ to look at.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium';
import { runBattle } from '../../src/ai/batch/battle';
import { buildReport } from '../../src/ai/batch/report';
import { scenarioHash } from '../../src/ai/batch/batchFile';
import { RULESETS } from '../../src/rules/registry';
import { loadScenarioText } from '../../src/scenario/load';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');

/** The verdict of the same batch played in Node. */
function nodeVerdict(battles: number, seed: number): string[] {
  const loaded = loadScenarioText(readFileSync('scenarios/default.json', 'utf8'));
  if (!loaded.ok) throw new Error('default scenario');
  const module = RULESETS.find((r) => r.id === 'napoleonic-warfare')!;
  const spec = { setup: loaded.value, module, options: {}, masterSeed: seed, players: [{ kind: 'random' }, { kind: 'random' }] as const };
  const records = Array.from({ length: battles }, (_, i) => runBattle(spec, i));
  const header = {
    format: 'vedette-batch' as const,
    version: 1 as const,
    scenario: { id: loaded.value.scenarioId, title: loaded.value.title, hash: scenarioHash(loaded.value) },
    ruleset: module.id,
    options: {},
    players: ['random', 'random'] as const,
    masterSeed: seed,
    battles,
    shard: [1, 1] as const,
  };
  return buildReport(header, records, loaded.value).verdict.slice();
}

describe('the Playtest panel', () => {
  it('runs a 20-battle playtest in Web Workers from the start dialog and shows the report of the same batch as the command line', async () => {
    const p = await PlayPage.open(chromium.browser, url, '', { width: 1280, height: 720 });
    await p.byTest('open-playtest').click();
    await expect.poll(() => p.byTest('playtest-panel').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await p.byTest('pt-a-scenario').locator('option:checked').textContent()).toBe('The Mill at Aldern');
    await p.byTest('pt-battles').fill('20');
    await p.byTest('pt-seed').fill('7');
    await p.byTest('pt-run').click();
    await expect.poll(() => p.byTest('pt-progress').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => p.byTest('pt-report-1-verdict').isVisible(), { timeout: 240_000, interval: 1000 }).toBe(true);

    const report = p.byTest('pt-report-1');
    expect(await report.textContent()).toMatch(/random v random · 20 battles · master seed 7/);
    const rates = await report.locator('[data-testid=win-rate], [data-testid=draw-rate]').allTextContents();
    expect(rates).toHaveLength(3);
    const total = rates.map((t) => Number(t.replace('%', ''))).reduce((a, b) => a + b, 0);
    expect(Math.abs(total - 100)).toBeLessThanOrEqual(1); // rounding
    const verdict = await p.byTest('pt-report-1-verdict').locator('p').allTextContents();
    expect(verdict).toEqual(nodeVerdict(20, 7));
    // The charts are images of SVG (never inner HTML), drawn and loaded.
    const charts = report.locator('img.pt-chart');
    expect(await charts.count()).toBe(5);
    await expect.poll(() => charts.evaluateAll((xs) => xs.every((x) => (x as HTMLImageElement).complete && (x as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await p.page.screenshot({ path: 'e2e/screenshots/playtest-1280x720.png' });
    await report.screenshot({ path: 'e2e/screenshots/playtest-report-1280.png' });
    await p.page.setViewportSize({ width: 760, height: 900 });
    await p.page.screenshot({ path: 'e2e/screenshots/playtest-760.png', fullPage: false });
    expect(p.errors).toEqual([]);
  }, 300_000);

  it('cancel keeps the finished battles; compare runs two variants side by side', async () => {
    const p = await PlayPage.open(chromium.browser, url, '', { width: 1280, height: 720 });
    await p.byTest('open-playtest').click();
    await expect.poll(() => p.byTest('playtest-panel').isVisible(), { timeout: 30_000 }).toBe(true);
    await p.byTest('pt-battles').fill('500');
    await p.byTest('pt-run').click();
    await expect.poll(async () => Number(/^(\d+) \//.exec((await p.byTest('pt-progress').locator('span').textContent()) ?? '')?.[1] ?? 0), { timeout: 120_000, interval: 500 }).toBeGreaterThanOrEqual(2);
    await p.byTest('pt-cancel').click();
    await expect.poll(() => p.byTest('pt-report-1').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await p.byTest('pt-report-1').textContent()).toMatch(/random v random · \d+ of 500 battles · master seed 1 · cancelled/);

    await p.byTest('pt-compare').check();
    await p.byTest('pt-b-scenario').selectOption({ label: 'The Ridge at Krzeczhorz (Seven Years War)' });
    await p.byTest('pt-battles').fill('6');
    await p.byTest('pt-run').click();
    await expect.poll(() => p.byTest('pt-report-2').isVisible(), { timeout: 240_000, interval: 1000 }).toBe(true);
    expect(await p.byTest('pt-report-1').locator('h3').textContent()).toBe('The Mill at Aldern');
    expect(await p.byTest('pt-report-2').locator('h3').textContent()).toBe('The Ridge at Krzeczhorz (Seven Years War)');
    const [a, b] = [await p.byTest('pt-report-1').boundingBox(), await p.byTest('pt-report-2').boundingBox()];
    expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1); // side by side
    await p.page.screenshot({ path: 'e2e/screenshots/playtest-compare-1280x720.png' });
    expect(p.errors).toEqual([]);
  }, 400_000);
});
