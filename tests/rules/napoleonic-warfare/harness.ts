// Small builders for NW scenario tests: a battle from a few unit specs, a Draft with scripted dice.
import { loadScenario } from '../../../src/scenario/load';
import { applyCommand, createGame } from '../../../src/engine/game';
import { registerable, isRejection, type Change, type Command, type Ctx, type GameEvent, type Sampler } from '../../../src/engine/ruleset';
import { legalFor } from '../../../src/engine/lookahead';
import type { AnyEvent } from '../../../src/engine/command';
import type { DiceRolled } from '../../../src/engine/dice';
import { scriptedRoller } from '../../support/scriptedDice';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { Draft, NwGameState, NwState } from '../../../src/rules/napoleonic-warfare/types';
import { makeDraft } from '../../../src/rules/napoleonic-warfare/core';

export const IN = 25.4;

export interface UnitSpec {
  id: string;
  side: 'fr' | 'au';
  arm?: 'infantry' | 'cavalry' | 'artillery';
  troopType?: string;
  quality?: string;
  formation?: string;
  ranks?: number;
  x: number; // inches
  y: number; // inches
  facingDeg: number;
  stands?: number;
  figures?: number;
  extra?: Record<string, unknown>;
}

export interface BattleOpts {
  generals?: { id: string; side: 'fr' | 'au'; x: number; y: number; withUnit?: string }[];
  terrain?: unknown[];
  /** More of `rulesetFields['napoleonic-warfare']` (reserves, flank marchers, ambush, army lists). */
  fields?: Record<string, unknown>;
}

export function battle(units: UnitSpec[], opts: BattleOpts = {}): NwGameState {
  const loaded = loadScenario(scenarioObject(units, opts));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  const created = createGame(registerable(napoleonicWarfare), { setup: loaded.value, seed: 1 });
  if (!created.ok) throw new Error(JSON.stringify(created.problems));
  return created.state as NwGameState;
}

/** The scenario file object for a few unit specs (72" × 48" table, French at the top). */
export function scenarioObject(units: UnitSpec[], opts: BattleOpts = {}): Record<string, unknown> {
  const gens = opts.generals ?? [
    { id: 'g-fr', side: 'fr' as const, x: 2, y: 2 },
    { id: 'g-au', side: 'au' as const, x: 70, y: 46 },
  ];
  const scenario = {
    format: 'vedette-scenario', version: 1, id: 'nw-test', title: 'NW test', rulesets: ['napoleonic-warfare'],
    table: { widthMm: 72 * IN, depthMm: 48 * IN },
    terrain: opts.terrain ?? [],
    sides: [
      { id: 'fr', name: 'French', nationality: 'French', colour: '#2b4c9b' },
      { id: 'au', name: 'Austrians', nationality: 'Austrian', colour: '#eeeeee' },
    ],
    formations: [
      { id: 'fr-army', name: 'fr', side: 'fr', level: 'army' },
      { id: 'au-army', name: 'au', side: 'au', level: 'army' },
    ],
    generals: gens.map((g) => ({ id: g.id, name: g.id, side: g.side, commands: `${g.side}-army`, at: { x: g.x * IN, y: g.y * IN, facingDeg: 0 }, base: { widthMm: IN, depthMm: IN }, ...(g.withUnit ? { extra: { withUnit: g.withUnit } } : {}) })),
    units: units.map((u) => ({
      id: u.id, name: u.id, side: u.side, parent: `${u.side}-army`, arm: u.arm ?? 'infantry', troopType: u.troopType ?? 'line-infantry', quality: u.quality ?? 'line-1st',
      formation: u.formation ?? 'line', ...(u.ranks ? { ranks: u.ranks } : {}), at: { x: u.x * IN, y: u.y * IN, facingDeg: u.facingDeg },
      stands: Array.from({ length: u.stands ?? 4 }, () => ({ widthMm: (u.arm === 'artillery' ? 1.5 : 1) * IN, depthMm: IN, figures: u.figures ?? (u.arm === 'artillery' ? 3 : 4) })),
      ...(u.extra ? { extra: u.extra } : {}),
    })),
    rulesetFields: { 'napoleonic-warfare': { generalRatings: Object.fromEntries(gens.map((g) => [g.id, 'good'])), ...(opts.fields ?? {}) } },
  };
  return scenario;
}

/** A Draft whose dice are exactly the scripted faces (strict: tests/support/scriptedDice.ts). */
export function draftWith(state: NwGameState, faces: number[]): { d: Draft; rolls: DiceRolled[]; events: GameEvent[] } {
  const dice = scriptedRoller(state.dice, faces, `draftWith [${faces.join(', ')}]`);
  const rolls: DiceRolled[] = [];
  const events: GameEvent[] = [];
  const ctx: Ctx = {
    roll(spec) {
      const ev = dice.roll(spec, napoleonicWarfare.dieEmulation?.(state.options));
      rolls.push(ev);
      events.push(ev as unknown as GameEvent);
      return ev;
    },
    emit(e) {
      events.push(e);
    },
  };
  return { d: makeDraft(state, ctx), rolls, events };
}

/** Apply commands in order through the NW module, failing on any refusal; returns the state and every event. */
export function runCommands(s0: NwGameState, cmds: object[]): { s: NwGameState; events: AnyEvent[] } {
  const M = registerable(napoleonicWarfare);
  let s = s0;
  const events: AnyEvent[] = [];
  for (const c of cmds) {
    const r = applyCommand(M, s, c);
    if (isRejection(r)) throw new Error(`${JSON.stringify(c)}: ${r.message}`);
    s = r.state as NwGameState;
    events.push(...r.events);
  }
  return { s, events };
}

/** The NW sample of commands for `side`, as a player gets it: from that side's view (engine lookahead.ts). */
export function legalCommands(s: NwGameState, side: string, sampler: Sampler): Command[] {
  return [...legalFor(registerable(napoleonicWarfare), s, side, sampler)];
}

/** Orders placed on units (face up unless said), for the charge and fire steps. */
export interface OrderSpec { unitId: string; side: 'fr' | 'au'; order: string; target?: string; response?: string; revealed?: boolean }

export type Played = { s: NwGameState; rolls: DiceRolled[]; events: GameEvent[] };

export function withOrders(s: NwGameState, orders: OrderSpec[], phase = 'charges'): NwGameState {
  const placed = Object.fromEntries(orders.map((o) => [o.unitId, { generalId: `g-${o.side}`, revealed: true, ...o }]));
  return { ...s, position: { ...s.position, phase }, ruleset: { ...s.ruleset, orders: placed } } as NwGameState;
}

export const merge = (s: NwGameState, ch: Change<NwState>): NwGameState => ({ ...s, battle: ch.battle ?? s.battle, ruleset: ch.ruleset ?? s.ruleset }) as NwGameState;

/** Run an engine step of the NW sequence (its onEnter hook) with scripted dice. */
export function playStep(s: NwGameState, stepId: string, faces: number[]): Played {
  const step = napoleonicWarfare.sequence.phases.flatMap((p) => p.steps).find((x) => x.id === stepId);
  if (!step || !('onEnter' in step) || !step.onEnter) throw new Error(`no engine step ${stepId}`);
  const { d, rolls, events } = draftWith(s, faces);
  const ch = step.onEnter(s as never, d.ctx) as Change<NwState> | undefined;
  return { s: ch ? merge(s, ch) : s, rolls, events };
}
