/**
 * DoG modifier lists as data, each row citing its section: Fire Modifiers, Melee Modifiers,
 * Morale MODIFIERS, Charge Reaction Test, Routing troops attempt to rally, CONTROL, and the
 * fire die, the Generals' Risk Table and the C-in-C's influence.
 */
export const FIRE_RULE = 'DoG Fire Modifiers';
export const MELEE_RULE = 'DoG Melee Modifiers';
export const MORALE_RULE = 'DoG MORALE MODIFIERS';
export const REACTION_RULE = 'DoG Charge Reaction Test';
export const RALLY_RULE = 'DoG Routing troops attempt to rally';
export const CONTROL_RULE = 'DoG CONTROL';
export const RISK_RULE = "DoG Generals' Risk Table";
export const FIRE_DIE_RULE = 'DoG Infantry Fire, Procedure (the fire die)';
export const CINC_RULE = 'DoG Command Ratings (C-in-C influence)';

/** "roll 1 percentage die treating 1-3 as 1, 4-6 as 2, 7-9 as 3, 0 as 4" (a d10 reads 0 as 10). */
export function fireDie(face: number): number {
  if (face <= 3) return 1;
  if (face <= 6) return 2;
  if (face <= 9) return 3;
  return 4;
}

export interface ModRow { readonly label: string; readonly value: number }

export const FIRE_MODIFIERS = {
  britishLine: { label: 'firing unit is British infantry in line (2 deep line)', value: 2 },
  veteran: { label: 'firing unit is veteran', value: 1 },
  restingArms: { label: 'firing unit resting arms on wall/parapet', value: 1 },
  initialVolley: { label: 'initial volley (once per game)', value: 2 },
  unformed: { label: 'firing unit is unformed', value: -1 },
  consecutive: { label: 'for every 3 consecutive moves of firing', value: -1 },
  disordered: { label: 'firing unit is disordered', value: -2 },
  conscript: { label: 'firing unit is conscript, militia or landwehr', value: -2 },
  cuirassiers: { label: 'small arms vs cuirassiers', value: -1 },
  underFire: { label: 'firing unit is itself under fire (except British and veterans)', value: -1 },
  tired: { label: 'firing unit is tired', value: -2 },
  skirmishOrder: { label: 'firing unit is in skirmish order', value: -3 },
  exhausted: { label: 'firing unit is exhausted', value: -4 },
  deepTarget: { label: 'target unit is more than 1 rank deep', value: 1 },
  perRank: { label: 'for every rank of target unit (artillery fire)', value: 1 },
  softCover: { label: 'target unit is behind soft cover', value: -3 },
  hardCover: { label: 'target unit is behind hard cover', value: -4 },
  targetSkirmish: { label: 'target unit is in skirmish order', value: -4 },
  entrenched: { label: 'target unit is entrenched', value: -5 },
} as const satisfies Record<string, ModRow>;

