/**
 * Napoleonic Warfare: §10 Victory Conditions — concession plays out the turn, and Victory Points for each 50 points killed.
 */
import { describe, expect, it } from 'vitest';
import { battle, draftWith } from './harness';
import { applyCommand } from '../../../src/engine/game';
import { registerable, isRejection } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { isArmyBroken, killedPoints, lossPoints, tally, unitsToBreak } from '../../../src/rules/napoleonic-warfare/victory';
import { sideWords } from '../../../src/rules/words';

describe('When a side concedes (NW §10 Victory Conditions)', () => {
  it('the current turn is played to completion and then the battle ends with Loss Points counted', () => {
    const M = registerable(napoleonicWarfare);
    let s: NwGameState = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 10, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 40, facingDeg: -90 },
    ]);
    const step = (c: object) => {
      const r = applyCommand(M, s, c);
      if (isRejection(r)) throw new Error(`${r.code}: ${r.message}`);
      s = r.state as NwGameState;
      return r;
    };
    const r = step({ type: 'concede', side: 'au' });
    expect(s.result).toBeUndefined();
    expect(r.events.map((e) => e.type)).toEqual(['Conceded']);
    expect(isRejection(applyCommand(M, s, { type: 'concede', side: 'au' }))).toBe(true);
    const turn = s.position.turn;
    for (let i = 0; i < 40 && !s.result; i++) {
      const actor = s.position.actors.find((a) => !s.position.done.includes(a))!;
      step(s.position.step === 'choose-initiative' ? { type: 'chooseInitiative', side: actor, moveFirst: 'fr' } : { type: 'endStep', side: actor });
    }
    expect(s.position.turn).toBe(turn);
    expect(s.result).toMatchObject({ winner: 'fr', rule: 'NW §10 Victory Conditions and Victory Points' });
    expect(s.result!.reason).toMatch(/Austrians conceded; the turn was played out\..*won the battle/);
  });
});

describe('When a third of an army has broken (NW §10 Victory Conditions)', () => {
  it('the battle ends at the end of the turn, and the reason names the army with its verb and possessive agreeing', () => {
    const M = registerable(napoleonicWarfare);
    let s: NwGameState = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 10, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 40, facingDeg: -90 },
    ]);
    const au1 = s.ruleset.units['au1']!;
    s = { ...s, ruleset: { ...s.ruleset, units: { ...s.ruleset.units, au1: { ...au1, status: 'destroyed' } } } };
    for (let i = 0; i < 40 && !s.result; i++) {
      const actor = s.position.actors.find((a) => !s.position.done.includes(a))!;
      const r = applyCommand(M, s, s.position.step === 'choose-initiative' ? { type: 'chooseInitiative', side: actor, moveFirst: 'fr' } : { type: 'endStep', side: actor });
      if (isRejection(r)) throw new Error(`${r.code}: ${r.message}`);
      s = r.state as NwGameState;
    }
    const name = s.battle.sides.find((x) => x.id === 'au')!.name;
    expect(s.result).toMatchObject({ winner: 'fr' });
    // 'The Austrians lost a third of their units.', never 'Austrians lost a third of its units.'
    expect(s.result!.reason.startsWith(`${sideWords(name).subject} lost a third of ${sideWords(name).their} units.`)).toBe(true);
  });
});

describe('Victory Points "for each 50 points of enemy killed" (NW §10)', () => {
  it('counts stands killed and units destroyed or dispersed, not captured or routing stands', () => {
    const { d } = draftWith(battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 30, y: 40, facingDeg: -90 },
      { id: 'au2', side: 'au', x: 40, y: 40, facingDeg: -90 },
      { id: 'au3', side: 'au', x: 50, y: 40, facingDeg: -90 },
    ]), []);
    // House value 10 a foot stand: au1 lost 2 stands (20) and was dispersed (20 more); au2 captured (4 stands ×2 = 80 Loss Points); au3 routing (40).
    Object.assign(d.rs.units['au1']!, { standsLost: 2, status: 'dispersed' });
    Object.assign(d.rs.units['au2']!, { status: 'captured' });
    Object.assign(d.rs.units['au3']!, { morale: 'routed' });
    expect(lossPoints(d.rs, 'au')).toBe(40 + 80 + 40);
    expect(killedPoints(d.rs, 'au')).toBe(40);
    const fr = tally(d.rs, d.battle).find((t) => t.side === 'fr')!;
    expect(fr.reasons.join('|')).not.toMatch(/each 50/);
    Object.assign(d.rs.units['au3']!, { status: 'destroyed' });
    expect(killedPoints(d.rs, 'au')).toBe(80);
    expect(tally(d.rs, d.battle).find((t) => t.side === 'fr')!.reasons).toContain('1 for each 50 points of enemy killed');
  });
});

describe('How many more units lost break an army (NW §10 Victory Conditions: a third of its units)', () => {
  it('five units break at two routed, destroyed or captured; a routing unit counts, a disordered one does not', () => {
    let s: NwGameState = battle([
      { id: 'fr1', side: 'fr', x: 10, y: 10, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 10, y: 40, facingDeg: -90 },
      { id: 'au2', side: 'au', x: 20, y: 40, facingDeg: -90 },
      { id: 'au3', side: 'au', x: 30, y: 40, facingDeg: -90 },
      { id: 'au4', side: 'au', x: 40, y: 40, facingDeg: -90 },
      { id: 'au5', side: 'au', x: 50, y: 40, facingDeg: -90 },
    ]);
    const set = (id: string, patch: object) => {
      s = { ...s, ruleset: { ...s.ruleset, units: { ...s.ruleset.units, [id]: { ...s.ruleset.units[id]!, ...patch } } } };
    };
    expect(unitsToBreak(s.ruleset, 'au')).toBe(2);
    set('au1', { morale: 'disordered' });
    expect(unitsToBreak(s.ruleset, 'au')).toBe(2);
    set('au2', { morale: 'routed' });
    expect(unitsToBreak(s.ruleset, 'au')).toBe(1);
    expect(isArmyBroken(s.ruleset, 'au')).toBe(false);
    set('au3', { status: 'captured' });
    expect(unitsToBreak(s.ruleset, 'au')).toBe(0);
    expect(isArmyBroken(s.ruleset, 'au')).toBe(true);
    // One unit of one: the first loss breaks it.
    expect(unitsToBreak(s.ruleset, 'fr')).toBe(1);
    expect(unitsToBreak(s.ruleset, 'nobody')).toBe(Infinity);
  });
});
