/**
 * Nothing lost by a click: a new battle or a loaded save over a battle in progress asks first
 * (save, discard, cancel) in the app's own window; a file given to the wrong button is named
 * for what it is; a rejected file stays out of the list; the start dialog resumes a save.
 */
import { describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');

const json = (name: string, text: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

describe('a battle in progress', () => {
  it('is not replaced by New battle without asking; Cancel keeps it, Save downloads it first, Discard replaces it', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('solo');
    await p.endStep('fr');
    const before = (await p.probe())!;
    expect(before.commandCount).toBe(1);

    await p.byTest('new-battle').click();
    await p.chooseScenario('Krzeczhorz');
    await p.start('solo', 99);
    await p.byTest('question').waitFor();
    expect(await p.byTest('question-title').textContent()).toBe('A battle is in progress');
    expect(await p.byTest('question').innerText()).toMatch(/Starting a new battle ends "The Mill at Aldern" \(turn 1\)/);
    await p.page.screenshot({ path: 'e2e/screenshots/new-battle-asks.png' });
    await p.byTest('answer-cancel').click();
    expect(await p.byTest('question').isHidden()).toBe(true);
    expect(await p.probe()).toEqual(before);
    // The dialog is still open; closing it leaves the battle exactly as it was.
    await p.byTest('start-cancel').click();
    expect(await p.dialog().isHidden()).toBe(true);
    expect(await p.probe()).toEqual(before);

    // Save first: the battle is offered as a file, then the new one starts.
    await p.byTest('new-battle').click();
    await p.chooseScenario('Krzeczhorz');
    await p.start('solo', 99);
    const [download] = await Promise.all([p.page.waitForEvent('download'), p.byTest('answer-save').click()]);
    expect(download.suggestedFilename()).toBe('aldern-mill-turn-1.vedette.json');
    const saved = readFileSync((await download.path())!, 'utf8');
    await p.page.waitForFunction(() => window.__VEDETTE__.play()?.rulesetId === 'seven-years-war');
    expect((await p.probe())!.commandCount).toBe(0);

    // The start dialog resumes that save (asking first, since the new battle is in progress).
    await p.byTest('new-battle').click();
    await p.byTest('resume-file').setInputFiles(json('aldern.json', saved));
    await p.byTest('answer-discard').click();
    await p.page.waitForFunction(() => window.__VEDETTE__.play()?.rulesetId === 'napoleonic-warfare');
    expect(await p.dialog().isHidden()).toBe(true);
    expect((await p.probe())!.position).toEqual(before.position);
    expect((await p.probe())!.commandCount).toBe(1);
    expect(p.errors).toEqual([]);
    await p.page.close();
  });
});

describe('files given to the wrong button', () => {
  it('names a scenario given to Load and a save given to the scenario list, and keeps rejected files out of the list', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('solo');
    const before = (await p.probe())!;
    const scenario = readFileSync('e2e/fixtures/nw-charge.json', 'utf8');
    await p.byTest('load-input').setInputFiles(json('nw-charge.json', scenario));
    await p.byTest('alert').waitFor();
    expect(await p.byTest('alert-title').textContent()).toBe('This is a scenario — use New battle');
    expect(await p.probe()).toEqual(before);
    await p.byTest('alert-ok').click();

    const [download] = await Promise.all([p.page.waitForEvent('download'), p.byTest('save').click()]);
    const saved = readFileSync((await download.path())!, 'utf8');
    await p.byTest('new-battle').click();
    await p.dialog().locator('[data-testid=scenario-card]').first().waitFor();
    const cards = await p.dialog().locator('[data-testid=scenario-card]').count();
    await p.byTest('scenario-file').setInputFiles(json('my-battle.json', saved));
    // The file is read asynchronously: wait for the dialog's answer rather than reading it at once.
    await expect.poll(() => p.byTest('file-refused').innerText()).toMatch(/"my-battle.json" is a saved battle, not a scenario — use "Resume a saved battle…"/);
    expect(await p.dialog().locator('[data-testid=scenario-card]').count()).toBe(cards);
    // A scenario that fails its schema: the problems are listed, the file is not.
    const broken = JSON.parse(scenario) as Record<string, unknown>;
    broken.table = 'wide';
    await p.byTest('scenario-file').setInputFiles(json('broken.json', JSON.stringify(broken)));
    await expect.poll(() => p.byTest('file-refused').innerText()).toMatch(/"broken.json" is not a scenario Vedette can read:[\s\S]*\$\.table/);
    expect(await p.dialog().locator('[data-testid=scenario-card]').count()).toBe(cards);
    await p.page.screenshot({ path: 'e2e/screenshots/file-refused.png' });
    // A good scenario file joins the list and is chosen.
    await p.byTest('scenario-file').setInputFiles(json('nw-charge.json', scenario));
    await expect.poll(() => p.dialog().locator('[data-testid=scenario-card]').count()).toBe(cards + 1);
    await expect.poll(() => p.byTest('file-refused').count()).toBe(0);
    expect(await p.probe()).toEqual(before);
    expect(p.errors).toEqual([]);
    await p.page.close();
  });
});

describe('a reload', () => {
  it('keeps the zoom and the selection as well as the battle; F fits the table again', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('solo');
    const fitted = await p.page.evaluate(() => window.__VEDETTE__.camera());
    const unit = ((await p.page.evaluate(() => window.__VEDETTE__.battle())) as { units: { id: string }[] }).units[0]!.id;
    await p.clickUnit(unit);
    await p.page.waitForFunction((id) => window.__VEDETTE__.selected() === id, unit);
    const box = (await p.page.locator('canvas').boundingBox())!;
    await p.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await p.page.mouse.wheel(0, -300);
    await p.page.waitForFunction((s) => window.__VEDETTE__.camera().scale > s, fitted.scale);
    const camera = await p.page.evaluate(() => window.__VEDETTE__.camera());
    const before = (await p.probe())!;
    await p.reload();
    expect(await p.probe()).toEqual(before);
    expect(await p.page.evaluate(() => window.__VEDETTE__.camera())).toEqual(camera);
    expect(await p.page.evaluate(() => window.__VEDETTE__.selected())).toBe(unit);
    await expect.poll(() => p.byTest('selected-name').count()).toBe(1);
    await p.page.keyboard.press('f');
    await p.page.waitForFunction((s) => window.__VEDETTE__.camera().scale === s, fitted.scale);
    expect(await p.page.evaluate(() => window.__VEDETTE__.camera())).toEqual(fitted);
    expect(p.errors).toEqual([]);
    await p.page.close();
  });
});
