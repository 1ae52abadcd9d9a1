/**
 * Advanced Shako's tables as one typed, editable set. The base game's rulebook (Arty Conliffe's
 * SHAKO) is not in our documents, so every number it would supply is here as data, each table
 * carrying its `source`: 'established' (known of SHAKO: shared/rules/README.md), 'amendment' (the
 * Advanced Shako text gives it), or 'house' (our stand-in for the published number). A player who
 * owns the rulebook writes the published numbers into a house-rules file (which deep-merges over
 * these and is validated against `tablesSchema`) and marks those tables `"source": "published"`.
 */
import { z } from 'zod';

export const SOURCES = ['house', 'established', 'amendment', 'published'] as const;
export type Source = (typeof SOURCES)[number];

export const TROOP_TYPES = ['line-infantry', 'light-infantry', 'light-cavalry', 'heavy-cavalry', 'foot-artillery', 'horse-artillery'] as const;
export type TroopType = (typeof TROOP_TYPES)[number];
export type Arm = 'infantry' | 'cavalry' | 'artillery';
export const ARM: Record<TroopType, Arm> = {
  'line-infantry': 'infantry', 'light-infantry': 'infantry', 'light-cavalry': 'cavalry', 'heavy-cavalry': 'cavalry', 'foot-artillery': 'artillery', 'horse-artillery': 'artillery',
};
export const QUALITIES = ['guard', 'elite', 'regular', 'second-rate', 'militia'] as const;
export type Quality = (typeof QUALITIES)[number];
export const FORMATIONS = ['line', 'column', 'square', 'skirmish', 'deployed'] as const;
export type Formation = (typeof FORMATIONS)[number];

const src = z.enum(SOURCES);
const note = z.string().max(400);
const inches = z.number().min(0).max(120);
const d6 = z.number().int().min(1).max(7);
const mod = z.number().int().min(-6).max(6);
const rate = z.object({ line: inches.optional(), column: inches.optional(), square: inches.optional(), skirmish: inches.optional(), deployed: inches.optional() }).strict();

