/**
 * NW ruleset state, options and the working "draft" the procedures mutate. Handlers clone
 * the battle and ruleset state into a Draft, change it, and return it as the Change: the
 * engine's inputs are never touched (ruleset.ts: handlers are pure).
 */
import type { GameState } from '../../engine/ruleset';
import type { WorkingState } from '../../engine/workingState';
import type { SideId, Unit } from '../../engine/model';
import type { AmmoState, GunSize, SmallArm } from './tables/fire';
import type { GeneralRating } from './tables/generals';
import type { MoraleState } from './tables/morale';
import type { OrderId } from './tables/orders';
import type { Scale } from './tables/scale';
import type { Grade, TroopType } from './tables/troops';
import type { NwTables } from './nwTables';

export interface NwOptions {
  readonly baseScale: Scale;
  readonly d10Via2d6: boolean;
  /** NW §9: generate the terrain by the Terrain Table at set-up (added to the scenario's own). */
  readonly generateTerrain?: boolean;
}

export type CavalryWeight = 'light' | 'medium' | 'heavy';

/** What the module derives once from a scenario unit (troop type, grade, weapon…). */
export interface NwProfile {
  readonly grade: Grade;
  readonly troop: TroopType;
  readonly foot: boolean;
  readonly mounted: boolean;
  readonly artillery: boolean;
  readonly cavalryWeight?: CavalryWeight;
  readonly lancers: boolean;
  readonly lightInfantry: boolean;
  readonly weapon: SmallArm | 'guns' | 'none';
  readonly gunSize?: GunSize;
  readonly oldGuardArtillery: boolean;
  readonly british: boolean;
  readonly nation: 'french' | 'russian' | 'british' | 'austrian' | 'prussian' | 'other';
  /** Casualties one stand absorbs (NW §4 Strength); artillery: gunners. */
  readonly strengthPerStand: number;
  /** Artillery: gun tubes in the battery (NW Basing: the crew figures "representing the number of gun tubes"; or extra.guns). */
  readonly batteryGuns?: number;
}

export type UnitStatus = 'active' | 'dispersed' | 'destroyed' | 'captured' | 'left-table' | 'routed-off' | 'off-table';

export interface NwUnit {
  readonly id: string;
  readonly side: SideId;
  /** Changes only when cavalry dismount or mount (NW Orders/Deploy; §4 Strength note). */
  profile: NwProfile;
  /** Cavalry fighting on foot (NW §4 note: as equivalent infantry, 3 strength points a stand). */
  dismounted?: boolean;
  status: UnitStatus;
  morale: MoraleState;
  /** Casualties not yet amounting to a whole stand. */
  casualties: number;
  startStands: number;
  standsLost: number;
  ammo: AmmoState;
  limbered: boolean;
  /** Routed units get one rally attempt (NW §17 Routed). */
  rallyChanceUsed: boolean;
  /** Turn flags, cleared at the start of each turn. */
  movedThisTurn: boolean;
  /** NW Orders/Advance: friendly skirmish infantry passed through this unit this turn (it may then stand). */
  passedBySkirmishers?: boolean;
  /** NW Fire §5: has fired this turn at a unit that advanced into contact with it. */
  firedAtContact?: boolean;
  movedStrategic: boolean;
  startedOutsideER: boolean;
  unlimberedThisTurn: boolean;
  charging: boolean;
  countercharging: boolean;
  chargeTarget?: string;
  /** A charger's halt result from a failed test (NW §19 Morale Failure, If Charging). */
  chargeHalt?: 'halt' | 'halt-short';
  /** Hill level the charger stood on when the charges were resolved (NW Superior Position: charging downhill). */
  chargeFromLevel?: number;
  /** The last stand-loss morale test (NW §18 C: once per phase), as "turn:phase". */
  standLossTestAt?: string;
  retreatedLastTurn: boolean;
  /** Fire and Flee: the crew have run and the guns stand empty (NW Orders/Fire and Flee). */
  abandoned?: boolean;
  /** The turn the crew came back: they fire again from the next turn. */
  recrewedTurn?: number;
  /** Abandoned guns taken by enemy contact: the capturing unit (the piece stays on the table, status 'captured'). */
  capturedBy?: string;
  /** Captured guns spiked by the enemy (NW Orders/Deploy): never re-crewed, lost for good. */
  spiked?: boolean;
  /** Some stands are apart from the rest (NW §17 Fragmented); set when it happened, cleared when they rejoin. */
  separated?: boolean;
  /** Points cost per stand (HOUSE values unless the scenario gives them). */
  pointsPerStand: number;
  /** NW §5 Basing 4: a line battalion that brigaded away its grenadier or light company tests as one stand down. */
  detachedCompany?: boolean;
  /** Hidden in ambush: not a known enemy until it moves, fires, charges or is contacted (NW §3). */
  ambush?: boolean;
}

/**
 * A unit waiting off the table (NW Off-Table Reserves, flank marchers, §9 units that left and
 * may return): the Unit as it will come on, and where.
 */
export interface OffTableUnit {
  readonly kind: 'reserve' | 'flank-march' | 'returning';
  readonly unit: Unit;
  /** Entry point on (or clamped onto) a table edge, table mm. */
  readonly at: { readonly x: number; readonly y: number };
  /** Reserves: the turn the player released them (NW: "any turn the player wishes"). */
  releasedTurn?: number;
  /** Flank marchers: the first turn they may roll (scenario). */
  readonly fromTurn?: number;
  /** d6 faces that bring them on (scenario; default the §9 return roll). */
  readonly arriveOn?: readonly number[];
  readonly leftTurn?: number;
}

