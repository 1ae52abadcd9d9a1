/**
 * The battalion rules' state: per-unit flags for the turn, the initiative, the brigades, the
 * commanders, and the one choice the game is waiting for (hits to assign, a reaction to choose).
 * Plain JSON (hashed and saved).
 */
import type { GameState } from '../../engine/state';
import { startWork, type WorkingState } from '../../engine/workingState';
import type { Ctx } from '../../engine/ruleset';
import type { Stand, Unit } from '../../engine/model';
import type { BtOptions } from './options';
import type { BtTables, TroopType, ArmOf, Quality, Formation, MoveColumn } from './tables';
import { ARM, MOVE_COLUMN, TROOP_TYPES, QUALITIES } from './tables';
import { withId } from '../../engine/ids';

export const MM_PER_IN = 25.4;
export const inMm = (inches: number): number => inches * MM_PER_IN;
export const mmIn = (mm: number): number => mm / MM_PER_IN;

export interface UnitState {
  /** Stands at the start of the battle ("50% of their starting size"). */
  readonly start: number;
  /** Stands at the start of this turn (BT Fallbacks: "50% casualties from the beginning of that turn"). */
  readonly turnStart: number;
  /** Distance moved this movement phase (mm, charged). */
  readonly movedMm: number;
  readonly moved: boolean;
  /** Formation changed this move: at its start or its end (BT Movement Phase 3). */
  readonly reformed?: 'start' | 'end';
  readonly movedLastTurn: boolean;
  readonly fired: boolean;
  readonly firedGrape: boolean;
  readonly firedGrapeLastTurn: boolean;
  readonly disorientated: boolean;
  /** Fall backs this shooting phase (BT Fallbacks). */
  readonly fallBacks: number;
  /** Hits suffered this shooting phase ("6 or more hits during the whole shooting phase"). */
  readonly hitsThisPhase: number;
  /** Turn in which the unit took casualties from rockets (BT Rocket Battery: -1 to morale that turn). */
  readonly rocketTurn?: number;
  /** BT Officers Falling: its officer (the command stand) is dead. */
  readonly officerDead: boolean;
  /** It assaulted this turn. */
  readonly assaulted: boolean;
  /** BT Battalion Light Artillery: its ½ RoF of defensive fire is spent (once). */
  readonly defensiveFireUsed: boolean;
  /** BT Motivation: it has reached 50% casualties (a check then, and every turn after). */
  readonly halfLost: boolean;
}

export interface CommanderState {
  readonly kind: 'army' | 'brigade' | 'adjutant';
  /** Unit he is attached to (BT Army Commanders; brigade commanders likewise). */
  readonly attachedTo?: string;
  readonly moved: boolean;
  readonly dead?: { readonly x: number; readonly y: number; readonly turn: number };
  /** The brigade (formation) he commands. */
  readonly brigade?: string;
}

export type HitsThen =
  | { readonly kind: 'shot'; readonly shooter: string }
  | { readonly kind: 'defensive' }
  | { readonly kind: 'combat' }
  | { readonly kind: 'counter' };

/** An assault under way (BT Assault Phase Summery). */
export interface AssaultState {
  readonly attacker: string;
  readonly defender: string;
  /** The attacker's side. */
  readonly side: string;
  readonly startStands: readonly Stand[];
}

export type Pending =
  | {
      readonly kind: 'hits';
      /** The side that chooses where the hits fall (BT Shooting 8: the opponent). */
      readonly owner: string;
      readonly target: string;
      readonly hits: number;
      /** Stand ids (or attached commanders' ids) chosen so far, one hit each. */
      readonly assigned: readonly string[];
      readonly save: 'shooting' | 'armour';
      /** The hit came from charging lancers (no saves for squares) or fell on charged lancers. */
      readonly lances?: 'noSaveInSquare' | 'armourReduced';
      readonly cause: string;
      readonly rule: string;
      readonly then: HitsThen;
    }
  | { readonly kind: 'reaction'; readonly owner: string; readonly defender: string; readonly attacker: string };

