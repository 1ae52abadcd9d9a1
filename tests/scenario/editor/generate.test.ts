import { describe, expect, it } from 'vitest';
import { emptyDraft, applyEdit, type Draft } from '../../../src/scenario/editor/ops';
import { generateTerrainFor } from '../../../src/scenario/editor/generate';
import { checkDraft } from '../../../src/scenario/editor/problems';
import { findRuleset } from '../../../src/rules/registry';

const nw = findRuleset('napoleonic-warfare')!;
const syw = findRuleset('seven-years-war')!;

function run(d: Draft, m = nw, seed = 11): Draft {
  const g = generateTerrainFor(d, m, seed);
  if (typeof g === 'string') throw new Error(g);
  let out = d;
  for (const op of g.ops) {
    const r = applyEdit(out, op);
    if (!r.ok) throw new Error(r.reason);
    out = r.draft;
  }
  return out;
}

describe('Generate: a ruleset\'s own terrain tables behind a seed', () => {
  it('NW §9: places pieces, each labelled with its pick and placement d10; the same seed gives the same table', () => {
    const a = run(emptyDraft());
    expect(a.terrain.length).toBeGreaterThan(0);
    for (const t of a.terrain) expect(String(t.props?.['rule'])).toMatch(/^NW §9 Terrain Generation/);
    expect(a.terrain.some((t) => /placement d10 \d+/.test(String(t.props?.['rule'])))).toBe(true);
    expect(run(emptyDraft()).terrain).toEqual(a.terrain);
    expect(run(emptyDraft(), nw, 12).terrain).not.toEqual(a.terrain);
  });
  it('NW §9 and SYW 9 p.22: every generated piece lies on the table — seed 42 (an NW village once ran off it), SYW seed 3 (a turned hill did) and 100 more seeds each', () => {
    const offBy = (d: Draft, ps: readonly (readonly [number, number])[]) => Math.max(0, ...ps.map(([x, y]) => Math.max(-x, -y, x - d.table.widthMm, y - d.table.depthMm)));
    for (const [m, draft] of [[nw, emptyDraft()], [syw, emptyDraft('seven-years-war')]] as const) {
      for (const seed of [42, ...Array.from({ length: 100 }, (_, i) => i + 1)]) {
        const d = run(draft, m, seed);
        for (const t of d.terrain) {
          // Positions are kept to a tenth of a millimetre in the file.
          expect(offBy(d, [...(t.polygon ?? []), ...(t.line ?? []), ...(t.crest ?? [])]), `${t.name}, ${m.id} seed ${seed}`).toBeLessThanOrEqual(0.05);
        }
        if (m === nw && seed === 42) expect(d.terrain.some((t) => t.kind === 'village')).toBe(true);
      }
    }
  });
  it('SYW 9 Terrain Rules: sectors and sub-sectors named on each piece', () => {
    const d = run(emptyDraft('seven-years-war'), syw, 3);
    expect(d.terrain.length).toBeGreaterThan(0);
    for (const t of d.terrain) expect(String(t.props?.['rule'])).toMatch(/^SYW 9 Terrain Rules \(p\.22\): .*sector \d sub-sector \d/);
  });
  it('generating again replaces the generated pieces and keeps the drawn ones; the result is editable', () => {
    const d = applyEdit(emptyDraft(), { op: 'addTerrain', piece: { id: 'mine', kind: 'wood', name: 'My wood', polygon: [[10, 10], [60, 10], [60, 60]] } });
    if (!d.ok) throw new Error(d.reason);
    const once = run(d.draft, nw, 5);
    const twice = run(once, nw, 6);
    expect(twice.terrain.filter((t) => t.id === 'mine')).toHaveLength(1);
    expect(twice.terrain.filter((t) => t.props?.['generatedBy'] === 'napoleonic-warfare').length).toBe(run(d.draft, nw, 6).terrain.length - 1);
    const piece = twice.terrain.find((t) => t.id !== 'mine')!;
    const moved = applyEdit(twice, { op: 'moveTerrain', id: piece.id, dxMm: 5, dyMm: 5 });
    expect(moved.ok).toBe(true);
    // The loader takes the generated terrain: the only problems are the missing units.
    expect(checkDraft(twice).every((p) => p.path === '$.units')).toBe(true);
  });
});
