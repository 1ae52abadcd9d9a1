/**
 * Advanced Shako's state: per-unit markers (kills, Staggered, Fallback, Blown, a failed hasty
 * square, abandoned guns), the divisions (orders, divisional morale, initiative), the ADCs carrying
 * orders, the divisions' order of movement this turn, and the units gone. Plain JSON.
 */
import type { GameState } from '../../engine/state';
import { startWork, type WorkingState } from '../../engine/workingState';
import type { Ctx } from '../../engine/ruleset';
import type { Unit } from '../../engine/model';
import type { ShOptions } from './options';
import type { ShTables, TroopType, Arm, Quality, Formation } from './tables';
import { ARM, TROOP_TYPES, QUALITIES } from './tables';
import { withId } from '../../engine/ids';

export const MM_PER_IN = 25.4;
export const inMm = (inches: number): number => inches * MM_PER_IN;
export const mmIn = (mm: number): number => mm / MM_PER_IN;

export type Orders = 'attack' | 'defend';

export interface Charge {
  readonly target: string;
  /** Distance from the charger to the target when the charge began (inches): 8.2 "from within 9 inches", 8.5 "more than 9 inches". */
  readonly fromIn: number;
  readonly turn: number;
  /** The town sector it charged out of (13.6: "charging from a contiguous sector"; 11.2.6 pair-off). */
  readonly fromSector?: string;
}

export interface UnitState {
  readonly kills: number;
  readonly staggered: boolean;
  /** Fallback status: the turn it was defeated (12.1: it rallies in that turn's Command phase or the next's). */
  readonly fallback?: number;
  /** Cavalry Blown (after a melee or a recall) since this turn (11.4). */
  readonly blown?: number;
  /** The turn a cavalry unit rallied from Fallback (11.4*: it may reform the turn after). */
  readonly ralliedTurn?: number;
  /** Moved this turn (any distance); moved forward (7.3.1 obligatory movement); distance used. */
  readonly moved: boolean;
  readonly movedForward: boolean;
  readonly movedMm: number;
  /** Side-stepped this turn: no other movement (8.2 Infantry Side-stepping). */
  readonly sideStepped: boolean;
  /** Changed formation this turn (8.7: the French may not change formation and charge in the same turn). */
  readonly reformed: boolean;
  /** The turn a square last moved (8.2 and 11.2.4 Moving squares and melee). */
  readonly squareMoved?: number;
  /** The turn it formed square (8.5 withdraw to square: "formed in a previous turn or prior to the charge"). */
  readonly squareFormed?: number;
  /** Formed square as a hasty square (11.4: cavalry may recall from a HASTY square). */
  readonly hasty: boolean;
  /** Failed its hasty square roll this turn: DisMR in melee, may not fire (8.2 amendment). */
  readonly hastyFailed: boolean;
  readonly fired: boolean;
  readonly charge?: Charge;
  /** Recalled this turn. */
  readonly recalled: boolean;
  /** In a melee this turn (11.4 reform needs a turn unengaged). */
  readonly engaged: boolean;
  /** Artillery crews withdrawn to a square, guns abandoned (8.5 and 11.0). */
  readonly abandoned?: { readonly square: string };
  /** A staggered charging column re-formed as line (11.0): "This newly formed line may not fire in the current turn". */
  readonly noFire: boolean;
  /** Victorious charging cavalry: entitled to a Breakthrough in this turn's melee phase (SHAKO Breakthrough as AS 8.2, 8.5, 11.2.5, 11.4 bound it). */
  readonly breakthrough?: number;
  /** 7.3.1 obligatory cavalry charge: the Formed enemies within 6" ahead at the start of its movement. */
  readonly mustCharge?: readonly string[];
}

export interface DivisionState {
  readonly side: string;
  readonly name: string;
  /** The division commander's general id. */
  readonly commander?: string;
  readonly units: readonly string[];
  readonly orders: Orders;
  /** 12.2 New Order: -1 to the units' rolls until the division rallies with a Carry On. */
  readonly newOrder: boolean;
  /** An Attack order received while un-rallied (12.2: it may receive but not ENACT it). */
  readonly heldAttack: boolean;
  /** Retreat result, not yet rallied (12.4). */
  readonly retreating: boolean;
  readonly broken: boolean;
  /** Divisional morale tests taken: 1 at 33%, 2 at 50%. */
  readonly tested: number;
  /** The table of the last test failed (12.4: rallying rolls on it). */
  readonly lastTable?: 'at33' | 'at50';
  /** This turn's initiative die (8.0). */
  readonly initiative?: number;
  readonly coordinatedWith?: string;
  readonly movedThisTurn: boolean;
  /** 17.2: skirmish stands of its allotment not yet detached; the detachments made in play (not counted in its losses). */
  readonly skirmishAllotment?: number;
  readonly detached?: readonly string[];
  /** A Defending division alerted into activation (house table defendOrders; AS 7.3.1 "alert a Defending division into activation"). */
  readonly activated?: boolean;
  /** 7.3.1: obligatory movement suspended (a Formed enemy within 9"/18"), as last judged. */
  readonly suspended: boolean;
}

