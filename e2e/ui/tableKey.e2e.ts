/**
 * A table a player reads: the key lists what the marker chips on the table mean, a chip's
 * meaning shows as text when the pointer rests on it, and no chip sits on another chip.
 */
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const baseUrl = inject('baseUrl');

describe('The key to the table and marker tooltips', () => {
  it('lists the chips on the table with their meaning, and a hovered chip says the same as text', async () => {
    const p = await PlayPage.open(chromium.browser, baseUrl, '', { width: 1280, height: 720 });
    await p.chooseScenario('The Ridge at Krzeczhorz');
    await p.start('solo');
    await p.page.waitForFunction(() => window.__VEDETTE__.markers().length > 0);
    const chips = await p.page.evaluate(() => window.__VEDETTE__.markers());

    // The key opens from its button and explains every kind of chip on the table, in words.
    await p.byTest('legend-toggle').click();
    const legend = p.byTest('legend');
    await legend.waitFor();
    const listed = await p.byTest('legend-markers').locator('li').allInnerTexts();
    for (const c of chips) expect(listed.some((l) => l.includes(c.text) && l.includes(c.title))).toBe(true);
    expect(await legend.innerText()).toContain('Firing arc');
    expect(await legend.innerText()).toContain('Crest line');
    await p.page.screenshot({ path: 'e2e/screenshots/table-key.png' });

    // Rest the pointer on a chip: the tooltip reads its text and meaning as text.
    const chip = chips[0]!;
    const box = (await p.page.locator('canvas').boundingBox())!;
    await p.page.mouse.move(box.x + chip.x + chip.width / 2, box.y + chip.y + chip.height / 2);
    const tip = p.byTest('marker-tooltip');
    await tip.waitFor({ state: 'visible' });
    expect(await tip.textContent()).toBe(`${chip.text} — ${chip.title}`);
    expect(await tip.evaluate((e) => e.children.length)).toBe(0);
    await p.page.screenshot({ path: 'e2e/screenshots/marker-tooltip.png' });

    // Off the chip, the tooltip goes.
    await p.page.mouse.move(box.x + 5, box.y + 5);
    await tip.waitFor({ state: 'hidden' });

    // No two pieces' rows of chips overlap.
    const rows = new Map<string, { x0: number; y0: number; x1: number; y1: number }>();
    for (const c of chips) {
      const r = rows.get(c.pieceId);
      rows.set(c.pieceId, r ? { x0: Math.min(r.x0, c.x), y0: Math.min(r.y0, c.y), x1: Math.max(r.x1, c.x + c.width), y1: Math.max(r.y1, c.y + c.height) } : { x0: c.x, y0: c.y, x1: c.x + c.width, y1: c.y + c.height });
    }
    const list = [...rows.values()];
    for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) {
      const a = list[i]!, b = list[j]!;
      expect(a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1, `rows ${i} and ${j} overlap`).toBe(false);
    }
    expect(p.errors).toEqual([]);
    await p.page.close();
  });
});
