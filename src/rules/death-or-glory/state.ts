/**
 * The Death or Glory! state: per unit its casualties (men), order (formed / unformed /
 * disordered), morale state, fatigue, what it did this turn; the generals' ratings and wounds;
 * each brigade's written order and the messengers riding with new ones (hidden from the other
 * side: index.ts `view`); the initiative; the charges declared this turn; melees under way.
 * Plain JSON (hashed and saved).
 */
import type { GameState } from '../../engine/state';
import { startWork, type WorkingState } from '../../engine/workingState';
import type { Ctx } from '../../engine/ruleset';
import type { Unit } from '../../engine/model';
import type { DogOptions } from './options';
import type { DogTables, TroopRow, NationTable } from './tables';
import { meanCentre } from '../../geometry/standSets';
import type { TablePoint } from '../../geometry/types';
import type { Face } from '../../geometry/frame';
import { withId } from '../../engine/ids';

/** DoG Basing and Scale: "Each figure represents 30 men". */
export const MEN_PER_FIGURE = 30;

export type Order = 'formed' | 'unformed' | 'disordered';
/** shaken: halted this turn; retiring: fell back in good order; retreating: evading, treated unformed; routing: in flight. */
export type MoraleState = 'steady' | 'shaken' | 'retreating' | 'routing';
/** 0 fresh, 1 tired, 2 exhausted, 3 utterly exhausted (DoG EFFECTS OF FATIGUE/EXHAUSTION). */
export type Fatigue = 0 | 1 | 2 | 3;
export const FATIGUE_WORDS = ['fresh', 'tired', 'exhausted', 'utterly exhausted'] as const;

export type OrderKind = 'attack' | 'hold' | 'withdraw';
export const ORDER_KINDS: readonly OrderKind[] = ['attack', 'hold', 'withdraw'];

export interface UnitState {
  readonly startFigures: number;
  readonly menLost: number;
  /** Men lost since the start of this turn ("for each 10% casualties lost this move"). */
  readonly lostThisTurn: number;
  /** Tenths of its strength lost already tested (DoG MORALE When "for each 10% casualties lost"). */
  readonly tenthsTested: number;
  readonly order: Order;
  readonly morale: MoraleState;
  readonly fatigue: Fatigue;
  /** Consecutive melee rounds fought (fatigue), and rounds in the melee under way. */
  readonly meleeRounds: number;
  /** Rounds fought since reaching exhaustion (2 of fire or 1 of melee → utterly exhausted). */
  readonly exhaustedActs: number;
  /** Full turns of no activity (reform, fatigue recovery). */
  readonly idleTurns: number;
  /** Unformed on its way back from disorder: it reforms on the Reform (disordered) row (DoG FORMATION CHANGES). */
  readonly reformingFrom?: 'disordered';
  readonly movedMm: number;
  readonly moved: boolean;
  readonly fired: boolean;
  /** Faces that fired this turn and at what (DoG Infantry Fire: a square's sides and a refused flank fire apart). */
  readonly facesFired?: readonly { readonly face: number; readonly target: string }[];
  /** Consecutive turns of firing ("-1 for every 3 consecutive moves of firing"). */
  readonly firingTurns: number;
  readonly initialVolleyUsed: boolean;
  readonly underFire: boolean;
  readonly underFireLastTurn: boolean;
  /** Turn until which it may not move further (a formation change costing more than its move). */
  readonly busyUntil: number;
  /** A formation change this turn (it may not move after it unless time is left). */
  readonly changedFormation: boolean;
  /** DoG CONTROL: a compulsory result being carried out, with the moves left. */
  readonly control?: { readonly kind: 'pursue' | 'stand' | 'retire'; readonly moves: number };
  /** Turns in which it won a round of melee (DoG CONTROL "+1 for each round of melee won within last 4 moves"). */
  readonly meleeWins: readonly number[];
  /** Turns in rout ("still in flight"). */
  readonly routTurns: number;
  /** It charged this turn, eligible for impact factors (straight run). */
  readonly charged?: { readonly target: string; readonly impact: boolean };
  /** Rallied or shaken this turn: may not advance. */
  readonly halted: boolean;
  /**
   * DoG CONTROL Modifiers, the turn's record of what it did in the move (read by other units'
   * control tests: morale/conduct.ts): where its centre stood at the start of the turn, and
   * whether it retired (fell back in good order) this turn. Public: both sides saw it on the table.
   */
  readonly startAt?: TablePoint;
  readonly retired?: boolean;
  /** The last turn it was fired on from a flank or the rear, and from which (DoG CONTROL "unit under fire from flank/rear"). */
  readonly flankFire?: { readonly turn: number; readonly faces: readonly ('left' | 'right' | 'rear')[] };
}

