/**
 * The first slice of the table, driven in real Chromium with the mouse: the battle is drawn,
 * a unit is dragged and turned, the view zooms about the cursor and pans.
 */
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from './support/chromium';
import { TablePage } from './pages/TablePage';

const chromium = useChromium();
// The free table: pieces go where they are put (the play screen starts battles on the engine).
const url = `${inject('baseUrl')}?table=free`;

const centreOf = (u: { stands: { centre: { x: number; y: number } }[] }) => ({
  x: u.stands.reduce((a, s) => a + s.centre.x, 0) / u.stands.length,
  y: u.stands.reduce((a, s) => a + s.centre.y, 0) / u.stands.length,
});

describe('the built-in battle', () => {
  it('draws the table, its terrain and both forces', async () => {
    const t = await TablePage.open(chromium.browser, url);
    const b = await t.battle();
    expect(b.units.length).toBeGreaterThanOrEqual(10);
    const stats = await t.screenshotStats('e2e/screenshots/battle.png', {
      table: [0x7a, 0x9a, 0x5a],
      wood: [0x3f, 0x6b, 0x35],
      water: [0x4f, 0x86, 0xb5],
      road: [0xcb, 0xb6, 0x8a],
      french: [0x2b, 0x4c, 0x9b],
      austrian: [0xe9, 0xe4, 0xd4],
    });
    expect(stats.distinct).toBeGreaterThan(20);
    for (const [name, n] of Object.entries(stats.counts)) expect(n, `pixels of ${name}`).toBeGreaterThan(20);
    await t.page.close();
  });

  it('shows the name of a clicked unit, as text', async () => {
    const t = await TablePage.open(chromium.browser, url);
    const u = await t.unit('au-ir4-1');
    await t.clickAt(await t.toPage(u.stands[0]!.centre.x, u.stands[0]!.centre.y));
    expect(await t.selectedName()).toBe('IR 4 Hoch- und Deutschmeister (I)');
    expect(await t.page.evaluate(() => window.__VEDETTE__.selected())).toBe('au-ir4-1');
    await t.page.close();
  });
});

describe('moving a unit with the mouse', () => {
  it('moves it by exactly the dragged amount in table millimetres', async () => {
    const t = await TablePage.open(chromium.browser, url);
    const before = await t.unit('fr-1-45');
    const cam = await t.camera();
    const grab = before.stands[2]!.centre;
    const dxPx = 120, dyPx = -80;
    await t.drag(await t.toPage(grab.x, grab.y), dxPx, dyPx);
    const after = await t.unit('fr-1-45');
    for (let i = 0; i < before.stands.length; i++) {
      expect(after.stands[i]!.centre.x - before.stands[i]!.centre.x).toBeCloseTo(dxPx / cam.scale, 3);
      expect(after.stands[i]!.centre.y - before.stands[i]!.centre.y).toBeCloseTo(dyPx / cam.scale, 3);
      expect(after.stands[i]!.facing).toBeCloseTo(before.stands[i]!.facing, 9);
    }
    // Nothing else moved.
    const other = await t.unit('fr-2-45');
    expect(other.stands[0]!.centre).toEqual((await TablePageBaseline.get(t, 'fr-2-45')).stands[0]!.centre);
    await t.page.close();
  });

  it('turns it about its centre with the rotate handle', async () => {
    const t = await TablePage.open(chromium.browser, url);
    const before = await t.unit('fr-7-leg');
    const c = centreOf(before);
    await t.clickAt(await t.toPage(before.stands[0]!.centre.x, before.stands[0]!.centre.y));
    const handle = (await t.rotateHandle())!;
    expect(handle).not.toBeNull();
    // Swing the handle a quarter turn clockwise about the unit's centre.
    await t.swingHandle(handle, c, Math.PI / 2);
    const after = await t.unit('fr-7-leg');
    const turned = after.stands[0]!.facing - before.stands[0]!.facing;
    expect(Math.abs(Math.atan2(Math.sin(turned - Math.PI / 2), Math.cos(turned - Math.PI / 2)))).toBeLessThan(0.02);
    const c2 = centreOf(after);
    expect(c2.x).toBeCloseTo(c.x, 6);
    expect(c2.y).toBeCloseTo(c.y, 6);
    await t.page.close();
  });
});

