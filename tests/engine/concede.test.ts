// The optional `onConcede` hook: a ruleset may play the turn out before a concession ends the game.
import { describe, expect, it } from 'vitest';
import { sideWords } from '../../src/engine/words';
import { isRejection, reject, type Command } from '../../src/engine/command';
import { applyCommand, type Applied } from '../../src/engine/game';
import { registerable, type AnyRuleset } from '../../src/engine/ruleset';
import type { GameState } from '../../src/engine/state';
import { fixtureGame } from './fixtures/helpers';
import { skirmish } from './fixtures/skirmish';

type RS = typeof skirmish extends { setup: (...a: never[]) => { ruleset: infer R } } ? R : never;
type WithConcession = RS & { conceded?: string };

// The fixture ruleset, with a concession that is only recorded and decided at the end of the turn.
const playsOut: AnyRuleset = registerable({
  ...skirmish,
  onConcede: (s, side, ctx) => {
    const rs = s.ruleset as WithConcession;
    if (rs.conceded) return reject('already-conceded', 'A concession has already been made.', 'test');
    ctx.emit({ type: 'ConcessionRecorded', side });
    return { ruleset: { ...rs, conceded: side } };
  },
  sequence: {
    ...skirmish.sequence,
    onTurnEnd: (s) => {
      const c = (s.ruleset as WithConcession).conceded;
      if (!c) return;
      const winner = s.battle.sides.find((x) => x.id !== c)!.id;
      return { result: { winner, level: 'concession', reason: `${c} conceded; the turn was played out.`, rule: 'test' } };
    },
  },
});

function apply(m: AnyRuleset, s: GameState, c: Command): Applied {
  const r = applyCommand(m, s, c);
  if (isRejection(r)) throw new Error(`${r.code}: ${r.message}`);
  return r;
}

describe('When a ruleset has onConcede (engine concession hook)', () => {
  it('the concession is recorded, play goes on to the end of the turn, and then the game ends', () => {
    let s = fixtureGame().state;
    const a = apply(playsOut, s, { type: 'concede', side: 'red' });
    expect(a.state.result).toBeUndefined();
    expect(a.events.map((e) => e.type)).toEqual(['ConcessionRecorded']);
    expect(a.state.position).toEqual(s.position);
    s = a.state;
    // A second concession is refused by the ruleset.
    const again = applyCommand(playsOut, s, { type: 'concede', side: 'red' });
    expect(isRejection(again) && again.code).toBe('already-conceded');
    // Play the turn out: every actor ends every step until the turn ends.
    const turn = s.position.turn;
    for (let i = 0; i < 50 && !s.result; i++) {
      const actor = s.position.actors.find((x) => !s.position.done.includes(x));
      if (!actor) throw new Error(`stuck at ${s.position.step}`);
      s = apply(playsOut, s, { type: 'endStep', side: actor }).state;
    }
    expect(s.result).toMatchObject({ winner: 'blue', level: 'concession' });
    expect(s.position.turn).toBe(turn);
  });
  it('without the hook a concession still ends the game at once', () => {
    const a = apply(registerable(skirmish), fixtureGame().state, { type: 'concede', side: 'red' });
    expect(a.state.result).toMatchObject({ winner: 'blue', level: 'concession' });
    const red = fixtureGame().state.battle.sides.find((x) => x.id === 'red')!.name;
    expect(a.state.result!.reason).toBe(`${sideWords(red).subject} conceded the battle.`);
  });
});
