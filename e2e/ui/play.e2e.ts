/**
 * The play screen in real Chromium, with the rulesets registered today: start battles through the dialog, hot-seat hand-overs, ending steps, the
 * log with its rolls, undo limits, save and a broken load, resume after a reload, the result,
 * and names from files shown as text. Engine state is read through the test hook.
 */
import { describe, expect, inject, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';
import { rulesetIds } from '../../src/rules/registry';

const chromium = useChromium();
const url = inject('baseUrl');

const NW_DEFAULT = 'The Mill at Aldern';
/** Every built-in scenario file (the dialog lists each one). */
const BUILT_IN = readdirSync('scenarios').filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'));
const FR = 'French Advance Guard';
const AU = 'Austrian Brigade Mayer';

describe('the start dialog', () => {
  it('opens on a fresh page with the built-in scenarios, their rulesets and options, a random seed and the modes', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.dialog().waitFor();
    const cards = await p.dialog().locator('[data-testid=scenario-card]').allInnerTexts();
    expect(cards.length).toBe(BUILT_IN.length);
    expect(cards.join('\n')).not.toContain('schema');
    expect(cards[0]).toContain(NW_DEFAULT);
    expect(await p.byTest('ruleset-select').inputValue()).toBe('napoleonic-warfare');
    expect(await p.dialog().locator('select[data-option=baseScale]').inputValue()).toBe('medium');
    expect(await p.dialog().locator('input[data-option=d10Via2d6]').isChecked()).toBe(false);
    // Issue 14: a new battle's dice key is 128 bits, drawn at random (32 hex digits).
    expect(await p.byTest('seed').inputValue()).toMatch(/^[0-9a-f]{32}$/);
    expect(await p.byTest('mode-solo').isChecked()).toBe(true);
    await p.chooseScenario('Krzeczhorz');
    expect(await p.byTest('ruleset-select').inputValue()).toBe('seven-years-war');
    await p.page.screenshot({ path: 'e2e/screenshots/start-dialog.png' });
    expect(p.errors).toEqual([]);
    await p.page.close();
  });

  it('says clearly when no ruleset is available for a scenario, and will not start it', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.loadScenarioFile('no-ruleset.json');
    const msg = await p.byTest('no-ruleset').textContent();
    expect(msg).toBe(`No ruleset is available for this scenario: it names "no-such-rules"; Vedette has ${rulesetIds().map((id) => `"${id}"`).join(', ')}.`);
    expect(await p.byTest('start-battle').isDisabled()).toBe(true);
    await p.page.close();
    // The same scenario shared as a link shows on a free table with the same sentence.
    const q = await PlayPage.open(chromium.browser, url, '?scenario=fixtures/no-ruleset.json');
    expect(await q.byTest('banner-text').textContent()).toContain('No ruleset is available for this scenario');
    expect(await q.probe()).toBeNull();
    await q.page.close();
  });

  it('refuses a seed that is not a seed, with a sentence', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.byTest('seed').fill('12x');
    await p.byTest('start-battle').click();
    expect(await p.dialog().locator('.field-error').textContent()).toMatch(/A seed is a whole number/);
    expect(await p.probe()).toBeNull();
    await p.page.close();
  });
});

