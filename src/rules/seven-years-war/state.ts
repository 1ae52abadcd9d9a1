/** The Seven Years War ruleset state (plain JSON) and small accessors. */
import type { GameState } from '../../engine/state';
import type { Stand, Unit } from '../../engine/model';
import type { GeneralCounter } from './tables/command';
import type { OrderName } from './tables/orders';
import type { Drill, MoraleGrade, TroopType } from './tables/units';
import { UNIT_TABLE, MILITIA_DEFAULTS } from './tables/units';
import type { Tables } from './tablesSchema';
import { withId } from '../../engine/ids';

export interface GroupState {
  readonly id: string;
  readonly side: string;
  readonly units: readonly string[];
  readonly order: OrderName;
  /** Order at the start of the side's phase (Advance artillery may not return to Stand if it started at Stand, p.8). */
  readonly orderAtPhaseStart: OrderName;
  /** The general who commands the group (null: uncommanded, p.4). */
  readonly general: string | null;
  readonly uncommanded: boolean;
  /** Prompts received this phase by general id (twice per group, p.7). */
  readonly prompts: Readonly<Record<string, number>>;
  /** Distance moved this phase (mm) by the group, and whether it moved at all. */
  readonly movedMm: number;
  readonly moved: boolean;
  /** Halted per the Advance 10cm rule this phase. */
  readonly halted: boolean;
  readonly pursuing: boolean;
  /** Off the table (p.18); `flankMarch`: sent on an Ottoman flank march at deployment (9 p.20). */
  readonly offTable: null | { readonly x: number; readonly y: number; readonly pursued: boolean; readonly routers: boolean; readonly tested: boolean; readonly flankMarch?: boolean };
  readonly casualtiesThisPhase: number;
  readonly inflictedThisPhase: number;
  readonly meleesWon: number;
  readonly meleesLost: number;
  readonly underShortRangeArtillery: boolean;
  readonly sawFriendsRout: boolean;
  /** Stands at the start of the battle (for per-20% and 50% strength modifiers). */
  readonly startStands: number;
  /** A detachment of cavalry stands left in contact by this unit (§4 p.10 (c)): fights on, never tests morale. */
  readonly detachedFrom?: string;
  /** Lights: evade where evading is optional (6 h) p.13); the owner's standing choice, default false (stand). */
  readonly evadeWhenOptional?: boolean;
  /** Infantry whose frontal opponents all rout: hold, move into the vacated space, or pursue (6 h) p.15, 7 p.15); default hold. */
  readonly afterRout?: 'hold' | 'occupy' | 'pursue';
  /** Where the group's centre stood when its side's movement step began: chargers must see their target from there (6 b) p.12). */
  readonly movementStartAt?: { readonly x: number; readonly y: number; readonly phase: number };
  /** 7 (b) p.16 "Artillery contacted in Pursuit may be fought, or passed through": the pursuer's standing choice, default false (pass through). */
  readonly fightArtilleryInPursuit?: boolean;
  /** 8 p.18 "6+ OK; Stay at current orders, or go to Advance": the owner's standing choice, default false (stay). */
  readonly advanceOnOk?: boolean;
  /** Phase in which hidden troops fired on it as it came within 5cm: it halts ((3) Visibility p.7). */
  readonly ambushedPhase?: number;
  /** §4 p.10 "Units charged from flank or rear may form square (if on Stand orders)": the owner's standing choice (standingChoices.ts); default 'cavalry'. */
  readonly flankSquare?: 'cavalry' | 'always' | 'never';
  /** 8 p.18 at the table edge, halt on Reserve (default) or leave: what the table's drag puts in its moveGroup (standingChoices.ts). */
  readonly atEdgeChoice?: 'halt' | 'leave';
  /** §4 p.10 light and massed interpenetrating "go to Stand, or Reserve": what the table's drag puts in its moveGroup; default reserve. */
  readonly afterPassThroughChoice?: 'stand' | 'reserve';
}

