/** Colours of the table. Terrain reads like a painted wargames table, not a map. */
export const PALETTE = {
  background: 0x23272e,
  table: 0x7a9a5a,
  tableEdge: 0x3b4a2c,
  hill: 0x9c9b63,
  hillContour: 0x6f6c3f,
  crest: 0x5a5630,
  wood: 0x3f6b35,
  woodTree: 0x2c4f26,
  road: 0xcbb68a,
  roadEdge: 0xa08a5e,
  water: 0x4f86b5,
  waterEdge: 0x2f5f8a,
  village: 0x9b6b4a,
  building: 0x7d4a34,
  field: 0xb7b36a,
  marsh: 0x6c8a6a,
  rough: 0x8a8a62,
  selection: 0xffd34d,
  handle: 0xffd34d,
} as const;

/** '#rrggbb' → 0xrrggbb, and a mark colour that reads on it. */
export function sideColours(hex: string): { fill: number; mark: number; edge: number } {
  const fill = Number.parseInt(hex.slice(1), 16);
  const r = (fill >> 16) & 255, g = (fill >> 8) & 255, b = fill & 255;
  const light = 0.299 * r + 0.587 * g + 0.114 * b > 150;
  return { fill, mark: light ? 0x1b1b1b : 0xf4f1e8, edge: light ? 0x333333 : 0x0c0c0c };
}
