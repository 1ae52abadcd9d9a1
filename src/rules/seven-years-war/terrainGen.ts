/**
 * Terrain generation by sectors and sub-sectors, and buying extra terrain (SYW 9 Terrain Rules
 * p.22). Pure: dice come from the caller's `roll` (set-up passes the engine's ctx.roll, tests a
 * script), and the answer is a scenario-ready list of TerrainFeatures plus the piece record.
 * Used by set-up when the `generateTerrain` option is on, and for scenario `terrainPurchases`.
 */
import type { TerrainFeature } from '../../engine/model';
import type { TablePoint } from '../../geometry/types';
import { mm } from '../../geometry/types';
import { polylineOutline } from '../../geometry/polyline';
import { diceSubSector, lineAcrossTable, pieceOutline, subCellCentre, tableAreas, type Area } from '../../geometry/terrainGen';
import { TERRAIN_GENERATION as G, TERRAIN_ROTATION_DEG, TERRAIN_PURCHASE, woodCost, GENERATED_PIECE_CM } from './tables/setup';

/** One die: returns a face 1..faces. */
export type Roll = (faces: 3 | 4 | 6, purpose: string) => number;

export type { Area };

export interface Piece {
  readonly kind: 'hill' | 'wood' | 'marsh' | 'stream' | 'village' | 'road';
  /** SYW terrain level (hills 0/1 and up, woods 2 and up). */
  level: number;
  readonly large: boolean;
  readonly area: number;
  readonly sector: number;
  readonly subSector: number;
  readonly rotationDeg: number;
  readonly centre: TablePoint;
  readonly widthMm: number;
  readonly depthMm: number;
}

/** The areas diced separately: large tables (wider than 180cm, RULINGS.md) are split in two halves. */
export function areasOf(table: { widthMm: number; depthMm: number }): Area[] {
  return tableAreas(table, G.largeTableWidthCm * 10);
}

/** Six sectors (3 across, 2 deep, numbered 1-3 along the top row, 4-6 below), each cut into six sub-sectors the same way. */
export function subSectorCentre(a: Area, sector: number, sub: number): TablePoint {
  return subCellCentre(a, 3, 2, sector, sub);
}

/** Rotation D6 (p.22): 1 45° right, 2 90° right, 3 45° left, 4 90° left, 5-6 none. `adjust` (bought terrain) shifts the die ±1. */
export function rotationFor(die: number, adjust = 0): number {
  const d = Math.max(1, Math.min(6, die + adjust));
  return TERRAIN_ROTATION_DEG[d - 1]!;
}

function place(kind: Piece['kind'], level: number, large: boolean, areaIx: number, a: Area, roll: Roll, sector?: number, rotationAdjust = 0): Piece {
  const { sector: sec, sub } = diceSubSector((faces, purpose) => roll(faces as 6, purpose), 6, kind, sector);
  const rot = rotationFor(roll(6, `Rotation of the ${kind}`), rotationAdjust);
  const size = GENERATED_PIECE_CM[kind === 'road' || kind === 'stream' ? 'stream' : kind][large ? 'large' : 'normal'];
  return { kind, level, large, area: areaIx, sector: sec, subSector: sub, rotationDeg: rot, centre: subSectorCentre(a, sec, sub), widthMm: size[0] * 10, depthMm: size[1] * 10 };
}

/** Is a piece over 40cm wide (counts as 2)? Decided on a D6 of 5-6 when at least 2 remain (house, RULINGS.md). */
function sizeRoll(kind: string, left: number, roll: Roll): boolean {
  return left >= 2 && roll(6, `Is the ${kind} large (5-6)?`) >= G.largeOn;
}

/** Dice the terrain of one table (p.22). Returns the pieces; `featuresOf` turns them into terrain. */
export function generatePieces(table: { widthMm: number; depthMm: number }, roll: Roll): Piece[] {
  const out: Piece[] = [];
  areasOf(table).forEach((a, ai) => {
    // Hills: D3+1; 2/3 (rounded up) level 0, the rest level 1; over 40cm counts 2; a hill in an
    // occupied sub-sector is discarded and the other made a level higher.
    const nh = roll(3, 'Number of hills (D3+1)') + 1;
    const level0 = Math.ceil(nh * G.hillsLevel0Fraction);
    for (let used = 0; used < nh; ) {
      const large = sizeRoll('hill', nh - used, roll);
      const p = place('hill', used < level0 ? 0 : 1, large, ai, a, roll);
      used += large ? 2 : 1;
      const same = out.find((q) => q.kind === 'hill' && q.area === ai && q.sector === p.sector && q.subSector === p.subSector);
      if (same) same.level += 1;
      else out.push(p);
    }
    // Woods: D4-1, level 2.
    const nw = Math.max(0, roll(4, 'Number of woods (D4-1)') - 1);
    for (let used = 0; used < nw; ) {
      const large = sizeRoll('wood', nw - used, roll);
      out.push(place('wood', G.woodLevel, large, ai, a, roll));
      used += large ? 2 : 1;
    }
    // Marshes or streams: D4-2 pieces, each D6 1-4 marsh, 5-6 stream.
    const nm = Math.max(0, roll(4, 'Marshes/streams (D4-2)') - 2);
    for (let i = 0; i < nm; i++) {
      const kind = roll(6, 'Marsh (1-4) or stream (5-6)?') >= G.streamOn ? 'stream' : 'marsh';
      out.push(place(kind, kind === 'marsh' ? 2 : 1, false, ai, a, roll));
    }
    // Town on a 6, with a road placed as a stream through it.
    if (roll(6, 'Town (on a 6)?') >= G.townOn) {
      const town = place('village', 3, false, ai, a, roll);
      out.push(town);
      out.push({ ...town, kind: 'road', level: 0, widthMm: GENERATED_PIECE_CM.road.normal[0] * 10, depthMm: GENERATED_PIECE_CM.road.normal[1] * 10 });
    }
  });
  return out;
}

