import { describe, expect, it } from 'vitest';
import { isRejection, type Command } from '../../src/engine/command';
import { stateHash } from '../../src/engine/hash';
import { currentState, play, redo, startHistory, undo, undoBlocker, type History } from '../../src/engine/history';
import { fixtureGame } from './fixtures/helpers';
import { skirmishModule as M } from './fixtures/skirmish';

function playAll(h: History, cs: Command[]): History {
  for (const c of cs) {
    const r = play(M, h, c);
    if (isRejection(r)) throw new Error(r.message);
    h = r.history;
  }
  return h;
}

const toFire: Command[] = [
  { type: 'placeOrder', side: 'blue', unit: 'b1', order: 'advance' },
  { type: 'endStep', side: 'blue' },
  { type: 'endStep', side: 'red' },
];

describe('secret commands', () => {
  it('a command whose spec is secret is recorded secret in any step; others in a public step are not', () => {
    const g = fixtureGame(5);
    const h = playAll(startHistory(g.state, g.events), toFire);
    const move: Command = { type: 'moveUnit', side: 'blue', unit: 'b1', dx: 30, dy: -120 };
    const plain = play(M, h, move);
    const secretModule = { ...M, commands: { ...M.commands, moveUnit: { ...M.commands.moveUnit!, secret: true } } };
    const hidden = play(secretModule, h, move);
    if (isRejection(plain) || isRejection(hidden)) throw new Error('rejected');
    expect(plain.history.entries.at(-1)!.secret).toBe(false);
    expect(hidden.history.entries.at(-1)!.secret).toBe(true);
  });
});

describe('undo and redo', () => {
  it('undo takes back a move, and redo puts it back exactly', () => {
    const g = fixtureGame(5);
    let h = playAll(startHistory(g.state, g.events), toFire);
    const beforeMove = currentState(h);
    h = playAll(h, [{ type: 'moveUnit', side: 'blue', unit: 'b1', dx: 30, dy: -120 }]);
    const afterMove = currentState(h);
    expect(stateHash(afterMove)).not.toBe(stateHash(beforeMove));
    const u = undo(h);
    if (isRejection(u)) throw new Error(u.message);
    expect(stateHash(currentState(u))).toBe(stateHash(beforeMove));
    const r = redo(M, u);
    if (isRejection(r)) throw new Error(r.message);
    expect(stateHash(currentState(r))).toBe(stateHash(afterMove));
  });

  it('undo refuses to take back a roll, and so cannot reach anything before it', () => {
    const g = fixtureGame(5);
    let h = playAll(startHistory(g.state, g.events), [...toFire, { type: 'moveUnit', side: 'blue', unit: 'b1', dx: 0, dy: -100 }, { type: 'endStep', side: 'blue' }]);
    h = playAll(h, [{ type: 'fireAt', side: 'blue', unit: 'b1', target: 'r1' }]);
    expect(h.entries.at(-1)!.rolled).toBe(true);
    const u = undo(h);
    expect(isRejection(u) && u.code).toBe('undo-across-roll');
    expect(undoBlocker(h)?.code).toBe('undo-across-roll');
  });

  it('a command whose engine steps rolled (morale at the end of the turn) cannot be undone either', () => {
    const g = fixtureGame(8);
    // Blue destroys half of r1 by scripted dice, then every side ends its steps: the last
    // endStep runs the morale engine step, which rolls for r1.
    let h = playAll(startHistory(g.state, g.events), [...toFire, { type: 'moveUnit', side: 'blue', unit: 'b1', dx: 0, dy: -100 }, { type: 'endStep', side: 'blue' }]);
    const s = currentState(h);
    h = { ...h, entries: [...h.entries.slice(0, -1), { ...h.entries.at(-1)!, state: { ...s, dice: { ...s.dice, scripted: [6, 6, 6, 1] } } }] };
    h = playAll(h, [{ type: 'fireAt', side: 'blue', unit: 'b1', target: 'r1' }, { type: 'endStep', side: 'blue' }, { type: 'endStep', side: 'red' }]);
    const last = h.entries.at(-1)!;
    expect(last.events.some((e) => e.type === 'DiceRolled')).toBe(true);
    expect(last.rolled).toBe(true);
    expect(isRejection(undo(h))).toBe(true);
  });

  it('only the side that gave a command may take it back; nothing to undo at the start', () => {
    const g = fixtureGame(5);
    const h0 = startHistory(g.state, g.events);
    expect(isRejection(undo(h0)) && (undo(h0) as { code: string }).code).toBe('nothing-to-undo');
    const h = playAll(h0, [{ type: 'placeOrder', side: 'blue', unit: 'b1', order: 'hold' }]);
    expect((undo(h, 'red') as { code: string }).code).toBe('not-yours');
    expect(isRejection(undo(h, 'blue'))).toBe(false);
  });

  it('a new command clears the redo stack', () => {
    const g = fixtureGame(5);
    const h = playAll(startHistory(g.state, g.events), [{ type: 'placeOrder', side: 'blue', unit: 'b1', order: 'hold' }]);
    const u = undo(h) as History;
    const h2 = playAll(u, [{ type: 'placeOrder', side: 'blue', unit: 'b2', order: 'hold' }]);
    expect(h2.redoStack).toHaveLength(0);
    expect(isRejection(redo(M, h2))).toBe(true);
  });
});
