/**
 * DoG MOVEMENT PHASE: allowances, terrain (Movement Costs) and FORMATION CHANGES (in turns).
 * The nationality tables give no allowances; shared/rules/README.md gives the published charts':
 * mm per move, line / column.
 */
export const MOVE_RULE = 'DoG MOVEMENT PHASE';
export const ALLOWANCE_RULE = 'DoG MOVEMENT PHASE (allowances: shared/rules/README.md, the published charts)';
export const TERRAIN_RULE = 'DoG Movement Costs';
export const FORMATION_RULE = 'DoG FORMATION CHANGES';
export const CHARGE_BONUS_RULE = 'DoG Charge Movement Bonus';

export const ALLOWANCES = {
  infantry: { line: 100, column: 150 },
  skirmishers: 150,
  lightCavalry: { line: 240, column: 300 },
  heavyCavalry: { line: 200, column: 240 },
  footArtillery: 140,
  horseArtillery: 240,
} as const;

/** "Add 30m for infantry, 80m for cavalry." */
export const CHARGE_BONUS = { infantry: 30, cavalry: 80 } as const;
/** "the last 50m (infantry) and 150m (cavalry) of a charge must be in a straight line" (DoG Charge Restrictions). */
export const STRAIGHT_RUN = { infantry: 50, cavalry: 150 } as const;

/** Area terrain: the share of the normal rate left inside it, and what it does to order. */
export const AREA_TERRAIN = {
  openWood: { rate: 0.5, becomes: 'unformed', visibilityMm: 500 },
  denseWood: { rate: 0.25, becomes: 'disordered', visibilityMm: 250 },
  gentleSlope: { rate: 0.75 },
  mediumSlope: { rate: 0.5 },
  steepSlope: { rate: 0.25 },
  extremeSlope: { rate: 0.25, becomes: 'unformed' },
} as const;

/** Linear terrain: metres deducted on crossing, what it does, who may not cross. */
export const LINEAR_TERRAIN = {
  stream: { deductMm: 10 },
  fordableRiver: { deductMm: 20, becomes: 'unformed', closedTo: ['artillery'] },
  lowWall: { deductMm: 25, cavalryBecome: 'unformed', closedTo: ['artillery'] },
  highWall: { deductMm: 50, becomes: 'unformed', closedTo: ['artillery'] },
  buildings: { deductMm: 25, closedTo: ['cavalry', 'artillery'] },
} as const;

export type Fraction = number | null;
export type InfCol = 'britFr' | 'russ' | 'prAu';
export type CavCol = 'brit' | 'frRuss' | 'prAu';

/** FORMATION CHANGES, infantry columns Brit/Fr, Russ, Pr/Au and cavalry columns Brit, Fr/Russ, Pr/Au; null = "-". Turns. */
export const FORMATION_CHANGES = {
  marchToColumn: { infantry: [0.25, 0.5, 0.75], cavalry: [null, null, null] },
  marchToLine: { infantry: [0.75, 1.5, 2], cavalry: [0.75, 0.5, 1] },
  marchToSquare: { infantry: [0.5, 1, 1.5], cavalry: [null, null, null] },
  columnToLine: { infantry: [0.5, 1, 1.5], cavalry: [null, null, null] },
  columnToSquare: { infantry: [0.25, 0.5, 0.75], cavalry: [null, null, null] },
  lineToSquare: { infantry: [0.5, 0.5, 1], cavalry: [null, null, null] },
  intoSkirmish: { infantry: [0.25, 0.5, 0.75], cavalry: [0.75, 0.5, 1] },
  reformUnformed: { infantry: [1, 1, 2], cavalry: [2, 1, 2] },
  reformDisordered: { infantry: [1, 2, 2], cavalry: [2, 2, 3] },
} as const satisfies Record<string, { infantry: readonly Fraction[]; cavalry: readonly Fraction[] }>;

/** Foot columns Brit/Fr, Russ, Pr/Au; horse columns Brit, Fr/Russ, Pr/Au. */
export const BATTERY_CHANGES = {
  unlimber: { foot: [0.5, 0.75, 1], horse: [0.25, 0.25, 0.5] },
  limber: { foot: [0.5, 1, 1.5], horse: [0.5, 0.5, 0.75] },
} as const;

/** Refacing Battery: 0-30 deg 1/4, 30-60 1/2, 60-120 1. */
export const BATTERY_REFACE: readonly { readonly toDeg: number; readonly turns: number }[] = [
  { toDeg: 30, turns: 0.25 }, { toDeg: 60, turns: 0.5 }, { toDeg: 120, turns: 1 },
];
/** "Note: Tired, Conscripts, militia, landwehr - take double time" (the charts' version of the note). */
export const DOUBLE_TIME = 2;

export const INF_COLS: readonly InfCol[] = ['britFr', 'russ', 'prAu'];
export const CAV_COLS: readonly CavCol[] = ['brit', 'frRuss', 'prAu'];
