/**
 * The scenario editor in real Chromium, with the mouse: a scenario built from an empty table (a
 * hill, a wood, a road, two units a side, deployment zones), saved, then accepted by the CLI's
 * `validate` and played by `play --auto random`; a built-in scenario broken (a unit dragged off
 * the table), its problem listed and the unit ringed on the table. Screenshots at 1280×720 and
 * 760 px wide land in e2e/screenshots/.
 */
import { describe, expect, inject, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useChromium } from '../support/chromium';
import { EditorPage } from '../pages/EditorPage';

const chromium = useChromium();
const url = inject('baseUrl');

const W = 1828.8, D = 1219.2;
const cli = (...args: string[]) => execFileSync('npx', ['tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });

describe('the scenario editor, from an empty table to a battle', () => {
  it('draws terrain, zones and units with the mouse; the saved file validates and plays', async () => {
    const p = await EditorPage.open(chromium.browser, url);
    // A fresh page starts on an empty table that asks for units.
    await expect.poll(async () => (await p.problems())?.some((x) => x.path === '$.units')).toBe(true);

    // A hill: four corners, then its first corner again to close it.
    await p.tool('area');
    await p.drawShape([[500, 450], [800, 430], [820, 650], [520, 680]], true);
    await expect.poll(async () => (await p.draft()).terrain.map((t) => t.kind)).toEqual(['hill']);
    // A wood.
    await p.byTest('area-kind').selectOption('wood');
    await p.drawShape([[1150, 420], [1400, 440], [1380, 640], [1160, 620]], true);
    // A road from one edge to the other, finished by clicking its last point again.
    await p.tool('line');
    await p.drawShape([[950, 0], [1000, 600], [950, D]], false);
    await expect.poll(async () => (await p.draft()).terrain.map((t) => t.kind)).toEqual(['hill', 'wood', 'road']);
    const road = (await p.draft()).terrain[2]!;
    // Points near the table's edge snap onto it.
    expect(road.line![0]![1]).toBe(0);
    expect(road.line![2]![1]).toBeCloseTo(D, 6);

    // A self-crossing outline is refused with the reason, and nothing is added.
    await p.tool('area');
    await p.drawShape([[200, 200], [350, 330], [350, 200], [200, 330]], true);
    await expect.poll(async () => p.byTest('editor-notice').textContent()).toMatch(/crosses itself/);
    await p.page.keyboard.press('Escape');
    expect((await p.draft()).terrain).toHaveLength(3);

    // Deployment zones: a band at each baseline, corners snapped to the table's corners.
    await p.tool('zone');
    await p.drawShape([[0, D - 250], [W, D - 250], [W, D], [0, D]], true);
    await p.byTest('zone-side').selectOption('1');
    await p.drawShape([[0, 0], [W, 0], [W, 250], [0, 250]], true);
    await expect.poll(async () => (await p.draft()).sides.map((s) => s.deploymentZone?.length ?? 0)).toEqual([4, 4]);

    // Two units a side from the army lists, each placed by pressing and dragging toward its front.
    await p.tool('unit');
    const line = await p.byTest('unit-template').locator('option', { hasText: 'Line Infantry' }).first().getAttribute('value');
    await p.byTest('unit-template').selectOption(line!);
    await p.drag([600, D - 120], [600, D - 400]);
    await p.drag([1300, D - 120], [1300, D - 400]);
    await p.byTest('unit-side').selectOption('1');
    await p.drag([600, 120], [600, 400]);
    await p.drag([1300, 120], [1300, 400]);
    await expect.poll(async () => (await p.draft()).units.map((u) => u.side)).toEqual(['blue', 'blue', 'red', 'red']);
    const faced = (await p.draft()).units;
    expect(faced[0]!.at.facingDeg).toBeCloseTo(-90, 0);
    expect(faced[2]!.at.facingDeg).toBeCloseTo(90, 0);

    // NW Generals §1: the live list says each side needs a general; add one each from the Forces panel.
    await expect.poll(async () => (await p.problems())?.map((x) => x.message).join('\n')).toMatch(/has no general/);
    await p.byTest('forces-panel').locator('summary').click();
    const addGeneral = p.byTest('forces-panel').getByRole('button', { name: 'Add a general' });
    await addGeneral.nth(0).click();
    await addGeneral.nth(1).click();
    await expect.poll(async () => p.problems(), { timeout: 10_000 }).toEqual([]);
    await p.page.screenshot({ path: 'e2e/screenshots/editor-built-1280x720.png' });

    // Undo and redo with the keys.
    await p.page.locator('canvas').focus();
    await p.page.keyboard.press('Control+z');
    await expect.poll(async () => (await p.draft()).generals.length).toBe(1);
    await p.page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await p.draft()).generals.length).toBe(2);
    await expect.poll(async () => p.problems(), { timeout: 10_000 }).toEqual([]);

    // Save: the file the browser downloads validates and plays under the CLI.
    const download = p.page.waitForEvent('download');
    await p.byTest('editor-save').click();
    const dir = mkdtempSync(join(tmpdir(), 'vedette-editor-'));
    const file = join(dir, 'built.json');
    await (await download).saveAs(file);
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('vedette-scenario');
    expect(cli('validate', file)).toMatch(/scenario ".*": 4 units, 2 generals, 3 terrain features/);
    // The summary goes to stderr; the battle is played to its end or the turn limit.
    const played = spawnSync('npx', ['tsx', 'src/cli/main.ts', 'play', file, '--seed', '7', '--auto', 'random'], { encoding: 'utf8', timeout: 240_000 });
    expect(played.status).toBe(0);
    expect(played.stderr).toMatch(/Commands: \d+ · dice rolls: \d+/);

    // The draft is kept across a reload.
    await p.page.reload();
    await p.page.waitForSelector('#app[data-ready=true]');
    await expect.poll(async () => (await p.draft()).units.length).toBe(4);
    expect(p.errors).toEqual([]);
    await p.page.close();
  }, 300_000);
});