describe('a hot-seat battle of Napoleonic Warfare', () => {
  it('hands the screen over whenever the side to act changes, showing nothing until the player says who they are', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('hotseat');
    expect(await p.handoverTitle()).toBe(`Pass to ${FR}`);
    let s = (await p.probe())!;
    expect(s.mode).toBe('hotseat');
    expect(s.handover).toBe('fr');
    expect(s.viewer).toBe('(hand-over)');
    // Under the cover: no log, no phase bar, no inspector content.
    expect(await p.byTest('log').locator('li').count()).toBe(0);
    expect(await p.byTest('phase-bar').isHidden()).toBe(true);
    await p.page.screenshot({ path: 'e2e/screenshots/handover.png' });

    await p.takeOver();
    s = (await p.probe())!;
    expect(s.viewer).toBe('fr');
    expect(s.position.phase).toBe('orders');
    expect(await p.byTest('pb-phase').textContent()).toContain('Orders');
    // Only the French player's End step is offered, though both sides act in this step.
    expect(await p.endStepButtons().evaluateAll((bs) => bs.map((b) => b.getAttribute('data-testid')))).toEqual(['end-step-fr']);
    // The setup rolls (generals' ability, NW Generals §2) are in the log with dice, modifiers and rules.
    const dice = p.byTest('log-dice').first();
    expect(await dice.locator('.die').count()).toBeGreaterThan(0);
    expect(await dice.innerText()).toMatch(/NW Generals §2/);
    expect(await p.byTest('log').innerText()).toMatch(/\+2 Commander in Chief \(NW Generals §2 Ability\)/);

    await p.endStep('fr');
    expect(await p.handoverTitle()).toBe(`Pass to ${AU}`);
    expect((await p.probe())!.viewer).toBe('(hand-over)');
    await p.takeOver();
    expect((await p.probe())!.viewer).toBe('au');
    expect(await p.endStepButtons().evaluateAll((bs) => bs.map((b) => b.getAttribute('data-testid')))).toEqual(['end-step-au']);
    // The Austrian player may not take back the French command.
    await p.byTest('undo').click();
    expect(await p.byTest('notice').innerText()).toMatch(/only its author may take it back/);
    expect((await p.probe())!.commandCount).toBe(1);

    await p.endStep('au');
    // Orders are done; in the strategic move step both sides act again: the Austrian player,
    // still at the screen, keeps it; when he has ended his part the French player gets it.
    s = (await p.probe())!;
    expect(s.position.phase).toBe('strategic');
    expect(s.handover).toBeNull();
    expect(s.viewer).toBe('au');
    await p.endStep('au');
    expect(await p.handoverTitle()).toBe(`Pass to ${FR}`);
    await p.takeOver();
    expect(await p.endStepButtons().evaluateAll((bs) => bs.map((b) => b.getAttribute('data-testid')))).toEqual(['end-step-fr']);
    await p.page.screenshot({ path: 'e2e/screenshots/battle-hotseat.png' });
    expect(p.errors).toEqual([]);
    await p.page.close();
  });

  it('never puts the French player\'s face-down order in the page while the Austrian player looks (NW Sequence §11)', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('hotseat', 4242);
    await p.takeOver();
    await p.clickUnit('fr-2-45');
    expect(await p.byTest('selected-name').textContent()).toBe('2/45e Ligne');
    await p.byTest('inspector-action').filter({ hasText: 'Order: Advance' }).click();
    await p.page.waitForFunction(() => window.__VEDETTE__.play()!.commandCount === 1);
    expect(await p.logText()).toMatch(/gives 2\/45e Ligne an Advance order, face down/);
    expect(await p.byTest('inspector-lines').innerText()).toMatch(/Advance \(face down\)/);
    await p.endStep('fr');
    const secrets = [/order advance/i, /an Advance order/, /Advance \(face down\)/, /gives 2\/45e Ligne/];
    const page = () => p.page.evaluate(() => document.body.innerHTML + document.body.innerText);
    // Behind the hand-over screen, and then with the Austrian player on.
    for (const re of secrets) expect(await page()).not.toMatch(re);
    await p.takeOver();
    expect((await p.probe())!.viewer).toBe('au');
    for (const re of secrets) expect(await page()).not.toMatch(re);
    await p.clickUnit('fr-2-45');
    // NW shows the marker face down once the Orders Phase is over; during it, nothing at all.
    expect(await p.byTest('inspector-lines').innerText()).toMatch(/Order\s+(none|face-down marker)/);
    for (const re of secrets) expect(await page()).not.toMatch(re);
    const seen = JSON.stringify(await p.page.evaluate(() => window.__VEDETTE__.battle()));
    expect(seen).not.toMatch(/"advance"/);
    await p.page.screenshot({ path: 'e2e/screenshots/hotseat-austrian-view.png' });
    await p.page.close();
  });

  it('never shows the dice key while the battle goes on; a file saved says it holds it; the kept battle resumes with it', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.byTest('mode-hotseat').check();
    const seed = p.byTest('seed');
    expect(await seed.getAttribute('type')).toBe('password');
    const key = await seed.inputValue();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    await p.byTest('start-battle').click();
    // Everything in the page — text, markup, attributes and every field's value — without the key.
    const onScreen = () => p.page.evaluate(() => document.documentElement.outerHTML + document.body.innerText + [...document.querySelectorAll('input, textarea, select')].map((e) => (e as HTMLInputElement).value).join('|'));
    expect(await onScreen()).not.toContain(key);
    await p.takeOver();
    await p.endStep('fr');
    await p.takeOver();
    await p.endStep('au');
    expect(await onScreen()).not.toContain(key);
    for (const overlay of ['saved-battles', 'new-battle', 'help-button']) {
      await p.byTest(overlay).click();
      expect(await onScreen()).not.toContain(key);
      await p.page.keyboard.press('Escape');
    }
    // Saved to a file: it holds the key (the battle goes on from it), and the players are told so.
    const [download] = await Promise.all([p.page.waitForEvent('download'), p.byTest('save').click()]);
    expect(readFileSync((await download.path())!, 'utf8')).toContain(key);
    await expect.poll(() => p.byTest('notice').innerText()).toMatch(/holds the dice's secret key/);
    // The kept battle has it too, where resuming needs it: after a reload the same battle goes on.
    const before = (await p.probe())!;
    await p.reload();
    const after = (await p.probe())!;
    expect(after.commandCount).toBe(before.commandCount);
    expect(after.position).toEqual(before.position);
    expect(await onScreen()).not.toContain(key);
    await p.page.screenshot({ path: 'e2e/screenshots/hotseat-key-hidden.png' });
    await p.page.close();
  });

  it('resumes after a reload exactly where it stopped, behind the hand-over screen', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('hotseat', 99);
    await p.takeOver();
    await p.endStep('fr');
    const before = (await p.probe())!;
    await p.reload();
    const after = (await p.probe())!;
    expect(after.position).toEqual(before.position);
    expect(after.commandCount).toBe(before.commandCount);
    expect(after.mode).toBe('hotseat');
    expect(await p.handoverTitle()).toBe(`Pass to ${AU}`);
    await p.takeOver();
    await p.endStep('au');
    expect((await p.probe())!.position.phase).toBe('strategic');
    await p.page.close();
  });

  it('plays the engine\'s automatic steps into the log, and refuses to undo a roll, saying why', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('hotseat', 1);
    // Orders and strategic moves: each side ends its part in turn.
    for (let i = 0; i < 4; i++) {
      const s = (await p.probe())!;
      if (s.handover) await p.takeOver();
      const side = (await p.probe())!.viewer;
      await p.endStep(side);
      if ((await p.probe())!.position.phase === 'initiative') break;
    }
    const s = (await p.probe())!;
    expect(s.position.phase).toBe('initiative');
    if (s.handover) await p.takeOver();
    // The initiative die roll phase was played by the engine: its rolls are in the log.
    expect(await p.logText()).toMatch(/Initiative/);
    await p.byTest('undo').click();
    expect(await p.byTest('notice').innerText()).toMatch(/a roll cannot be taken back/);
    expect((await p.probe())!.commandCount).toBe(s.commandCount);
    await p.page.close();
  });
});

