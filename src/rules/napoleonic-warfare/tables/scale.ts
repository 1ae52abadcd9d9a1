/**
 * NW base scales. Every distance of the rules depends on the stand size chosen (NW §5 Stand
 * Sizes): medium stands (15mm figures) and large stands (25mm figures). Distances are inches
 * here; convert to table millimetres with `inches()` at the edge (src/geometry/types.ts).
 *
 * The text writes scale pairs in both orders ("18\" (12\")" puts large first, "12\" (16\")"
 * puts medium first). RULINGS.md: the larger figure always belongs to the large scale.
 */
export type Scale = 'medium' | 'large';
export const SCALES: readonly Scale[] = ['medium', 'large'];

export interface BaseSizeIn {
  readonly widthIn: number;
  readonly depthIn: number;
}

export interface ScaleDistances {
  readonly scale: Scale;
  readonly figureSize: '15mm' | '25mm';
  /** NW §3 Table Definitions/Engagement Range: 12" medium, 16" large. */
  readonly engagementRangeIn: number;
  /** NW Preparing for Battle §3 Setting up Armies: deploy up to 6" (small and medium) / 9" (large) from the baseline. */
  readonly deploymentDepthIn: number;
  /** NW §9 Terrain Generation/Special Terrain Placement: maximum diameter 12" / 16". */
  readonly terrainMaxDiameterIn: number;
  /** NW §9: minimum size of any piece 3" / 5". */
  readonly terrainMinSizeIn: number;
  /** NW §9 Roads: 1" / 2" wide. */
  readonly roadWidthIn: number;
  /** NW §9 Rivers: 1" / 2" wide. */
  readonly riverWidthIn: number;
  /** NW §9 Water Features: ponds at most 8" / 12" across. */
  readonly pondMaxDiameterIn: number;
  /** NW §9 Water Features: a lake, sea or major river up to 12" wide (one figure, both scales). */
  readonly lakeMaxWidthIn: number;
  /** NW §9 Roads: no two roads parallel within 6" (one figure, both scales). */
  readonly roadParallelSpacingIn: number;
  /** NW §9 Forests: visibility in forest 2" medium / 3" large; also Morale trigger D "in woods". */
  readonly woodsVisibilityIn: number;
  /** NW Fire §29 Line of Sight: within 1" / 2" of a wood's edge to fire out or be fired on. Morale trigger D "from the woods edge". */
  readonly woodsEdgeIn: number;
  /** NW Orders/Fire and Flee: crew run behind the nearest friend within 1" / 2". */
  readonly fireAndFleeIn: number;
  /** NW Orders/Deploy: artillery may handpush 1" / 2" straight ahead and fire. */
  readonly handpushIn: number;
  /** NW §27 Special Formations/Square: movement 1" / 2". */
  readonly squareMoveIn: number;
  /** NW §9 Leaving and Returning: return within 4" / 6" of the exit point. */
  readonly returnWithinIn: number;
  /** NW Morale failure table, failed by 1 when charging: halt 1" from the enemy (one figure, both scales). */
  readonly chargeHaltShortIn: number;
  /** NW Basing (the Napoleon's Battles basing), width × depth. */
  readonly bases: {
    readonly foot: BaseSizeIn;
    readonly cavalry: BaseSizeIn;
    readonly artillery: BaseSizeIn;
    readonly general: BaseSizeIn;
  };
  readonly rule: string;
}

export const SCALE_DISTANCES: Readonly<Record<Scale, ScaleDistances>> = {
  medium: {
    scale: 'medium',
    figureSize: '15mm',
    engagementRangeIn: 12,
    deploymentDepthIn: 6,
    terrainMaxDiameterIn: 12,
    terrainMinSizeIn: 3,
    roadWidthIn: 1,
    riverWidthIn: 1,
    pondMaxDiameterIn: 8,
    lakeMaxWidthIn: 12,
    roadParallelSpacingIn: 6,
    woodsVisibilityIn: 2,
    woodsEdgeIn: 1,
    fireAndFleeIn: 1,
    handpushIn: 1,
    squareMoveIn: 1,
    returnWithinIn: 4,
    chargeHaltShortIn: 1,
    bases: {
      foot: { widthIn: 1, depthIn: 1 },
      cavalry: { widthIn: 1, depthIn: 1 },
      artillery: { widthIn: 1.5, depthIn: 1 },
      general: { widthIn: 1, depthIn: 1 },
    },
    rule: 'NW §3 Engagement Range; §5 Stand Sizes; Basing; §9 Terrain Generation',
  },
  large: {
    scale: 'large',
    figureSize: '25mm',
    engagementRangeIn: 16,
    deploymentDepthIn: 9,
    terrainMaxDiameterIn: 16,
    terrainMinSizeIn: 5,
    roadWidthIn: 2,
    riverWidthIn: 2,
    pondMaxDiameterIn: 12,
    lakeMaxWidthIn: 12,
    roadParallelSpacingIn: 6,
    woodsVisibilityIn: 3,
    woodsEdgeIn: 2,
    fireAndFleeIn: 2,
    handpushIn: 2,
    squareMoveIn: 2,
    returnWithinIn: 6,
    chargeHaltShortIn: 1,
    bases: {
      foot: { widthIn: 1.5, depthIn: 1.5 },
      cavalry: { widthIn: 1.5, depthIn: 1.75 },
      artillery: { widthIn: 2.5, depthIn: 1.75 },
      general: { widthIn: 1.5, depthIn: 1.5 },
    },
    rule: 'NW §3 Engagement Range; §5 Stand Sizes; Basing; §9 Terrain Generation',
  },
};
