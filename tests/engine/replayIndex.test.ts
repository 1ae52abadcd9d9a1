/**
 * Stepping through a battle (issue 21, Replay viewer): any point of the log from snapshots
 * every few commands is the state the game had there, exactly; a side steps only through the
 * commands it may know of.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createGame } from '../../src/engine/game';
import { stateHash } from '../../src/engine/hash';
import { startHistory, type History } from '../../src/engine/history';
import { indexHistory, pointsFor, turnStarts } from '../../src/engine/replayIndex';
import { eventsFor } from '../../src/engine/view';
import { playRandom } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import { loadScenario } from '../../src/scenario/load';
import { skirmishModule } from './fixtures/skirmish';
import { fixtureScenarioText } from './fixtures/helpers';

function played(seed: number, maxCommands = 120): History {
  const sc = loadScenario(JSON.parse(fixtureScenarioText()));
  if (!sc.ok) throw new Error('fixture');
  const c = createGame(skirmishModule, { setup: sc.value, seed });
  if (!c.ok) throw new Error('fixture');
  return playRandom(skirmishModule, startHistory(c.state, c.events), makeSampler(seed), { maxCommands }).history;
}

describe('a replay index', () => {
  const h = played(5);
  const states = [h.initial, ...h.entries.map((e) => e.state)];

  it('gives the state of every point, in any order of seeking, equal to the state the game had there', () => {
    expect(h.entries.length).toBeGreaterThan(40);
    const r = indexHistory(skirmishModule, h, 8);
    expect(r.length).toBe(h.entries.length);
    expect(r.snapshots).toBe(Math.floor(h.entries.length / 8) + 1);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: h.entries.length }), { minLength: 1, maxLength: 30 }), (ks) => {
        for (const k of ks) expect(stateHash(r.stateAt(k))).toBe(stateHash(states[k]!));
      }),
      { numRuns: 30 },
    );
  });

  it('keeps each command, its events and where the game stood', () => {
    const r = indexHistory(skirmishModule, h);
    for (let k = 1; k <= r.length; k++) {
      expect(r.command(k)).toBe(h.entries[k - 1]!.command);
      expect(r.events(k)).toBe(h.entries[k - 1]!.events);
      expect(r.position(k)).toEqual(states[k]!.position);
      expect(r.secret(k)).toBe(h.entries[k - 1]!.secret);
    }
    expect(r.entryAt(3).state).toBe(r.stateAt(3));
    expect(() => r.stateAt(r.length + 1)).toThrow(RangeError);
  });

  it("gives a side the points of its own commands and every open one, never the other side's secret commands", () => {
    const r = indexHistory(skirmishModule, h);
    const secretBlue = h.entries.flatMap((e, i) => (e.secret && e.command.side === 'blue' ? [i + 1] : []));
    const secretRed = h.entries.flatMap((e, i) => (e.secret && e.command.side === 'red' ? [i + 1] : []));
    expect(secretBlue.length).toBeGreaterThan(0);
    expect(secretRed.length).toBeGreaterThan(0);
    const red = pointsFor(r, 'red');
    expect(red[0]).toBe(0);
    // Blue's secret orders are no point of Red's; a secret command Red saw something of (Blue
    // ending its part of the step, the step's end) is.
    const silent = secretBlue.filter((k) => eventsFor(r.events(k), 'red').length === 0);
    expect(silent.length).toBeGreaterThan(0);
    expect(red.filter((k) => silent.includes(k))).toEqual([]);
    expect(red.filter((k) => secretBlue.includes(k)).every((k) => r.command(k).type === 'endStep')).toBe(true);
    expect(secretRed.every((k) => red.includes(k))).toBe(true);
    expect(red.length).toBe(r.length + 1 - silent.length);
    expect(pointsFor(r, 'referee')).toHaveLength(r.length + 1);
  });

  it('steps turn by turn: the first point of each turn', () => {
    const r = indexHistory(skirmishModule, h);
    const pts = pointsFor(r, 'referee');
    const starts = turnStarts(r, pts);
    expect(starts[0]).toBe(0);
    const turns = starts.map((k) => r.position(k).turn);
    expect(new Set(turns).size).toBe(turns.length);
    for (const k of starts.slice(1)) expect(r.position(k - 1).turn).toBeLessThan(r.position(k).turn);
  });
});