export interface GeneralState {
  readonly kind: 'cinc' | 'division' | 'brigade';
  /** DoG Command Ratings. */
  readonly rating: number;
  /** C-in-C's fire/melee bonus: 1, 2 exceptional, 3 Napoleon or Wellington. */
  readonly cincBonus?: number;
  readonly wound?: 'moderate' | 'serious' | 'killed';
  /** Where he stood at the last command phase (DoG Command Ratings: "present with unit for the entire turn"). */
  readonly at: TablePoint;
  readonly moved: boolean;
}

/** A brigade's written order and any new one on its way or waiting to be acted on. */
export interface BrigadeOrder {
  readonly side: string;
  readonly order: OrderKind;
  /** A new order that has arrived, acted on after the command phase of `from`. */
  readonly next?: { readonly order: OrderKind; readonly from: number };
}

export interface Messenger {
  readonly id: string;
  readonly side: string;
  readonly brigade: string;
  /** The order carried (hidden from the other side). */
  readonly order?: OrderKind;
  readonly at: TablePoint;
  readonly sent: number;
}

export interface Charge {
  readonly side: string;
  readonly unit: string;
  readonly target: string;
  readonly counter?: boolean;
  /** The face of the target it comes at, from the geometry at declaration (melee/faces.ts). */
  readonly face?: Face;
}

/** face: "Units charged in flank or rear may wheel to face the threat" (DoG Charge Procedure). */
export type Reaction = 'stand' | 'square' | 'countercharge' | 'evade' | 'face';

export interface Melee {
  readonly a: string;
  readonly b: string;
  readonly rounds: number;
  /** The face each unit was struck on when it is not the front (melee/faces.ts); 'flanks' both flanks. */
  readonly struck?: Readonly<Record<string, Face | 'flanks'>>;
  /** Units that charged into it with impact outside the charge phase (a control test's charge), for its first round. */
  readonly impact?: readonly string[];
  /** The unit that charged into it outside the charge phase without impact (a charger with impact is in `impact`): its enemy is "receiving charge" in the first round. */
  readonly charger?: string;
}

export interface DogState {
  readonly units: Readonly<Record<string, UnitState>>;
  readonly generals: Readonly<Record<string, GeneralState>>;
  readonly orders: Readonly<Record<string, BrigadeOrder>>;
  readonly messengers: readonly Messenger[];
  readonly nextMessenger: number;
  readonly initiative?: string;
  readonly charges: readonly Charge[];
  readonly reactions: Readonly<Record<string, Reaction>>;
  readonly melees: readonly Melee[];
  /** Units that have left the field (off the table in rout, destroyed). */
  readonly gone: Readonly<Record<string, { readonly side: string; readonly troopType: string; readonly figures: number; readonly how: 'routed off' | 'destroyed' }>>;
  /** The side's army has broken (HOUSE victory). */
  readonly broken?: string;
  /** Each side has written its first orders (DoG Orders: "at the beginning of the game"). */
  readonly firstOrders: readonly string[];
}

export type S = GameState<DogState, DogOptions, DogTables>;
export type W = WorkingState<DogState, DogOptions, DogTables>;
export const work = (s: S, ctx: Ctx): W => startWork(s, ctx);

