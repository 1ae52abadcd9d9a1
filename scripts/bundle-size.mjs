#!/usr/bin/env node
/**
 * How much JavaScript the page loads before the player can do anything: the entry chunk that
 * dist/index.html loads and every chunk it imports statically (transitively), gzip-sized.
 * Chunks reached only through a dynamic import() (a ruleset, the pixi scene, pixi's renderer
 * back-ends) are listed apart: they load on demand, not up front.
 *
 * Reads the build manifest (dist/.vite/manifest.json, which `vite build` writes); run after a
 * build: `npm run size` builds and then runs this. `--max <KB>` exits 1 above that figure.
 */
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = 'dist';
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: run \`vite build\` first (npm run size does).`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
if (entries.length === 0) {
  console.error('The manifest names no entry chunk.');
  process.exit(2);
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// The initial set: entries and their static imports, transitively.
const initial = new Set();
const stack = entries.map(([k]) => k);
while (stack.length) {
  const key = stack.pop();
  if (initial.has(key)) continue;
  initial.add(key);
  for (const i of manifest[key].imports ?? []) stack.push(i);
}
// The lazy set: every chunk reached through a dynamic import and not already initial.
const lazy = new Set();
const seen = new Set();
const lazyStack = [...initial].flatMap((k) => manifest[k].dynamicImports ?? []);
while (lazyStack.length) {
  const key = lazyStack.pop();
  if (seen.has(key)) continue;
  seen.add(key);
  if (!initial.has(key)) lazy.add(key);
  for (const i of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) lazyStack.push(i);
}

const row = (key) => ({ file: manifest[key].file, raw: readFileSync(join(dist, manifest[key].file)).length, gzip: gz(manifest[key].file) });
const jsOnly = (keys) => [...keys].filter((k) => manifest[k].file.endsWith('.js')).map(row).sort((a, b) => b.gzip - a.gzip);
const initialRows = jsOnly(initial);
const lazyRows = jsOnly(lazy);
const sum = (rows, f) => rows.reduce((a, r) => a + r[f], 0);

console.log('Initial JavaScript (entry and its static imports):');
for (const r of initialRows) console.log(`  ${r.file.padEnd(48)} ${kb(r.raw).padStart(10)} raw ${kb(r.gzip).padStart(10)} gzip`);
console.log('Loaded on demand (dynamic import):');
for (const r of lazyRows) console.log(`  ${r.file.padEnd(48)} ${kb(r.raw).padStart(10)} raw ${kb(r.gzip).padStart(10)} gzip`);
const total = sum(initialRows, 'gzip');
console.log(`initial JS: ${kb(total)} gzip (${kb(sum(initialRows, 'raw'))} raw) in ${initialRows.length} files; on demand: ${kb(sum(lazyRows, 'gzip'))} gzip in ${lazyRows.length} files`);

const maxAt = process.argv.indexOf('--max');
if (maxAt > 0) {
  const max = Number(process.argv[maxAt + 1]) * 1024;
  if (total > max) {
    console.error(`initial JS is over the budget of ${process.argv[maxAt + 1]} KB gzip`);
    process.exit(1);
  }
}
