/**
 * Screenshots of the play screen for a person to look at: the built-in battle and three other
 * scenarios, at 1280×720 and 900×700, with a unit selected, a drag in progress and the tape out.
 * Run after `vite build --mode e2e`: `npx tsx scripts/table-screenshots.ts [outDir]`.
 */
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../src/cli/chromium';
import { serveDist } from '../src/cli/staticServer';

const out = process.argv[2] ?? 'e2e/screenshots/look';
mkdirSync(out, { recursive: true });
const SCENARIOS: [string, string][] = [
  ['default', 'The Mill at Aldern'],
  ['eckmuhl', 'Eckmühl Ridge'],
  ['kolin', 'The Ridge at Krzeczhorz'],
  ['vellarde', 'The Ford at Vellarde'],
];
const SIZES = [
  { width: 1280, height: 720 },
  { width: 900, height: 700 },
];

const server = await serveDist('dist');
const browser = await launchChromium();
try {
  for (const size of SIZES) {
    for (const [key, title] of SCENARIOS) {
      const page = await browser.newPage({ viewport: size });
      page.on('pageerror', (e) => console.error(`${key}: ${e.message}`));
      await page.goto(server.url);
      await page.waitForSelector('#app[data-ready=true]');
      await page.locator('[data-testid=scenario-card]', { hasText: title }).click();
      await page.locator('[data-testid=seed]').fill('1234');
      await page.locator('[data-testid=mode-solo]').check();
      await page.locator('[data-testid=start-battle]').click();
      await page.waitForFunction(() => window.__VEDETTE__.play() !== null);
      await page.waitForTimeout(300);
      const name = `${key}-${size.width}x${size.height}`;
      await page.screenshot({ path: `${out}/${name}.png` });
      // Select the first unit of the side to act, then drag it a little and hold.
      const battle = (await page.evaluate(() => window.__VEDETTE__.battle())) as { units: { id: string; side: string; stands: { centre: { x: number; y: number } }[] }[] };
      const probe = await page.evaluate(() => window.__VEDETTE__.play());
      const u = battle.units.find((x) => probe?.position.actors.includes(x.side)) ?? battle.units[0]!;
      const box = (await page.locator('canvas').boundingBox())!;
      const c = u.stands[0]!.centre;
      const s = await page.evaluate(([x, y]) => window.__VEDETTE__.tableToScreen(x!, y!), [c.x, c.y]);
      await page.mouse.click(box.x + s.x, box.y + s.y);
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${out}/${name}-selected.png` });
      // Where the piece may be given an order from the inspector (NW orders), give it, to see a marker.
      const order = page.locator('button', { hasText: 'Order: Advance' });
      if (await order.count()) {
        await order.first().click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${out}/${name}-order.png` });
      }
      await page.mouse.move(box.x + s.x, box.y + s.y);
      await page.mouse.down();
      await page.mouse.move(box.x + s.x + 60, box.y + s.y - 90, { steps: 8 });
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${out}/${name}-drag.png` });
      await page.mouse.up();
      // Zoomed in on the piece (three notches of the wheel), to see textures and marker sizes.
      await page.mouse.move(box.x + s.x, box.y + s.y);
      for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -240);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/${name}-zoom.png` });
      await page.close();
      console.log(`${out}/${name}*.png`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