export const tablesSchema = z.object({
  /** MR and DisMR by quality: MR 2-6, regulars 4, DisMR lower (established); the per-quality figures are house values. */
  morale: z.object({
    source: src, note,
    mr: z.object({ guard: z.number().int().min(2).max(6), elite: z.number().int().min(2).max(6), regular: z.number().int().min(2).max(6), 'second-rate': z.number().int().min(2).max(6), militia: z.number().int().min(2).max(6) }).strict(),
    dismr: z.object({ guard: z.number().int().min(1).max(5), elite: z.number().int().min(1).max(5), regular: z.number().int().min(1).max(5), 'second-rate': z.number().int().min(1).max(5), militia: z.number().int().min(1).max(5) }).strict(),
    /** Artillery crews' "artificially high MR" in melee (8.5 and 11.0 mentions it; the figure is the base book's). */
    artilleryCrewMr: z.number().int().min(2).max(6),
  }).strict(),
  /** Move allowances in inches by troop type and formation (the base book's). */
  movement: z.object({
    source: src, note,
    rates: z.object({ 'line-infantry': rate, 'light-infantry': rate, 'light-cavalry': rate, 'heavy-cavalry': rate, 'foot-artillery': rate, 'horse-artillery': rate }).strict(),
    /** A formation change costs this share of the move (the rest may be used). */
    formationChangeShare: z.number().min(0).max(1),
    /** Greatest wheel in a charge, degrees. */
    chargeWheelDeg: z.number().min(0).max(180),
  }).strict(),
  /** Established numbers of SHAKO and the ones the amendments give. */
  reach: z.object({
    source: src, note,
    chargeInfantryIn: inches, chargeCavalryIn: inches, frontalZoneIn: inches, adcIn: inches,
    /** 7.3.1 obligatory cavalry charges: enemy Formed units within this, ahead or 45° either side. */
    obligatoryChargeIn: inches,
    /** 8.2 quick reference: charged by cavalry from within this, the hasty square roll takes +1. */
    hastySquareCloseIn: inches,
    /** 8.0: opposing divisions with units within this that tie roll off; coordinated commanders within this. */
    initiativeNearIn: inches,
    /** 8.2 side-step, 8.2 moving squares (Elite and Guard). */
    sideStepIn: inches, movingSquareIn: inches,
    /** 11.2.5 fallback through friends: the first 3". */
    fallbackDisruptIn: inches,
    /** 11.2.4 square support within 3"; 8.5 withdraw to square within 3". */
    squareSupportIn: inches, withdrawToSquareIn: inches,
    /** 12.1: the -1 to a rally roll when no enemy is within this. */
    rallyNoEnemyIn: inches,
    /** 11.0 a staggered charging column is withdrawn this far. */
    withdrawIn: inches,
  }).strict(),
  /** Fall back and recall distances (the base book's). */
  retrograde: z.object({ source: src, note, fallbackIn: inches, recallIn: inches, rallyProhibitIn: inches, supportIn: inches, commandRadiusIn: inches }).strict(),
  /** Fire: ranges and what a die does. Total = D6 + modifiers; at or over `killOn` a kill, at or over `staggerOn` a stagger (a second stagger is a kill: established). */
  fire: z.object({
    source: src, note,
    musketRangeIn: inches, skirmishRangeIn: inches, roundshotRangeIn: inches, canisterRangeIn: inches,
    /** Degrees either side of straight ahead that a battery's fire covers (9.2: the 45 degree arc). */
    arcDeg: z.number().min(0).max(90),
    musketry: z.object({ killOn: d6, staggerOn: d6 }).strict(),
    skirmish: z.object({ killOn: d6, staggerOn: d6 }).strict(),
    roundshot: z.object({ killOn: d6, staggerOn: d6 }).strict(),
    canister: z.object({ killOn: d6, staggerOn: d6 }).strict(),
    modifiers: z.object({ firerStaggered: mod, targetColumnOrSquareByArtillery: mod, targetInTown: mod, targetSkirmishers: mod, britishEliteGuardVsChargers: mod, newOrder: mod }).strict(),
  }).strict(),
  /** Melee: D6 + MR (DisMR when Blown or after a failed hasty square) + modifiers; ties re-rolled (11.2.5 amendment). */
  melee: z.object({
    source: src, note,
    modifiers: z.object({ cavalryVsInfantryNotSquare: mod, squareVsCavalry: mod, flankOrRear: mod, combatDeployed: mod, supportedSquare: mod, movingSquare: mod, lancersVsInfantryInOpen: mod, staggered: mod, newOrder: mod, defendingTown: mod }).strict(),
    /** Losing by this or more breaks the loser outright; less, it falls back (the base book's severity). */
    breakMargin: z.number().int().min(1).max(12),
    /** Kills the loser suffers. */
    loserKills: z.number().int().min(0).max(6),
  }).strict(),
  /** MR tests: pass under MR, a 6 always fails (established). Modifiers on the die. */
  tests: z.object({
    source: src, note,
    hastySquare: z.object({ chargedFromClose: mod, inColumn: mod }).strict(),
    rally: z.object({ noEnemyNear: mod, inCommandRadius: mod }).strict(),
    recall: z.object({ inCommandRadius: mod }).strict(),
    withdrawToSquare: z.object({ chargeFromFar: mod, didNotFire: mod }).strict(),
    britishCavalryControl: z.object({ inCommandRadius: mod }).strict(),
  }).strict(),
  /** 8.0 initiative: D6 + modifiers per division, highest moves first. */
  initiative: z.object({ source: src, note, attack: mod, cavalryDivision: mod, coordinated: mod }).strict(),
  /** 12.2 divisional morale: tests at 33% and 50% of units lost (established); results by die. */
  divisionalMorale: z.object({
    source: src, note,
    firstTestShare: z.number().min(0).max(1), secondTestShare: z.number().min(0).max(1),
    /** Lowest die for each result; a die under `retreat` breaks. */
    at33: z.object({ carryOn: d6, newOrder: d6, retreat: d6 }).strict(),
    at50: z.object({ carryOn: d6, newOrder: d6, retreat: d6 }).strict(),
    halfInFallback: mod,
    newOrderMr: mod,
  }).strict(),
  /**
   * The base book's restrictions on Defend orders (not in our documents; README establishes only
   * that divisions hold Attack or Defend orders). The amendments imply a Defending division waits
   * until "alerted into activation" (7.3.1: skirmishers can alert it). Until then its units neither
   * advance towards the enemy (more than `inactiveForwardIn`) nor charge (7.3.1 obligatory cavalry
   * charges excepted). Activation: an enemy unit of any kind, skirmishers included, within
   * `activationIn` of one of its units and visible to it; it lasts until the division's orders change.
   */
  defendOrders: z.object({ source: src, note, activationIn: inches, inactiveForwardIn: inches }).strict(),
  /** 17.2 skirmisher allotments: skirmish stands per battalion stands ("1 to 4"), by army; 0 = none. */
  skirmishers: z.object({ source: src, note, ratios: z.record(z.string(), z.number().int().min(0).max(12)) }).strict(),
});
export type ShTables = z.infer<typeof tablesSchema>;

