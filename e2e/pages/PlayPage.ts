/**
 * Page object for the play screen: the start dialog, the phase bar, the hand-over screen,
 * the log, the toolbar and the inspector, with the engine's state read through the test hook.
 * Scenario files under e2e/fixtures/ are served at `fixtures/<name>` by routing requests.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { PlayProbe, ToolsProbe } from '../../src/ui/testHook';

const FIXTURES = resolve('e2e/fixtures');

export class PlayPage {
  readonly errors: string[] = [];
  private constructor(readonly page: Page) {
    page.on('pageerror', (e) => this.errors.push(e.message));
  }

  /** Open the app at `path` (relative to the base URL), fixtures routed, and wait until it is ready. */
  static async open(browser: Browser, baseUrl: string, path = '', viewport = { width: 1400, height: 860 }): Promise<PlayPage> {
    const page = await browser.newPage({ viewport });
    await page.route('**/fixtures/*.json', (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop()!;
      return route.fulfill({ status: 200, contentType: 'application/json', body: readFileSync(resolve(FIXTURES, name), 'utf8') });
    });
    const p = new PlayPage(page);
    await page.goto(baseUrl + path);
    await p.ready();
    return p;
  }

  /** A page already opened (e.g. with init scripts), once the app is ready. */
  static async attach(page: Page): Promise<PlayPage> {
    const p = new PlayPage(page);
    await p.ready();
    return p;
  }

  async ready(): Promise<void> {
    await this.page.waitForSelector('#app[data-ready=true]', { timeout: 30_000 });
  }

  /** Reload once the battle is kept (writes to the browser's storage are asynchronous). */
  async reload(): Promise<void> {
    await this.page.evaluate(() => window.__VEDETTE__.kept());
    await this.page.reload();
    await this.ready();
  }

  byTest(id: string): Locator {
    return this.page.locator(`[data-testid="${id}"]`);
  }

  probe(): Promise<PlayProbe | null> {
    return this.page.evaluate(() => window.__VEDETTE__.play());
  }

  // The start dialog.
  dialog(): Locator {
    return this.byTest('start-dialog');
  }
  async chooseScenario(title: string): Promise<void> {
    await this.dialog().locator('[data-testid=scenario-card]', { hasText: title }).click();
  }
  async loadScenarioFile(name: string): Promise<void> {
    await this.byTest('scenario-file').setInputFiles(resolve(FIXTURES, name));
  }
  /** Start the chosen scenario with a fixed seed in the given mode. */
  async start(mode: 'solo' | 'hotseat', seed = 1234): Promise<void> {
    await this.byTest('seed').fill(String(seed));
    await this.byTest(`mode-${mode}`).check();
    await this.byTest('start-battle').click();
  }

  // Hand-over.
  async handoverTitle(): Promise<string | null> {
    const h = this.byTest('handover');
    return (await h.isVisible()) ? h.locator('[data-testid=handover-title]').textContent() : null;
  }
  async takeOver(): Promise<void> {
    await this.byTest('handover-confirm').click();
    await this.byTest('handover').waitFor({ state: 'hidden' });
  }

  // Phase bar.
  endStepButtons(): Locator {
    return this.page.locator('[data-testid^="end-step-"]');
  }
  async endStep(side: string): Promise<void> {
    const before = (await this.probe())!.commandCount;
    await this.byTest(`end-step-${side}`).click();
    await this.page.waitForFunction((n) => (window.__VEDETTE__.play()?.commandCount ?? 0) > n, before);
  }

  logText(): Promise<string> {
    return this.byTest('log').innerText();
  }

  /** The table tools' state (active tool, spans, live move read-out, notice). */
  tools(): Promise<ToolsProbe> {
    return this.page.evaluate(() => window.__VEDETTE__.tools());
  }

  /** Page pixels of a table point. */
  async toPage(x: number, y: number): Promise<{ x: number; y: number }> {
    const s = await this.page.evaluate(([tx, ty]) => window.__VEDETTE__.tableToScreen(tx!, ty!), [x, y]);
    const box = (await this.page.locator('canvas').boundingBox())!;
    return { x: box.x + s.x, y: box.y + s.y };
  }

  async unit(id: string): Promise<{ id: string; side: string; stands: { id: string; centre: { x: number; y: number }; facing: number }[] }> {
    const battle = (await this.page.evaluate(() => window.__VEDETTE__.battle())) as { units: { id: string; side: string; stands: { id: string; centre: { x: number; y: number }; facing: number }[] }[] };
    const u = battle.units.find((x) => x.id === id);
    if (!u) throw new Error(`no unit ${id}`);
    return u;
  }

  /**
   * Drag a unit with the mouse by (dx, dy) table millimetres, grabbing its first stand, and
   * return the live read-out seen just before release; `beforeRelease` runs while the mouse is
   * still down.
   */
  async dragUnitBy(id: string, dxMm: number, dyMm: number, beforeRelease?: () => Promise<void>): Promise<ToolsProbe['movePreview']> {
    const c = (await this.unit(id)).stands[0]!.centre;
    const from = await this.toPage(c.x, c.y);
    const to = await this.toPage(c.x + dxMm, c.y + dyMm);
    const m = this.page.mouse;
    await m.move(from.x, from.y);
    await m.down();
    await m.move(to.x, to.y, { steps: 10 });
    const preview = (await this.tools()).movePreview;
    await beforeRelease?.();
    await m.up();
    return preview;
  }

  /** Click a unit on the canvas (its first stand), through the hook's camera. */
  async clickUnit(id: string): Promise<void> {
    const battle = (await this.page.evaluate(() => window.__VEDETTE__.battle())) as { units: { id: string; stands: { centre: { x: number; y: number } }[] }[] };
    const u = battle.units.find((x) => x.id === id);
    if (!u) throw new Error(`no unit ${id}`);
    const c = u.stands[0]!.centre;
    const s = await this.page.evaluate(([x, y]) => window.__VEDETTE__.tableToScreen(x!, y!), [c.x, c.y]);
    const box = (await this.page.locator('canvas').boundingBox())!;
    await this.page.mouse.click(box.x + s.x, box.y + s.y);
  }
}
