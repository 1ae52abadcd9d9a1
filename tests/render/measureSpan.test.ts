import { describe, expect, it } from 'vitest';
import { readTape, SightReader } from '../../src/render/measureSpan';
import { SpanTool } from '../../src/render/tools/spanTool';
import type { TerrainFeature, Unit } from '../../src/engine/model';
import { mm, pt, rad } from '../../src/geometry/types';
import type { Span } from '../../src/store/uiStore';

const stand = (id: string, x: number, y: number) => ({ id, centre: pt(x, y), facing: rad(0), widthMm: mm(20), depthMm: mm(10) });
const unit = (id: string, ...stands: ReturnType<typeof stand>[]): Unit => ({
  id, name: id, side: 'a', parent: 'f', arm: 'infantry', troopType: 'x', quality: 'x', nationality: 'x',
  formation: 'line', stands, commandStandId: stands[0]!.id, extra: {},
});
// Facing 0 looks along +x: depth runs along x (10 mm), width along y (20 mm).
const A = unit('A', stand('a1', 0, 0));
const B = unit('B', stand('b1', 25, 40));

describe('the tape', () => {
  it('measures point to point: a 3-4-5 triangle', () => {
    expect(readTape({ from: { x: 0, y: 0 }, to: { x: 30, y: 40 } }, []).distanceMm).toBeCloseTo(50, 12);
  });

  it('measures from the nearest point on a stand', () => {
    // A's front edge is at x = 5; a point at (35, 0) is 30 mm from it.
    const r = readTape({ from: { x: 0, y: 0 }, to: { x: 35, y: 0 }, fromPiece: 'A' }, [A]);
    expect(r.distanceMm).toBeCloseTo(30, 12);
    expect(r.from).toEqual({ x: 5, y: 0 });
  });

  it('measures between two pieces from their nearest points (3-4-5)', () => {
    // A's corner (5, 10) to B's corner (20, 30) is 25 mm: a 15-20-25 triangle.
    const r = readTape({ from: { x: 0, y: 0 }, to: { x: 35, y: 40 }, fromPiece: 'A', toPiece: 'B' }, [A, B]);
    expect(r.distanceMm).toBeCloseTo(25, 9);
  });
});

describe('the sight line', () => {
  const wood: TerrainFeature = { id: 'w', kind: 'wood', name: 'Oakley Wood', polygon: [pt(40, -20), pt(60, -20), pt(60, 20), pt(40, 20)], props: { blocksSight: true } };
  const opaque = (f: TerrainFeature) => (f.props.blocksSight ? ({ kind: 'opaque' } as const) : ({ kind: 'clear' } as const));

  it('names the feature that blocks and where', () => {
    const r = new SightReader().read({ from: { x: 0, y: 0 }, to: { x: 100, y: 0 } }, [wood], opaque, [], false, 0);
    expect(r.visible).toBe(false);
    expect(r.blockerName).toBe('Oakley Wood');
    expect(r.blockedBy!.atMm).toBeCloseTo(40, 6);
  });

  it('sees past the wood', () => {
    const r = new SightReader().read({ from: { x: 0, y: 30 }, to: { x: 100, y: 30 } }, [wood], opaque, [], false, 0);
    expect(r.visible).toBe(true);
  });

  it('lets stands block when the ruleset says so, but not the two ends', () => {
    const between = unit('C', stand('c1', 50, 60));
    const span: Span = { from: { x: 0, y: 60 }, to: { x: 100, y: 60 } };
    const reader = new SightReader();
    expect(reader.read(span, [], opaque, [between], false, 0).visible).toBe(true);
    const blocked = reader.read(span, [], opaque, [between], true, 0);
    expect(blocked.visible).toBe(false);
    expect(blocked.blockerName).toBe('C');
    expect(reader.read({ ...span, toPiece: 'C' }, [], opaque, [between], true, 0).visible).toBe(true);
  });
});

describe('the span tool', () => {
  it('follows the pointer and keeps the span after release, with the pieces at each end', () => {
    const spans: (Span | null)[] = [];
    const t = new SpanTool({ set: (s) => spans.push(s) });
    t.down(pt(0, 0), 'A');
    t.move(pt(10, 10));
    t.up(pt(20, 20), 'B');
    expect(t.active).toBe(false);
    expect(spans.at(-1)).toEqual({ from: { x: 0, y: 0 }, to: { x: 20, y: 20 }, fromPiece: 'A', toPiece: 'B' });
    t.cancel();
    expect(spans.at(-1)).toBeNull();
  });
});