export function nationOf(tables: DogTables, u: Unit): NationTable | undefined {
  return tables.nations[u.nationality];
}
export function rowOf(tables: DogTables, u: Unit): TroopRow {
  const row = tables.nations[u.nationality]?.troops[u.arm as 'infantry']?.[u.troopType];
  if (!row) throw new Error(`${u.id}: no ${u.arm} "${u.troopType}" in the ${u.nationality} table`);
  return row;
}
export const hasTag = (tables: DogTables, u: Unit, tag: TroopRow['tags'][number]): boolean => rowOf(tables, u).tags.includes(tag);
export const isBritish = (tables: DogTables, u: Unit): boolean => nationOf(tables, u)?.british === true;

export type Quality = 'veteran' | 'regular' | '2nd-line' | 'conscript' | 'militia' | 'landwehr';
export const QUALITIES: readonly Quality[] = ['veteran', 'regular', '2nd-line', 'conscript', 'militia', 'landwehr'];
export const isVeteran = (u: Unit) => u.quality === 'veteran';
export const isSecondLine = (u: Unit) => u.quality === '2nd-line';
/** Conscripts, militia, landwehr (by quality or by the troop type's row: Prussian Landwehr, Spanish Militia). */
export const isConscript = (tables: DogTables, u: Unit) => u.quality === 'conscript' || u.quality === 'militia' || u.quality === 'landwehr' || hasTag(tables, u, 'landwehr') || hasTag(tables, u, 'militia');

export const us = (rs: DogState, id: string): UnitState => {
  const x = rs.units[id];
  if (!x) throw new Error(`no Death or Glory! state for ${id}`);
  return x;
};
export function patched<X extends object>(a: X, patch: Partial<X>): X {
  const out: Record<string, unknown> = { ...a, ...patch };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out as X;
}
export function setUs(w: { rs: DogState }, id: string, patch: Partial<UnitState>): void {
  w.rs = { ...w.rs, units: withId(w.rs.units, id, patched(us(w.rs, id), patch)) };
}
export function setGs(w: { rs: DogState }, id: string, patch: Partial<GeneralState>): void {
  const g = w.rs.generals[id];
  if (!g) return;
  w.rs = { ...w.rs, generals: withId(w.rs.generals, id, patched(g, patch)) };
}

/** Figures a unit has: the sum of its stands' figures. */
export const figuresOf = (u: Unit): number => u.stands.reduce((a, s) => a + (s.figures ?? 0), 0);
export const menOf = (u: Unit): number => figuresOf(u) * MEN_PER_FIGURE;
/** Share of its starting strength lost, 0..1. */
export const lostShare = (rs: DogState, u: Unit): number => { const st = us(rs, u.id); return st.startFigures > 0 ? st.menLost / (st.startFigures * MEN_PER_FIGURE) : 0; };

export const otherOf = (battle: { sides: readonly { id: string }[] }, side: string): string => battle.sides.find((s) => s.id !== side)!.id;
export const firstSide = (s: { battle: S['battle']; ruleset: DogState }): string => s.ruleset.initiative ?? s.battle.sides[0].id;
export const secondSide = (s: { battle: S['battle']; ruleset: DogState }): string => otherOf(s.battle, firstSide(s));
export const centreOf = (u: Unit): TablePoint => meanCentre(u.stands);
export const isFormed = (rs: DogState, u: Unit): boolean => { const st = us(rs, u.id); return st.order === 'formed' && st.morale !== 'routing' && st.morale !== 'retreating'; };

/** The parts of a game (a state or a view) the rule checks read. */
export const ctxOf = (g: { battle: S['battle']; ruleset: DogState; tables: DogTables; options: DogOptions; position: { turn: number } }) =>
  ({ battle: g.battle, rs: g.ruleset, tables: g.tables, options: g.options, turn: g.position.turn });