describe('the scenario editor on a built-in scenario', () => {
  for (const viewport of [{ width: 1280, height: 720 }, { width: 760, height: 700 }]) {
    it(`lists a unit dragged off the table and rings it on the table (${viewport.width} px)`, async () => {
      const p = await EditorPage.open(chromium.browser, url, viewport);
      const builtin = p.byTest('editor-builtin');
      await builtin.selectOption({ label: 'The Mill at Aldern' });
      await expect.poll(async () => (await p.draft()).title).toBe('The Mill at Aldern');
      await expect.poll(async () => p.problems(), { timeout: 10_000 }).toEqual([]);
      const u = (await p.draft()).units[0]!;
      // Drag it by its first stand beyond the table's bottom edge.
      const battle = (await p.page.evaluate(() => window.__VEDETTE__.battle())) as { units: { id: string; stands: { centre: { x: number; y: number } }[] }[] };
      const c = battle.units.find((x) => x.id === u.id)!.stands[0]!.centre;
      await p.drag([c.x, c.y], [c.x, D + 60]);
      await expect.poll(async () => (await p.problems())?.find((x) => /off the table/.test(x.message))?.piece).toEqual({ kind: 'unit', id: u.id });
      await expect.poll(async () => p.byTest('problem-count').textContent()).toMatch(/problem/);
      await expect(async () => expect(await p.byTest('editor-save').isDisabled()).toBe(true)).not.toThrow();
      await p.byTest('problem').filter({ hasText: 'off the table' }).first().click();
      await expect.poll(async () => p.highlighted()).toEqual({ kind: 'unit', id: u.id });
      // The view went to it: the unit (off the table's bottom edge) is in the middle of the canvas.
      const at = async () => {
        const b = (await p.page.evaluate(() => window.__VEDETTE__.battle())) as { units: { id: string; stands: { centre: { x: number; y: number } }[] }[] };
        const s = b.units.find((x) => x.id === u.id)!.stands[0]!.centre;
        const scr = await p.page.evaluate(([x, y]) => window.__VEDETTE__.tableToScreen(x!, y!), [s.x, s.y]);
        const box = (await p.page.locator('canvas').boundingBox())!;
        return Math.abs(scr.x - box.width / 2) < box.width / 4 && Math.abs(scr.y - box.height / 2) < box.height / 4;
      };
      await expect.poll(at).toBe(true);
      await p.page.screenshot({ path: `e2e/screenshots/editor-problem-${viewport.width}x${viewport.height}.png` });
      // The ground scale is a choice with its unit.
      await p.page.locator('[data-testid=settings-panel] summary').click();
      expect(await p.byTest('ground-scale').locator('option:checked').textContent()).toBe('1 mm = 2.5 m of ground (1:2,500)');
      expect(await p.byTest('ground-scale-from').textContent()).toBe('Known from Napoleonic Warfare scenarios.');
      await p.byTest('ground-scale').scrollIntoViewIfNeeded();
      await p.page.screenshot({ path: `e2e/screenshots/editor-ground-scale-${viewport.width}x${viewport.height}.png` });
      expect(p.errors).toEqual([]);
      await p.page.close();
    }, 120_000);
  }
});