describe('a solo battle', () => {
  it('ends each side\'s step separately, undoes and redoes, with keys too', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('solo');
    expect((await p.probe())!.viewer).toBe('referee');
    expect(await p.endStepButtons().count()).toBe(2);
    await p.endStep('fr');
    expect((await p.probe())!.position.done).toEqual(['fr']);
    expect(await p.endStepButtons().count()).toBe(1);
    await p.byTest('undo').click();
    await p.page.waitForFunction(() => window.__VEDETTE__.play()!.commandCount === 0);
    expect((await p.probe())!.position.done).toEqual([]);
    await p.page.keyboard.press('y');
    await p.page.waitForFunction(() => window.__VEDETTE__.play()!.commandCount === 1);
    await p.page.keyboard.press('e'); // ends the step for the side still to act: Austria
    await p.page.waitForFunction(() => window.__VEDETTE__.play()!.position.phase === 'strategic');
    await p.page.keyboard.press('?');
    expect(await p.byTest('help').isVisible()).toBe(true);
    expect(await p.byTest('help').innerText()).toMatch(/End the step/);
    await p.page.screenshot({ path: 'e2e/screenshots/help.png' });
    await p.page.keyboard.press('Escape');
    expect(await p.byTest('help').isHidden()).toBe(true);
    await p.page.close();
  });

  it('saves to a file, and a broken save changes nothing and says what is wrong, path by path', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('solo');
    await p.endStep('fr');
    const [download] = await Promise.all([p.page.waitForEvent('download'), p.byTest('save').click()]);
    expect(download.suggestedFilename()).toBe('aldern-mill-turn-1.vedette.json');
    const saved = readFileSync((await download.path())!, 'utf8');
    expect(JSON.parse(saved)).toHaveProperty('log');
    const before = (await p.probe())!;
    const broken = JSON.parse(saved) as Record<string, unknown>;
    broken.seed = -5;
    await p.byTest('load-input').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
    await p.byTest('alert').waitFor();
    expect(await p.byTest('alert-title').textContent()).toBe('That save could not be loaded');
    const problems = await p.byTest('alert-problems').locator('li').allInnerTexts();
    expect(problems.length).toBeGreaterThan(0);
    for (const line of problems) expect(line).toMatch(/^\$\S* \S/);
    await p.page.screenshot({ path: 'e2e/screenshots/broken-save.png' });
    expect(await p.probe()).toEqual(before);
    await p.byTest('alert-ok').click();
    // Not JSON at all: the same, with the place of the error.
    await p.byTest('load-input').setInputFiles({ name: 'junk.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "vedette-save", ') });
    await p.byTest('alert').waitFor();
    expect(await p.byTest('alert-problems').innerText()).toMatch(/\$/);
    expect(await p.probe()).toEqual(before);
    await p.byTest('alert-ok').click();
    // The good file loads back to the same place.
    await p.byTest('load-input').setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(saved) });
    // A good save over the battle in progress: the app asks first.
    await p.byTest('answer-discard').click();
    await p.page.waitForFunction(() => window.__VEDETTE__.play()!.commandCount === 1);
    expect((await p.probe())!.position).toEqual(before.position);
    await p.page.close();
  });

  it('shows the result when a side concedes: winner, level and reason', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('solo');
    await p.byTest('concede').click();
    // Solo: the app's own window asks which side concedes.
    await p.byTest('question').waitFor();
    expect(await p.byTest('question-title').textContent()).toBe('Which side concedes?');
    await p.byTest('answer-fr').click();
    await p.page.waitForFunction(() => window.__VEDETTE__.play()!.commandCount === 1);
    expect(await p.logText()).toMatch(/concedes: the turn is played out/);
    // NW §10: the turn is played out first, then the battle ends.
    for (let i = 0; i < 20 && !(await p.probe())!.result; i++) {
      const b = p.endStepButtons().first();
      const side = (await b.getAttribute('data-testid'))!.replace('end-step-', '');
      await p.endStep(side);
    }
    await p.byTest('result').waitFor();
    const r = (await p.probe())!.result!;
    expect(r.winner).toBe('au');
    expect(await p.byTest('result-winner').textContent()).toBe(`Victory to ${AU}`);
    // Issue 13 (a log a player reads): the reason names the sides, never their ids.
    expect(await p.byTest('result-reason').textContent()).toBe(r.reason.replace(/(?<![\w-])fr(?![\w-])/g, FR).replace(/(?<![\w-])au(?![\w-])/g, AU));
    expect((await p.byTest('result-level').textContent())!.length).toBeGreaterThan(0);
    await p.page.screenshot({ path: 'e2e/screenshots/result.png' });
    expect(await p.endStepButtons().count()).toBe(0);
    await p.page.close();
  });
});

