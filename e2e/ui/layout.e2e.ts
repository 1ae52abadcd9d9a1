/**
 * The play screen from 900×700 to 2560×1440: no sideways scroll, every toolbar button and End step
 * clickable at its centre (nothing covers it), the phase bar's texts uncut. Screenshots of
 * each size land in e2e/screenshots/ for a person to look at.
 */
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');

/** What does not fit: sideways scroll, covered buttons, cut texts (empty when all is well). */
async function layoutProblems(p: PlayPage): Promise<string[]> {
  return p.page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) out.push(`the page scrolls sideways (${doc.scrollWidth} > ${doc.clientWidth})`);
    const buttons = [...document.querySelectorAll<HTMLElement>('.toolbar button, [data-testid^="end-step-"]')];
    if (buttons.length === 0) out.push('no buttons found');
    for (const b of buttons) {
      const r = b.getBoundingClientRect();
      const name = b.dataset.testid ?? b.textContent;
      if (r.width === 0 || r.height === 0) {
        out.push(`${name} is not shown`);
        continue;
      }
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !b.contains(hit)) out.push(`${name} is covered at its centre by ${hit?.outerHTML.slice(0, 80) ?? 'nothing'}`);
      if (r.right > doc.clientWidth || r.left < 0) out.push(`${name} is off the page`);
      if (b.scrollWidth > b.clientWidth) out.push(`${name}'s label is cut`);
    }
    for (const sel of ['.pb-phase', '.pb-step', '.pb-who', '.pb-chip', '.pb-turn']) {
      for (const e of document.querySelectorAll<HTMLElement>(sel)) {
        if (e.classList.contains('visually-hidden')) continue; // read by screen readers only
        if (e.scrollWidth > e.clientWidth) out.push(`${sel} "${e.textContent}" is cut (${e.scrollWidth} > ${e.clientWidth})`);
        const r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !(e.contains(hit) || hit.contains(e))) out.push(`${sel} "${e.textContent}" is covered`);
      }
    }
    const bar = document.querySelector<HTMLElement>('[data-testid=phase-bar]');
    if (bar && bar.scrollWidth > bar.clientWidth) out.push(`the phase bar overflows (${bar.scrollWidth} > ${bar.clientWidth})`);
    return out;
  });
}

async function startActionProblems(p: PlayPage): Promise<string[]> {
  return p.page.evaluate(() => {
    const out: string[] = [];
    const actions = [...document.querySelectorAll<HTMLElement>('.file-load > button, .file-load > a')];
    if (actions.length < 3) out.push(`${actions.length} file actions found`);
    const gold = getComputedStyle(document.querySelector<HTMLElement>('.file-load > button')!).color;
    actions.forEach((a, i) => {
      const r = a.getClientRects();
      if (r.length !== 1) out.push(`"${a.textContent}" runs over ${r.length} lines`);
      const prev = actions[i - 1];
      if (prev && a.getBoundingClientRect().top < prev.getBoundingClientRect().bottom - 1) out.push(`"${a.textContent}" shares a line with "${prev.textContent}"`);
      const cs = getComputedStyle(a);
      if (cs.textDecorationLine !== 'none') out.push(`"${a.textContent}" is underlined`);
      if (cs.color !== gold) out.push(`"${a.textContent}" is ${cs.color}, not the actions' ${gold}`);
    });
    return out;
  });
}

const SIZES = [
  { width: 900, height: 700 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 2560, height: 1440 },
] as const;

describe('the play screen at each size', () => {
  for (const size of SIZES) {
    it(`${size.width}×${size.height}: no sideways scroll, every button clickable at its centre, the phase bar's texts whole`, async () => {
      const p = await PlayPage.open(chromium.browser, url, '', size);
      await p.page.screenshot({ path: `e2e/screenshots/layout-${size.width}x${size.height}-start.png` });
      expect(await p.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      // The start dialog's file actions: each on a line of its own, in the dialog's action style (not a web link's).
      expect(await startActionProblems(p)).toEqual([]);
      // Solo Napoleonic Warfare: both sides act in the first step, so there are two End step buttons.
      await p.start('solo');
      await p.endStepButtons().first().waitFor();
      await p.page.screenshot({ path: `e2e/screenshots/layout-${size.width}x${size.height}-nw.png` });
      expect(await layoutProblems(p)).toEqual([]);
      // Seven Years War in hot-seat, one side to act.
      await p.byTest('new-battle').click();
      await p.chooseScenario('Krzeczhorz');
      await p.start('hotseat');
      await p.byTest('answer-discard').click();
      await p.takeOver();
      // (3) Generals p.5: the CinC's three counters are the side's choice, in the phase bar.
      await expect.poll(() => p.page.locator('[data-testid=pb-choice]').count()).toBe(3);
      await p.page.screenshot({ path: `e2e/screenshots/layout-${size.width}x${size.height}-syw.png` });
      expect(await layoutProblems(p)).toEqual([]);
      // Kept from the phase bar: the third counter.
      const n = (await p.probe())!.commandCount;
      await p.byTest('pb-choice-list').selectOption('2');
      await p.byTest('pb-choice-go').click();
      await p.page.waitForFunction((k) => window.__VEDETTE__.play()!.commandCount > k, n);
      if ((await p.probe())!.handover) await p.takeOver();
      // The table fills the stage after a resize, and the page still fits.
      await p.page.setViewportSize({ width: size.width + 200, height: size.height + 100 });
      await p.page.waitForFunction(() => {
        const c = document.querySelector('canvas')!;
        const s = document.querySelector<HTMLElement>('[data-testid=stage]')!;
        return c.clientWidth === s.clientWidth && c.clientHeight === s.clientHeight;
      });
      expect(await layoutProblems(p)).toEqual([]);
      expect(p.errors).toEqual([]);
      await p.page.close();
    });
  }
});