describe('the large historical battle in the browser', () => {
  it('Aspern-Essling (about 400 units, 2,000 stands) starts and its first steps are played', async () => {
    const { PlayPage } = await import('../pages/PlayPage');
    const p = await PlayPage.open(chromium.browser, url, '', { width: 1280, height: 720 });
    await p.chooseScenario('Aspern-Essling');
    await p.start('solo', 1234);
    await p.page.waitForFunction(() => window.__VEDETTE__.play() !== null, undefined, { timeout: 60_000 });
    const battle = (await p.page.evaluate(() => window.__VEDETTE__.battle())) as { units: { stands: unknown[] }[] };
    expect(battle.units.length).toBeGreaterThan(380);
    expect(battle.units.reduce((n, u) => n + u.stands.length, 0)).toBeGreaterThan(1900);
    // Both sides end their first step (NW orders are given face down, then the step ends).
    const first = (await p.probe())!;
    for (const side of first.position.actors) await p.endStep(side);
    await expect.poll(async () => (await p.probe())!.commandCount, { timeout: 60_000 }).toBeGreaterThanOrEqual(first.position.actors.length);
    await p.page.screenshot({ path: 'e2e/screenshots/aspern-essling-1280x720.png' });
    expect(p.errors).toEqual([]);
    await p.page.close();
  }, 240_000);
});

describe('Generate in the editor', () => {
  it('places NW §9 terrain from a seed; a piece clicked on says which dice placed it', async () => {
    const p = await EditorPage.open(chromium.browser, url);
    await p.byTest('generate-panel').locator('summary').click();
    await p.byTest('generate-seed').fill('42');
    await p.byTest('generate').click();
    await expect.poll(async () => (await p.draft()).terrain.length).toBeGreaterThan(0);
    await expect.poll(async () => p.byTest('generate-said').textContent()).toMatch(/pieces placed by NW §9 Terrain Generation, seed 42/);
    const piece = (await p.draft()).terrain.find((t) => t.polygon && t.kind !== 'lake')!;
    const cx = piece.polygon!.reduce((s, q) => s + q[0], 0) / piece.polygon!.length;
    const cy = piece.polygon!.reduce((s, q) => s + q[1], 0) / piece.polygon!.length;
    await p.click(cx, cy);
    await expect.poll(async () => p.byTest('placed-by').textContent()).toMatch(/^Placed by: NW §9 Terrain Generation/);
    await p.page.screenshot({ path: 'e2e/screenshots/editor-generated-1280x720.png' });
    expect(p.errors).toEqual([]);
    await p.page.close();
  }, 120_000);
});

describe('Play this', () => {
  it('starts a battle on the scenario being edited', async () => {
    const p = await EditorPage.open(chromium.browser, url);
    await p.byTest('editor-builtin').selectOption({ label: 'The Mill at Aldern' });
    await expect.poll(async () => p.problems(), { timeout: 10_000 }).toEqual([]);
    await p.byTest('scenario-title-input').evaluate((e) => (e.closest('details') as HTMLDetailsElement).open = true);
    await p.byTest('scenario-title-input').fill('The Mill at Aldern, edited');
    await p.byTest('scenario-title-input').press('Tab');
    await expect.poll(async () => (await p.draft()).title).toBe('The Mill at Aldern, edited');
    await expect.poll(async () => p.problems(), { timeout: 10_000 }).toEqual([]);
    // Playtest opens the batch panel on the scenario being edited.
    await p.byTest('editor-playtest').click();
    await expect.poll(async () => p.byTest('playtest-panel').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => p.byTest('playtest-panel').textContent()).toContain('The Mill at Aldern, edited');
    await p.page.screenshot({ path: 'e2e/screenshots/editor-playtest-1280x720.png' });
    await p.byTest('pt-close').click();
    await p.byTest('editor-play').click();
    await expect.poll(async () => p.byTest('scenario-title').textContent()).toBe('The Mill at Aldern, edited');
    await p.byTest('seed').fill('99');
    await p.byTest('mode-solo').check();
    await p.byTest('start-battle').click();
    await p.page.waitForURL((u) => !u.search.includes('editor'), { timeout: 30_000 });
    await p.page.waitForSelector('#app[data-ready=true]', { timeout: 30_000 });
    await expect.poll(async () => p.page.evaluate(() => window.__VEDETTE__.play()?.rulesetId ?? null), { timeout: 30_000 }).toBe('napoleonic-warfare');
    await expect.poll(async () => p.byTest('battle-title').textContent()).toBe('The Mill at Aldern, edited');
    expect(p.errors).toEqual([]);
    await p.page.close();
  }, 120_000);
});
