import { describe, expect, it } from 'vitest';
import { EditorTool, type EditorMode, type EditorToolContext, type VertexRef } from '../../src/render/tools/editorTool';
import type { PointerAt } from '../../src/render/tools/selectTool';
import type { XY } from '../../src/scenario/editor/shapes';
import { pt } from '../../src/geometry/types';

// One screen pixel is one table millimetre in these tests.
const at = (x: number, y: number): PointerAt => ({ screen: { x, y }, table: pt(x, y) });

function recorder(mode: EditorMode, opts: { vertex?: VertexRef; midpoint?: VertexRef; terrain?: string } = {}) {
  const calls: [string, ...unknown[]][] = [];
  const drawing: XY[] = [];
  const ctx: EditorToolContext = {
    mode: () => mode,
    vertexAt: (p) => (opts.vertex && p.screen.x < 5 ? opts.vertex : null),
    midpointAt: (p) => (opts.midpoint && p.screen.x >= 5 && p.screen.x < 10 ? opts.midpoint : null),
    terrainAt: () => opts.terrain ?? null,
    snap: (p) => [Math.round(p.table.x / 10) * 10, Math.round(p.table.y / 10) * 10],
    drawing: () => drawing,
    near: (p, q) => Math.hypot(p.screen.x - q[0], p.screen.y - q[1]) <= 6,
    addPoint: (p) => { drawing.push(p); calls.push(['add', p]); },
    finish: (closed) => calls.push(['finish', closed]),
    hover: () => undefined,
    selectTerrain: (id) => calls.push(['selectTerrain', id]),
    previewVertex: (v, to, ins) => calls.push(['previewVertex', v.index, to, ins]),
    commitVertex: (v, to, ins) => calls.push(['commitVertex', v.index, to, ins]),
    previewMove: (id, dx, dy) => calls.push(['previewMove', id, dx, dy]),
    commitMove: (id, dx, dy) => calls.push(['commitMove', id, dx, dy]),
    clearPreview: () => calls.push(['clear']),
    placeUnit: (p, f, preview) => calls.push([preview ? 'previewPlace' : 'place', p, Math.round(f)]),
  };
  return { calls, tool: new EditorTool(ctx), drawing };
}
const click = (tool: EditorTool, x: number, y: number) => {
  tool.down(at(x, y), { kind: 'ground' });
  tool.up(at(x, y));
};

describe('the editor tool, drawing by clicking vertices', () => {
  it('adds snapped points and closes an outline on its first point', () => {
    const { calls, tool } = recorder('area');
    click(tool, 101, 99);
    click(tool, 300, 102);
    click(tool, 298, 300);
    click(tool, 102, 98); // within a click of the first point
    expect(calls).toEqual([['add', [100, 100]], ['add', [300, 100]], ['add', [300, 300]], ['finish', true]]);
  });
  it('finishes a line on a second click on its last point (a double click), and not before two points', () => {
    const { calls, tool } = recorder('line');
    click(tool, 10, 10);
    click(tool, 11, 11);
    expect(calls).toEqual([['add', [10, 10]]]);
    click(tool, 200, 10);
    click(tool, 201, 10);
    expect(calls.at(-1)).toEqual(['finish', false]);
  });
});

describe('the editor tool, selecting and editing terrain', () => {
  it('leaves units, handles and bare ground to the select tool', () => {
    const { tool } = recorder('select');
    expect(tool.down(at(50, 50), { kind: 'unit', unitId: 'u1' })).toBe(false);
    expect(tool.down(at(50, 50), { kind: 'ground' })).toBe(false);
  });
  it('selects a piece on a click and moves it on a drag, committing only on release', () => {
    const { calls, tool } = recorder('select', { terrain: 'hill' });
    expect(tool.down(at(50, 50), { kind: 'ground' })).toBe(true);
    tool.up(at(51, 50));
    expect(calls).toEqual([['selectTerrain', 'hill']]);
    calls.length = 0;
    tool.down(at(50, 50), { kind: 'ground' });
    tool.move(at(80, 70), 1);
    expect(calls).toEqual([['selectTerrain', 'hill'], ['previewMove', 'hill', 30, 20]]);
    tool.up(at(90, 70));
    expect(calls.slice(-2)).toEqual([['clear'], ['commitMove', 'hill', 40, 20]]);
  });
  it('drags a vertex, and inserts one from a mid-edge handle, snapped', () => {
    const v = { id: 'hill', ring: 'polygon' as const, index: 2 };
    const { calls, tool } = recorder('select', { vertex: v, midpoint: { ...v, index: 3 } });
    tool.down(at(1, 1), { kind: 'ground' });
    tool.move(at(44, 58), 1);
    tool.up(at(44, 58));
    expect(calls).toEqual([['previewVertex', 2, [40, 60], false], ['clear'], ['commitVertex', 2, [40, 60], false]]);
    calls.length = 0;
    tool.down(at(7, 7), { kind: 'ground' });
    tool.up(at(21, 7));
    expect(calls.at(-1)).toEqual(['commitVertex', 3, [20, 10], true]);
  });
});

describe('the editor tool, placing units', () => {
  it('places where pressed, facing toward where the pointer is dragged', () => {
    const { calls, tool } = recorder('unit');
    tool.down(at(100, 100), { kind: 'ground' });
    tool.move(at(100, 40), 1);
    tool.up(at(100, 40));
    expect(calls.at(-1)).toEqual(['place', [100, 100], -90]);
  });
});
