import { describe, expect, it } from 'vitest';
import { DRAG_SLOP_PX, SelectTool, type PointerAt, type ToolContext } from '../../src/render/tools/selectTool';
import { pt } from '../../src/geometry/types';

function recorder() {
  const calls: [string, ...unknown[]][] = [];
  const ctx: ToolContext = {
    select: (id) => calls.push(['select', id]),
    preview: (p) => calls.push(['preview', p]),
    commitMove: (id, dx, dy) => calls.push(['move', id, dx, dy]),
    commitRotate: (id, d, pivot) => calls.push(['rotate', id, d, pivot]),
    pan: (dx, dy) => calls.push(['pan', dx, dy]),
  };
  return { calls, tool: new SelectTool(ctx) };
}
// One screen pixel is two table millimetres in these tests.
const at = (x: number, y: number): PointerAt => ({ screen: { x, y }, table: pt(x * 2, y * 2) });

describe('select tool', () => {
  it('selects on a click without moving anything', () => {
    const { calls, tool } = recorder();
    tool.down(at(10, 10), { kind: 'unit', unitId: 'u1' });
    tool.move(at(10 + DRAG_SLOP_PX - 1, 10));
    tool.up(at(10 + DRAG_SLOP_PX - 1, 10));
    expect(calls).toEqual([['select', 'u1']]);
    expect(tool.stateName).toBe('idle');
  });

  it('previews a drag and commits only on release', () => {
    const { calls, tool } = recorder();
    tool.down(at(10, 10), { kind: 'unit', unitId: 'u1' });
    tool.move(at(20, 10));
    tool.move(at(30, 25));
    expect(calls.filter((c) => c[0] === 'move')).toEqual([]);
    tool.up(at(30, 25));
    expect(calls.at(-2)).toEqual(['preview', null]);
    expect(calls.at(-1)).toEqual(['move', 'u1', 40, 30]);
  });

  it('pans when empty ground is dragged, and deselects on a click there', () => {
    const { calls, tool } = recorder();
    tool.down(at(0, 0), { kind: 'ground' });
    tool.move(at(10, 0));
    tool.move(at(15, 5));
    tool.up(at(15, 5));
    expect(calls).toEqual([['pan', 10, 0], ['pan', 5, 5]]);
    const r2 = recorder();
    r2.tool.down(at(0, 0), { kind: 'ground' });
    r2.tool.up(at(0, 0));
    expect(r2.calls).toEqual([['select', null]]);
  });

  it('turns about the pivot by the swept angle', () => {
    const { calls, tool } = recorder();
    tool.down(at(10, 0), { kind: 'rotate-handle', unitId: 'u1', pivot: pt(0, 0) });
    tool.move(at(0, 10));
    tool.up(at(0, 10));
    const rot = calls.find((c) => c[0] === 'rotate')!;
    expect(rot[1]).toBe('u1');
    expect(rot[2] as number).toBeCloseTo(Math.PI / 2, 12);
  });

  it('wheels about a front corner: the centre swings round the pivot (a wheel handle)', () => {
    const { calls, tool } = recorder();
    // Pivot at the origin, the unit's centre 10 mm to its right; a quarter turn clockwise.
    tool.down(at(10, 0), { kind: 'rotate-handle', unitId: 'u1', pivot: pt(0, 0), pivotKind: 'left', centre: pt(10, 0) });
    tool.move(at(0, 10));
    const p = calls.filter((c) => c[0] === 'preview').at(-1)![1] as { dxMm: number; dyMm: number; dRad: number; pivot: string };
    expect(p.pivot).toBe('left');
    expect(p.dRad).toBeCloseTo(Math.PI / 2, 12);
    expect(p.dxMm).toBeCloseTo(-10, 9);
    expect(p.dyMm).toBeCloseTo(10, 9);
    tool.up(at(0, 10));
    const rot = calls.find((c) => c[0] === 'rotate')!;
    expect(rot[3]).toBe('left');
  });

  it('abandons the preview when the pointer is lost', () => {
    const { calls, tool } = recorder();
    tool.down(at(10, 10), { kind: 'unit', unitId: 'u1' });
    tool.move(at(40, 10));
    tool.cancel();
    expect(calls.at(-1)).toEqual(['preview', null]);
    expect(calls.some((c) => c[0] === 'move')).toBe(false);
  });
});
