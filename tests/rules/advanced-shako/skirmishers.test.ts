/**
 * AS 17.2 Skirmisher allotments, detached in play: one skirmish stand for so many battalion stands
 * by army ("1 to 4" Britain, "NONE" Saxony post 1809), a division's allotment taken from its
 * battalions' stands at the start (RULINGS.md).
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, apply, ofType, rejection, unit, ust, IN, type St } from './build';

const start = (blueNation = 'British') => battle([
  { id: 'b1', side: 'blue', type: 'line-infantry', x: 700, y: 300 },
  { id: 'b2', side: 'blue', type: 'line-infantry', x: 1100, y: 300 },
  { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 1000 },
], { setupDice: [5, 2], sides: { blue: blueNation } });

/** Turn 1 ends; turn 2 begins with blue's division moving first again. */
function nextTurn(s: St): St {
  let x = apply(advanceTo(s, 'orders').state, { type: 'endStep', side: 'blue' }).state;
  x = apply(x, { type: 'endStep', side: 'red' }, [5, 2]).state;
  expect(x.position).toMatchObject({ turn: 2, step: 'division1' });
  return x;
}

describe('AS 17.2 Skirmisher allotments: detaching skirmishers in play', () => {
  it('Britain is "1 to 4": 8 battalion stands give the division 2 skirmish stands; a battalion detaches one 1" ahead of its front', () => {
    const s = start();
    expect(s.ruleset.divisions['blue-div']!.skirmishAllotment).toBe(2);
    expect(s.ruleset.divisions['red-div']!.skirmishAllotment).toBe(1);
    const r = apply(s, { type: 'detachSkirmishers', side: 'blue', unit: 'b1' });
    expect(ofType(r.events, 'SkirmishersDetached')[0]).toMatchObject({ unit: 'b1', skirmishers: 'b1.sk1', rule: 'AS 17.2 Skirmisher allotments (detached in play)' });
    const sk = unit(r.state, 'b1.sk1')!;
    expect(sk).toMatchObject({ formation: 'skirmish', troopType: 'light-infantry', side: 'blue' });
    expect(sk.stands).toHaveLength(1);
    expect(unit(r.state, 'b1')!.stands).toHaveLength(3);
    // Blue faces down the table: the skirmisher's rear edge is 1" ahead of the battalion's front (y 300).
    expect(sk.stands[0]!.centre.y - sk.stands[0]!.depthMm / 2).toBeCloseTo(300 + IN, 3);
    expect(r.state.ruleset.divisions['blue-div']).toMatchObject({ skirmishAllotment: 1, detached: ['b1.sk1'] });
    // Detaching is the battalion's move (house), and the detachment has moved too.
    expect(rejection(r.state, { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'forward', mm: 20 }] })).toBe('illegal-move');
    expect(ust(r.state, 'b1.sk1').moved).toBe(true);
  });
  it('the allotment runs out, and an army with NONE detaches nothing', () => {
    let s = apply(start(), { type: 'detachSkirmishers', side: 'blue', unit: 'b1' }).state;
    s = apply(s, { type: 'detachSkirmishers', side: 'blue', unit: 'b2' }).state;
    expect(s.ruleset.divisions['blue-div']!.skirmishAllotment).toBe(0);
    const none = start('Saxon');
    expect(none.ruleset.divisions['blue-div']!.skirmishAllotment).toBe(0);
    expect(rejection(none, { type: 'detachSkirmishers', side: 'blue', unit: 'b1' })).toBe('no-detach');
  });
  it('a later turn, the detachment within 1" of its battalion rejoins it; the allotment is restored and nothing counts as lost', () => {
    const s = nextTurn(apply(start(), { type: 'detachSkirmishers', side: 'blue', unit: 'b1' }).state);
    const r = apply(s, { type: 'rejoinSkirmishers', side: 'blue', unit: 'b1.sk1' });
    expect(ofType(r.events, 'SkirmishersRejoined')[0]).toMatchObject({ unit: 'b1', skirmishers: 'b1.sk1' });
    expect(unit(r.state, 'b1.sk1')).toBeUndefined();
    expect(unit(r.state, 'b1')!.stands).toHaveLength(4);
    expect(r.state.ruleset.divisions['blue-div']).toMatchObject({ skirmishAllotment: 2, detached: [] });
    expect(r.state.ruleset.divisions['blue-div']!.units).toEqual(['b1', 'b2']);
  });
  it('a detachment that has taken a kill does not rejoin (house)', () => {
    let s = nextTurn(apply(start(), { type: 'detachSkirmishers', side: 'blue', unit: 'b1' }).state);
    s = { ...s, ruleset: { ...s.ruleset, units: { ...s.ruleset.units, 'b1.sk1': { ...s.ruleset.units['b1.sk1']!, kills: 1 } } } };
    expect(rejection(s, { type: 'rejoinSkirmishers', side: 'blue', unit: 'b1.sk1' })).toBe('no-rejoin');
  });
});
