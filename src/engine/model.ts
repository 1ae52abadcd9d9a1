/**
 * The battle model every ruleset shares: a table with terrain, sides, a command tree of
 * formations, units made of stands on real bases. All distances in millimetres (table frame,
 * see src/geometry/README.md); ruleset-specific data lives in `extra` records that the
 * ruleset owns and validates.
 */
import type { Millimetres, Radians, TablePoint } from '../geometry/types';

export type SideId = string;
export type UnitId = string;
export type StandId = string;
export type FormationId = string;

/** The broad arm a unit belongs to; rulesets refine it with `troopType`. */
export type Arm = 'infantry' | 'cavalry' | 'artillery' | 'general';

export type TerrainKind =
  | 'hill'
  | 'wood'
  | 'road'
  | 'stream'
  | 'river'
  | 'village'
  | 'building'
  | 'field'
  | 'marsh'
  | 'lake'
  | 'obstacle'
  | 'ford'
  | 'bridge'
  | 'rough';

export interface TerrainFeature {
  readonly id: string;
  readonly kind: TerrainKind;
  readonly name: string;
  /** Closed outline (first point not repeated). Linear features give their outline too. */
  readonly polygon: readonly TablePoint[];
  /** For roads, streams, rivers, hedges: the centre line and width. */
  readonly line?: readonly TablePoint[];
  readonly widthMm?: Millimetres;
  /** Hills: height level above the table (1 = one contour). */
  readonly heightLevel?: number;
  /** Hills: the crest line. */
  readonly crest?: readonly TablePoint[];
  /** Ruleset-facing properties (e.g. terrain class 'light' | 'dense', blocksSight). */
  readonly props: Readonly<Record<string, string | number | boolean>>;
}

export interface Stand {
  readonly id: StandId;
  readonly centre: TablePoint;
  readonly facing: Radians;
  readonly widthMm: Millimetres;
  readonly depthMm: Millimetres;
  /** Figures on the base, where the ruleset counts them. */
  readonly figures?: number;
  /** e.g. 'command', 'gun', 'limber', 'skirmisher'. */
  readonly role?: string;
}

export interface Unit {
  readonly id: UnitId;
  readonly name: string;
  readonly side: SideId;
  /** The formation (brigade, division, group…) this unit belongs to. */
  readonly parent: FormationId;
  readonly arm: Arm;
  readonly troopType: string;
  readonly quality: string;
  readonly nationality: string;
  /** Current formation name, e.g. 'line', 'column', 'square', 'skirmish', 'limbered'. */
  readonly formation: string;
  readonly stands: readonly Stand[];
  readonly commandStandId: StandId;
  /** Ruleset-owned state: morale state, casualties, orders, ammunition… */
  readonly extra: Readonly<Record<string, unknown>>;
}

export interface General {
  readonly id: string;
  readonly name: string;
  readonly side: SideId;
  /** The formation he commands. */
  readonly commands: FormationId;
  readonly stand: Stand;
  readonly extra: Readonly<Record<string, unknown>>;
}

export interface Formation {
  readonly id: FormationId;
  readonly name: string;
  readonly side: SideId;
  readonly level: 'army' | 'corps' | 'wing' | 'division' | 'brigade' | 'group';
  readonly parent?: FormationId;
}

export interface Side {
  readonly id: SideId;
  readonly name: string;
  readonly nationality: string;
  /** CSS hex colour for the side's national colour, e.g. '#1f3a93'. */
  readonly colour: string;
  /** Where this side deploys. */
  readonly deploymentZone?: readonly TablePoint[];
}

export interface Table {
  readonly widthMm: Millimetres;
  readonly depthMm: Millimetres;
  /** Ground scale: metres on the ground represented by one millimetre on the table. */
  readonly metresPerMm: number;
}

export interface VictoryCondition {
  readonly kind: 'ruleset' | 'hold' | 'destroy' | 'turn-limit';
  readonly side?: SideId;
  readonly terrain?: string;
  readonly description?: string;
}

/** Everything a scenario sets on the table before the first command. */
export interface BattleSetup {
  readonly scenarioId: string;
  readonly title: string;
  readonly description: string;
  readonly rulesets: readonly string[];
  readonly table: Table;
  readonly turnLimit?: number;
  readonly terrain: readonly TerrainFeature[];
  readonly sides: readonly [Side, Side];
  readonly formations: readonly Formation[];
  readonly generals: readonly General[];
  readonly units: readonly Unit[];
  readonly victory: readonly VictoryCondition[];
  readonly rulesetFields: Readonly<Record<string, unknown>>;
  /**
   * A mid-battle start: the game begins at this turn. Unit state (casualties, disorder, orders)
   * is set per unit in `extra`, which the ruleset validates.
   */
  readonly situation?: { readonly turn: number; readonly description?: string };
}
