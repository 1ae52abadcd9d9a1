import { describe, expect, it } from 'vitest';
import type { Marker, Overlay } from '../../src/engine/ruleset';
import { legendModel } from '../../src/ui/legendModel';
import { MARKER_KEY } from '../../src/render/legend';

const disordered: Marker = { kind: 'state', text: 'D', title: 'Disordered (NW Morale)' };
const advance: Marker = { kind: 'order', text: 'Adv', title: 'Advance order (NW Orders)' };
const faceDown: Marker = { kind: 'order', text: '?', title: 'An order, face down' };

describe('The key to the table', () => {
  const markers: Record<string, readonly Marker[]> = { a: [advance, disordered], b: [advance], c: [faceDown], g: [] };
  const m = legendModel({
    pieceIds: ['a', 'b', 'c', 'g'],
    markersOf: (id) => markers[id] ?? [],
    selectedOverlays: [{ kind: 'fire', label: 'Musketry', polygon: [] } satisfies Overlay],
    terrain: [
      { kind: 'hill', name: 'Windmill Hill', crest: [{}, {}] },
      { kind: 'wood', name: 'Oakley Wood' },
      { kind: 'stream', name: 'Aldern Brook' },
      { kind: 'building', name: 'Mill' },
      { kind: 'village', name: 'Aldern' },
    ],
  });

  it('lists each distinct chip once, with how many pieces carry it, states before orders', () => {
    expect(m.markers.map((l) => [l.text, l.title, l.count])).toEqual([
      ['D', 'Disordered (NW Morale)', 1],
      ['?', 'An order, face down', 1],
      ['Adv', 'Advance order (NW Orders)', 2],
    ]);
    expect(m.markers[0]!.colour).toBe(MARKER_KEY.state.colour);
  });

  it('marks the ranges the selected piece shows now', () => {
    expect(m.overlays.filter((o) => o.shown).map((o) => o.kind)).toEqual(['fire']);
    expect(m.overlays).toHaveLength(6);
  });

  it('names the battle’s terrain by kind, with the crest when a hill has one', () => {
    expect(m.terrain.map((t) => [t.kind, t.names])).toEqual([
      ['hill', ['Windmill Hill']],
      ['crest', []],
      ['wood', ['Oakley Wood']],
      ['village', ['Mill', 'Aldern']],
      ['water', ['Aldern Brook']],
    ]);
  });

  it('has no crest line where no hill has a crest', () => {
    const flat = legendModel({ pieceIds: [], markersOf: () => [], selectedOverlays: [], terrain: [{ kind: 'hill', name: 'Bettel Ridge' }] });
    expect(flat.terrain.map((t) => t.kind)).toEqual(['hill']);
    expect(flat.markers).toEqual([]);
  });
});