export interface Purchase {
  readonly kind: 'hill' | 'wood' | 'town';
  readonly level?: number;
  readonly large?: boolean;
  /** The sector the player chooses (1-6); the sub-sector is diced. */
  readonly sector: number;
  readonly area?: number;
  /** The player's ±1 to the rotation die. */
  readonly rotationAdjust?: -1 | 0 | 1;
}

/** Points a purchase costs (p.22): hills 25 (35 over 40cm); woods 15 per level (+10 over 40cm); towns 50. */
export function purchaseCost(p: Purchase): number {
  if (p.kind === 'hill') return p.large ? TERRAIN_PURCHASE.largeHill : TERRAIN_PURCHASE.hill;
  if (p.kind === 'wood') return woodCost(p.level ?? 2, p.large ?? false);
  return TERRAIN_PURCHASE.town;
}

/** Place a bought piece: chosen sector, diced sub-sector, diced rotation adjusted ±1 (p.22). */
export function buyPiece(table: { widthMm: number; depthMm: number }, p: Purchase, roll: Roll): Piece {
  const areas = areasOf(table);
  const ai = Math.min(areas.length - 1, Math.max(0, p.area ?? 0));
  const kind = p.kind === 'town' ? 'village' : p.kind;
  const level = p.kind === 'hill' ? (p.level ?? 0) : p.kind === 'wood' ? (p.level ?? 2) : 3;
  const piece = place(kind, level, p.large ?? false, ai, areas[ai]!, roll, p.sector, p.rotationAdjust ?? 0);
  if (p.kind !== 'town') return piece;
  const s = TERRAIN_PURCHASE.townMaxCm * 10;
  return { ...piece, widthMm: s, depthMm: s };
}

/** An oval of 12 points (hills, woods, marshes) or a box (towns) of the piece's size, kept on the table, rotated about its centre. */
function outline(p: Piece, table: { widthMm: number; depthMm: number }): TablePoint[] {
  return pieceOutline({ shape: p.kind === 'village' ? 'box' : 'oval', centre: p.centre, widthMm: p.widthMm, depthMm: p.depthMm, rotationDeg: p.rotationDeg, points: 12 }, table);
}

/** A stream or road through the piece's centre, running up the table turned by its rotation, cut at the table edges. */
function crossing(p: Piece, table: { widthMm: number; depthMm: number }): TablePoint[] {
  return lineAcrossTable(p.centre, Math.PI / 2 + (p.rotationDeg * Math.PI) / 180, table);
}

/** Scenario-ready terrain from pieces. Ids `syw-gen-<n>`. */
export function featuresOf(pieces: readonly Piece[], table: { widthMm: number; depthMm: number }, prefix = 'syw-gen'): TerrainFeature[] {
  return pieces.map((p, i): TerrainFeature => {
    const id = `${prefix}-${i + 1}`;
    const rule = 'SYW 9 Terrain Rules (p.22)';
    switch (p.kind) {
      case 'hill':
        return { id, kind: 'hill', name: `Hill (level ${p.level})`, polygon: outline(p, table), heightLevel: p.level + 1, props: { sywType: Math.min(3, p.level), large: p.large, rule } };
      case 'wood':
        return { id, kind: 'wood', name: `Wood (level ${p.level})`, polygon: outline(p, table), props: { sywType: Math.min(3, p.level), large: p.large, rule } };
      case 'marsh':
        return { id, kind: 'marsh', name: 'Marsh', polygon: outline(p, table), props: { sywType: 2, rule } };
      case 'village':
        return { id, kind: 'village', name: 'Town', polygon: outline(p, table), props: { sywType: 3, rule } };
      case 'stream': case 'road': {
        const line = crossing(p, table);
        return { id, kind: p.kind, name: p.kind === 'road' ? 'Road' : 'Stream', polygon: polylineOutline(line, p.widthMm), line, widthMm: mm(p.widthMm), props: p.kind === 'stream' ? { sywType: 1, rule } : { rule } };
      }
    }
  });
}

/** The whole procedure for one table: dice the pieces and return the features. */
export function generateTerrain(table: { widthMm: number; depthMm: number }, roll: Roll): { pieces: Piece[]; features: TerrainFeature[] } {
  const pieces = generatePieces(table, roll);
  return { pieces, features: featuresOf(pieces, table) };
}