export interface Adc {
  readonly id: string;
  readonly side: string;
  readonly division: string;
  /** 'sealed' in the other side's view: written orders. */
  readonly orders: Orders | 'sealed';
  readonly x: number;
  readonly y: number;
  readonly sentTurn: number;
}

export interface ShState {
  readonly units: Readonly<Record<string, UnitState>>;
  readonly divisions: Readonly<Record<string, DivisionState>>;
  readonly adcs: readonly Adc[];
  /** This turn's movement: groups of divisions (a coordinated pair moves as one), in initiative order (8.0). */
  readonly moveOrder: readonly (readonly string[])[];
  /** Coordination declared for this turn (8.0): pairs of divisions. */
  readonly coordinate: readonly (readonly [string, string])[];
  /** Town sectors (terrain ids) and the batteries that fired at each this turn (13.6). */
  readonly bombarded: Readonly<Record<string, number>>;
  readonly gone: Readonly<Record<string, { readonly side: string; readonly troopType: string; readonly division: string; readonly how: 'broken' | 'dispersed' }>>;
  readonly nextAdc: number;
}

export type S = GameState<ShState, ShOptions, ShTables>;
export type W = WorkingState<ShState, ShOptions, ShTables>;
export const work = (s: S, ctx: Ctx): W => startWork(s, ctx);

export const troopOf = (u: Unit): TroopType => ((TROOP_TYPES as readonly string[]).includes(u.troopType) ? (u.troopType as TroopType) : 'line-infantry');
export const armOf = (u: Unit): Arm => ARM[troopOf(u)];
export const qualityOf = (u: Unit): Quality => ((QUALITIES as readonly string[]).includes(u.quality) ? (u.quality as Quality) : 'regular');
export const formationOf = (u: Unit): Formation => u.formation as Formation;
export const flag = (u: Unit, key: string): boolean => u.extra[key] === true;

export const us = (rs: ShState, id: string): UnitState => {
  const x = rs.units[id];
  if (!x) throw new Error(`no Shako state for ${id}`);
  return x;
};
export function patched<X extends object>(a: X, patch: Partial<X>): X {
  const out: Record<string, unknown> = { ...a, ...patch };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out as X;
}
export function setUs(w: { rs: ShState }, id: string, patch: Partial<UnitState>): void {
  w.rs = { ...w.rs, units: withId(w.rs.units, id, patched(us(w.rs, id), patch)) };
}
export function setDiv(w: { rs: ShState }, id: string, patch: Partial<DivisionState>): void {
  const d = w.rs.divisions[id];
  if (!d) return;
  w.rs = { ...w.rs, divisions: withId(w.rs.divisions, id, patched(d, patch)) };
}

export const divisionOf = (rs: ShState, unitId: string): string | undefined => Object.keys(rs.divisions).find((k) => rs.divisions[k]!.units.includes(unitId));

/** The unit's MR: its own (`extra.mr`) or its quality's (house table); artillery crews' melee MR is separate. */
export function mrOf(t: ShTables, u: Unit): number {
  const own = u.extra['mr'];
  return typeof own === 'number' ? own : t.morale.mr[qualityOf(u)];
}
export function dismrOf(t: ShTables, u: Unit): number {
  const own = u.extra['dismr'];
  return typeof own === 'number' ? own : Math.min(mrOf(t, u) - 1, t.morale.dismr[qualityOf(u)]);
}

/** "Formed": not skirmishers, not in Fallback (11.2.5, 7.3.1), not guns whose crews are in a square (8.5: no unit stands there to fight). */
export const isFormed = (rs: ShState, u: Unit): boolean => u.formation !== 'skirmish' && us(rs, u.id).fallback === undefined && us(rs, u.id).abandoned === undefined;
export const isBritish = (u: Unit, sideNation: string | undefined): boolean => (u.extra['nation'] ?? sideNation) === 'British' && u.extra['kgl'] !== true;
/** 8.7: French drill (the French, and allies the players allow scenario by scenario), not 1813-14 regulars and second rate. */
export const frenchDrill = (u: Unit, sideNation: string | undefined): boolean => {
  const french = u.extra['frenchDrill'] === true || (u.extra['frenchDrill'] !== false && (u.extra['nation'] ?? sideNation) === 'French');
  return french && u.extra['late'] !== true;
};
export const nationOf = (battle: S['battle'], u: Unit): string | undefined => battle.sides.find((s) => s.id === u.side)?.nationality;
export const otherOf = (battle: { sides: readonly { id: string }[] }, side: string): string => battle.sides.find((s) => s.id !== side)!.id;