export interface BtState {
  readonly units: Readonly<Record<string, UnitState>>;
  readonly commanders: Readonly<Record<string, CommanderState>>;
  /** Brigade (formation id) → battalions at the start and whether it has quit the field. */
  readonly brigades: Readonly<Record<string, { readonly side: string; readonly battalions: readonly string[]; readonly quit: boolean; readonly checked: number }>>;
  readonly initiative?: string;
  /** Who goes first in this turn's movement, shooting and assault (the initiative's choice). */
  readonly first?: string;
  /** The initiative has made its choice this turn (the step ends then). */
  readonly orderChosen?: boolean;
  readonly pending?: Pending;
  readonly assault?: AssaultState;
  /** Units that have left the field, by side and type (for victory and metrics). */
  readonly gone: Readonly<Record<string, { readonly side: string; readonly troopType: string; readonly stands: number; readonly how: 'destroyed' | 'quit' | 'driven off' }>>;
  /** A brigade failed its check: its side's opponent wins (BT Motivation). */
  readonly brigadeBroken?: { readonly side: string; readonly brigade: string };
}

export type S = GameState<BtState, BtOptions, BtTables>;
/** The working state of a handler, with the sides that have finished the current step (they take default choices). */
export type W = WorkingState<BtState, BtOptions, BtTables> & { readonly done: readonly string[] };
export const work = (s: S, ctx: Ctx): W => ({ ...startWork(s, ctx), done: s.position.done });

export const troopOf = (u: Unit): TroopType => ((TROOP_TYPES as readonly string[]).includes(u.troopType) ? (u.troopType as TroopType) : 'line-infantry');
export const armOf = (u: Unit): ArmOf => ARM[troopOf(u)];
export const columnOf = (u: Unit): MoveColumn => MOVE_COLUMN[troopOf(u)];
export const qualityOf = (u: Unit): Quality => ((QUALITIES as readonly string[]).includes(u.quality) ? (u.quality as Quality) : 'trained');
export const formationOf = (u: Unit): Formation => u.formation as Formation;
export const flag = (u: Unit, key: 'jaeger' | 'rifles' | 'lances'): boolean => u.extra[key] === true;

export const us = (rs: BtState, id: string): UnitState => {
  const x = rs.units[id];
  if (!x) throw new Error(`no battalion state for ${id}`);
  return x;
};
/** `{...a, ...patch}` without keys set to undefined (ruleset state is JSON: an undefined key is removed). */
export function patched<X extends object>(a: X, patch: Partial<X>): X {
  const out: Record<string, unknown> = { ...a, ...patch };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out as X;
}
export function setUs(w: { rs: BtState }, id: string, patch: Partial<UnitState>): void {
  w.rs = { ...w.rs, units: withId(w.rs.units, id, patched(us(w.rs, id), patch)) };
}
export function setCommander(w: { rs: BtState }, id: string, patch: Partial<CommanderState>): void {
  const c = w.rs.commanders[id];
  if (!c) return;
  w.rs = { ...w.rs, commanders: withId(w.rs.commanders, id, patched(c, patch)) };
}

/** BT Motivation Special Rules: "units under 50% of their starting size". */
export const underHalf = (rs: BtState, u: Unit): boolean => u.stands.length * 2 < us(rs, u.id).start;
export const fullStrength = (rs: BtState, u: Unit): boolean => u.stands.length >= us(rs, u.id).start;

export const otherOf = (battle: { sides: readonly { id: string }[] }, side: string): string => battle.sides.find((s) => s.id !== side)!.id;
/** The side going first this turn in movement, shooting and assault. */
export const firstSide = (s: { battle: S['battle']; ruleset: BtState }): string => s.ruleset.first ?? s.ruleset.initiative ?? s.battle.sides[0].id;
export const secondSide = (s: { battle: S['battle']; ruleset: BtState }): string => otherOf(s.battle, firstSide(s));