describe('the view', () => {
  it('zooms about the cursor with the wheel', async () => {
    const t = await TablePage.open(chromium.browser, url);
    const cam0 = await t.camera();
    const at = await t.toPage(1380, 430); // Oakley Wood
    await t.page.mouse.move(at.x, at.y);
    await t.page.mouse.wheel(0, -300);
    await t.page.waitForFunction((s) => window.__VEDETTE__.camera().scale > s, cam0.scale);
    const cam1 = await t.camera();
    expect(cam1.scale).toBeGreaterThan(cam0.scale * 1.3);
    // The table point under the cursor stays under the cursor.
    const again = await t.toPage(1380, 430);
    // Pointer events carry whole or float32 pixels: within half a pixel.
    expect(Math.abs(again.x - at.x)).toBeLessThan(0.5);
    expect(Math.abs(again.y - at.y)).toBeLessThan(0.5);
    await t.page.close();
  });

  it('pans when empty ground is dragged, moving no unit', async () => {
    const t = await TablePage.open(chromium.browser, url);
    const cam0 = await t.camera();
    const before = await t.battle();
    const ground = await t.toPage(150, 1000); // open ground, south-west
    await t.drag(ground, 140, -60);
    const cam1 = await t.camera();
    expect(cam1.x - cam0.x).toBeCloseTo(140, 3);
    expect(cam1.y - cam0.y).toBeCloseTo(-60, 3);
    expect(cam1.scale).toBe(cam0.scale);
    expect((await t.battle()).units).toEqual(before.units);
    await t.page.close();
  });

  it('draws nothing while nothing changes', async () => {
    const t = await TablePage.open(chromium.browser, url);
    await t.page.waitForTimeout(300);
    const f0 = await t.frames();
    await t.page.waitForTimeout(700);
    expect(await t.frames()).toBe(f0);
    await t.page.close();
  });
});

/** The positions of the built-in battle as loaded, read from a fresh page. */
const TablePageBaseline = {
  async get(t: TablePage, id: string) {
    const fresh = await TablePage.open(t.page.context().browser()!, url);
    const u = await fresh.unit(id);
    await fresh.page.close();
    return u;
  },
};

describe('wheeling a unit with the mouse', () => {
  it('wheels about the left front corner with the right-hand wheel handle, the corner staying put', async () => {
    const t = await TablePage.open(chromium.browser, url);
    const before = await t.unit('fr-7-leg');
    await t.clickAt(await t.toPage(before.stands[0]!.centre.x, before.stands[0]!.centre.y));
    const handle = (await t.page.evaluate(() => window.__VEDETTE__.wheelHandle('left')))!;
    expect(handle).not.toBeNull();
    // The battalion faces up the screen: its left front corner is the top-left of its first stand.
    const s0 = before.stands[0]!;
    const corner = { x: s0.centre.x - s0.widthMm / 2, y: s0.centre.y - s0.depthMm / 2 };
    // An eighth of a turn clockwise (45°, the NW maximum wheel).
    await t.swingHandle(handle, corner, Math.PI / 4, 10);
    const after = await t.unit('fr-7-leg');
    const turned = after.stands[0]!.facing - s0.facing;
    expect(Math.abs(Math.atan2(Math.sin(turned - Math.PI / 4), Math.cos(turned - Math.PI / 4)))).toBeLessThan(0.03);
    // The pivot corner has not moved: it is still the left front corner of the first stand.
    const a = after.stands[0]!;
    const f = { x: Math.cos(a.facing), y: Math.sin(a.facing) };
    const rr = { x: -f.y, y: f.x };
    const c2 = { x: a.centre.x + f.x * (a.depthMm / 2) - rr.x * (a.widthMm / 2), y: a.centre.y + f.y * (a.depthMm / 2) - rr.y * (a.widthMm / 2) };
    expect(Math.hypot(c2.x - corner.x, c2.y - corner.y)).toBeLessThan(0.01);
    await t.page.close();
  });
});