const SK = (names: string[], n: number) => Object.fromEntries(names.map((x) => [x, n]));

export const DEFAULT_TABLES: ShTables = {
  morale: {
    source: 'house', note: 'HOUSE: MR 2-6 with regulars 4 and a lower DisMR are established; the figure for each quality is a house value.',
    mr: { guard: 6, elite: 5, regular: 4, 'second-rate': 3, militia: 2 },
    dismr: { guard: 4, elite: 4, regular: 3, 'second-rate': 2, militia: 1 },
    artilleryCrewMr: 5,
  },
  movement: {
    source: 'house', note: 'HOUSE: the base book gives the allowances; these are house values.',
    rates: {
      'line-infantry': { line: 6, column: 9, square: 0, skirmish: 9 },
      'light-infantry': { line: 6, column: 9, square: 0, skirmish: 9 },
      'light-cavalry': { line: 15, column: 18 },
      'heavy-cavalry': { line: 12, column: 15 },
      'foot-artillery': { deployed: 6 },
      'horse-artillery': { deployed: 12 },
    },
    formationChangeShare: 0.5,
    chargeWheelDeg: 45,
  },
  reach: {
    source: 'established', note: 'Established of SHAKO (charge reach 9"/18", frontal zone 6", ADC 24" — 7.8) and given by the amendments (7.3.1, 8.0, 8.2, 11.2.4, 11.2.5, 12.1, 8.5).',
    chargeInfantryIn: 9, chargeCavalryIn: 18, frontalZoneIn: 6, adcIn: 24, obligatoryChargeIn: 6, hastySquareCloseIn: 9, initiativeNearIn: 18,
    sideStepIn: 3, movingSquareIn: 3, fallbackDisruptIn: 3, squareSupportIn: 3, withdrawToSquareIn: 3, rallyNoEnemyIn: 18, withdrawIn: 0.25,
  },
  retrograde: {
    source: 'house', note: 'HOUSE: fall back 8" (beyond the 6" that forbids rallying, so a unit not pursued may rally), recall 6", no rally with a Formed enemy within 6" (12.1 implies 6"), flank support within 3", command radius 12".',
    fallbackIn: 8, recallIn: 6, rallyProhibitIn: 6, supportIn: 3, commandRadiusIn: 12,
  },
  fire: {
    source: 'house', note: 'HOUSE: ranges and the die results are house values (9.2 implies canister reaches 18").',
    musketRangeIn: 3, skirmishRangeIn: 4, roundshotRangeIn: 36, canisterRangeIn: 18, arcDeg: 45,
    musketry: { killOn: 6, staggerOn: 4 },
    skirmish: { killOn: 7, staggerOn: 5 },
    roundshot: { killOn: 6, staggerOn: 5 },
    canister: { killOn: 5, staggerOn: 3 },
    modifiers: { firerStaggered: -1, targetColumnOrSquareByArtillery: 1, targetInTown: -1, targetSkirmishers: -1, britishEliteGuardVsChargers: 1, newOrder: -1 },
  },
  melee: {
    source: 'house', note: 'HOUSE: melee modifiers and severity are house values, except those the amendments give (moving square -1, supported square +1, lancers +1, New Order -1).',
    modifiers: { cavalryVsInfantryNotSquare: 1, squareVsCavalry: 2, flankOrRear: 2, combatDeployed: 1, supportedSquare: 1, movingSquare: -1, lancersVsInfantryInOpen: 1, staggered: -1, newOrder: -1, defendingTown: 1 },
    breakMargin: 4,
    loserKills: 1,
  },
  tests: {
    source: 'amendment', note: 'Given by the amendments: 8.2 (+1 from within 9", -1 in column), 12.1 (-1 no enemy within 18"), 11.4 (-1 in command radius; British control +1), 8.5 (-1 and -1). HOUSE: rally -1 within command radius.',
    hastySquare: { chargedFromClose: 1, inColumn: -1 },
    rally: { noEnemyNear: -1, inCommandRadius: -1 },
    recall: { inCommandRadius: -1 },
    withdrawToSquare: { chargeFromFar: -1, didNotFire: -1 },
    britishCavalryControl: { inCommandRadius: 1 },
  },
  initiative: { source: 'amendment', note: '8.0 Initiative and Divisional Movement.', attack: 1, cavalryDivision: 1, coordinated: -1 },
  divisionalMorale: {
    source: 'house', note: 'The 50% table is the amendment (12.2: Carry on 6, New Order 4-5, Retreat 2-3, Break 1); the 33% table is a HOUSE value (Carry on 4-6, New Order 3, Retreat 2, Break 1).',
    firstTestShare: 1 / 3, secondTestShare: 0.5,
    at33: { carryOn: 4, newOrder: 3, retreat: 2 },
    at50: { carryOn: 6, newOrder: 4, retreat: 2 },
    halfInFallback: -1,
    newOrderMr: -1,
  },
  defendOrders: {
    source: 'house', note: 'HOUSE: the base book restricts Defend orders; these stand in. A Defending division is activated when an enemy (skirmishers included: AS 7.3.1) is within 12" of one of its units and seen; until then its units advance no more than 0" towards the enemy and do not charge (AS 7.3.1 obligatory cavalry charges excepted). Set activationIn to 120 to lift the restriction.',
    activationIn: 12, inactiveForwardIn: 0,
  },
  skirmishers: {
    source: 'amendment', note: '17.2 Skirmisher allotments (ratios by Steve Metheringham): skirmish stands 1 to 4, 1 to 6, 1 to 8 battalion stands, or none.',
    ratios: {
      ...SK(['Baden from 1806', 'Bavaria from 1809', 'Britain', 'Confederation of the Rhine', 'France', 'Hanover post 1803', "King's German Legion", 'Hesse-Darmstadt from 1809', 'Naples', 'Nassau from 1808', 'Northern Italy', 'Portugal post 1808', 'Sicily post 1808', 'Grand Duchy of Warsaw', 'Westphalia'], 4),
      ...SK(['Austria post 1805', 'Denmark post 1813', 'Dutch Belgian', 'Hanover to 1803', 'Prussia post 1806', 'Russia', 'Spain', 'Sweden'], 6),
      ...SK(['Austria to 1805', 'Bavaria to 1809', 'Brunswick to 1806', 'Denmark pre 1807', 'Portugal pre 1809', 'Prussia to 1806', 'Saxony to 1809', 'Wurttemberg 1809 onwards'], 8),
      ...SK(['Hesse-Darmstadt pre 1809', 'Saxony post 1809', 'Sicily to 1806'], 0),
    },
  },
};

/** The tables still on house values (the start dialog and RULINGS.md list them). */
export const houseTables = (t: ShTables): string[] => (Object.keys(t) as (keyof ShTables)[]).filter((k) => t[k].source === 'house');

export const TABLE_LABELS: Record<keyof ShTables, string> = {
  morale: 'MR and DisMR by quality', movement: 'Move allowances', reach: 'Charge reach, frontal zone, ADC and amendment distances', retrograde: 'Fall back, recall and support distances',
  fire: 'Fire ranges and results', melee: 'Melee modifiers and severity', tests: 'MR test modifiers', initiative: 'Initiative modifiers', divisionalMorale: 'Divisional morale', defendOrders: 'Defend orders: activation', skirmishers: 'Skirmisher allotments',
};
