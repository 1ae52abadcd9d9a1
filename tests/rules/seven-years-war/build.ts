/** Small builders for Seven Years War scenario tests: a battle in code, scripted dice. */
import { createGame, applyCommand } from '../../../src/engine/game';
import { registerable } from '../../../src/engine/ruleset';
import { scriptDice } from '../../../src/engine/dice';
import { scriptedRoller } from '../../support/scriptedDice';
import type { Ctx } from '../../../src/engine/ruleset';
import type { GameState } from '../../../src/engine/state';
import type { AnyEvent } from '../../../src/engine/command';
import { readFileSync } from 'node:fs';
import { loadScenario, loadScenarioText } from '../../../src/scenario/load';
import { sevenYearsWar } from '../../../src/rules/seven-years-war';
import type { SywState, Options } from '../../../src/rules/seven-years-war/state';
import type { Tables } from '../../../src/rules/seven-years-war/tablesSchema';

export const SYW = registerable(sevenYearsWar);
export type St = GameState<SywState, Options, Tables>;

export interface U { id: string; side: 'blue' | 'red'; type: string; x: number; y: number; facingDeg: number; n: number; depth: number; ranks?: number; extra?: Record<string, unknown>; formation?: string; /** Its brigade (default `<side>-bde`). */ brigade?: string }

const plain = { training: 'average', psychology: 'none', ability: 'normal' };

/** Blue attacks, at the top of a 1800 x 1200 table; generals far away unless placed. */
export function battle(units: U[], opts: { generals?: { id: string; side: 'blue' | 'red'; x: number; y: number; commands?: string }[]; groups?: { id: string; units: string[]; order?: string }[]; terrain?: unknown[]; options?: Record<string, unknown>; fields?: Record<string, unknown>; nationality?: { blue?: string; red?: string }; setupDice?: number[]; chooseCounters?: boolean } = {}): St {
  const arm = (t: string) => (t.includes('cavalry') ? 'cavalry' : t.includes('artillery') || t === 'howitzers' ? 'artillery' : 'infantry');
  const data = {
    format: 'vedette-scenario', version: 1, id: 'syw-test', title: 'SYW test', rulesets: ['seven-years-war'],
    table: { widthMm: 1800, depthMm: 1200 }, terrain: opts.terrain ?? [],
    sides: [
      { id: 'blue', name: 'Blue', nationality: opts.nationality?.blue ?? 'Prussian', colour: '#0000ff', deploymentZone: [[0, 0], [1800, 0], [1800, 300], [0, 300]] },
      { id: 'red', name: 'Red', nationality: opts.nationality?.red ?? 'Austrian', colour: '#ff0000', deploymentZone: [[0, 900], [1800, 900], [1800, 1200], [0, 1200]] },
    ],
    formations: [
      { id: 'blue-army', name: 'Blue army', side: 'blue', level: 'army' },
      { id: 'red-army', name: 'Red army', side: 'red', level: 'army' },
      { id: 'blue-bde', name: 'Blue brigade', side: 'blue', level: 'brigade', parent: 'blue-army' },
      { id: 'red-bde', name: 'Red brigade', side: 'red', level: 'brigade', parent: 'red-army' },
      ...[...new Set(units.map((u) => u.brigade).filter((b): b is string => b !== undefined && !/^(blue|red)-bde$/.test(b)))].map((b) => ({ id: b, name: b, side: b.startsWith('blue') ? 'blue' : 'red', level: 'brigade', parent: b.startsWith('blue') ? 'blue-army' : 'red-army' })),
    ],
    generals: (opts.generals ?? [{ id: 'blue-cinc', side: 'blue', x: 20, y: 20 }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }]).map((g) => ({
      id: g.id, name: g.id, side: g.side, commands: g.commands ?? `${g.side}-army`, at: { x: g.x, y: g.y, facingDeg: 90 }, base: { widthMm: 40, depthMm: 40 }, extra: g.commands ? {} : { cinc: true },
    })),
    units: units.map((u) => ({
      id: u.id, name: u.id, side: u.side, parent: u.brigade ?? `${u.side}-bde`, arm: arm(u.type), troopType: u.type, quality: 'normal', formation: u.formation ?? 'line', ranks: u.ranks ?? 1,
      at: { x: u.x, y: u.y, facingDeg: u.facingDeg }, stands: Array.from({ length: u.n }, () => ({ widthMm: 40, depthMm: u.depth })), extra: u.extra ?? {},
    })),
    rulesetFields: { 'seven-years-war': { attacker: 'blue', counterMix: { blue: [plain, plain, plain], red: [plain, plain, plain] }, ...(opts.groups ? { groups: opts.groups } : {}), ...(opts.fields ?? {}) } },
  };
  const loaded = loadScenario(data);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  // setupDice: scripted faces for the set-up rolls (counters, CinC ability, initiative: 9 p.19).
  const g = createGame(SYW, { setup: loaded.value, seed: 7, ...(opts.options ? { options: opts.options } : {}), ...(opts.setupDice ? { setupDice: opts.setupDice } : {}) });
  if (!g.ok) throw new Error(JSON.stringify(g.problems));
  let st = g.state as St;
  // (3) p.5: the CinCs keep their provisional (best) counters unless the test chooses.
  while (!opts.chooseCounters && st.position.step === 'chooseCounter') {
    const side = st.position.actors.find((a) => !st.position.done.includes(a))!;
    st = apply(st, { type: 'endStep', side }).state;
  }
  return st;
}

