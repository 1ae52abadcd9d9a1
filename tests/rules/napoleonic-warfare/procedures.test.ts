// NW procedures in situations, with scripted dice; each test cites the section it checks.
import { describe, expect, it } from 'vitest';
import { battle, draftWith, IN } from './harness';
import { moraleTest, isSupported } from '../../../src/rules/napoleonic-warfare/morale';
import { planShots, resolveVolley, applyFireResults, fireModifiers } from '../../../src/rules/napoleonic-warfare/fire';
import { resolveCombat } from '../../../src/rules/napoleonic-warfare/combat';
import { startCombat } from '../../../src/rules/napoleonic-warfare/charges';
import { inflictCasualties, addDisorder } from '../../../src/rules/napoleonic-warfare/core';
import { isArmyBroken, resultFrom } from '../../../src/rules/napoleonic-warfare/victory';
import { findUnit } from '../../../src/engine/battle';
import { unitDistanceMm } from '../../../src/rules/napoleonic-warfare/geom';
import { relayout } from '../../../src/rules/napoleonic-warfare/formations';

// Two lines facing each other 3" apart (fr faces down the screen, au up).
const facingLines = (frQuality = 'line-1st', auQuality = 'line-2nd', auFormation = 'line') =>
  battle([
    { id: 'fr1', side: 'fr', quality: frQuality, x: 36, y: 20, facingDeg: 90 },
    { id: 'au1', side: 'au', quality: auQuality, formation: auFormation, x: 36, y: 24, facingDeg: -90 },
  ]);

describe('When a charged 2nd rate line fails morale by 4 (NW Morale §18 A, §19)', () => {
  it('it routs, loses a stand and makes a rout move directly away', () => {
    const s = facingLines();
    // d10 = 3: To Pass 5, unsupported −1, Austrian foot in line −1 → 1, failed by 4 → "Rout - Lose 1 Stand"; rout move 3"+1d6 (d6 = 2).
    const { d, rolls } = draftWith(s, [3, 2]);
    const before = findUnit(d.battle, 'au1')!;
    const r = moraleTest(d, 'au1', 'A', 'charged', { cause: 'fr1' });
    expect(r).toMatchObject({ passed: false, failedBy: 4, outcome: { kind: 'rout', standsLost: 1 } });
    expect(rolls[0]!.modifiers.map((m) => [m.label, m.value])).toEqual([['unsupported (a square always counts as supported)', -1], ['Austrian foot in line', -1]].reverse());
    expect(d.rs.units['au1']!.morale).toBe('routed');
    const after = findUnit(d.battle, 'au1')!;
    expect(after.stands).toHaveLength(3);
    // Rout distance 5": the unit is now further from the French line by about that much.
    expect(unitDistanceMm(after, findUnit(d.battle, 'fr1')!) - unitDistanceMm(before, findUnit(s.battle, 'fr1')!)).toBeGreaterThan(4.5 * IN);
  });
  it('a charging unit failing by the same margin only retreats fragmented (If Charging column)', () => {
    const s = facingLines();
    const { d } = draftWith(s, [3, 3]);
    const r = moraleTest(d, 'au1', 'C', 'stand lost', { charging: true, cause: 'fr1' });
    expect(r.outcome).toEqual({ kind: 'retreat', state: 'fragmented' });
    expect(d.rs.units['au1']!.morale).toBe('fragmented');
  });
  it('a roll equal to the To Pass number passes (NW §19: equal to or higher)', () => {
    const s = facingLines();
    const { d } = draftWith(s, [7]); // 7 − 1 Austrian line − 1 unsupported = 5 = To Pass 5
    expect(moraleTest(d, 'au1', 'A', 'charged').passed).toBe(true);
  });
});

describe('When a unit has friends to its rear and one flank it is supported (NW §19 Supported)', () => {
  it('two of three zones within ⅓ Engagement Range', () => {
    const s = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'fr-rear', side: 'fr', x: 36, y: 17.5, facingDeg: 90 },
      { id: 'fr-left', side: 'fr', x: 41.5, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 40, facingDeg: -90 },
    ]);
    const { d } = draftWith(s, []);
    expect(isSupported(d, findUnit(d.battle, 'fr1')!)).toBe(true);
    expect(isSupported(d, findUnit(d.battle, 'au1')!)).toBe(false);
  });
});

