/**
 * Battles kept in the browser (issue 21, Storage): a battle is kept from its first command and
 * found in Saved battles after a reload; the old single autosave moves across on first start;
 * a refused write shows the warning and loses nothing from the battle in progress.
 */
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');

describe('saved battles', () => {
  it('keeps two battles; after a reload the list shows both and resumes the other one', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('solo');
    await p.endStep('fr');
    const first = (await p.probe())!;
    await p.byTest('new-battle').click();
    await p.chooseScenario('Krzeczhorz');
    await p.start('solo', 99);
    await p.byTest('answer-discard').click();
    await p.page.waitForFunction(() => window.__VEDETTE__.play()?.rulesetId === 'seven-years-war');
    await p.reload();
    await expect.poll(async () => (await p.probe())?.rulesetId).toBe('seven-years-war');

    await p.byTest('saved-battles').click();
    const rows = p.byTest('battle-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toMatch(/Krzeczhorz[\s\S]*on the table/);
    expect(await rows.nth(1).innerText()).toMatch(/The Mill at Aldern[\s\S]*Napoleonic Warfare · Solo[\s\S]*Turn 1/);
    await p.page.screenshot({ path: 'e2e/screenshots/saved-battles-1280.png' });
    await p.page.setViewportSize({ width: 760, height: 720 });
    await p.page.screenshot({ path: 'e2e/screenshots/saved-battles-760.png' });
    await p.page.setViewportSize({ width: 1400, height: 860 });

    // Rename: the new name is shown as text, never as markup.
    await rows.nth(1).locator('[data-testid=battle-rename]').click();
    await p.byTest('battle-name-input').fill('<i>Club</i> night');
    await p.byTest('battle-name-input').press('Enter');
    await expect.poll(() => rows.nth(1).locator('[data-testid=battle-name]').textContent()).toBe('<i>Club</i> night');

    // Resume the first battle: it comes back exactly where it stood.
    await rows.nth(1).locator('[data-testid=battle-resume]').click();
    await expect.poll(async () => (await p.probe())?.rulesetId).toBe('napoleonic-warfare');
    expect(await p.probe()).toEqual(first);
    expect(await p.byTest('battles').count()).toBe(0);
    expect(p.errors).toEqual([]);
    await p.page.close();
  });

  it('moves the battle of the old autosave slot into the library on first start', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('solo');
    await p.endStep('fr');
    const before = (await p.probe())!;
    const text = await p.page.evaluate(async () => {
      const open = indexedDB.open('vedette');
      const db = await new Promise<IDBDatabase>((res) => (open.onsuccess = () => res(open.result)));
      const r = db.transaction(['saves'], 'readonly').objectStore('saves').getAll();
      const all = await new Promise<{ text: string }[]>((res) => (r.onsuccess = () => res(r.result as { text: string }[])));
      db.close();
      return all[0]!.text;
    });
    await p.page.close();

    // A browser from before the library: the battle in the old slot, no library yet.
    const page = await chromium.browser.newPage({ viewport: { width: 1400, height: 860 } });
    await page.addInitScript((t) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('vedette.autosave.v1', t);
      localStorage.setItem('vedette.play.v1', JSON.stringify({ mode: 'solo' }));
    }, text);
    await page.goto(url);
    const q = await PlayPage.attach(page);
    await expect.poll(async () => (await q.probe())?.commandCount).toBe(before.commandCount);
    expect(await q.probe()).toEqual(before);
    expect(await page.evaluate(() => localStorage.getItem('vedette.autosave.v1'))).toBeNull();
    await q.byTest('saved-battles').click();
    await expect.poll(() => q.byTest('battle-row').count()).toBe(1);
    expect(await q.byTest('battle-row').innerText()).toMatch(/The Mill at Aldern/);
    // And it stays: a reload resumes it from the library.
    await q.reload();
    await expect.poll(async () => (await q.probe())?.commandCount).toBe(before.commandCount);
    expect(q.errors).toEqual([]);
    await page.close();
  });
});

