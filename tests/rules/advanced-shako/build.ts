/** Small builders for Advanced Shako's tests: a battle in code, scripted dice, the engine's applyCommand. */
import { createGame, applyCommand } from '../../../src/engine/game';
import { registerable } from '../../../src/engine/ruleset';
import { scriptDice } from '../../../src/engine/dice';
import type { GameState } from '../../../src/engine/state';
import type { AnyEvent } from '../../../src/engine/command';
import { loadScenario } from '../../../src/scenario/load';
import { advancedShako } from '../../../src/rules/advanced-shako';
import type { ShState, UnitState, DivisionState } from '../../../src/rules/advanced-shako/state';
import type { ShOptions } from '../../../src/rules/advanced-shako/options';
import { DEFAULT_TABLES, type ShTables } from '../../../src/rules/advanced-shako/tables';

export const AS = registerable(advancedShako);
export type St = GameState<ShState, ShOptions, ShTables>;
export const IN = 25.4;

export interface U {
  id: string;
  side: 'blue' | 'red';
  type: string;
  /** Front-edge centre (mm). Blue faces down the table (+90°), red up (-90°) unless `facingDeg`. */
  x: number;
  y: number;
  n?: number;
  quality?: string;
  formation?: string;
  facingDeg?: number;
  extra?: Record<string, unknown>;
  division?: string;
}

const ARM = (t: string) => (t.includes('cavalry') ? 'cavalry' : t.includes('artillery') ? 'artillery' : 'infantry');
const DEPTH = (t: string) => (ARM(t) === 'cavalry' ? 30 : ARM(t) === 'artillery' ? 40 : 20);

export interface BattleOpts {
  /** Orders by division (default Defend). */
  orders?: Record<string, 'attack' | 'defend'>;
  /** Division commanders' positions (default behind their side's lines). */
  commanders?: Record<string, { x: number; y: number }>;
  terrain?: unknown[];
  options?: Partial<ShOptions>;
  tables?: unknown;
  /** Faces for the dice rolled before the first input (the first turn's initiative). */
  setupDice?: number[];
  sides?: { blue?: string; red?: string };
  /**
   * Play under the house Defend-order restrictions (tables.defendOrders). Off unless asked: the
   * harness's divisions default to Defend orders and most tests are about other rules, so it lifts
   * them (activation at 120") unless a test turns them on.
   */
  defendRestrictions?: boolean;
}

/** Blue at the top of a 1800 × 1200 table, red at the bottom; a division a side unless units name others. */
export function battle(units: U[], opts: BattleOpts = {}): St {
  const divs = [...new Set([...units.map((u) => u.division ?? `${u.side}-div`), 'blue-div', 'red-div'])];
  const sideOf = (d: string) => (d.startsWith('blue') ? 'blue' : 'red');
  const data = {
    format: 'vedette-scenario', version: 1, id: 'as-test', title: 'AS test', rulesets: ['advanced-shako'],
    table: { widthMm: 1800, depthMm: 1200 }, terrain: opts.terrain ?? [],
    sides: [
      { id: 'blue', name: 'Blue', nationality: opts.sides?.blue ?? 'British', colour: '#0000ff' },
      { id: 'red', name: 'Red', nationality: opts.sides?.red ?? 'French', colour: '#ff0000' },
    ],
    formations: [
      { id: 'blue-army', name: 'Blue army', side: 'blue', level: 'army' },
      { id: 'red-army', name: 'Red army', side: 'red', level: 'army' },
      ...divs.map((d) => ({ id: d, name: d, side: sideOf(d), level: 'division', parent: `${sideOf(d)}-army` })),
    ],
    generals: [
      { id: 'blue-cinc', name: 'blue-cinc', side: 'blue', commands: 'blue-army', at: { x: 30, y: 30, facingDeg: 90 }, base: { widthMm: 30, depthMm: 30 }, extra: {} },
      { id: 'red-cinc', name: 'red-cinc', side: 'red', commands: 'red-army', at: { x: 1770, y: 1170, facingDeg: -90 }, base: { widthMm: 30, depthMm: 30 }, extra: {} },
      ...divs.map((d, i) => {
        const at = opts.commanders?.[d] ?? { x: 100 + i * 60, y: sideOf(d) === 'blue' ? 60 : 1140 };
        return { id: `${d}-cdr`, name: `${d}-cdr`, side: sideOf(d), commands: d, at: { ...at, facingDeg: 90 }, base: { widthMm: 30, depthMm: 30 }, extra: { orders: opts.orders?.[d] ?? 'defend' } };
      }),
    ],
    units: units.map((u) => ({
      id: u.id, name: u.id, side: u.side, parent: u.division ?? `${u.side}-div`, arm: ARM(u.type), troopType: u.type, quality: u.quality ?? 'regular',
      formation: u.formation ?? (ARM(u.type) === 'artillery' ? 'deployed' : 'line'),
      at: { x: u.x, y: u.y, facingDeg: u.facingDeg ?? (u.side === 'blue' ? 90 : -90) }, stands: Array.from({ length: u.n ?? (ARM(u.type) === 'infantry' ? 4 : 2) }, () => ({ widthMm: 40, depthMm: DEPTH(u.type) })), extra: u.extra ?? {},
    })),
    victory: [{ kind: 'ruleset' }],
    rulesetFields: {},
  };
  const loaded = loadScenario(data);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  const g = createGame(AS, { setup: loaded.value, seed: 7, setupDice: opts.setupDice ?? [], ...(opts.options ? { options: opts.options } : {}), tables: liftDefend((opts.tables ?? DEFAULT_TABLES) as ShTables, !opts.defendRestrictions) });
  if (!g.ok) throw new Error(JSON.stringify(g.problems));
  return g.state as St;
}

