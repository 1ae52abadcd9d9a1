/**
 * NW Preparing for Battle §9 Terrain Generation. The player selects each piece's type and rolls
 * a d10 to place it (± 1 at his choice if his CinC is Exceptional or Charismatic); the table is
 * six equal sectors, three per side.
 */
export const TERRAIN_PICKS = { maxPerPlayer: 5, announceWith: 'd6 face up, revealed simultaneously', placementDie: 'd10', rule: 'NW §9 Terrain Generation' } as const;

export type Sector = 'discard' | 'friendly-left' | 'friendly-centre' | 'friendly-right' | 'enemy-left' | 'enemy-centre' | 'enemy-right';

/** NW §9: the placement d10. */
export const TERRAIN_PLACEMENT: readonly { readonly min: number; readonly max: number; readonly sector: Sector }[] = [
  { min: 1, max: 2, sector: 'discard' },
  { min: 3, max: 4, sector: 'friendly-left' },
  { min: 5, max: 5, sector: 'friendly-centre' },
  { min: 6, max: 7, sector: 'friendly-right' },
  { min: 8, max: 8, sector: 'enemy-left' },
  { min: 9, max: 9, sector: 'enemy-centre' },
  { min: 10, max: 10, sector: 'enemy-right' },
];

export function placementSector(roll: number): Sector {
  const r = Math.min(10, Math.max(1, roll));
  return TERRAIN_PLACEMENT.find((x) => r >= x.min && r <= x.max)!.sector;
}

export type TerrainPick = 'none' | 'clear' | 'dense' | 'light-or-low-hill' | 'light-low-hill-or-village' | 'obstacle-or-road' | 'river-or-water';

/** NW §9 Terrain Type table: sizes are (medium, large) inches. */
export const TERRAIN_TYPES: readonly { readonly pick: TerrainPick; readonly name: string; readonly maxDiameterIn?: { medium: number; large: number }; readonly maxLengthIn?: { medium: number; large: number }; readonly note?: string }[] = [
  { pick: 'none', name: 'None', note: 'No terrain is placed' },
  { pick: 'clear', name: 'Clear Terrain', maxDiameterIn: { medium: 12, large: 16 } },
  { pick: 'dense', name: 'Dense Terrain', maxDiameterIn: { medium: 12, large: 16 } },
  { pick: 'light-or-low-hill', name: 'Light Terrain or Low Hill', maxDiameterIn: { medium: 12, large: 16 } },
  { pick: 'light-low-hill-or-village', name: 'Light Terrain, Low Hill or Village/Farm Buildings', maxDiameterIn: { medium: 12, large: 16 } },
  { pick: 'obstacle-or-road', name: 'Natural Obstacle or Road', maxLengthIn: { medium: 12, large: 16 } },
  { pick: 'river-or-water', name: 'River or Water Feature', note: 'No more than 1 of each per table' },
];

/** NW §9 Special Terrain Placement Rules, as checkable data. */
export const TERRAIN_PLACEMENT_RULES = {
  noRiversInCentreSectors: true,
  roadEdgeToEdge: true,
  roadMaxCurves: 1,
  roadMaxCurveDeg: 45,
  riverEdgeToEdge: true,
  riversPerPlayer: 1,
  waterFeaturesPerPlayer: 1,
  bridgeOrFordWhereRoadCrossesRiver: true,
  /** Only these may overlap: woods/scrub/brush/buildings/rocky ground on low hills; rivers and roads across each other; roads across streams, low hills, light and dense terrain. */
  overlapsAllowed: ['on-low-hill', 'road-river', 'road-over-stream', 'road-over-low-hill', 'road-through-light-or-dense'] as const,
  rule: 'NW §9 Special Terrain Placement Rules',
} as const;

/** NW §9 Terrain Types: what each class holds. */
export const TERRAIN_CLASSES = {
  light: ['scrub', 'orchard', 'marshland', 'sand dunes', 'brush', 'rocky ground', 'steep hills', 'any obstacles', 'light woods'],
  dense: ['woods', 'forest', 'swamps', 'bogs', 'steep hills with overlapping light terrain'],
  obstacle: ['streams', 'walls', 'fences', 'hedges', 'gullies', 'ravines'],
  rule: 'NW §9 Terrain Types; §23 Obstacles',
} as const;
