import { describe, expect, it } from 'vitest';
import { scriptedRoller } from '../support/scriptedDice';
import type { AnyEvent } from '../../src/engine/command';
import type { Ctx } from '../../src/engine/ruleset';
import type { GameState } from '../../src/engine/state';
import { stateHash } from '../../src/engine/hash';
import { pt } from '../../src/geometry/types';
import {
  WorkingDraft, changeGeneral, changeUnit, dropUnit, finishWork, generalIn, loseStands, setFormation, setStands, standIn, startWork, unitIn, unitsOfSide,
} from '../../src/engine/workingState';
import { fixtureGame } from './fixtures/helpers';
import type { SkOptions, SkState, SkTables } from './fixtures/skirmish';

type Sk = GameState<SkState, SkOptions, SkTables>;
const game = (): Sk => fixtureGame().state as Sk;

/** A ctx over scripted faces that records what it was given, in order. */
function recordingCtx(s: GameState, faces: number[] = []): { ctx: Ctx; events: AnyEvent[] } {
  const dice = scriptedRoller(s.dice, faces, 'recordingCtx');
  const events: AnyEvent[] = [];
  return { events, ctx: { roll: (spec) => { const ev = dice.roll(spec); events.push(ev); return ev; }, emit: (e) => { events.push(e); } } };
}

describe('A working state started from a game state', () => {
  it('starts from the state as it is and records where the game stands', () => {
    const s = game();
    const w = startWork(s, recordingCtx(s).ctx);
    expect(w.battle).toBe(s.battle);
    expect(w.rs).toBe(s.ruleset);
    expect(w.options).toBe(s.options);
    expect(w.tables).toBe(s.tables);
    expect(w.turn).toBe(1);
    expect(w.phase).toBe(s.position.phase);
  });

  it('with a private copy of the ruleset state, changes made in place never reach the input', () => {
    const s = game();
    const before = stateHash(s);
    const w = startWork(s, recordingCtx(s).ctx, { copyRuleset: true });
    expect(w.rs).not.toBe(s.ruleset);
    expect(w.rs).toEqual(s.ruleset);
    (w.rs as { orders: Record<string, string> }).orders['b1'] = 'advance';
    expect(s.ruleset.orders['b1']).toBeUndefined();
    expect(stateHash(s)).toBe(before);
  });

  it('looks units, stands, generals and a side\'s units up in the draft, not in the input', () => {
    const s = game();
    const w = startWork(s, recordingCtx(s).ctx);
    const b1 = s.battle.units.find((u) => u.id === 'b1')!;
    expect(unitIn(w, 'b1')).toBe(b1);
    expect(unitIn(w, 'nobody')).toBeUndefined();
    expect(standIn(w, 'b1', b1.stands[1]!.id)).toBe(b1.stands[1]);
    expect(generalIn(w, 'red-gen')?.name).toBe('General Crimson');
    expect(unitsOfSide(w, 'blue').map((u) => u.id)).toEqual(s.battle.units.filter((u) => u.side === 'blue').map((u) => u.id));
    dropUnit(w, 'b1');
    expect(unitIn(w, 'b1')).toBeUndefined();
    expect(s.battle.units.some((u) => u.id === 'b1')).toBe(true);
  });
});

describe('Changes to the battle in a working state', () => {
  it('replace a unit\'s stands, formation and general without touching the input or the other units', () => {
    const s = game();
    const before = stateHash(s);
    const w = startWork(s, recordingCtx(s).ctx);
    const b1 = unitIn(w, 'b1')!;
    const moved = b1.stands.map((st) => ({ ...st, centre: pt(st.centre.x, st.centre.y - 50) }));
    setStands(w, 'b1', moved);
    setFormation(w, 'b1', 'column');
    changeUnit(w, 'b1', (u) => ({ ...u, name: 'renamed' }));
    changeGeneral(w, 'blue-gen', (g) => ({ ...g, name: 'General Cobalt' }));
    expect(unitIn(w, 'b1')).toMatchObject({ formation: 'column', name: 'renamed' });
    expect(unitIn(w, 'b1')!.stands.map((st) => st.centre.y)).toEqual(b1.stands.map((st) => st.centre.y - 50));
    expect(generalIn(w, 'blue-gen')?.name).toBe('General Cobalt');
    expect(unitIn(w, 'r1')).toBe(s.battle.units.find((u) => u.id === 'r1'));
    expect(stateHash(s)).toBe(before);
  });

  it('an unknown unit id leaves the battle as it was', () => {
    const s = game();
    const w = startWork(s, recordingCtx(s).ctx);
    changeUnit(w, 'nobody', (u) => ({ ...u, name: 'x' }));
    expect(w.battle).toBe(s.battle);
    expect(loseStands(w, 'nobody', ['x'])).toBe(0);
  });
});