export const MELEE_MODIFIERS = {
  outnumber4: { label: 'outnumber enemy by 4:1 or more', value: 4 },
  outnumber3: { label: 'outnumber enemy by 3:1', value: 3 },
  outnumber2: { label: 'outnumber enemy by 2:1', value: 2 },
  outnumber32: { label: 'outnumber enemy by 3:2', value: 1 },
  veteran: { label: 'veteran', value: 1 },
  secondLine: { label: '2nd line', value: -1 },
  conscript: { label: 'conscript/militia', value: -2 },
  heavyCavalry: { label: 'heavy cavalry', value: 2 },
  cuirassiers: { label: 'cuirassiers', value: 1 },
  lancers: { label: 'lancers (first round only)', value: 2 },
  cavVsSkirmishArty: { label: 'cavalry vs skirmishers and artillery', value: 6 },
  cavVsUnformedFoot: { label: 'cavalry vs unformed foot', value: 3 },
  cavVsDisorderedFoot: { label: 'cavalry vs disordered foot', value: 5 },
  cavVsUnformedCav: { label: 'cavalry vs unformed cavalry', value: 1 },
  cavVsDisorderedCav: { label: 'cavalry vs disordered cavalry', value: 2 },
  cavVsSquare: { label: 'cavalry vs infantry in square', value: -5 },
  cavVsSingleRank: { label: 'cavalry vs infantry in single rank (includes squares)', value: 2 },
  cossacksVsFormedCav: { label: 'Cossacks vs formed cavalry', value: -2 },
  columnVsLine: { label: 'infantry in column vs infantry in single rank line', value: 2 },
  squareVsCav: { label: 'infantry in square vs cavalry', value: 2 },
  infVsUnformed: { label: 'infantry vs unformed', value: 1 },
  infVsDisordered: { label: 'infantry vs disordered', value: 2 },
  infVsSkirmish: { label: 'infantry vs skirmishers', value: 2 },
  followingUp: { label: 'following up victory', value: 1 },
  uphill: { label: 'uphill', value: 1 },
  buildings: { label: 'in buildings', value: 3 },
  fortified: { label: 'in fortifications/entrenched', value: 4 },
  unformed: { label: 'unformed', value: -1 },
  disordered: { label: 'disordered', value: -2 },
  tired: { label: 'tired', value: -2 },
  exhausted: { label: 'exhausted', value: -4 },
} as const satisfies Record<string, ModRow>;

/** Percent, added to the unit's morale factor (in percent) — DoG MORALE MODIFIERS (the rules' own list). */
export const MORALE_MODIFIERS = {
  perTenPctLost: { label: 'for every 10% casualties', value: -5 },
  perTenPctThisMove: { label: 'for each 10% casualties lost this move', value: -5 },
  unformed: { label: 'unformed', value: -10 },
  disordered: { label: 'disordered', value: -20 },
  tired: { label: 'tired', value: -10 },
  exhausted: { label: 'exhausted', value: -20 },
  flankThreatened: { label: 'for each flank threatened', value: -10 },
  rearAttack: { label: 'attacked from rear', value: -20 },
  infChargedByCav: { label: 'infantry not in square charged by cavalry', value: -20 },
  conscript: { label: 'conscript, militia, landwehr', value: -10 },
  routingNear: { label: 'for each routing unit within 150m', value: -10 },
  veteran: { label: 'veteran', value: 10 },
  secureFlanks: { label: 'secure flanks', value: 10 },
  supported: { label: 'supported (friendly formed units to the rear)', value: 10 },
  britishReceiving: { label: 'British receiving charge', value: 10 },
  squareVsCav: { label: 'infantry in square charged by cavalry', value: 20 },
  cover: { label: 'unit in cover', value: 20 },
  chargingCav: { label: 'charging cavalry', value: 20 },
} as const satisfies Record<string, ModRow>;

/** Percent, added to the morale factor — DoG Charge Reaction Test Modifiers. */
export const REACTION_MODIFIERS = {
  british: { label: 'British', value: 20 },
  veteran: { label: 'Veterans', value: 10 },
  conscript: { label: 'conscripts, landwehr, militia', value: -20 },
  lancers: { label: 'infantry charged by lancers', value: -10 },
  cuirassiers: { label: 'infantry charged by cuirassiers', value: -10 },
  lineVsCav: { label: 'infantry in line charged by cavalry', value: -10 },
  changingFormation: { label: 'infantry attempting to change formation while being charged by cavalry', value: -10 },
  unformed: { label: 'unformed', value: -10 },
  disordered: { label: 'disordered', value: -20 },
  tired: { label: 'tired', value: -10 },
  exhausted: { label: 'exhausted', value: -20 },
} as const satisfies Record<string, ModRow>;

