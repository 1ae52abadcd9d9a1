/** Small builders for the Death or Glory! tests: a battle in code, scripted dice, the engine's applyCommand. */
import { createGame, applyCommand } from '../../../src/engine/game';
import { registerable } from '../../../src/engine/ruleset';
import { scriptDice } from '../../../src/engine/dice';
import type { GameState } from '../../../src/engine/state';
import type { AnyEvent } from '../../../src/engine/command';
import { loadScenario } from '../../../src/scenario/load';
import { deathOrGlory } from '../../../src/rules/death-or-glory';
import type { DogState } from '../../../src/rules/death-or-glory/state';
import type { DogOptions } from '../../../src/rules/death-or-glory/options';
import type { DogTables } from '../../../src/rules/death-or-glory/tables';

export const DOG = registerable(deathOrGlory);
export type St = GameState<DogState, DogOptions, DogTables>;

export interface U {
  id: string;
  side: 'blue' | 'red';
  arm?: 'infantry' | 'cavalry' | 'artillery';
  nation?: string;
  type: string;
  x: number;
  y: number;
  /** Stands (infantry 6 figures on 33 mm; cavalry 2 on 66 mm; artillery one stand of `guns`). */
  n?: number;
  guns?: number;
  quality?: string;
  formation?: string;
  facingDeg?: number;
  brigade?: string;
  extra?: Record<string, unknown>;
}

/** Blue (Prussia) at the top of a 2400 × 1600 table facing down, red (France) at the bottom facing up. Generals far off unless placed. */
export function battle(units: U[], opts: { generals?: { id: string; side: 'blue' | 'red'; x: number; y: number; commands?: string; rating?: number }[]; terrain?: unknown[]; initiative?: number[] } = {}): St {
  const brigades = [...new Set(units.map((u) => u.brigade ?? `${u.side}-bde`))];
  const data = {
    format: 'vedette-scenario', version: 1, id: 'dog-test', title: 'DoG test', rulesets: ['death-or-glory'],
    table: { widthMm: 2400, depthMm: 1600, metresPerMm: 1 }, terrain: opts.terrain ?? [],
    sides: [
      { id: 'blue', name: 'Blue', nationality: 'prussia', colour: '#0000ff' },
      { id: 'red', name: 'Red', nationality: 'france', colour: '#ff0000' },
    ],
    formations: [
      { id: 'blue-army', name: 'Blue army', side: 'blue', level: 'army' },
      { id: 'red-army', name: 'Red army', side: 'red', level: 'army' },
      ...brigades.map((b) => ({ id: b, name: b, side: b.startsWith('blue') ? 'blue' : 'red', level: 'brigade', parent: b.startsWith('blue') ? 'blue-army' : 'red-army' })),
    ],
    generals: (opts.generals ?? [{ id: 'blue-gen', side: 'blue' as const, x: 20, y: 20, rating: 0 }, { id: 'red-gen', side: 'red' as const, x: 2380, y: 1580, rating: 0 }]).map((g) => ({
      id: g.id, name: g.id, side: g.side, commands: g.commands ?? `${g.side}-army`, at: { x: g.x, y: g.y, facingDeg: 90 }, base: { widthMm: 25, depthMm: 25 }, extra: { rating: g.rating ?? 0 },
    })),
    units: units.map((u) => {
      const arm = u.arm ?? 'infantry';
      const stands = arm === 'artillery' ? [{ widthMm: (u.guns ?? 6) * 10, depthMm: 30, figures: u.guns ?? 6 }] : Array.from({ length: u.n ?? 4 }, () => (arm === 'cavalry' ? { widthMm: 66, depthMm: 30, figures: 2 } : { widthMm: 33, depthMm: 20, figures: 6 }));
      return {
        id: u.id, name: u.id, side: u.side, parent: u.brigade ?? `${u.side}-bde`, arm, troopType: u.type, quality: u.quality ?? 'regular', nationality: u.nation ?? (u.side === 'blue' ? 'prussia' : 'france'),
        formation: u.formation ?? (arm === 'artillery' ? 'unlimbered' : 'line'), at: { x: u.x, y: u.y, facingDeg: u.facingDeg ?? (u.side === 'blue' ? 90 : -90) }, stands,
        extra: { ...(arm === 'artillery' ? { calibre: '6-7' } : {}), ...(u.extra ?? {}) },
      };
    }),
    victory: [{ kind: 'ruleset' }],
    rulesetFields: {},
  };
  const loaded = loadScenario(data);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  // DoG Sequence of Play: the first turn's initiative dice (blue, red); blue wins by default.
  const g = createGame(DOG, { setup: loaded.value, seed: 7, setupDice: opts.initiative ?? [9, 2] });
  if (!g.ok) throw new Error(JSON.stringify(g.problems));
  return g.state as St;
}

export const withDice = (s: St, faces: number[]): St => ({ ...s, dice: scriptDice(s.dice, faces) });

export function apply(s: St, cmd: Record<string, unknown>): { state: St; events: AnyEvent[] } {
  const r = applyCommand(DOG, s, cmd);
  if ('rejected' in r) throw new Error(`${r.code}: ${r.message}`);
  return { state: r.state as St, events: [...r.events] };
}
export function rejection(s: St, cmd: Record<string, unknown>): string {
  const r = applyCommand(DOG, s, cmd);
  return 'rejected' in r ? r.code : 'accepted';
}

/** End steps (whoever must act) until the game reaches `step` (engine steps roll from the seeded dice unless `faces` are given for the first command). */
export function advanceTo(s: St, step: string, faces: number[] = []): St {
  let st = s;
  let first = true;
  for (let i = 0; i < 40 && st.position.step !== step; i++) {
    const side = st.position.actors.find((a) => !st.position.done.includes(a));
    if (!side) throw new Error(`stuck at ${st.position.step}`);
    st = apply(first && faces.length ? withDice(st, faces) : st, { type: 'endStep', side }).state;
    first = false;
  }
  if (st.position.step !== step) throw new Error(`did not reach ${step} (at ${st.position.step})`);
  return st;
}

export type Roll = { purpose: string; faces: number[]; total: number; modified: number; outcome: string; passed?: boolean; modifiers: { label: string; value: number; rule: string }[]; target?: { value: number; modifiedValue: number; label?: string }; table?: { id: string; row?: string; column?: string } };
export const rolls = (events: AnyEvent[]) => events.filter((e) => e.type === 'DiceRolled') as unknown as Roll[];
export const ofType = (events: AnyEvent[], type: string) => events.filter((e) => e.type === type) as unknown as Record<string, unknown>[];
export const unit = (s: St, id: string) => s.battle.units.find((u) => u.id === id);
export function withUnitState(s: St, id: string, patch: Partial<DogState['units'][string]>): St {
  return { ...s, ruleset: { ...s.ruleset, units: { ...s.ruleset.units, [id]: { ...s.ruleset.units[id]!, ...patch } } } };
}
