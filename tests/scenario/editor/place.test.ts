import { describe, expect, it } from 'vitest';
import { applyEdit, emptyDraft, type Draft, type EditOp } from '../../../src/scenario/editor/ops';
import { drawnArea, drawnLine, placedUnit, templatesForSide } from '../../../src/scenario/editor/place';

const run = (d: Draft, ops: EditOp[]): Draft => ops.reduce((x, op) => {
  const r = applyEdit(x, op);
  if (!r.ok) throw new Error(r.reason);
  return r.draft;
}, d);

describe('What a drawing becomes', () => {
  it('an outline becomes a named piece of its kind, with what the rulesets read', () => {
    const d = run(emptyDraft(), drawnArea(emptyDraft(), 'wood', [[0, 0], [100, 0], [100, 100]]));
    expect(d.terrain[0]).toMatchObject({ id: 'wood-1', kind: 'wood', name: 'Wood 1', props: { class: 'light', blocksSight: true } });
    const two = run(d, drawnArea(d, 'wood', [[200, 0], [300, 0], [300, 100]]));
    expect(two.terrain[1]).toMatchObject({ id: 'wood-2', name: 'Wood 2' });
  });
  it('a line started on the end of a road carries that road on (chaining); a wall is an obstacle', () => {
    let d = run(emptyDraft(), drawnLine(emptyDraft(), 'road', [[0, 0], [100, 0]]));
    d = run(d, drawnLine(d, 'road', [[100, 0], [200, 50]]));
    expect(d.terrain).toHaveLength(1);
    expect(d.terrain[0]!.line).toEqual([[0, 0], [100, 0], [200, 50]]);
    // Drawn toward the road's start: joined at that end, in order.
    d = run(d, drawnLine(d, 'road', [[-100, 0], [0, 0]]));
    expect(d.terrain[0]!.line).toEqual([[-100, 0], [0, 0], [100, 0], [200, 50]]);
    // A river from the road's end is a new piece: chaining joins lines of one kind.
    d = run(d, drawnLine(d, 'river', [[200, 50], [300, 50]]));
    expect(d.terrain.map((t) => t.kind)).toEqual(['road', 'river']);
    d = run(d, drawnLine(d, 'wall', [[0, 300], [100, 300]]));
    expect(d.terrain[2]).toMatchObject({ kind: 'obstacle', props: { obstacle: 'wall' } });
  });
  it('a unit joins its side\'s formation, and a side with none gets an army', () => {
    const d0 = emptyDraft();
    const t = templatesForSide(d0, 0)[0]!;
    const a = placedUnit(d0, t, 0, [500, 1000], -90);
    const d = run(d0, a.ops);
    expect(d.units[0]).toMatchObject({ id: a.id, side: 'blue', parent: 'blue-army', at: { x: 500, y: 1000, facingDeg: -90 } });
    const bare = { ...d0, formations: [] };
    const b = placedUnit(bare, t, 1, [500, 200], 90);
    expect(b.ops[0]).toMatchObject({ op: 'addFormation', formation: { side: 'red', level: 'army' } });
  });
});