/** Percent, added to the roll (the roll must be at most the morale rating) — DoG Routing troops attempt to rally. */
export const RALLY_MODIFIERS = {
  veteran: { label: 'Veteran', value: 10 },
  secondLine: { label: '2nd line', value: -10 },
  conscript: { label: 'Conscript, Landwehr, militia', value: -20 },
  underFire: { label: 'coming under fire before current rally phase', value: -20 },
  cavalryNear: { label: 'threatened by enemy cavalry within 300 metres', value: -20 },
  perTwentyPctLost: { label: 'for each 20% of casualties taken during the game', value: -10 },
  inFlight: { label: 'still in flight', value: -20 },
} as const satisfies Record<string, ModRow>;

export const CONTROL_MODIFIERS = {
  enemyRetiring: { label: 'enemy retiring within 100m', value: 1 },
  enemyRetreating: { label: 'enemy retreating', value: 2 },
  enemyRouting: { label: 'enemy routing', value: 3 },
  enemyStanding: { label: 'enemy standing', value: -1 },
  enemyAdvancing: { label: 'enemy advancing', value: -2 },
  enemyFlankRear: { label: 'enemy advancing to flank or rear', value: -3 },
  friendsRetiring: { label: 'friends retiring within 100m', value: -1 },
  friendsRetreating: { label: 'friends retreating', value: -2 },
  friendsRouting: { label: 'friends routing', value: -3 },
  friendsStanding: { label: 'friends standing', value: 1 },
  friendsAdvancing: { label: 'friends advancing', value: 2 },
  meleeWon: { label: 'for each round of melee won within last 4 moves', value: 1 },
  underFireFlank: { label: 'unit under fire from flank/rear', value: -1 },
  veteran: { label: 'veteran (+-1, toward following orders)', value: 1 },
} as const satisfies Record<string, ModRow>;

export type ControlResult = 'pursue2' | 'pursue1' | 'orders' | 'stand1' | 'stand2' | 'retire';
/** DoG CONTROL Result, by the modified total. */
export const CONTROL_RESULTS: readonly { readonly from: number; readonly result: ControlResult; readonly text: string }[] = [
  { from: 13, result: 'pursue2', text: 'unit pursues or charges nearest enemy for 2 moves' },
  { from: 11, result: 'pursue1', text: 'unit pursues/charges nearest enemy for 1 move' },
  { from: 8, result: 'orders', text: 'follows orders' },
  { from: 5, result: 'stand1', text: 'stand - may not advance for 1 move' },
  { from: 2, result: 'stand2', text: 'stand - may not advance for 2 moves' },
  { from: -Infinity, result: 'retire', text: 'retire' },
];
export const controlResult = (total: number) => CONTROL_RESULTS.find((r) => total >= r.from)!;

export type Wound = 'light' | 'moderate' | 'serious' | 'killed';
/** DoG Generals' Risk Table: 1-4 / 3-7 overlap, read 1-2 light, 3-7 moderate (shared/rules/README.md); 8-9 serious; 0 killed. */
export const GENERALS_RISK: readonly { readonly to: number; readonly wound: Wound; readonly text: string }[] = [
  { to: 2, wound: 'light', text: 'light wound - no effect' },
  { to: 7, wound: 'moderate', text: "moderate wound - General's command factor halved for remainder of game (rounded down)" },
  { to: 9, wound: 'serious', text: 'serious wound - General is out of play for remainder of game' },
  { to: 10, wound: 'killed', text: 'General KIA' },
];
export const woundFor = (face: number) => GENERALS_RISK.find((r) => face <= r.to)!;

/** DoG Command Ratings: the C-in-C's modifier to fire and melee when with the unit the whole turn. */
export const CINC_BONUS = { ordinary: 1, exceptional: 2, supreme: 3 } as const;
/** "+2 if exceptional C-in-C – eg Ney, Soult, Picton, Moore, Craufurd, Bluecher, Archduke Charles. +3 if Napoleon or Wellington." */
export const EXCEPTIONAL_CINC: readonly string[] = ['Ney', 'Soult', 'Picton', 'Moore', 'Craufurd', 'Bluecher', 'Archduke Charles'];
export const SUPREME_CINC: readonly string[] = ['Napoleon', 'Wellington'];
export const CINC_PRESENT_MM = 50;
