/**
 * Page object for the battlefield: knows how to find pieces on the canvas through the
 * dev/test hook and how to drive the mouse in table terms.
 */
import type { Browser, Page } from 'playwright-core';
import type { VedetteTestHook } from '../../src/ui/testHook';

export interface StandJson { id: string; centre: { x: number; y: number }; facing: number; widthMm: number; depthMm: number }
export interface UnitJson { id: string; name: string; side: string; arm: string; stands: StandJson[] }
export interface BattleJson { units: UnitJson[]; generals: { id: string; name: string; stand: StandJson }[]; table: { widthMm: number; depthMm: number } }

export class TablePage {
  private constructor(readonly page: Page) {}

  static async open(browser: Browser, url: string, viewport = { width: 1280, height: 800 }): Promise<TablePage> {
    const page = await browser.newPage({ viewport });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForSelector('#app[data-ready=true]', { timeout: 30_000 });
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    return new TablePage(page);
  }

  battle(): Promise<BattleJson> {
    return this.page.evaluate(() => window.__VEDETTE__.battle() as never);
  }

  async unit(id: string): Promise<UnitJson> {
    const u = (await this.battle()).units.find((x) => x.id === id);
    if (!u) throw new Error(`no unit ${id}`);
    return u;
  }

  camera(): Promise<{ scale: number; x: number; y: number }> {
    return this.page.evaluate(() => window.__VEDETTE__.camera());
  }

  /** Page coordinates (for the mouse) of a table point. */
  async toPage(x: number, y: number): Promise<{ x: number; y: number }> {
    const s = await this.page.evaluate(([tx, ty]) => window.__VEDETTE__.tableToScreen(tx!, ty!), [x, y]);
    const box = (await this.page.locator('canvas').boundingBox())!;
    return { x: box.x + s.x, y: box.y + s.y };
  }

  async canvasCentre(): Promise<{ x: number; y: number }> {
    const box = (await this.page.locator('canvas').boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** Press at a page point, move in steps by (dx, dy) pixels, release. */
  async drag(from: { x: number; y: number }, dx: number, dy: number, steps = 12): Promise<void> {
    const m = this.page.mouse;
    await m.move(from.x, from.y);
    await m.down();
    await m.move(from.x + dx, from.y + dy, { steps });
    await m.up();
  }

  /**
   * Press a handle given in canvas pixels and swing it by `angleRad` (clockwise) about a table
   * point, in `steps` moves, then release.
   */
  async swingHandle(handle: { x: number; y: number }, pivotTable: { x: number; y: number }, angleRad: number, steps = 12): Promise<void> {
    const box = (await this.page.locator('canvas').boundingBox())!;
    const pivot = await this.toPage(pivotTable.x, pivotTable.y);
    const h = { x: box.x + handle.x, y: box.y + handle.y };
    const r = Math.hypot(h.x - pivot.x, h.y - pivot.y);
    const a0 = Math.atan2(h.y - pivot.y, h.x - pivot.x);
    const m = this.page.mouse;
    await m.move(h.x, h.y);
    await m.down();
    for (let i = 1; i <= steps; i++) {
      const a = a0 + angleRad * (i / steps);
      await m.move(pivot.x + r * Math.cos(a), pivot.y + r * Math.sin(a));
    }
    await m.up();
  }

  async clickAt(p: { x: number; y: number }): Promise<void> {
    await this.page.mouse.click(p.x, p.y);
  }

  selectedName(): Promise<string | null> {
    return this.page.locator('[data-testid=selected-name]').textContent({ timeout: 5_000 });
  }

  rotateHandle(): Promise<{ x: number; y: number } | null> {
    return this.page.evaluate(() => window.__VEDETTE__.rotateHandle());
  }

  frames(): Promise<number> {
    return this.page.evaluate(() => window.__VEDETTE__.frames());
  }

  /**
   * Counts what a screenshot shows: decodes it in the page (no PNG library needed) and
   * returns how many sampled pixels are near each colour asked for, and the distinct colours.
   */
  async screenshotStats(path: string, colours: Record<string, [number, number, number]>): Promise<{ distinct: number; counts: Record<string, number> }> {
    const png = await this.page.screenshot({ path });
    return this.page.evaluate(
      async ([b64, wanted]) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.width;
        c.height = img.height;
        const ctx = c.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        const d = ctx.getImageData(0, 0, c.width, c.height).data;
        const distinct = new Set<number>();
        const counts: Record<string, number> = Object.fromEntries(Object.keys(wanted).map((k) => [k, 0]));
        for (let i = 0; i < d.length; i += 4 * 7) {
          const r = d[i]!, g = d[i + 1]!, b = d[i + 2]!;
          distinct.add((r << 16) | (g << 8) | b);
          for (const [k, [wr, wg, wb]] of Object.entries(wanted)) {
            if (Math.abs(r - wr) + Math.abs(g - wg) + Math.abs(b - wb) < 30) counts[k]!++;
          }
        }
        return { distinct: distinct.size, counts };
      },
      [png.toString('base64'), colours] as const,
    );
  }
}

declare global {
  interface Window {
    __VEDETTE__: VedetteTestHook;
  }
}