const liftDefend = (t: ShTables, lift: boolean): ShTables => (lift ? { ...t, defendOrders: { ...t.defendOrders, activationIn: 120 } } : t);

export const withDice = (s: St, faces: number[]): St => ({ ...s, dice: scriptDice(s.dice, faces) });

export function apply(s: St, cmd: Record<string, unknown>, faces: number[] = []): { state: St; events: AnyEvent[] } {
  const r = applyCommand(AS, faces.length ? withDice(s, faces) : s, cmd);
  if ('rejected' in r) throw new Error(`${r.code}: ${r.message}`);
  return { state: r.state as St, events: [...r.events] };
}
export function rejection(s: St, cmd: Record<string, unknown>): string {
  const r = applyCommand(AS, s, cmd);
  return 'rejected' in r ? r.code : 'accepted';
}

/** End steps (whoever must act) until the game reaches `step`; engine steps in between take `faces`. */
export function advanceTo(s: St, step: string, faces: number[] = []): { state: St; events: AnyEvent[] } {
  let st = s;
  let first = true;
  const events: AnyEvent[] = [];
  for (let i = 0; i < 60 && st.position.step !== step; i++) {
    const side = st.position.actors.find((a) => !st.position.done.includes(a));
    if (!side) throw new Error(`stuck at ${st.position.step}`);
    const r = apply(first && faces.length ? withDice(st, faces) : st, { type: 'endStep', side });
    st = r.state;
    events.push(...r.events);
    first = false;
  }
  if (st.position.step !== step) throw new Error(`did not reach ${step} (at ${st.position.step})`);
  return { state: st, events };
}

export type Roll = { purpose: string; faces: number[]; modified: number; outcome: string; modifiers: { label: string; value: number }[] };
export const rolls = (events: AnyEvent[]) => events.filter((e) => e.type === 'DiceRolled') as unknown as Roll[];
export const ofType = (events: AnyEvent[], type: string) => events.filter((e) => e.type === type) as unknown as Record<string, unknown>[];
export const unit = (s: St, id: string) => s.battle.units.find((u) => u.id === id);
export const ust = (s: St, id: string) => s.ruleset.units[id]!;
export function withUnitState(s: St, id: string, patch: Partial<UnitState>): St {
  return { ...s, ruleset: { ...s.ruleset, units: { ...s.ruleset.units, [id]: { ...s.ruleset.units[id]!, ...patch } } } };
}
export function withDivision(s: St, id: string, patch: Partial<DivisionState>): St {
  return { ...s, ruleset: { ...s.ruleset, divisions: { ...s.ruleset.divisions, [id]: { ...s.ruleset.divisions[id]!, ...patch } } } };
}
