/**
 * Page object for the scenario editor (`?editor`): its tools, the table clicked and dragged in
 * table millimetres, and the draft and its problems read through the editor's test hook.
 */
import type { Browser, Locator, Page } from 'playwright-core';

export interface EditorProbe {
  draft(): unknown;
  problems(): { path: string; message: string; piece: { kind: string; id: string } | null }[] | null;
  highlighted(): { kind: string; id: string } | null;
  selected(): { kind: string; id: string } | null;
}
declare global {
  interface Window {
    __VEDETTE_EDITOR__: EditorProbe;
  }
}

export interface DraftView {
  title: string;
  table: { widthMm: number; depthMm: number };
  terrain: { id: string; kind: string; name: string; polygon?: [number, number][]; line?: [number, number][]; props?: Record<string, unknown> }[];
  sides: { id: string; deploymentZone?: [number, number][] }[];
  units: { id: string; side: string; at: { x: number; y: number; facingDeg: number } }[];
  generals: { id: string; side: string }[];
}

export class EditorPage {
  readonly errors: string[] = [];
  private constructor(readonly page: Page) {
    page.on('pageerror', (e) => this.errors.push(e.message));
  }

  static async open(browser: Browser, baseUrl: string, viewport = { width: 1280, height: 720 }): Promise<EditorPage> {
    const page = await browser.newPage({ viewport, acceptDownloads: true });
    const p = new EditorPage(page);
    await page.goto(`${baseUrl}?editor`);
    await page.waitForSelector('#app[data-ready=true]', { timeout: 30_000 });
    return p;
  }

  byTest(id: string): Locator {
    return this.page.locator(`[data-testid="${id}"]`);
  }

  draft(): Promise<DraftView> {
    return this.page.evaluate(() => window.__VEDETTE_EDITOR__.draft()) as Promise<DraftView>;
  }
  problems(): Promise<ReturnType<EditorProbe['problems']>> {
    return this.page.evaluate(() => window.__VEDETTE_EDITOR__.problems());
  }
  highlighted(): Promise<{ kind: string; id: string } | null> {
    return this.page.evaluate(() => window.__VEDETTE_EDITOR__.highlighted());
  }

  async tool(t: 'select' | 'area' | 'line' | 'zone' | 'unit'): Promise<void> {
    await this.byTest(`editor-tool-${t}`).click();
  }

  /** Page pixels of a table point. */
  async toPage(x: number, y: number): Promise<{ x: number; y: number }> {
    const s = await this.page.evaluate(([a, b]) => window.__VEDETTE__.tableToScreen(a!, b!), [x, y]);
    const box = (await this.page.locator('canvas').boundingBox())!;
    return { x: box.x + s.x, y: box.y + s.y };
  }

  async click(x: number, y: number): Promise<void> {
    const p = await this.toPage(x, y);
    await this.page.mouse.click(p.x, p.y);
  }

  /** Click out a shape point by point; `close` clicks the first point again, else the last. */
  async drawShape(points: readonly (readonly [number, number])[], close: boolean): Promise<void> {
    for (const [x, y] of points) await this.click(x, y);
    const [x, y] = close ? points[0]! : points[points.length - 1]!;
    await this.click(x, y);
  }

  async drag(from: readonly [number, number], to: readonly [number, number]): Promise<void> {
    const a = await this.toPage(from[0], from[1]);
    const b = await this.toPage(to[0], to[1]);
    const m = this.page.mouse;
    await m.move(a.x, a.y);
    await m.down();
    await m.move(b.x, b.y, { steps: 8 });
    await m.up();
  }
}
