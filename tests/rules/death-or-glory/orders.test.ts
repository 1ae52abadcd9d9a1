/**
 * DoG COMMAND /RALLY PHASE, Orders: general orders written at the start; drastic changes carried
 * by a messenger at light cavalry charge speed (320 m a move), acted on after the command phase of
 * the turn after arrival; shouted when the C-in-C is with the brigade. Hidden from the other side,
 * not even as a count.
 */
import { describe, expect, it } from 'vitest';
import { viewFor, eventsFor } from '../../../src/engine/view';
import { battle, advanceTo, apply, rejection, type St } from './build';
import type { DogState } from '../../../src/rules/death-or-glory/state';
import { DOG } from './build';

const rsOf = (s: St, side: string) => viewFor(DOG, s, side).ruleset as DogState;

function game(cincX = 1200, cincY = 100) {
  return battle(
    [
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 300, brigade: 'blue-b1' },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 1300, brigade: 'red-b1' },
    ],
    { generals: [
      { id: 'blue-cinc', side: 'blue', x: cincX, y: cincY, rating: 2 },
      { id: 'blue-g1', side: 'blue', x: 1200, y: 250, commands: 'blue-b1', rating: 1 },
      { id: 'red-cinc', side: 'red', x: 1200, y: 1500, rating: 2 },
    ] },
  );
}

describe('DoG Orders: the general order written at the beginning of the game', () => {
  it('is written in the secret orders step, and the other side sees neither the order nor that one was written', () => {
    const s0 = game();
    expect(s0.position.step).toBe('orders');
    const r = apply(s0, { type: 'writeOrder', side: 'blue', brigade: 'blue-b1', order: 'hold' });
    expect(rsOf(r.state, 'blue').orders['blue-b1']!.order).toBe('hold');
    expect(rsOf(r.state, 'red').orders['blue-b1']).toBeUndefined();
    expect(eventsFor(r.events, 'red')).toEqual([]);
    // After the step the order stays hidden from the French; their view has no Prussian orders at all.
    const s1 = advanceTo(r.state, 'moveFirst');
    expect(Object.keys(rsOf(s1, 'red').orders)).toEqual(['red-b1']);
    expect(rsOf(s1, 'blue').orders['blue-b1']!.order).toBe('hold');
  });

  it('a brigade on Hold may not close more than 50 m on the enemy, nor charge (HOUSE reading, RULINGS.md)', () => {
    let s = apply(game(), { type: 'writeOrder', side: 'blue', brigade: 'blue-b1', order: 'hold' }).state;
    s = advanceTo(s, 'moveFirst');
    const mover = s.position.actors[0]!;
    if (mover === 'blue') {
      expect(rejection(s, { type: 'moveUnit', side: 'blue', unit: 'pr', legs: [{ kind: 'forward', mm: 90 }] })).toBe('no-advance');
      expect(rejection(s, { type: 'moveUnit', side: 'blue', unit: 'pr', legs: [{ kind: 'forward', mm: 40 }] })).toBe('accepted');
    } else {
      s = advanceTo(s, 'moveSecond');
      expect(rejection(s, { type: 'moveUnit', side: 'blue', unit: 'pr', legs: [{ kind: 'forward', mm: 90 }] })).toBe('no-advance');
    }
  });
});

describe('DoG Orders: a drastic change sent by messenger', () => {
  function secondTurn(s0: St) {
    let s = advanceTo(s0, 'moveFirst');
    s = advanceTo(s, 'orders');
    expect(s.position.turn).toBe(2);
    return s;
  }

  it('rides from the C-in-C 320 m a move and arrives; the order is acted on only after the next command phase, and the French never learn it', () => {
    let s = secondTurn(game(1200, 100));
    const w = apply(s, { type: 'writeOrder', side: 'blue', brigade: 'blue-b1', order: 'withdraw' });
    s = w.state;
    // During the secret step the French see no messenger at all, and no event.
    expect(rsOf(s, 'red').messengers).toEqual([]);
    expect(eventsFor(w.events, 'red')).toEqual([]);
    s = advanceTo(s, 'moveFirst');
    // 150 m to ride: it arrives this movement phase; the order waits for turn 3's command phase.
    expect(s.ruleset.orders['blue-b1']).toMatchObject({ order: 'attack', next: { order: 'withdraw', from: 3 } });
    expect(rsOf(s, 'red').orders['blue-b1']).toBeUndefined();
    s = advanceTo(s, 'orders');
    expect(s.position.turn).toBe(3);
    expect(s.ruleset.orders['blue-b1']!.order).toBe('attack');
    s = advanceTo(s, 'moveFirst');
    expect(s.ruleset.orders['blue-b1']!.order).toBe('withdraw');
    expect(rsOf(s, 'red').orders['blue-b1']).toBeUndefined();
  });

  it('a messenger 1000 m off is still riding after one move (320 m): the French see the rider, never what he carries', () => {
    let s = secondTurn(game(1800, 1050));
    s = apply(s, { type: 'writeOrder', side: 'blue', brigade: 'blue-b1', order: 'withdraw' }).state;
    s = advanceTo(s, 'moveFirst');
    const m = s.ruleset.messengers[0]!;
    expect(Math.round(Math.hypot(m.at.x - 1800, m.at.y - 1050))).toBe(320);
    expect(s.ruleset.orders['blue-b1']!.next).toBeUndefined();
    const seen = rsOf(s, 'red').messengers;
    expect(seen.length).toBe(1);
    expect(seen[0]).not.toHaveProperty('order');
    expect(rsOf(s, 'blue').messengers[0]!.order).toBe('withdraw');
  });

  it('is shouted and acted on at once when the C-in-C is with the brigade (within 50 m of its general)', () => {
    let s = secondTurn(game(1210, 240));
    const r = apply(s, { type: 'writeOrder', side: 'blue', brigade: 'blue-b1', order: 'withdraw' });
    s = r.state;
    expect(s.ruleset.orders['blue-b1']!.order).toBe('withdraw');
    expect(s.ruleset.messengers).toEqual([]);
    expect(r.events.find((e) => e.type === 'OrderWritten')).toMatchObject({ how: 'shouted' });
  });
});