describe('When a veteran line fires at a column at effective range (NW Small Arms Fire Tables)', () => {
  it('the To Hit 8 becomes 6 (−1 veterans, −1 column), each d10 of 6+ is a casualty, a 10 makes it Low', () => {
    const s = battle([
      { id: 'fr1', side: 'fr', quality: 'veteran', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', formation: 'column', ranks: 2, x: 36, y: 23, facingDeg: -90 },
    ]);
    const { d, rolls } = draftWith(s, [6, 5, 10, 1]);
    const shots = planShots(d, (u) => u.id === 'fr1');
    expect(shots).toHaveLength(1);
    expect(shots[0]!.stands).toHaveLength(4);
    const r = resolveVolley(d, shots[0]!);
    expect(rolls[0]!.target).toMatchObject({ value: 8, modifiedValue: 6 });
    expect(r).toEqual({ hits: 2, tens: 1 });
    applyFireResults(d, [{ shot: shots[0]!, ...r }]);
    expect(d.rs.units['fr1']!.ammo).toBe('low');
    expect(d.rs.units['au1']!.casualties).toBe(2);
  });
  it('a disordered unit rolls half dice, rounded up (NW §17 Effects of Disorder) and adds +1 per marker', () => {
    const s = facingLines();
    const { d, rolls } = draftWith(s, [9, 9]);
    addDisorder(d, 'fr1', 1, 'test', 'test');
    const shot = planShots(d, (u) => u.id === 'fr1')[0]!;
    resolveVolley(d, shot);
    expect(rolls[0]!.faces).toHaveLength(2);
    expect(fireModifiers(d, findUnit(d.battle, 'fr1')!, findUnit(d.battle, 'au1')!, shot.stands[0]!).map((m) => [m.label, m.value])).toContainEqual(['each disorder marker', 1]);
  });
});

describe('When a stand is lost from a unit a general is with (NW Generals §3)', () => {
  it('a d6 of 1 loses the general', () => {
    const s = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 30, facingDeg: -90 },
    ], { generals: [{ id: 'g-fr', side: 'fr', x: 36, y: 18, withUnit: 'fr1' }, { id: 'g-au', side: 'au', x: 36, y: 40 }] });
    const { d, rolls } = draftWith(s, [1]);
    expect(inflictCasualties(d, 'fr1', 4, 'test', 'NW §4')).toBe(1);
    expect(rolls[0]!.purpose).toMatch(/General with fr1/);
    expect(d.rs.generals['g-fr']!.lost).toBe(true);
  });
});

describe('When a 1st rate line is charged in the flank (NW Close Combat §5)', () => {
  it('it rolls no die, scores nothing back and suffers double casualties', () => {
    const s = battle([
      // Austrian line facing up; French line to its right flank, facing left (−180°), command stand behind the Austrian front.
      { id: 'au1', side: 'au', quality: 'line-1st', x: 36, y: 24, facingDeg: -90 },
      { id: 'fr1', side: 'fr', quality: 'line-1st', x: 41.5, y: 24.5, facingDeg: 180, stands: 4 },
    ]);
    const { d, rolls, events } = draftWith(s, [4]);
    startCombat(d, 'fr1', 'au1', { charged: false, pursuing: false });
    const c = d.rs.combats[0]!;
    expect(c.bFace).toBe('right');
    expect(d.rs.units['au1']!.morale).toBe('disordered'); // contacted in the flank (NW §17)
    resolveCombat(d, c, new Map());
    // One combat die only (the French): 4. Score = 0 grade + 4 die + 1 superior order = 5.
    expect(rolls.filter((r) => r.purpose.endsWith('combat die'))).toHaveLength(1);
    const resolved = events.find((e) => e.type === 'CloseCombatResolved')!;
    expect(resolved['aScore']).toBe(5);
    expect(resolved['aLost']).toBe(0);
    // Stands fighting: the flank face is one stand deep → 1 stand × 5 × 2 (flank) / 10 = 1.0 casualty.
    expect(resolved['bLost']).toBe(1);
  });
});

describe('When both sides lose the same number in close combat they are locked (NW After Close Combat)', () => {
  it('the combat continues next turn', () => {
    const s = facingLines('line-1st', 'line-1st');
    const { d, events } = draftWith(s, [3, 3, 1, 1]);
    const au = findUnit(d.battle, 'au1')!;
    void au;
    startCombat(d, 'fr1', 'au1', { charged: false, pursuing: false });
    resolveCombat(d, d.rs.combats[0]!, new Map());
    expect(events.some((e) => e.type === 'CombatLocked')).toBe(true);
    expect(d.rs.combats).toHaveLength(1);
    expect(d.rs.combats[0]!.rounds).toBe(1);
  });
});

describe('When a third of an army is routed or destroyed (NW §10)', () => {
  it('the army is broken and Victory Points decide the level', () => {
    const s = battle([
      { id: 'fr1', side: 'fr', x: 10, y: 20, facingDeg: 90 },
      { id: 'fr2', side: 'fr', x: 20, y: 20, facingDeg: 90 },
      { id: 'fr3', side: 'fr', x: 30, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 40, facingDeg: -90 },
    ]);
    const { d } = draftWith(s, []);
    expect(isArmyBroken(d.rs, 'fr')).toBe(false);
    d.rs.units['fr1']!.morale = 'routed';
    expect(isArmyBroken(d.rs, 'fr')).toBe(true);
    const res = resultFrom(d.rs, d.battle, 'test', 'au');
    expect(res.winner).toBe('au');
    expect(res.score).toMatchObject({ au: expect.any(Number), fr: expect.any(Number) });
  });
});

describe('When a unit forms square (NW §27)', () => {
  it('the command stand stays put and the stands face out on four faces', () => {
    const s = facingLines();
    const u = findUnit(s.battle, 'fr1')!;
    const sq = relayout(u, 'square');
    const cmd = sq.stands.find((x) => x.id === u.commandStandId)!;
    const cmd0 = u.stands.find((x) => x.id === u.commandStandId)!;
    expect(cmd.centre.x).toBeCloseTo(cmd0.centre.x);
    expect(cmd.centre.y).toBeCloseTo(cmd0.centre.y);
    expect(new Set(sq.stands.map((x) => Math.round(x.facing * 100))).size).toBe(4);
  });
});