describe('a battle kept by an earlier version', () => {
  it('whose log still replays whole is resumed as it replays today, with a warning giving its old hash; one whose log is refused is not resumed', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('solo');
    await p.endStep('fr');
    await p.endStep('au');
    const before = (await p.probe())!;
    const text = (await p.page.evaluate(async () => {
      const open = indexedDB.open('vedette');
      const db = await new Promise<IDBDatabase>((res) => (open.onsuccess = () => res(open.result)));
      const r = db.transaction(['saves'], 'readonly').objectStore('saves').getAll();
      const all = await new Promise<{ text: string }[]>((res) => (r.onsuccess = () => res(r.result as { text: string }[])));
      db.close();
      return all[0]!.text;
    })) as string;
    await p.page.close();
    // What a battle kept before the dice and geometry were made the same in every browser looks
    // like: every command still applies, but the hash it was kept with is not the one it replays to.
    const old = JSON.parse(text) as { hash: string; log: { type: string; side?: string }[] };
    old.hash = 'fnv1a64:0123456789abcdef';
    const open = async (kept: string) => {
      const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 720 } });
      await page.addInitScript((t) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('vedette.autosave.v1', t);
        localStorage.setItem('vedette.play.v1', JSON.stringify({ mode: 'solo' }));
      }, kept);
      await page.goto(url);
      return PlayPage.attach(page);
    };
    const q = await open(JSON.stringify(old));
    await q.byTest('alert').locator('[data-testid=alert-title]').waitFor();
    expect(await q.byTest('alert-title').textContent()).toBe('This battle was resumed as it replays today');
    expect(await q.byTest('alert').innerText()).toContain('fnv1a64:0123456789abcdef');
    expect((await q.probe())!.commandCount).toBe(before.commandCount);
    await q.page.screenshot({ path: 'e2e/screenshots/resumed-earlier-version.png' });
    await q.page.close();
    // A log with a command that no longer applies: refused as before, with its path.
    const broken = { ...old, log: [...old.log, { type: 'endStep', side: 'nobody' }] };
    const b = await open(JSON.stringify(broken));
    await b.byTest('alert').locator('[data-testid=alert-title]').waitFor();
    expect(await b.byTest('alert-title').textContent()).toBe('The autosaved battle could not be resumed');
    expect(await b.byTest('alert').innerText()).toMatch(/\$\.log\[\d+\]/);
    expect(await b.probe()).toBeNull();
    await b.page.close();
  });
});

describe('a reload in the same instant as a command', () => {
  it('resumes with that command: the journal holds it until the library has it, and leaving asks meanwhile', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('solo');
    await p.endStep('fr');
    const before = (await p.probe())!;
    // Leaving while the write is pending asks; the player leaves anyway.
    const asked: string[] = [];
    p.page.on('dialog', (d) => {
      asked.push(d.type());
      void d.accept();
    });
    // The command and the reload in one task: IndexedDB has not even begun writing it.
    await Promise.all([
      p.page.waitForEvent('load'),
      p.page.evaluate(() => {
        const end = document.querySelector<HTMLButtonElement>('[data-testid^="end-step-"]')!;
        const n = window.__VEDETTE__.play()!.commandCount;
        end.click();
        if (window.__VEDETTE__.play()!.commandCount !== n + 1) throw new Error('the command was not given at once');
        location.reload();
      }),
    ]);
    await p.ready();
    await expect.poll(async () => (await p.probe())?.commandCount).toBe(before.commandCount + 1);
    expect(asked.every((t) => t === 'beforeunload')).toBe(true);
    // The journal went into the library: the list has the battle as it now stands.
    await p.page.evaluate(() => window.__VEDETTE__.kept());
    expect(await p.page.evaluate(() => localStorage.getItem('vedette.journal.v1'))).toBeNull();
    expect(p.errors).toEqual([]);
    await p.page.close();
  });
});

describe('when the browser will not store a battle', () => {
  it('shows the warning, keeps the battle in progress whole, offers it as a file, and keeps it once space is back', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 720 } });
    // A browser whose storage is full: every write to the library is refused with QuotaExceededError while the flag is up.
    await page.addInitScript(() => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if ((window as unknown as { __full?: boolean }).__full && this.name === 'saves') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.apply(this, args);
      };
    });
    await page.goto(url);
    const p = await PlayPage.attach(page);
    await p.start('solo');
    await page.evaluate(() => ((window as unknown as { __full?: boolean }).__full = true));
    await p.endStep('fr');
    const inPlay = (await p.probe())!;
    const warning = page.locator('[data-testid=storage-warning][data-kind=full]');
    await warning.waitFor();
    expect(await p.byTest('storage-warning-text').textContent()).toMatch(/not being kept: the browser's storage is full\. Nothing is lost/);
    await page.screenshot({ path: 'e2e/screenshots/storage-full-1280.png' });
    await page.setViewportSize({ width: 760, height: 720 });
    await page.screenshot({ path: 'e2e/screenshots/storage-full-760.png' });
    await page.setViewportSize({ width: 1280, height: 720 });
    // Nothing lost: the battle goes on, and the file offered holds every command.
    expect(await p.probe()).toEqual(inPlay);
    const [download] = await Promise.all([page.waitForEvent('download'), p.byTest('storage-save-file').click()]);
    const saved = JSON.parse((await import('node:fs')).readFileSync((await download.path())!, 'utf8')) as { log: unknown[] };
    expect(saved.log).toHaveLength(inPlay.commandCount);
    // Space freed: Try again keeps it, and the warning goes.
    await page.evaluate(() => ((window as unknown as { __full?: boolean }).__full = false));
    await p.byTest('storage-retry').click();
    await warning.waitFor({ state: 'detached' });
    await p.reload();
    await expect.poll(async () => (await p.probe())?.commandCount).toBe(inPlay.commandCount);
    expect(p.errors).toEqual([]);
    await page.close();
  });
});
