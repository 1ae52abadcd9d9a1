/**
 * The replay viewer's state (issue 21): "both sides" only once the battle is over, a side steps
 * only through the points it knew of, the table is handed to the replay read-only and back.
 */
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/game';
import { stateHash } from '../../src/engine/hash';
import { startHistory } from '../../src/engine/history';
import { chooseCommand, playRandom } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import { loadScenario } from '../../src/scenario/load';
import { createReplay, createTableSource, followBattle, REPLAY_READ_ONLY, viewerChoices } from '../../src/store/replay';
import { createSession, gameOf, viewOf } from '../../src/store/session';
import { createBattleTable } from '../../src/store/table';
import { viewFor } from '../../src/engine/view';
import { skirmishModule } from '../engine/fixtures/skirmish';
import { fixtureScenarioText } from '../engine/fixtures/helpers';

const sc = loadScenario(JSON.parse(fixtureScenarioText()));
if (!sc.ok) throw new Error('fixture');
const setup = sc.value;

function game(maxCommands: number) {
  const c = createGame(skirmishModule, { setup, seed: 9 });
  if (!c.ok) throw new Error('fixture');
  return playRandom(skirmishModule, startHistory(c.state, c.events), makeSampler(9), { maxCommands }).history;
}
const base = { id: 'x', module: skirmishModule, scenario: JSON.parse(fixtureScenarioText()) as unknown, setup, options: {}, seed: 9 };

describe('the replay viewer', () => {
  it('offers both sides only once the battle is over, and turns a request for both into a side before', () => {
    const h = game(30);
    const r = createReplay();
    r.open({ battle: base, history: h, name: 'n', viewer: 'referee' });
    expect(r.store.getState().index!.over).toBe(false);
    expect(r.store.getState().viewer).toBe('blue');
    expect(viewerChoices(r.store.getState().index!, setup.sides).map((c) => c.id)).toEqual(['blue', 'red']);
    const done = game(100_000);
    r.open({ battle: base, history: done, name: 'n', viewer: 'referee' });
    expect(r.store.getState().index!.over).toBe(true);
    expect(r.store.getState().viewer).toBe('referee');
    expect(viewerChoices(r.store.getState().index!, setup.sides).map((c) => c.id)).toEqual(['blue', 'red', 'referee']);
  });

  it('shows at each point the state the game had there, through the viewer\'s view, and keeps its place when the viewer changes', () => {
    const h = game(60);
    const r = createReplay();
    r.open({ battle: base, history: h, name: 'n', viewer: 'red' });
    const s = r.store.getState();
    for (let i = 0; i < s.points.length; i += 3) {
      r.seek(i);
      const k = r.store.getState().points[i]!;
      const b = r.store.getState().battle!;
      const there = k === 0 ? h.initial : h.entries[k - 1]!.state;
      expect(stateHash(gameOf(b))).toBe(stateHash(there));
      // What the table draws is Red's view of the game there.
      expect(viewOf(b, 'red')).toEqual(viewFor(skirmishModule, there, 'red'));
    }
    r.seek(s.points.length - 1);
    const k = r.store.getState().points[r.store.getState().at]!;
    r.setViewer('blue');
    const blue = r.store.getState();
    expect(blue.points[blue.at]!).toBeLessThanOrEqual(k);
    expect(blue.points[blue.at + 1] ?? Infinity).toBeGreaterThan(k);
    // Turn by turn: forward lands on the first point of a later turn.
    r.seek(0);
    r.turn(1);
    const t = r.store.getState();
    expect(t.turns).toContain(t.points[t.at]!);
  });

  it('takes the table over read-only and gives it back as play left it', () => {
    const session = createSession(null, [skirmishModule]);
    expect(session.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed: 9 })).toEqual({ ok: true });
    const r = createReplay();
    const table = createBattleTable(createTableSource(session, r));
    const playing = table.store.getState().battle;
    r.open({ battle: base, history: game(40), name: 'n', viewer: 'blue' }, 'end');
    expect(table.store.getState().battle).not.toBe(playing);
    const unit = setup.units.find((u) => u.side === 'blue')!.id;
    const p = table.previewMove(unit, { dxMm: 10, dyMm: 0, dRad: 0 });
    expect(p).toMatchObject({ legal: false, reason: REPLAY_READ_ONLY });
    expect(table.commitMove(unit, { dxMm: 10, dyMm: 0, dRad: 0 })).toBe(REPLAY_READ_ONLY);
    r.close();
    expect(table.store.getState().battle).toBe(playing);
  });

  it('follows the battle on the table while it is open: later commands are added, a take-back removed, the point kept', () => {
    const session = createSession(null, [skirmishModule]);
    expect(session.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed: 9 })).toEqual({ ok: true });
    const sampler = makeSampler(4);
    const playOne = () => {
      const st = gameOf(session.getState().battle!);
      const side = st.position.actors.find((a) => !st.position.done.includes(a))!;
      expect(session.getState().dispatch(chooseCommand(skirmishModule, st, side, sampler)!.command)).toBeNull();
    };
    for (let i = 0; i < 6; i++) playOne();
    const r = createReplay();
    const b = session.getState().battle!;
    r.open({ battle: b, history: b.history, name: 'n', viewer: 'referee' }, 'end');
    const stop = followBattle(r, session, b.id);
    expect(r.store.getState().following).toBe(true);
    const n0 = r.store.getState().points.length;
    // At the newest point: it stays at the newest as play goes on.
    for (let i = 0; i < 4; i++) playOne();
    const now = session.getState().battle!;
    expect(r.store.getState().index!.length).toBe(now.history.entries.length);
    expect(r.store.getState().at).toBe(r.store.getState().points.length - 1);
    expect(r.store.getState().points.length).toBeGreaterThan(n0);
    expect(stateHash(gameOf(r.store.getState().battle!))).toBe(stateHash(gameOf(now)));
    // Looking back at an earlier point: it stays there while play goes on.
    r.seek(2);
    const k = r.store.getState().points[2]!;
    playOne();
    expect(r.store.getState().points[r.store.getState().at]).toBe(k);
    // A take-back (where the engine allows it): the replay has exactly the commands play has.
    r.seek(r.store.getState().points.length - 1);
    const before = session.getState().battle!.history.entries.length;
    session.getState().undo();
    expect(r.store.getState().index!.length).toBe(session.getState().battle!.history.entries.length);
    expect(r.store.getState().at).toBe(r.store.getState().points.length - 1);
    expect(before).toBeGreaterThanOrEqual(r.store.getState().index!.length);
    // Another battle on the table: it stops following, and the replay keeps what it had.
    const had = r.store.getState().index;
    expect(session.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed: 10 })).toEqual({ ok: true });
    expect(r.store.getState().following).toBe(false);
    expect(r.store.getState().index).toBe(had);
    stop();
  });
});