export interface UnitState {
  readonly disordered: boolean;
  /** Disorder caused only by terrain: ends when the unit leaves it (p.9, p.16). */
  readonly terrainDisorder: boolean;
  readonly firedToday: boolean;
  readonly shotThisStep: boolean;
  /** Phase counter at which the unit last moved or pivoted (artillery may not shoot, (5)(b)). */
  readonly lastMovedPhase: number;
  readonly turnedToFaceThisPhase: boolean;
  readonly surrendered: boolean;
  /** Passed the being-charged test better than Go to Retreat this phase ((5)(j)). */
  readonly mayShootAtChargers: boolean;
  readonly startStands: number;
  /** Stands that have already shot this step (lights use extra stands for a second shot, p.11). */
  readonly standsShot: number;
  /** Evaded or fell back this turn: may not shoot (6 h) p.13). */
  readonly mayNotShoot: boolean;
  /** Phase counter at which the unit last shot (towns: seen when firing from the edge, (5)(h)). */
  readonly firedPhase: number;
  /** Poses before stands turned to face a flank/rear charge: they turn back if it is repulsed (§4 p.10). */
  readonly turnedFrom: readonly Stand[] | null;
  /** In contact with enemy after a charge whose test it passed (cavalry may detach stands, §4 p.10 (c)). */
  readonly chargeContact?: boolean;
  /** Hidden: fire at enemy who come within 5cm (owner's standing choice, (3) Visibility p.7). */
  readonly ambush?: boolean;
  /** Phase in which it fired from hiding (it does not shoot again that phase). */
  readonly ambushPhase?: number;
}

export interface GeneralState {
  readonly counter: GeneralCounter;
  readonly cinc: boolean;
  readonly attemptsLeft: number;
  readonly movedMm: number;
  readonly killed: boolean;
  /** Only in an enemy's view: his CinC has not yet kept one of his three draws, so his counter is not shown ((3) p.5). */
  readonly counterUnknown?: boolean;
}

export interface PendingCharge {
  readonly group: string;
  readonly chargers: readonly string[];
  readonly target: string;
  readonly face: 'front' | 'right' | 'rear' | 'left';
  /** 6 g) p.13, the charger's choice if the move cannot align fully: partial contact (default) or halt 3cm short at Stand. */
  readonly ifShort?: 'contact' | 'halt';
  /** The target evaded (6 h) p.13): it routs if the chargers still contact it. */
  readonly evaded?: boolean;
}

export interface SywState {
  readonly attacker: string;
  readonly defender: string;
  readonly cincAbility: Readonly<Record<string, number>>;
  readonly groups: Readonly<Record<string, GroupState>>;
  readonly units: Readonly<Record<string, UnitState>>;
  readonly generals: Readonly<Record<string, GeneralState>>;
  readonly decks: Readonly<Record<string, readonly GeneralCounter[]>>;
  readonly charges: readonly PendingCharge[];
  /** Counts phases played (each side's phase is one), for (5)(b). */
  readonly phaseCounter: number;
  /** Units removed: killed stands by side (for victory), units destroyed. */
  readonly standsLost: Readonly<Record<string, number>>;
  readonly pointsLost: Readonly<Record<string, number>>;
  readonly startPoints: Readonly<Record<string, number>>;
  /** Where units routed or were wiped out this phase (friends within 20cm test, p.17). */
  readonly routedThisPhase: readonly { readonly side: string; readonly x: number; readonly y: number }[];
  /** Units hidden from the enemy (9 Deployment p.19, (3) Visibility p.7): id -> owning side. The enemy's view omits them. */
  readonly hidden: Readonly<Record<string, string>>;
  /** The wood or town (feature id) each hidden unit was marked in at deployment: its map freedom (9 p.19-20). Owner-only (the view drops the enemy's). */
  readonly hiddenIn?: Readonly<Record<string, string>>;
  /** Initiative totals (9 p.19), for side deployment zones and Ottoman flank marches. */
  readonly initiative: Readonly<Record<string, number>>;
  /** Sides allowed Ottoman flank marches (9 p.20). */
  readonly flankMarchSides: readonly string[];
  /** The three counters each CinC drew, until his side chooses which to keep ((3) Generals p.5). */
  readonly cincDraws?: Readonly<Record<string, readonly GeneralCounter[]>>;
  /** Points spent on bought terrain by side (9 Terrain Rules p.22). */
  readonly terrainPoints: Readonly<Record<string, number>>;
  /** 7 (b) p.16 "Any Retreat or Rout moves resulting from this melee are made in the following movement phase": moves owed by groups pursuers met. */
  readonly deferredMoves?: readonly { readonly group: string; readonly kind: 'fallback' | 'rout'; readonly mm: number; readonly from: { readonly x: number; readonly y: number }; readonly phase: number }[];
  /** The defender's brigade deployed after the attacker (9 p.19); absent: the last of its brigades (deploymentOrder.ts). */
  readonly lastBrigade?: string;
}

