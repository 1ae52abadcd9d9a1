/**
 * Deterministic maths in real Chromium (issue 14, item 5): the functions of src/geometry/math.ts
 * give, bit for bit, the results they give in Node on 10,000 inputs each; and every replay golden
 * (tests/replay/goldens), recorded and checked in Node, is accepted by the app in the browser.
 * The app checks a save's own hash when it loads it, by replaying its log: a save accepted here
 * reached in Chromium the very state hash that Node reached.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, inject, it } from 'vitest';
import * as M from '../src/geometry/math';
import { mathResults } from '../tests/support/mathInputs';
import { useChromium } from './support/chromium';
import { PlayPage } from './pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');
const GOLDENS = 'tests/replay/goldens';

describe('deterministic maths in Chromium', () => {
  it('gives the same bits as Node for every function on 10,000 inputs', async () => {
    // The module and the inputs bundled as they are, evaluated in a blank page.
    const bundle = await build({
      stdin: { contents: "import * as M from './src/geometry/math';\nimport { mathResults } from './tests/support/mathInputs';\nglobalThis.__mathResults = () => mathResults(M);\n", resolveDir: process.cwd(), loader: 'ts' },
      bundle: true,
      format: 'iife',
      write: false,
      platform: 'browser',
    });
    const page = await chromium.browser.newPage();
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const inBrowser = (await page.evaluate('globalThis.__mathResults()')) as Record<string, string[]>;
    const inNode = mathResults(M);
    // Chromium's own Math differs from Node's on some of these inputs, so the comparison can fail.
    const nativeDiffers = (await page.evaluate(`(() => { let n = 0; for (let i = 1; i < 2000; i++) if (Math.sin(i * 0.37) !== ${JSON.stringify(Array.from({ length: 1999 }, (_, i) => Math.sin((i + 1) * 0.37)))}[i - 1]) n++; return n; })()`)) as number;
    for (const f of Object.keys(inNode)) {
      const differing = inNode[f]!.flatMap((h, i) => (h === inBrowser[f]![i] ? [] : [i]));
      expect(differing, `${f}: cases that differ`).toEqual([]);
      expect(inBrowser[f]!.length).toBe(10_000);
    }
    console.log(`Chromium's own Math.sin differs from Node's on ${nativeDiffers} of 1,999 inputs; src/geometry/math.ts on none.`);
    await page.close();
  }, 120_000);

  const files = readdirSync(GOLDENS).filter((f) => f.endsWith('.save.json')).sort();
  it.each(files)('imports the golden %s: its hash checks in the browser as in Node', async (name) => {
    const text = readFileSync(`${GOLDENS}/${name}`, 'utf8');
    const save = JSON.parse(text) as { log: unknown[]; ruleset: { id: string } };
    const p = await PlayPage.open(chromium.browser, url);
    await p.byTest('resume-file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
    // Either the battle is resumed or an alert says why not (a hash that does not check).
    await p.page.waitForFunction(() => window.__VEDETTE__.play() !== null || document.querySelector('[data-testid=alert]') !== null, undefined, { timeout: 120_000 });
    const alert = (await p.byTest('alert').count()) > 0 ? await p.byTest('alert').innerText() : '';
    expect(alert).toBe('');
    const probe = (await p.probe())!;
    expect(probe.rulesetId).toBe(save.ruleset.id);
    expect(probe.commandCount).toBe(save.log.length);
    expect(p.errors).toEqual([]);
    await p.page.close();
  }, 180_000);
});