describe('Stand losses in a working state', () => {
  it('removes the lost stands, keeps the command stand, and counts only stands the unit had', () => {
    const s = game();
    const w = startWork(s, recordingCtx(s).ctx);
    const b1 = unitIn(w, 'b1')!;
    const rear = b1.stands.filter((st) => st.id !== b1.commandStandId).slice(-2).map((st) => st.id);
    expect(loseStands(w, 'b1', [...rear, 'not-a-stand'])).toBe(2);
    const after = unitIn(w, 'b1')!;
    expect(after.stands.map((st) => st.id)).toEqual(b1.stands.map((st) => st.id).filter((id) => !rear.includes(id)));
    expect(after.commandStandId).toBe(b1.commandStandId);
  });

  it('hands the command to the first remaining stand when the command stand is lost', () => {
    const s = game();
    const w = startWork(s, recordingCtx(s).ctx);
    const b1 = unitIn(w, 'b1')!;
    loseStands(w, 'b1', [b1.commandStandId]);
    const after = unitIn(w, 'b1')!;
    expect(after.stands).toHaveLength(b1.stands.length - 1);
    expect(after.commandStandId).toBe(after.stands[0]!.id);
  });

  it('keeps the stands as the ruleset rearranged them to close the gap', () => {
    const s = game();
    const w = startWork(s, recordingCtx(s).ctx);
    const b1 = unitIn(w, 'b1')!;
    const [gone, ...rest] = b1.stands;
    const closed = rest.map((st) => ({ ...st, centre: pt(st.centre.x - 10, st.centre.y) }));
    expect(loseStands(w, 'b1', [gone!.id], closed)).toBe(1);
    expect(unitIn(w, 'b1')!.stands).toEqual(closed);
  });

  it('a unit that loses every stand stays, standless, for the ruleset to remove', () => {
    const s = game();
    const w = startWork(s, recordingCtx(s).ctx);
    const b1 = unitIn(w, 'b1')!;
    expect(loseStands(w, 'b1', b1.stands.map((st) => st.id))).toBe(b1.stands.length);
    expect(unitIn(w, 'b1')).toMatchObject({ stands: [], commandStandId: b1.commandStandId });
  });
});

describe('Finishing a working state', () => {
  it('gives the change: a fresh battle shell, the ruleset state, the extra events after those emitted', () => {
    const s = game();
    const w = startWork(s, recordingCtx(s).ctx);
    const c = finishWork(w, [{ type: 'Noted', rule: 'test' }]);
    expect(c.battle).not.toBe(s.battle);
    expect(c.battle).toEqual(s.battle);
    expect(c.ruleset).toBe(s.ruleset);
    expect(c.events).toEqual([{ type: 'Noted', rule: 'test' }]);
    expect(finishWork(w).events).toEqual([]);
  });
});

describe('The working draft as a class', () => {
  class SkDraft extends WorkingDraft<SkState, SkOptions, SkTables> {
    orderOf(id: string): string | undefined {
      return this.rs.orders[id];
    }
  }

  it('rolls and emits through the handler\'s ctx, in order, and its lookups see its own changes', () => {
    const s = game();
    const { ctx, events } = recordingCtx(s, [4]);
    const w = new SkDraft(s, ctx);
    w.emit({ type: 'Before' });
    const r = w.roll({ dice: 'd6', purpose: 'test', rule: 'test' });
    w.emit({ type: 'After' });
    expect(r.total).toBe(4);
    expect(events.map((e) => e.type)).toEqual(['Before', 'DiceRolled', 'After']);
    const b1 = w.unit('b1')!;
    w.replaceStands('b1', b1.stands.slice(1));
    w.setFormation('b1', 'column');
    expect(w.unit('b1')).toMatchObject({ formation: 'column' });
    expect(w.unit('b1')!.stands).toHaveLength(b1.stands.length - 1);
    expect(w.loseStands('b1', [w.unit('b1')!.stands[0]!.id])).toBe(1);
    expect(w.general('red-gen')?.side).toBe('red');
    expect(w.orderOf('b1')).toBeUndefined();
    expect(w.change().battle!.units.find((u) => u.id === 'b1')!.stands).toHaveLength(b1.stands.length - 2);
    expect(s.battle.units.find((u) => u.id === 'b1')!.stands).toHaveLength(b1.stands.length);
  });

  it('a fork is a trial: its changes and events stay its own until adopted', () => {
    const s = game();
    const { ctx, events } = recordingCtx(s);
    const w = new SkDraft(s, ctx);
    const held: AnyEvent[] = [];
    const trial = w.fork({ roll: ctx.roll, emit: (e) => { held.push(e); } });
    expect(trial).toBeInstanceOf(SkDraft);
    trial.setFormation('b1', 'column');
    trial.emit({ type: 'Tried' });
    expect(w.unit('b1')!.formation).not.toBe('column');
    expect(events).toEqual([]);
    expect(held.map((e) => e.type)).toEqual(['Tried']);
    w.battle = trial.battle;
    expect(w.unit('b1')!.formation).toBe('column');
  });

  it('a fork of a draft that copies its ruleset state gets its own copy', () => {
    const s = game();
    const w = new SkDraft(s, recordingCtx(s).ctx, { copyRuleset: true });
    const trial = w.fork(w.ctx);
    (trial.rs as { orders: Record<string, string> }).orders['b1'] = 'advance';
    expect(w.orderOf('b1')).toBeUndefined();
    expect(trial.orderOf('b1')).toBe('advance');
  });
});
