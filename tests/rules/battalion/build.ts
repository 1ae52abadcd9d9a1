/** Small builders for the battalion rules' tests: a battle in code, scripted dice, the engine's applyCommand. */
import { createGame, applyCommand } from '../../../src/engine/game';
import { registerable } from '../../../src/engine/ruleset';
import { scriptDice } from '../../../src/engine/dice';
import type { GameState } from '../../../src/engine/state';
import type { AnyEvent } from '../../../src/engine/command';
import { loadScenario } from '../../../src/scenario/load';
import { battalion } from '../../../src/rules/battalion';
import type { BtState } from '../../../src/rules/battalion/state';
import type { BtOptions } from '../../../src/rules/battalion/options';
import type { BtTables } from '../../../src/rules/battalion/tables';

export const BT = registerable(battalion);
export type St = GameState<BtState, BtOptions, BtTables>;

export interface U {
  id: string;
  side: 'blue' | 'red';
  type: string;
  /** Front-edge centre (mm). Blue faces down the table (+90°), red up (-90°) unless `facingDeg`. */
  x: number;
  y: number;
  n: number;
  quality?: string;
  formation?: string;
  ranks?: number;
  facingDeg?: number;
  extra?: Record<string, unknown>;
  brigade?: string;
}

const ARM = (t: string) => (t.includes('cavalry') ? 'cavalry' : t.includes('artillery') || t === 'howitzers' || t === 'rockets' ? 'artillery' : 'infantry');
const DEPTH = (t: string) => (ARM(t) === 'cavalry' ? 30 : ARM(t) === 'artillery' ? 40 : 20);

/** Blue at the top of a 1800 × 1200 table, red at the bottom; the Generals far off in the corners unless placed. */
export function battle(units: U[], opts: { generals?: { id: string; side: 'blue' | 'red'; x: number; y: number; commands?: string; extra?: Record<string, unknown> }[]; terrain?: unknown[]; options?: Record<string, unknown>; initiative?: number[] } = {}): St {
  const brigades = [...new Set(units.map((u) => u.brigade ?? `${u.side}-bde`))];
  const data = {
    format: 'vedette-scenario', version: 1, id: 'bt-test', title: 'BT test', rulesets: ['battalion'],
    table: { widthMm: 1800, depthMm: 1200 }, terrain: opts.terrain ?? [],
    sides: [
      { id: 'blue', name: 'Blue', nationality: 'British', colour: '#0000ff' },
      { id: 'red', name: 'Red', nationality: 'French', colour: '#ff0000' },
    ],
    formations: [
      { id: 'blue-army', name: 'Blue army', side: 'blue', level: 'army' },
      { id: 'red-army', name: 'Red army', side: 'red', level: 'army' },
      ...brigades.map((b) => ({ id: b, name: b, side: b.startsWith('blue') ? 'blue' : 'red', level: 'brigade', parent: b.startsWith('blue') ? 'blue-army' : 'red-army' })),
    ],
    generals: (opts.generals ?? [{ id: 'blue-gen', side: 'blue', x: 20, y: 20 }, { id: 'red-gen', side: 'red', x: 1780, y: 1180 }]).map((g) => ({
      id: g.id, name: g.id, side: g.side, commands: g.commands ?? `${g.side}-army`, at: { x: g.x, y: g.y, facingDeg: 90 }, base: { widthMm: 30, depthMm: 30 }, extra: g.extra ?? {},
    })),
    units: units.map((u) => ({
      id: u.id, name: u.id, side: u.side, parent: u.brigade ?? `${u.side}-bde`, arm: ARM(u.type), troopType: u.type, quality: u.quality ?? 'trained', formation: u.formation ?? 'line',
      ...(u.ranks ? { ranks: u.ranks } : {}), at: { x: u.x, y: u.y, facingDeg: u.facingDeg ?? (u.side === 'blue' ? 90 : -90) }, stands: Array.from({ length: u.n }, () => ({ widthMm: 40, depthMm: DEPTH(u.type) })), extra: u.extra ?? {},
    })),
    victory: [{ kind: 'ruleset' }],
    rulesetFields: {},
  };
  const loaded = loadScenario(data);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  // BT Turn Sequence 2: the first turn's initiative dice (blue, red); blue wins by default.
  const g = createGame(BT, { setup: loaded.value, seed: 7, setupDice: opts.initiative ?? [6, 1], ...(opts.options ? { options: opts.options } : {}) });
  if (!g.ok) throw new Error(JSON.stringify(g.problems));
  return g.state as St;
}

export const withDice = (s: St, faces: number[]): St => ({ ...s, dice: scriptDice(s.dice, faces) });

export function apply(s: St, cmd: Record<string, unknown>): { state: St; events: AnyEvent[] } {
  const r = applyCommand(BT, s, cmd);
  if ('rejected' in r) throw new Error(`${r.code}: ${r.message}`);
  return { state: r.state as St, events: [...r.events] };
}
export function rejection(s: St, cmd: Record<string, unknown>): string {
  const r = applyCommand(BT, s, cmd);
  return 'rejected' in r ? r.code : 'accepted';
}

/** End steps (whoever must act) until the game reaches `step`. Engine steps in between roll: script their dice with `faces`. */
export function advanceTo(s: St, step: string, faces: number[] = []): St {
  let st = s;
  let first = true;
  for (let i = 0; i < 30 && st.position.step !== step; i++) {
    const side = st.position.actors.find((a) => !st.position.done.includes(a));
    if (!side) throw new Error(`stuck at ${st.position.step}`);
    st = apply(first && faces.length ? withDice(st, faces) : st, { type: 'endStep', side }).state;
    first = false;
  }
  if (st.position.step !== step) throw new Error(`did not reach ${step} (at ${st.position.step})`);
  return st;
}

export type Roll = { purpose: string; faces: number[]; modified: number; outcome: string; passed?: boolean; successes?: number; modifiers: { label: string; value: number }[]; target?: { value: number; modifiedValue: number; label?: string } };
export const rolls = (events: AnyEvent[]) => events.filter((e) => e.type === 'DiceRolled') as unknown as Roll[];
export const ofType = (events: AnyEvent[], type: string) => events.filter((e) => e.type === type) as unknown as Record<string, unknown>[];
export const unit = (s: St, id: string) => s.battle.units.find((u) => u.id === id);
/** Patch a unit's battalion state (a unit that has moved, is disorientated…). */
export function withUnitState(s: St, id: string, patch: Partial<BtState['units'][string]>): St {
  return { ...s, ruleset: { ...s.ruleset, units: { ...s.ruleset.units, [id]: { ...s.ruleset.units[id]!, ...patch } } } };
}
export const IN = 25.4;
