/**
 * Property tests over every registered ruleset (with each of its scenarios under scenarios/)
 * and the engine's fixture ruleset: random legal games never reach an invalid state, walk the
 * declared phases in order, and every saved game replays to the same hash.
 * Iteration counts are scaled so the whole suite stays within its time budget on two cores;
 * raise VEDETTE_PROPERTY_RUNS to run more.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../src/engine/command';
import { stateHash } from '../../src/engine/hash';
import { commandLog, currentState, startHistory } from '../../src/engine/history';
import { checkInvariants } from '../../src/engine/invariants';
import { turnSchedule } from '../../src/engine/sequence';
import type { AnyRuleset } from '../../src/engine/ruleset';
import { playRandom } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import { loadSave, makeSave } from '../../src/scenario/save';
import { allModules, newGame, setupOf, subjects } from './fixtures/helpers';

const RUNS = Number(process.env.VEDETTE_PROPERTY_RUNS ?? 0);

/** Within each turn, the StepStarted events must follow the declared schedule's order. */
function phaseOrderProblems(module: AnyRuleset, events: readonly AnyEvent[]): string[] {
  const out: string[] = [];
  let order: readonly string[] = [];
  let cursor = -1;
  let turn = 0;
  let sched: { phase: string; steps: string[] }[] = [];
  let slot = -1;
  for (const e of events) {
    if (e.type === 'TurnStarted') {
      turn = e.turn as number;
      order = e.phasingOrder as string[];
      sched = turnSchedule(module.sequence.phases, order).map((s) => ({ phase: module.sequence.phases[s.phase]!.id, steps: module.sequence.phases[s.phase]!.steps.map((st) => st.id) }));
      slot = -1;
      cursor = -1;
    } else if (e.type === 'PhaseStarted') {
      const next = sched.findIndex((s, i) => i > slot && s.phase === e.phase);
      if (next < 0) out.push(`turn ${turn}: phase ${String(e.phase)} started out of the declared order`);
      slot = next;
      cursor = -1;
    } else if (e.type === 'StepStarted') {
      const steps = sched[slot]?.steps ?? [];
      const idx = steps.indexOf(e.step as string);
      if (e.phase !== sched[slot]?.phase || idx <= cursor) out.push(`turn ${turn}: step ${String(e.phase)}/${String(e.step)} out of order`);
      cursor = idx;
    }
  }
  return out;
}

describe.each(subjects().map((s) => [`${s.module.id} · ${s.scenarioPath.split('/').at(-1)}`, s] as const))('random legal games: %s', (_name, subject) => {
  const setup = setupOf(subject.scenarioText);
  const cheap = subject.module.id.startsWith('fixture-');
  // The corps-sized and army-sized built-in battles (over 100 units) are played less: one game of
  // one turn each (the CLI's `play --auto random` plays them through; e2e starts the largest).
  const large = setup.units.length > 100;
  const runs = RUNS || (cheap ? 1200 : large ? 1 : 12);
  const maxTurns = cheap ? undefined : large ? 1 : 3;

  it('never reach an invalid state, keep the declared phase order, and replay from their saves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffffffff }), fc.constantFrom(...optionSamples(subject.module)), (seed, playerSeed, options) => {
        const g = newGame(subject.module, setup, seed, options);
        const problems: string[] = checkInvariants(subject.module, g.state).map((p) => `start: ${p}`);
        const game = playRandom(subject.module, startHistory(g.state, g.events), makeSampler(playerSeed), {
          ...(maxTurns !== undefined ? { maxTurns } : {}),
          maxCommands: cheap ? 5_000 : 3_000,
          onApplied: (c, a) => {
            for (const p of checkInvariants(subject.module, a.state)) problems.push(`after ${JSON.stringify(c)}: ${p}`);
          },
        });
        expect(game.internalErrors.map((r) => r.message)).toEqual([]);
        expect(problems).toEqual([]);
        expect(game.stoppedBy).not.toBe('stuck');
        expect(phaseOrderProblems(subject.module, [...g.events, ...game.events])).toEqual([]);
        if (cheap) expect(game.stoppedBy).toBe('result');

        const end = currentState(game.history);
        const save = makeSave({ module: subject.module, scenario: JSON.parse(subject.scenarioText), options: options as Record<string, unknown>, seed, log: commandLog(game.history), state: end });
        const loaded = loadSave(JSON.parse(JSON.stringify(save)), allModules());
        expect(loaded.ok ? loaded.value.hash : loaded.problems).toBe(stateHash(end));
      }),
      { numRuns: runs },
    );
  }, 240_000);
});

/** Defaults, plus each boolean option switched on and each choice of each choice option. */
function optionSamples(module: AnyRuleset): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [{}];
  for (const o of module.options.info) {
    if (o.kind === 'boolean') out.push({ [o.id]: !o.default });
    if (o.kind === 'choice') for (const c of o.choices ?? []) if (c.value !== o.default) out.push({ [o.id]: c.value });
  }
  return out;
}

describe('the subjects are never vacuous', () => {
  it('every registered ruleset has a scenario under scenarios/, and the fixture is always included', () => {
    const s = subjects();
    const ids = new Set(s.map((x) => x.module.id));
    for (const m of allModules()) expect(ids.has(m.id), `${m.id} has no scenario naming it under scenarios/`).toBe(true);
    expect(ids.has('fixture-skirmish')).toBe(true);
  });
});