describe('a hot-seat battle of Seven Years War without its optional hidden deployment', () => {
  it('still hands the screen over, because each side\'s CinC counter draws are its own secret (SYW p.5), and the view follows the side to act', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.chooseScenario('Krzeczhorz');
    expect(await p.dialog().locator('input[data-option=hiddenDeployment]').isChecked()).toBe(false);
    await p.start('hotseat');
    let s = (await p.probe())!;
    expect(s.position.actors).toContain(s.handover);
    expect(s.viewer).toBe('(hand-over)');
    await p.takeOver();
    s = (await p.probe())!;
    expect(s.position.actors).toContain(s.viewer);
    const first = s.viewer;
    for (let i = 0; i < 8 && (await p.probe())!.viewer === first; i++) {
      await p.endStep((await p.probe())!.viewer);
      if ((await p.probe())!.handover) await p.takeOver();
    }
    s = (await p.probe())!;
    expect(s.viewer).not.toBe(first);
    expect(s.position.actors).toContain(s.viewer);
    await p.page.screenshot({ path: 'e2e/screenshots/battle-syw.png' });
    expect(p.errors).toEqual([]);
    await p.page.close();
  });
});

describe('names from files', () => {
  it('shows a unit, a side and a battle named with HTML as text, never as markup', async () => {
    const p = await PlayPage.open(chromium.browser, url, '?scenario=fixtures/html-payload.json');
    await p.byTest('play-this').click();
    expect(await p.byTest('scenario-title').textContent()).toBe('<b>Payload</b> at <img src=x onerror="window.__pwned=1">Aldern');
    await Promise.all([p.page.waitForURL((u) => !u.search.includes('scenario')), p.start('hotseat')]);
    await p.ready();
    expect(await p.handoverTitle()).toBe('Pass to <script>window.__pwned=2</script>French');
    await p.takeOver();
    expect(await p.byTest('battle-title').textContent()).toBe('<b>Payload</b> at <img src=x onerror="window.__pwned=1">Aldern');
    await p.clickUnit('fr-1-45');
    expect(await p.byTest('selected-name').textContent()).toBe('<img src=x onerror="window.__pwned=3">1/45e <b>Ligne</b>');
    expect(await p.byTest('phase-bar').innerText()).toContain('<script>window.__pwned=2</script>French');
    const dom = await p.page.evaluate(() => ({
      imgs: document.querySelectorAll('#app img, .overlays img').length,
      bolds: document.querySelectorAll('#app b').length,
      scripts: document.querySelectorAll('#app script').length,
      pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
    }));
    expect(dom).toEqual({ imgs: 0, bolds: 0, scripts: 0, pwned: null });
    await p.page.screenshot({ path: 'e2e/screenshots/html-payload.png' });
    expect(p.errors).toEqual([]);
    await p.page.close();
  });
});