export interface Options {
  readonly hiddenDeployment: boolean;
  readonly breakPercent: number;
  /** Generate the terrain by sectors at set-up (9 Terrain Rules p.22) instead of the scenario's. */
  readonly generateTerrain: boolean;
}

export type S = GameState<SywState, Options, Tables>;

export interface Qualities {
  readonly type: TroopType;
  readonly drill: Drill;
  readonly morale: MoraleGrade;
  readonly poorShots: boolean;
  readonly rifles: boolean;
  readonly bows: boolean;
  readonly militia: boolean;
}

/** Read a unit's qualities from the shared model: troopType, quality and extra (p.20-21). */
export function qualitiesOf(u: Unit): Qualities {
  const type = u.troopType as TroopType;
  const x = u.extra as Record<string, unknown>;
  const militia = type === 'militia';
  const q = String(x.morale ?? u.quality);
  const morale: MoraleGrade = q === 'high' || q === 'low' ? q : 'normal';
  const drillX = x.drill;
  const drill: Drill = drillX === 'well' || drillX === 'badly' || drillX === 'normal' ? drillX : militia ? MILITIA_DEFAULTS.drill : 'normal';
  const poorShots = typeof x.poorShots === 'boolean' ? x.poorShots : militia ? MILITIA_DEFAULTS.poorShots : false;
  return { type, drill, morale, poorShots, rifles: x.rifles === true, bows: x.bows === true, militia };
}

export const rowOf = (u: Unit) => UNIT_TABLE[u.troopType as TroopType];
export const isArtillery = (u: Unit): boolean => rowOf(u).troopClass === 'artillery';
export const isCavalry = (u: Unit): boolean => rowOf(u).troopClass === 'cavalry';
export const isInfantry = (u: Unit): boolean => rowOf(u).troopClass === 'infantry';
export const isLightUnit = (u: Unit): boolean => rowOf(u).deployment === 'light';
export const isMassed = (u: Unit): boolean => rowOf(u).deployment === 'massed';

// PERF: unit → group, indexed once per groups record (replaced, never changed, by every update): lookups
// in loops over all units (friends, enemies, off-table checks) were a scan of every group each.
const groupIndex = new WeakMap<SywState['groups'], Map<string, GroupState>>();

const offIndex = new WeakMap<SywState['groups'], Set<string>>();
/** Units whose group is off the table (8 p.18), as `groupOfUnit(rs, id)?.offTable` says; one set per groups record. */
export function unitsOffTable(rs: SywState): ReadonlySet<string> {
  let off = offIndex.get(rs.groups);
  if (!off) {
    off = new Set();
    for (const g of Object.values(rs.groups)) for (const u of g.units) if (groupOfUnit(rs, u)?.offTable != null) off.add(u);
    offIndex.set(rs.groups, off);
  }
  return off;
}

/** The group a unit belongs to (the first listed, as a scan of the groups in order would find). */
export function groupOfUnit(rs: SywState, unitId: string): GroupState | undefined {
  let ix = groupIndex.get(rs.groups);
  if (!ix) {
    ix = new Map();
    for (const g of Object.values(rs.groups)) for (const u of g.units) if (!ix.has(u)) ix.set(u, g);
    groupIndex.set(rs.groups, ix);
  }
  const g = ix.get(unitId);
  // The index stands while the record holds the same group with the unit; a record filled in after it was indexed (set-up) is scanned.
  if (g && rs.groups[g.id] === g && g.units.includes(unitId)) return g;
  for (const x of Object.values(rs.groups)) if (x.units.includes(unitId)) return x;
  return undefined;
}

export function setGroup(rs: SywState, id: string, patch: Partial<GroupState>): SywState {
  const g = rs.groups[id];
  if (!g) return rs;
  return { ...rs, groups: withId(rs.groups, id, { ...g, ...patch }) };
}

export function setUnitState(rs: SywState, id: string, patch: Partial<UnitState>): SywState {
  const u = rs.units[id];
  if (!u) return rs;
  return { ...rs, units: withId(rs.units, id, { ...u, ...patch }) };
}

export function setGeneral(rs: SywState, id: string, patch: Partial<GeneralState>): SywState {
  const g = rs.generals[id];
  if (!g) return rs;
  return { ...rs, generals: withId(rs.generals, id, { ...g, ...patch }) };
}
