/**
 * Terrain generation building blocks every ruleset's table generator uses: sector dice
 * (sectors.ts), piece outlines (outlines.ts), placement constraints (placement.ts) and lines
 * across the table (lines.ts). A ruleset keeps its tables (what is diced, how many, what may
 * lie on what) and passes its die roller in.
 */
export * from './sectors';
export * from './outlines';
export * from './placement';
export * from './lines';