export function withDice(s: St, faces: number[]): St {
  return { ...s, dice: scriptDice(s.dice, faces) };
}

export function setOrder(s: St, group: string, order: SywState['groups'][string]['order']): St {
  const g = s.ruleset.groups[group]!;
  return { ...s, ruleset: { ...s.ruleset, groups: { ...s.ruleset.groups, [group]: { ...g, order, orderAtPhaseStart: order } } } };
}

export function apply(s: St, cmd: Record<string, unknown>): { state: St; events: AnyEvent[] } {
  const r = applyCommand(SYW, s, cmd);
  if ('rejected' in r) throw new Error(`${r.code}: ${r.message}`);
  return { state: r.state as St, events: [...r.events] };
}

export function rejection(s: St, cmd: Record<string, unknown>): string {
  const r = applyCommand(SYW, s, cmd);
  return 'rejected' in r ? r.code : 'accepted';
}

/** End steps until the position is at `step` (both sides end as asked). */
export function advanceTo(s: St, step: string): St {
  let st = s;
  for (let i = 0; i < 20 && st.position.step !== step; i++) {
    const side = st.position.actors.find((a) => !st.position.done.includes(a));
    if (!side) throw new Error(`stuck at ${st.position.step}`);
    st = apply(st, { type: 'endStep', side }).state;
  }
  if (st.position.step !== step) throw new Error(`did not reach ${step}`);
  return st;
}

export const rolls = (events: AnyEvent[]) => events.filter((e) => e.type === 'DiceRolled') as unknown as { purpose: string; faces: number[]; modified: number; outcome: string; modifiers: { label: string; value: number }[] }[];

/** A Ctx over exactly the scripted faces for calling procedures directly (strict: tests/support/scriptedDice.ts). */
export function scriptedCtx(s: St, faces: number[]): { ctx: Ctx; events: AnyEvent[] } {
  const dice = scriptedRoller(s.dice, faces, `scriptedCtx [${faces.join(', ')}]`);
  const events: AnyEvent[] = [];
  return { events, ctx: { roll: (spec) => { const ev = dice.roll(spec); events.push(ev); return ev; }, emit: (e) => { events.push(e); } } };
}

/** The Kolin ridge scenario with hidden deployment (seed 11), past the CinC counter choice: the deployment steps are next. */
export function kolinHiddenDeployment(): St {
  const loaded = loadScenarioText(readFileSync('scenarios/seven-years-war-kolin-ridge.json', 'utf8'));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  const g = createGame(SYW, { setup: loaded.value, seed: 11, options: { hiddenDeployment: true } });
  if (!g.ok) throw new Error(JSON.stringify(g.problems));
  let s = g.state as St;
  while (s.position.step === 'chooseCounter') s = apply(s, { type: 'endStep', side: s.position.actors.find((a) => !s.position.done.includes(a))! }).state;
  return s;
}