export interface NwGeneral {
  readonly id: string;
  readonly side: SideId;
  readonly isCinC: boolean;
  rating: GeneralRating;
  abilityRoll: number;
  commandRadiusIn: number;
  hits: number;
  lost: boolean;
  routed: boolean;
  /** Attached to a unit (NW Generals §1: may join any unit). */
  withUnit?: string;
  /** Turn in which he was lost (for morale triggers B and the modifiers). */
  lostTurn?: number;
}

export interface NwOrder {
  readonly unitId: string;
  readonly side: SideId;
  readonly order: OrderId;
  readonly generalId: string;
  revealed: boolean;
  /** Recover markers are removed when the unit fires (NW Orders/Recover). */
  cancelled?: boolean;
  /** Deploy actions used this turn. */
  deployActionsUsed?: number;
  /** Charge target declared (NW Sequence §12). */
  target?: string;
  /** The charger drops stands back to clear friends and terrain in its path (NW Orders/Charge). */
  dropBack?: boolean;
  /** Charge response chosen by the charged unit. */
  response?: ChargeResponse;
  /** The charger came out of ambush in a gully or ravine (NW §23 Obstacles). */
  fromAmbush?: boolean;
}

export type ChargeResponse = 'countercharge' | 'face' | 'fall-back' | 'hasty-square' | 'evade' | 'stand';

export interface Combat {
  readonly id: string;
  /** The unit that struck, and the unit struck. */
  readonly a: string;
  readonly b: string;
  /** The face of b that a struck, and of a that b faces (front unless a was hit in flank/rear). */
  bFace: 'front' | 'left' | 'right' | 'rear';
  aFace: 'front' | 'left' | 'right' | 'rear';
  rounds: number;
  /** a came in with a charge this turn (charge bonuses). */
  aCharged: boolean;
  bCountercharged: boolean;
  /** a is pursuing / following up into this combat (pursuit bonus, no charge bonus). */
  aPursuing: boolean;
  /** The unit that pushed the other back last round (pushback bonus while it continues). */
  pushedBackBy?: string;
}

export interface NwState {
  readonly scale: Scale;
  units: Record<string, NwUnit>;
  generals: Record<string, NwGeneral>;
  orders: Record<string, NwOrder>;
  initiative?: SideId;
  initiativeWinner?: SideId;
  /** NW §15: the flank (as the initiative winner looks across the table) close combats start from. */
  combatFlank?: 'left' | 'right';
  combats: Combat[];
  rerollUsed: Record<SideId, boolean>;
  /** Set when an army reaches its break point; the turn is played out (NW §10). */
  armyBroken: SideId[];
  /** Views only: units of the other side bearing a face-down marker (never the order itself). */
  faceDown?: string[];
  /** Deploy-ordered victors that may follow up a pushed-back enemy (NW After Close Combat). */
  pendingFollowUps?: { unitId: string; side: SideId; loserId: string; combatId: string; distMm: number; dirRad: number; pursuit?: true }[];
  /** Skirmish cavalry advanced into this step, whose owner may retreat them (NW Orders/Retreat note). */
  pendingEvasions?: { unitId: string; side: SideId; moverId: string }[];
  /** Units off the table: reserves, flank marchers, units that left and may return. */
  offTable?: Record<string, OffTableUnit>;
  /** Sides that conceded this turn; the turn is played out and Loss Points counted (NW §10). */
  conceded?: SideId[];
  /** NW §2/§21: strategic moves planned this step, secret from the other side until carried out together (strategic.ts). */
  strategicPlans?: Record<string, StrategicPlan>;
  /** NW §13 (4): the moving side's flank and the units that have carried out their orders this tactical step (moveOrder.ts). */
  moveOrder?: MoveOrderState;
  /** NW §3 Enfilade: "attacker>target" pairs whose attacker's command stand was behind the target's front at the start of the turn (enfilade.ts). */
  enfiladeAtStart?: { turn: number; pairs: string[] };
  /** Units that must still make their compulsory move in the tactical step (Retreat orders, routers). */
  log: { turn: number; phase: string };
}

/** A strategic move planned in the Strategic Movement Phase: the moveUnit/retreatUnit/deployUnit command as given. */
export interface StrategicPlan {
  readonly unitId: string;
  readonly side: SideId;
  readonly command: { readonly type: 'moveUnit' | 'retreatUnit' | 'deployUnit'; readonly side: SideId; readonly unitId: string; readonly [k: string]: unknown };
}

/** NW §13 (4): order of moves in one side's tactical step. */
export interface MoveOrderState {
  readonly turn: number;
  readonly step: string;
  readonly side: SideId;
  /** +1 when the side's right is +x on the table (it looks up the table from the bottom edge), else -1. */
  readonly rightSign: 1 | -1;
  /** Each of the side's units' position across the table (mm along its right) when the step began. */
  readonly across: Record<string, number>;
  flank?: 'left' | 'right';
  /** The flank was taken from the first unit moved (the side did not choose). */
  automatic?: boolean;
  /** Units that have carried out (part of) their order, in order. */
  done: string[];
}

export type NwGameState = GameState<NwState, NwOptions, NwTables>;

/** A mutable working copy of battle and ruleset state. */
/** The engine's working state (src/engine/workingState.ts) for NW, with NW's per-phase memos. */
export interface Draft extends WorkingState<NwState, NwOptions, NwTables> {
  /** Disorder-causing flags for morale triggers in the current phase. */
  pendingTests: { unitId: string; trigger: 'B' | 'C' | 'D'; detail: string }[];
  /** The Close Combat Phase's memory for NW §30 (who fought whom, who fled, who was pushed back). */
  cc?: CloseCombatMemo;
}

export interface CloseCombatMemo {
  readonly opponents: Map<string, Set<string>>;
  readonly fled: Map<string, string[]>;
  readonly pushedBack: Set<string>;
}
