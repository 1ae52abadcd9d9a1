/**
 * Seven Years War: 9 Terrain Rules p.22 — generation by sectors and sub-sectors.
 */
import { describe, expect, it } from 'vitest';
import { generatePieces, featuresOf, purchaseCost, buyPiece, rotationFor, subSectorCentre, type Roll } from '../../../src/rules/seven-years-war/terrainGen';
import { GENERATED_PIECE_CM, TERRAIN_GENERATION } from '../../../src/rules/seven-years-war/tables';
import { battle, type U } from './build';

const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 250, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

const wood = { id: 'wood', kind: 'wood', name: 'Wood', polygon: [[500, 20], [900, 20], [900, 280], [500, 280]] };

const script = (faces: number[]): Roll => { let i = 0; return () => { const f = faces[i++]; if (f === undefined) throw new Error('out of dice'); return f; }; };

describe('SYW 9 Terrain Rules (p.22): generation by sectors and sub-sectors', () => {
  it('reads back the house piece sizes and the large-table split', () => {
    expect(GENERATED_PIECE_CM.hill).toEqual({ normal: [30, 20], large: [50, 30] });
    expect([TERRAIN_GENERATION.largeTableWidthCm, TERRAIN_GENERATION.largeOn]).toEqual([180, 5]);
  });
  it('rotation D6: 1 45° right, 2 90° right, 3 45° left, 4 90° left, 5-6 none; bought terrain adjusts the die by 1', () => {
    expect([1, 2, 3, 4, 5, 6].map((d) => rotationFor(d))).toEqual([45, 90, -45, -90, 0, 0]);
    expect(rotationFor(5, -1)).toBe(-90);
    expect(rotationFor(6, 1)).toBe(0);
  });
  it('sector 1 sub-sector 1 is the top-left ninth of the top-left sixth; sector 6 sub-sector 6 the bottom-right', () => {
    const a = { x0: 0, y0: 0, w: 1800, h: 1200 };
    expect(subSectorCentre(a, 1, 1)).toEqual({ x: 100, y: 150 });
    expect(subSectorCentre(a, 6, 6)).toEqual({ x: 1700, y: 1050 });
  });
  it('When D3+1 gives 3 hills: 2 level 0, 1 level 1; a hill in an occupied sub-sector is discarded and raises the other; D4-1 woods; a stream; no town', () => {
    const faces = [
      2, // hills: D3 2 -> 3
      1, 3, 2, 5, // hill 1: size 1 (not large), sector 3, sub 2, rotation 5 (none) - level 0
      2, 3, 2, 1, // hill 2: size 2, sector 3 sub 2 again -> discarded, hill 1 up a level
      4, 4, 2, // hill 3 (1 left: no size roll): level 1, sector 4 sub 4, rotation 90° right
      2, // woods: D4 2 -> 1
      1, 1, 6, // wood (1 left: no size roll): sector 1 sub 1, no rotation
      3, // marshes/streams: D4 3 -> 1
      6, 5, 2, 2, // stream (6): sector 5 sub 2, rotation 90° right
      4, // town: no
    ];
    const pieces = generatePieces({ widthMm: 1800, depthMm: 1200 }, script(faces));
    expect(pieces.map((p) => [p.kind, p.level, p.sector, p.subSector, p.rotationDeg])).toEqual([
      ['hill', 1, 3, 2, 0], ['hill', 1, 4, 4, 90], ['wood', 2, 1, 1, 0], ['stream', 1, 5, 2, 90],
    ]);
    const feats = featuresOf(pieces, { widthMm: 1800, depthMm: 1200 });
    expect(feats.map((f) => [f.kind, f.props.sywType])).toEqual([['hill', 1], ['hill', 1], ['wood', 2], ['stream', 1]]);
    // The stream turned 90° runs right across the table, edge to edge.
    expect(feats[3]!.line!.map((p) => Math.round(p.x))).toEqual([1800, 0]);
  });
  it('large tables (over 180cm) are diced in two halves', () => {
    const pieces = generatePieces({ widthMm: 2400, depthMm: 1200 }, script([1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 4]));
    expect(new Set(pieces.map((p) => p.area))).toEqual(new Set([0, 1]));
  });
  it('buying terrain: hills 25 (35 large), woods 15 per level (+10 large), towns 50; chosen sector, diced sub-sector and rotation', () => {
    expect([purchaseCost({ kind: 'hill', sector: 1 }), purchaseCost({ kind: 'hill', large: true, sector: 1 }), purchaseCost({ kind: 'wood', level: 2, sector: 1 }), purchaseCost({ kind: 'wood', level: 2, large: true, sector: 1 }), purchaseCost({ kind: 'town', sector: 1 })]).toEqual([25, 35, 30, 40, 50]);
    const p = buyPiece({ widthMm: 1800, depthMm: 1200 }, { kind: 'town', sector: 2, rotationAdjust: 1 }, script([5, 4]));
    expect([p.sector, p.subSector, p.rotationDeg, p.widthMm]).toEqual([2, 5, 0, 400]);
  });
  it('with the generateTerrain option set-up replaces the scenario terrain; the defender\'s purchases are placed and costed, the attacker\'s refused', () => {
    const s = battle([blue, red], { options: { generateTerrain: true }, fields: { terrainPurchases: [{ side: 'red', kind: 'wood', level: 2, sector: 5 }, { side: 'blue', kind: 'hill', sector: 2 }] }, terrain: [wood] });
    expect(s.battle.terrain.some((f) => f.id === 'wood')).toBe(false);
    expect(s.battle.terrain.every((f) => f.id.startsWith('syw-gen') || f.id.startsWith('syw-bought'))).toBe(true);
    expect(s.battle.terrain.filter((f) => f.id.startsWith('syw-bought'))).toHaveLength(1);
    expect(s.ruleset.terrainPoints).toEqual({ blue: 0, red: 30 });
  });
});
