/**
 * The layering of STYLE.md is a lint error, not a habit: these cases lint small snippets as if
 * they lived in each layer and expect the rule to fire (or not).
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function messages(path: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath: path });
  return (r?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layer boundaries', () => {
  it.each([
    ['src/engine/x.ts', "import { Application } from 'pixi.js';\nexport const a = Application;\n", 'no-restricted-imports'],
    ['src/rules/x/y.ts', "import { createStore } from 'zustand/vanilla';\nexport const a = createStore;\n", 'no-restricted-imports'],
    ['src/geometry/x.ts', "import type { Unit } from '../engine/model';\nexport type A = Unit;\n", 'no-restricted-imports'],
    ['src/engine/x.ts', "import type { A } from '../rules/registry';\nexport type B = A;\n", 'no-restricted-imports'],
    ['src/render/x.ts', "import { el } from '../ui/dom';\nexport const a = el;\n", 'no-restricted-imports'],
    ['src/engine/x.ts', 'export const r = Math.random();\n', 'no-restricted-properties'],
    ['src/rules/x/y.ts', 'export const t = Date.now();\n', 'no-restricted-properties'],
    ['src/geometry/x.ts', 'export const t = new Date();\n', 'no-restricted-syntax'],
    ['src/engine/x.ts', 'export const d = document.title;\n', 'no-restricted-globals'],
    ['src/ai/x.ts', 'setTimeout(() => 0, 1);\n', 'no-restricted-globals'],
    // Deterministic maths: engines round these differently, so a save would not replay everywhere.
    ['src/geometry/x.ts', 'export const s = Math.sin(1);\n', 'no-restricted-properties'],
    ['src/engine/x.ts', 'export const a = Math.atan2(1, 2);\n', 'no-restricted-properties'],
    ['src/rules/x/y.ts', 'export const e = Math.exp(1) + Math.log(2) + Math.pow(2, 0.5) + Math.cbrt(2);\n', 'no-restricted-properties'],
    ['src/scenario/x.ts', 'const { cos } = Math;\nexport const c = cos(1);\n', 'no-restricted-properties'],
    ['src/ai/x.ts', 'export const p = (x: number) => x ** 0.5;\n', 'no-restricted-syntax'],
    ['src/rules/x/y.ts', 'export const p = (x: number) => { let y = x; y **= 2; return y; };\n', 'no-restricted-syntax'],
    // Untrusted text is shown as text: no raw-HTML prop in components, no innerHTML in the DOM code.
    ['src/ui/X.tsx', 'export const X = (p: { name: string }) => <p dangerouslySetInnerHTML={{ __html: p.name }} />;\n', 'no-restricted-syntax'],
    ['src/ui/X.tsx', 'export const X = (p: { name: string }) => <p {...{ dangerouslySetInnerHTML: { __html: p.name } }} />;\n', 'no-restricted-syntax'],
    ['src/ui/x.ts', "export const put = (e: HTMLElement, name: string) => { e.innerHTML = name; };\n", 'no-restricted-properties'],
  ])('%s: %s is refused', async (path, code, rule) => {
    const m = await messages(path, code);
    expect(m.some((x) => x.startsWith(`${rule}:`)), m.join('\n')).toBe(true);
  });

  it.each([
    ['src/engine/x.ts', "import type { TablePoint } from '../geometry/types';\nexport type A = TablePoint;\n"],
    ['src/render/x.ts', "import { Application } from 'pixi.js';\nexport const a = Application;\n"],
    ['src/store/x.ts', 'export const t = Date.now();\n'],
    ['src/geometry/x.ts', 'export const d = Math.sqrt(2) + Math.hypot(3, 4) + Math.abs(-1) + Math.floor(Math.PI);\n'],
    ['src/render/x.ts', 'export const s = Math.sin(1) + 2 ** 0.5;\n'],
    ['src/ui/X.tsx', 'export const X = (p: { name: string }) => <p title={p.name}>{p.name}</p>;\n'],
  ])('%s may do what its layer allows', async (path, code) => {
    expect(await messages(path, code)).toEqual([]);
  });
});
