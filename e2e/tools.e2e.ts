/**
 * The table tools a player reaches for, in real Chromium: the measuring tape (in the
 * ruleset's units, from the nearest point of a stand) and the line-of-sight check that names
 * what blocks it. Driven by keys and the mouse on the built-in battle's free table.
 */
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from './support/chromium';
import { TablePage } from './pages/TablePage';

const chromium = useChromium();
const url = inject('baseUrl');

const tools = (t: TablePage) => t.page.evaluate(() => window.__VEDETTE__.tools());

describe('the measuring tape', () => {
  it('measures a 3-4-5 triangle between two points in inches (M)', async () => {
    const t = await TablePage.open(chromium.browser, `${url}?table=free`);
    const before = await t.battle();
    await t.page.keyboard.press('m');
    expect((await tools(t)).tool).toBe('tape');
    // Open ground south-west of the hill: 3" across and 4" down is 5".
    const a = await t.toPage(100, 900);
    const b = await t.toPage(100 + 3 * 25.4, 900 + 4 * 25.4);
    await t.page.mouse.move(a.x, a.y);
    await t.page.mouse.down();
    await t.page.mouse.move(b.x, b.y, { steps: 8 });
    await t.page.mouse.up();
    const r = await tools(t);
    // Pointer positions are whole or float32 pixels, at ~0.5 px/mm: within a tenth of an inch.
    expect(r.readouts.tape).toMatch(/^5\.0"|^4\.9"|^5\.1"/);
    // The tape moved nothing.
    expect((await t.battle()).units).toEqual(before.units);
    await t.page.keyboard.press('m');
    expect((await tools(t)).tool).toBe('select');
    await t.page.close();
  });

  it('measures from the nearest point of a stand when it starts on a unit', async () => {
    const t = await TablePage.open(chromium.browser, `${url}?table=free`);
    await t.page.keyboard.press('m');
    const u = await t.unit('fr-1-45');
    const s = u.stands[0]!;
    const a = await t.toPage(s.centre.x, s.centre.y);
    // Straight ahead of the battalion (it faces up the screen): 2" beyond its front edge.
    const front = s.centre.y - s.depthMm / 2;
    const b = await t.toPage(s.centre.x, front - 2 * 25.4);
    await t.page.mouse.move(a.x, a.y);
    await t.page.mouse.down();
    await t.page.mouse.move(b.x, b.y, { steps: 6 });
    await t.page.mouse.up();
    const r = await tools(t);
    expect((r.tape as { fromPiece?: string }).fromPiece).toBe('fr-1-45');
    expect(r.readouts.tape).toMatch(/^(1\.9|2\.0|2\.1)"/);
    await t.page.close();
  });
});

describe('the line-of-sight check', () => {
  it('says what blocks a line drawn through the wood (V)', async () => {
    const t = await TablePage.open(chromium.browser, `${url}?table=free`);
    await t.page.keyboard.press('v');
    expect((await tools(t)).tool).toBe('sight');
    // West of Oakley Wood to east of it, through its middle.
    const a = await t.toPage(1120, 430);
    const b = await t.toPage(1650, 430);
    await t.page.mouse.move(a.x, a.y);
    await t.page.mouse.down();
    await t.page.mouse.move(b.x, b.y, { steps: 6 });
    await t.page.mouse.up();
    expect((await tools(t)).readouts.sight).toMatch(/^Blocked by Oakley Wood/);
    // Along open ground south of everything, it is clear.
    await t.page.mouse.move((await t.toPage(100, 1150)).x, (await t.toPage(100, 1150)).y);
    await t.page.mouse.down();
    const c = await t.toPage(400, 1150);
    await t.page.mouse.move(c.x, c.y, { steps: 6 });
    await t.page.mouse.up();
    expect((await tools(t)).readouts.sight).toMatch(/^In sight/);
    await t.page.screenshot({ path: 'e2e/screenshots/sight-line.png' });
    await t.page.close();
  });
});
