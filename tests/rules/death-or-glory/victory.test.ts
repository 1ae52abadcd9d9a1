/**
 * HOUSE victory (RULINGS.md "Victory": Death or Glory! gives no victory rule): an army with half its
 * starting figures routing or lost has lost, judged at the end of the turn's compulsory moves; at
 * the turn limit the side that has lost the smaller share of its men wins, a draw within 5 points.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, ofType, withUnitState, type St } from './build';
import { atTurnLimit } from '../../../src/rules/death-or-glory/victory';
import { MEN_PER_FIGURE } from '../../../src/rules/death-or-glory/state';

/** Three equal Prussian battalions far apart and one French, at the end of the fire phase (the melee and compulsory moves follow). */
const field = () => advanceTo(battle([
  { id: 'pr1', side: 'blue', type: 'musketeer', x: 300, y: 300 },
  { id: 'pr2', side: 'blue', type: 'musketeer', x: 2100, y: 300 },
  { id: 'pr3', side: 'blue', type: 'musketeer', x: 1200, y: 200 },
  { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 1400 },
]), 'fireSecond');

describe('HOUSE victory: "an army with half its starting figures routing or lost has lost", judged at the end of the compulsory moves', () => {
  it('two of three equal Prussian battalions routing (67%) break the army: red wins decisively when the compulsory moves end', () => {
    let s = withUnitState(withUnitState(field(), 'pr1', { morale: 'routing' }), 'pr2', { morale: 'routing' });
    expect(s.result).toBeUndefined();
    const r = apply(s, { type: 'endStep', side: 'red' });
    s = r.state;
    expect(ofType(r.events, 'ArmyBroken')).toEqual([expect.objectContaining({ side: 'blue' })]);
    expect(s.result).toMatchObject({ winner: 'red', level: 'decisive' });
  });
  it('exactly half is enough: two of four equal battalions routing (50%) break the army', () => {
    let s = advanceTo(battle([
      { id: 'pr1', side: 'blue', type: 'musketeer', x: 300, y: 300 },
      { id: 'pr2', side: 'blue', type: 'musketeer', x: 2100, y: 300 },
      { id: 'pr3', side: 'blue', type: 'musketeer', x: 1000, y: 200 },
      { id: 'pr4', side: 'blue', type: 'musketeer', x: 1400, y: 200 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 1400 },
    ]), 'fireSecond');
    s = withUnitState(withUnitState(s, 'pr1', { morale: 'routing' }), 'pr2', { morale: 'routing' });
    const r = apply(s, { type: 'endStep', side: 'red' });
    expect(ofType(r.events, 'ArmyBroken')).toEqual([expect.objectContaining({ side: 'blue', share: 0.5 })]);
    expect(r.state.result).toMatchObject({ winner: 'red', level: 'decisive' });
  });
  it('one of three routing (33%) does not: the game goes on', () => {
    const s = withUnitState(field(), 'pr1', { morale: 'routing' });
    const r = apply(withDice(s, [9, 2]), { type: 'endStep', side: 'red' });
    expect(ofType(r.events, 'ArmyBroken')).toEqual([]);
    expect(r.state.result).toBeUndefined();
  });
});

describe('HOUSE victory at the turn limit: the smaller share of men lost wins; a draw within 5 points', () => {
  const lost = (s: St, id: string, share: number) => withUnitState(s, id, { menLost: Math.round(s.ruleset.units[id]!.startFigures * MEN_PER_FIGURE * share) });
  it('blue has lost 10% (of its three battalions), red 20%: blue wins, marginally', () => {
    let s = field();
    for (const id of ['pr1', 'pr2', 'pr3']) s = lost(s, id, 0.1);
    s = lost(s, 'fr', 0.2);
    expect(atTurnLimit(s)).toMatchObject({ winner: 'blue', level: 'marginal' });
  });
  it('blue has lost 20%, red 10%: red wins', () => {
    let s = field();
    for (const id of ['pr1', 'pr2', 'pr3']) s = lost(s, id, 0.2);
    s = lost(s, 'fr', 0.1);
    expect(atTurnLimit(s)).toMatchObject({ winner: 'red', level: 'marginal' });
  });
  it('blue has lost 10%, red 14%: within 5 points, a draw', () => {
    let s = field();
    for (const id of ['pr1', 'pr2', 'pr3']) s = lost(s, id, 0.1);
    s = lost(s, 'fr', 0.14);
    expect(atTurnLimit(s)).toMatchObject({ level: 'draw' });
    expect(atTurnLimit(s).winner).toBeUndefined();
  });
});
