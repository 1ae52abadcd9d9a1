/**
 * `npm run bench:render` — a benchmark, not a test. Builds large battles (1,000 and 2,000
 * stands with terrain), serves the built app, and in headless Chromium (software rendering)
 * pans and zooms with the real mouse while recording:
 *   - renderMs: the median time of one scene render (pixi's app.render(), measured in-page);
 *   - frameMs:  the median interval between animation frames while panning/zooming, which is
 *               the frame time a player feels (it includes input handling and compositing);
 *   - idleFrames: frames drawn in one idle second (must be 0: an idle table draws nothing).
 * Prints a table, then one JSON line {"bench":"render", ...}.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { serveDist } from './staticServer';

const IN = 25.4;

/** A battle of `stands` stands in 8-stand battalions, with woods, hills, villages and roads. */
export function benchScenario(stands: number): object {
  const perUnit = 8;
  const unitsN = Math.ceil(stands / perUnit);
  const cols = 10;
  const rows = Math.ceil(unitsN / cols);
  const colW = perUnit * IN + 40;
  const rowH = IN + 22;
  const W = Math.max(72 * IN, cols * colW + 80);
  const D = Math.max(48 * IN, rows * rowH + 120);
  const terrain: object[] = [];
  let k = 0;
  for (let i = 0; i < 40; i++) {
    const cx = ((i * 7919) % 97) / 97 * W, cy = ((i * 104729) % 89) / 89 * D;
    const r = 60 + ((i * 31) % 50);
    const kind = ['wood', 'hill', 'village', 'field', 'marsh'][i % 5]!;
    const poly = Array.from({ length: 20 }, (_, j) => {
      const a = (j / 20) * Math.PI * 2;
      const rr = r * (1 + 0.15 * Math.sin(3 * a + i));
      return [Math.round(cx + rr * Math.cos(a)), Math.round(cy + rr * 0.7 * Math.sin(a))];
    });
    terrain.push({ id: `t${k++}`, kind, name: `${kind} ${i}`, polygon: poly, ...(kind === 'hill' ? { heightLevel: 1 + (i % 2) } : {}) });
  }
  for (let i = 0; i < 4; i++) {
    terrain.push({ id: `t${k++}`, kind: i % 2 ? 'stream' : 'road', name: `line ${i}`, widthMm: 25, line: Array.from({ length: 12 }, (_, j) => [Math.round((j / 11) * W), Math.round(((i + 1) / 5) * D + 60 * Math.sin(j))]) });
  }
  const units: object[] = [];
  for (let u = 0; u < unitsN; u++) {
    const row = Math.floor(u / cols), col = u % cols;
    const side = row < rows / 2 ? 'a' : 'b';
    const n = Math.min(perUnit, stands - u * perUnit);
    units.push({
      id: `u${u}`, name: `Battalion ${u + 1}`, side, parent: `${side}-div`,
      arm: ['infantry', 'infantry', 'cavalry', 'artillery'][u % 4], troopType: 'line', quality: 'trained',
      formation: 'line', at: { x: 60 + col * colW + (perUnit * IN) / 2, y: 80 + row * rowH, facingDeg: side === 'a' ? 90 : -90 },
      stands: Array.from({ length: n }, () => ({ widthMm: IN, depthMm: IN })),
    });
  }
  return {
    format: 'vedette-scenario', version: 1, id: `bench-${stands}`, title: `Benchmark: ${stands} stands`,
    rulesets: ['napoleonic-warfare'], table: { widthMm: W, depthMm: D }, terrain,
    sides: [
      { id: 'a', name: 'Side A', nationality: 'French', colour: '#2b4c9b' },
      { id: 'b', name: 'Side B', nationality: 'Austrian', colour: '#e9e4d4' },
    ],
    formations: [
      { id: 'a-div', name: 'A', side: 'a', level: 'division' },
      { id: 'b-div', name: 'B', side: 'b', level: 'division' },
    ],
    units,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};

async function recordFrames(page: Page, drive: () => Promise<void>): Promise<{ renderMs: number[]; intervals: number[] }> {
  const f0 = await page.evaluate(() => window.__VEDETTE__.frames());
  // A string, not a function: tsx's name-keeping helper does not exist in the page.
  await page.evaluate(`(() => {
    window.__stamps = [];
    window.__rec = true;
    const tick = (t) => { window.__stamps.push(t); if (window.__rec) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);
  await drive();
  const stamps = await page.evaluate(() => {
    const w = window as unknown as { __stamps: number[]; __rec: boolean };
    w.__rec = false;
    return w.__stamps;
  });
  const f1 = await page.evaluate(() => window.__VEDETTE__.frames());
  const times = await page.evaluate(() => window.__VEDETTE__.frameTimes());
  const renderMs = times.slice(-Math.min(times.length, f1 - f0));
  const intervals = stamps.slice(1).map((t, i) => t - stamps[i]!);
  return { renderMs, intervals };
}

async function benchOne(page: Page, url: string, stands: number) {
  await page.goto(`${url}?scenario=bench/bench-${stands}.json`);
  await page.waitForSelector('#app[data-ready=true]', { timeout: 60_000 });
  const box = (await page.locator('canvas').boundingBox())!;
  const m = page.mouse;
  // Pan: drag from the margin outside the table (always empty ground) in a slow circle.
  const pan = await recordFrames(page, async () => {
    await m.move(box.x + 6, box.y + 6);
    await m.down();
    for (let i = 0; i < 90; i++) {
      const a = (i / 90) * Math.PI * 2;
      await m.move(box.x + 6 + 120 * Math.sin(a), box.y + 6 + 80 * (1 - Math.cos(a)));
    }
    await m.up();
  });
  // Zoom: wheel in and out about points across the table.
  const zoom = await recordFrames(page, async () => {
    for (let i = 0; i < 90; i++) {
      await m.move(box.x + box.width * (0.2 + 0.6 * ((i * 37) % 90) / 90), box.y + box.height * (0.3 + 0.4 * ((i * 53) % 90) / 90));
      await m.wheel(0, i % 20 < 10 ? -120 : 120);
    }
  });
  const idle0 = await page.evaluate(() => window.__VEDETTE__.frames());
  await page.waitForTimeout(1000);
  const idleFrames = (await page.evaluate(() => window.__VEDETTE__.frames())) - idle0;
  const renderMs = [...pan.renderMs, ...zoom.renderMs];
  const intervals = [...pan.intervals, ...zoom.intervals];
  return { stands, renderMs: median(renderMs), frameMs: median(intervals), frames: renderMs.length, idleFrames };
}

async function main(): Promise<void> {
  const dist = resolve('dist');
  mkdirSync(resolve(dist, 'bench'), { recursive: true });
  for (const n of [1000, 2000]) writeFileSync(resolve(dist, 'bench', `bench-${n}.json`), JSON.stringify(benchScenario(n)));
  const server = await serveDist(dist);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const results = [];
    for (const n of [1000, 2000]) results.push(await benchOne(page, server.url, n));
    console.log('stands  render median  frame median  frames  idle frames/s');
    for (const r of results) {
      console.log(`${String(r.stands).padStart(6)}  ${r.renderMs.toFixed(2).padStart(10)} ms  ${r.frameMs.toFixed(2).padStart(9)} ms  ${String(r.frames).padStart(6)}  ${r.idleFrames}`);
    }
    const [a, b] = results;
    console.log(JSON.stringify({
      bench: 'render',
      renderMs1000: +a!.renderMs.toFixed(3), frameMs1000: +a!.frameMs.toFixed(3),
      renderMs2000: +b!.renderMs.toFixed(3), frameMs2000: +b!.frameMs.toFixed(3),
      idleFrames: a!.idleFrames + b!.idleFrames,
    }));
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
