/**
 * Undo and redo against a plain model: the history (src/engine/history.ts) shares one
 * append-only list between the values made one after another, so it must behave exactly like
 * the simple version that copied its lists on every command, kept here as the reference.
 * Random sequences of play / undo / redo, each applied to any earlier History value (so older
 * values are extended, branching), must give the same entries, states and redo stacks; and no
 * value, once handed out, may change afterwards.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRejection, reject, type AnyEvent, type Command, type Rejection } from '../../src/engine/command';
import { applyCommand } from '../../src/engine/game';
import { stateHash } from '../../src/engine/hash';
import type { SideId } from '../../src/engine/model';
import type { AnyRuleset } from '../../src/engine/ruleset';
import type { GameState } from '../../src/engine/state';
import { commandLog, currentState, play, redo, startHistory, undo, undoBlocker, type History, type HistoryEntry } from '../../src/engine/history';
import { fixtureGame } from './fixtures/helpers';
import { skirmishModule as M } from './fixtures/skirmish';

// The reference: the history as it was before it shared its lists (copies on every command).
interface RefHistory {
  readonly initial: GameState;
  readonly initialEvents: readonly AnyEvent[];
  readonly entries: readonly HistoryEntry[];
  readonly redoStack: readonly HistoryEntry[];
}
const refCurrent = (h: RefHistory): GameState => h.entries[h.entries.length - 1]?.state ?? h.initial;
function refSecretStep(module: AnyRuleset, state: GameState): boolean {
  const phase = module.sequence.phases.find((p) => p.id === state.position.phase);
  return phase?.steps.find((s) => s.id === state.position.step)?.secret === true;
}
function refPlay(module: AnyRuleset, h: RefHistory, command: Command): RefHistory | Rejection {
  const applied = applyCommand(module, refCurrent(h), command);
  if (isRejection(applied)) return applied;
  const entry: HistoryEntry = { command, events: applied.events, state: applied.state, rolled: applied.rolled, secret: refSecretStep(module, refCurrent(h)) || module.commands[command.type]?.secret === true };
  return { ...h, entries: [...h.entries, entry], redoStack: [] };
}
function refUndo(h: RefHistory, by?: SideId): RefHistory | Rejection {
  const last = h.entries[h.entries.length - 1];
  if (!last) return reject('nothing-to-undo', 'There is nothing to undo.', 'engine: undo');
  if (by !== undefined && last.command.side !== by) return reject('not-yours', 'not yours', 'engine: undo');
  if (last.rolled) return reject('undo-across-roll', 'rolled', 'engine: undo');
  return { ...h, entries: h.entries.slice(0, -1), redoStack: [...h.redoStack, last] };
}
function refRedo(module: AnyRuleset, h: RefHistory, by?: SideId): RefHistory | Rejection {
  const next = h.redoStack[h.redoStack.length - 1];
  if (!next) return reject('nothing-to-redo', 'There is nothing to redo.', 'engine: undo');
  if (by !== undefined && next.command.side !== by) return reject('not-yours', 'not yours', 'engine: undo');
  const r = refPlay(module, h, next.command);
  if (isRejection(r)) return r;
  return { ...r, redoStack: h.redoStack.slice(0, -1) };
}

// Commands of the fixture skirmish (SK §1 orders, §2 moves, §3 fire) and step ends: some are
// refused where they are tried, which both versions must agree on too.
const POOL: Command[] = [
  { type: 'placeOrder', side: 'blue', unit: 'b1', order: 'advance' },
  { type: 'placeOrder', side: 'blue', unit: 'b2', order: 'hold' },
  { type: 'placeOrder', side: 'red', unit: 'r1', order: 'advance' },
  { type: 'endStep', side: 'blue' },
  { type: 'endStep', side: 'red' },
  { type: 'moveUnit', side: 'blue', unit: 'b1', dx: 30, dy: -120 },
  { type: 'moveUnit', side: 'blue', unit: 'b1', dx: -20, dy: -40 },
  { type: 'moveUnit', side: 'red', unit: 'r1', dx: 10, dy: 60 },
  { type: 'fireAt', side: 'blue', unit: 'b1', target: 'r1' },
  { type: 'fireAt', side: 'red', unit: 'r1', target: 'b1' },
];

type Op = { kind: 'play'; at: number; cmd: number } | { kind: 'undo' | 'redo'; at: number; by: SideId | undefined };
const byArb = fc.constantFrom<SideId | undefined>(undefined, 'blue', 'red');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('play' as const), at: fc.nat(), cmd: fc.nat({ max: POOL.length - 1 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const), at: fc.nat(), by: byArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('redo' as const), at: fc.nat(), by: byArb }) },
);

const summary = (entries: readonly HistoryEntry[]) => entries.map((e) => ({ command: e.command, events: e.events, rolled: e.rolled, secret: e.secret, hash: stateHash(e.state) }));

function expectSame(h: History, ref: RefHistory): void {
  expect(summary(h.entries)).toEqual(summary(ref.entries));
  expect(summary(h.redoStack)).toEqual(summary(ref.redoStack));
  expect(stateHash(currentState(h))).toBe(stateHash(refCurrent(ref)));
  expect(commandLog(h)).toEqual(ref.entries.map((e) => e.command));
  const u = refUndo(ref);
  expect(undoBlocker(h)?.code).toBe(isRejection(u) ? u.code : undefined);
}

describe('history against the copying model', () => {
  it('play, undo and redo on any earlier value give what the model gives, and no value handed out changes', () => {
    const g = fixtureGame(7);
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 40 }), (ops) => {
        const values: { h: History; ref: RefHistory; seen: ReturnType<typeof summary>; redoSeen: ReturnType<typeof summary> }[] = [];
        const keep = (h: History, ref: RefHistory) => values.push({ h, ref, seen: summary(h.entries), redoSeen: summary(h.redoStack) });
        keep(startHistory(g.state, g.events), { initial: g.state, initialEvents: g.events, entries: [], redoStack: [] });
        for (const op of ops) {
          // Mostly the newest value (the usual run of play), sometimes an older one (a branch).
          const from = op.at % 3 === 0 ? values[op.at % values.length]! : values[values.length - 1]!;
          const got = op.kind === 'play' ? play(M, from.h, POOL[op.cmd]!) : op.kind === 'undo' ? undo(from.h, op.by) : redo(M, from.h, op.by);
          const want = op.kind === 'play' ? refPlay(M, from.ref, POOL[op.cmd]!) : op.kind === 'undo' ? refUndo(from.ref, op.by) : refRedo(M, from.ref, op.by);
          expect(isRejection(got)).toBe(isRejection(want));
          if (isRejection(got) || isRejection(want)) {
            if (isRejection(got) && isRejection(want)) expect(got.code).toBe(want.code);
            continue;
          }
          const h = 'history' in got ? got.history : got;
          expectSame(h, want);
          keep(h, want);
        }
        // Every value, old and new, still reads as it did when it was made, and as the model's.
        for (const v of values) {
          expect(summary(v.h.entries)).toEqual(v.seen);
          expect(summary(v.h.redoStack)).toEqual(v.redoSeen);
          expectSame(v.h, v.ref);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a value read before it was extended and one read after agree with the model (lists made lazily)', () => {
    const g = fixtureGame(3);
    const h0 = startHistory(g.state, g.events);
    const a = play(M, h0, POOL[0]!);
    if (isRejection(a)) throw new Error(a.message);
    const b = play(M, a.history, POOL[1]!);
    const c = play(M, a.history, POOL[3]!);
    if (isRejection(b) || isRejection(c)) throw new Error('refused');
    // `a` is extended twice (the second time from an older value) before anything is read.
    expect(a.history.entries.map((e) => e.command)).toEqual([POOL[0]]);
    expect(b.history.entries.map((e) => e.command)).toEqual([POOL[0], POOL[1]]);
    expect(c.history.entries.map((e) => e.command)).toEqual([POOL[0], POOL[3]]);
    expect(h0.entries).toEqual([]);
  });
});
