/**
 * DoG Charge Procedure ("Units charged in flank or rear may wheel to face the threat (wheeling takes
 * 1/4 turn)"), the face struck measured through the geometry (the quarter of the target's base
 * holding the charger), and the flank and rear in melee and morale (DoG MORALE MODIFIERS "for each
 * flank threatened", "attacked from rear") — scripted dice through the engine.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, ofType, rejection, unit } from './build';
import { unitFrame } from '../../../src/geometry/frame';

/** A French line facing up the table (toward y = 0); Prussian dragoons off its right flank (east), facing west. */
const flank = (dx = 250, dy = 0, extra: Parameters<typeof battle>[0] = []) => battle([
  { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750, facingDeg: -90 },
  { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200 + dx, y: 750 + dy, n: 2, facingDeg: dx > 0 ? 180 : 0 },
  ...extra,
]);

describe('DoG Charge Procedure: dragoons charge a French line in its right flank', () => {
  it('the face comes from the geometry: the charge is on the right; the line may stand or wheel to face', () => {
    let s = advanceTo(flank(), 'declare');
    const r = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'fr' });
    expect(ofType(r.events, 'ChargeDeclared')[0]).toMatchObject({ unit: 'drag', target: 'fr', face: 'right' });
    expect(r.state.ruleset.charges[0]).toMatchObject({ face: 'right' });
    s = apply(r.state, { type: 'endStep', side: 'blue' }).state;
    expect(rejection(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'face' })).toBe('accepted');
  });

  it('a frontal charge gives no wheel to face', () => {
    let s = advanceTo(battle([
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750, facingDeg: -90 },
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 550, n: 2 },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'fr' }).state;
    expect(s.ruleset.charges[0]!.face).toBeUndefined();
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    expect(rejection(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'face' })).toBe('no-reaction');
  });

  it('passing its test (3 = 30% against 60%) the line wheels a quarter to its right and is struck in front, without a volley', () => {
    let s = advanceTo(flank(), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'fr' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'face' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    const before = unitFrame(unit(s, 'fr')!.stands).facing;
    const r = apply(withDice(s, [3]), { type: 'endStep', side: 'blue' });
    expect(rolls(r.events).map((x) => x.purpose)).toEqual(['fr: charge reaction test against drag']);
    expect(ofType(r.events, 'TurnedToFace')[0]).toMatchObject({ unit: 'fr', face: 'right' });
    expect(unitFrame(unit(r.state, 'fr')!.stands).facing - before).toBeCloseTo(Math.PI / 2, 6);
    expect(ofType(r.events, 'ChargeContact')[0]).toMatchObject({ unit: 'drag', target: 'fr' });
    expect(ofType(r.events, 'ChargeContact')[0]!['face']).toBeUndefined();
    expect(r.state.ruleset.melees).toEqual([{ a: 'drag', b: 'fr', rounds: 0 }]);
  });

  it('standing instead, it is struck in the right flank: in the first round only its stand in contact fights, and losing it tests at -10% for the flank', () => {
    let s = advanceTo(flank(), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'fr' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'stand' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    const r = apply(withDice(s, [3]), { type: 'endStep', side: 'blue' });
    expect(ofType(r.events, 'ChargeContact')[0]).toMatchObject({ unit: 'drag', target: 'fr', face: 'right' });
    expect(r.state.ruleset.melees).toEqual([{ a: 'drag', b: 'fr', rounds: 0, struck: { fr: 'right' } }]);
    // Fire phase passes; the melee: dragoons 7, French 1; the French test: 2 (holds), then the dragoons test: 1.
    s = apply(r.state, { type: 'endStep', side: 'blue' }).state;
    const m = apply(withDice(s, [7, 1, 2, 1]), { type: 'endStep', side: 'red' });
    const [cav, inf, test] = rolls(m.events);
    // The dragoons' front (4 figures over 132 mm) against a flank 20 mm deep: 20 mm and one figure (33 mm) each side, 86 mm: 3 figures, 6 against foot.
    expect(cav!.table?.column).toBe('head count 6 (overlap limited to one figure each flank; cavalry figures count 2 against foot)');
    // The French end stand turns its file: one row of its figures (33 mm: 3).
    expect(inf!.table?.column).toBe('head count 3 (struck in the right: one row of the 1 stand in contact)');
    expect(test!.purpose).toBe('fr: morale test, lost a round of melee');
    expect(test!.modifiers.map((x) => [x.label, Math.round(x.value * 10)])).toContainEqual(['for each flank threatened (right: drag)', -10]);
  });

  it('a charge that is on it in less than a quarter of its move leaves no time to wheel', () => {
    let s = advanceTo(flank(110), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'fr' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'face' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    const r = apply(withDice(s, [3]), { type: 'endStep', side: 'blue' });
    expect(ofType(r.events, 'NoTimeToFace')[0]).toMatchObject({ unit: 'fr' });
    expect(ofType(r.events, 'TurnedToFace')).toEqual([]);
    expect(r.state.ruleset.melees[0]!.struck).toEqual({ fr: 'right' });
  });
});

describe('DoG MORALE MODIFIERS "attacked from rear": dragoons charge a French line from behind', () => {
  it('the charge strikes the rear; losing the melee the line tests at -20%', () => {
    let s = advanceTo(battle([
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750, facingDeg: -90 },
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 950, n: 2, facingDeg: -90 },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'fr' }).state;
    expect(s.ruleset.charges[0]!.face).toBe('rear');
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'stand' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    s = apply(withDice(s, [3]), { type: 'endStep', side: 'blue' }).state;
    expect(s.ruleset.melees[0]!.struck).toEqual({ fr: 'rear' });
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    const m = apply(withDice(s, [7, 1, 2, 1]), { type: 'endStep', side: 'red' });
    // The whole rear rank turns about: one row of each of its 4 stands, 12 figures.
    expect(rolls(m.events)[1]!.table?.column).toBe('head count 12 (struck in the rear: one row of the 4 stands in contact)');
    const test = rolls(m.events).find((x) => x.purpose === 'fr: morale test, lost a round of melee')!;
    expect(test.modifiers.map((x) => [x.label, Math.round(x.value * 10)])).toContainEqual(['attacked from rear (drag)', -20]);
  });
});

describe('DoG MORALE MODIFIERS "for each flank threatened": enemy horse that could charge a flank this move', () => {
  const fire = (dx: number) => {
    // Prussian musketeers in front shoot the line; hussars sit off its left flank.
    let s = battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750, facingDeg: -90 },
      { id: 'hus', side: 'blue', arm: 'cavalry', type: 'hussar', x: 1200 - dx, y: 750, n: 2, facingDeg: 0 },
    ]);
    s = advanceTo(s, 'fireFirst');
    return rolls(apply(withDice(s, [7, 1]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' }).events)[1]!;
  };
  it('hussars 284 m off its left flank (reach 240 + 80 = 320 m) threaten it: -10%', () => {
    expect(fire(350).modifiers.map((x) => [x.label, Math.round(x.value * 10)])).toContainEqual(['for each flank threatened (left: hus)', -10]);
  });
  it('hussars 334 m off (just out of reach) do not', () => {
    expect(fire(400).modifiers.map((x) => x.label).filter((l) => l.includes('flank'))).toEqual([]);
  });
});

describe('DoG MORALE MODIFIERS "+10% secure flanks" and "+10% supported (friendly formed units to the rear)", measured on the table', () => {
  /** Prussian musketeers 50 m in front shoot the French line (die 7); the line's casualty test (die 1) shows its modifiers. */
  const test = (friends: Parameters<typeof battle>[0], patch?: (s: ReturnType<typeof battle>) => ReturnType<typeof battle>, x = 1200) => {
    let s = battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x, y: 700 },
      { id: 'fr', side: 'red', type: 'fusilier', x, y: 750, facingDeg: -90 },
      ...friends,
    ]);
    s = advanceTo(s, 'fireFirst');
    if (patch) s = patch(s);
    const m = rolls(apply(withDice(s, [7, 1]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' }).events)[1]!;
    return m.modifiers.map((x) => [x.label, Math.round(x.value * 10)]).filter(([l]) => String(l).startsWith('secure') || String(l).startsWith('supported'));
  };
  const left = { id: 'fl', side: 'red' as const, type: 'fusilier', x: 1050, y: 750, facingDeg: -90 };
  const right = { id: 'fr2', side: 'red' as const, type: 'fusilier', x: 1350, y: 750, facingDeg: -90 };
  it('French battalions 18 m off each flank secure both: +10%', () => {
    expect(test([left, right])).toEqual([['secure flanks (fl; fr2)', 10]]);
  });
  it('a friend on one flank only is not enough', () => {
    expect(test([left])).toEqual([]);
  });
  it('a flank on the table edge rests on it', () => {
    expect(test([{ ...right, x: 220 }], undefined, 70)).toEqual([['secure flanks (the table edge; fr2)', 10]]);
  });
  it('a routing friend secures nothing', () => {
    expect(test([left, right], (s) => ({ ...s, ruleset: { ...s.ruleset, units: { ...s.ruleset.units, fr2: { ...s.ruleset.units['fr2']!, morale: 'routing' } } } }))).toEqual([]);
  });
  it('a battalion 80 m behind supports it: +10%; one 180 m behind does not', () => {
    expect(test([{ id: 'sup', side: 'red', type: 'fusilier', x: 1200, y: 850, facingDeg: -90 }])).toEqual([['supported (friendly formed units to the rear): sup', 10]]);
    expect(test([{ id: 'sup', side: 'red', type: 'fusilier', x: 1200, y: 950, facingDeg: -90 }])).toEqual([]);
  });
  it('an unformed friend behind does not support', () => {
    expect(test([{ id: 'sup', side: 'red', type: 'fusilier', x: 1200, y: 850, facingDeg: -90 }], (s) => ({ ...s, ruleset: { ...s.ruleset, units: { ...s.ruleset.units, sup: { ...s.ruleset.units['sup']!, order: 'unformed' } } } }))).toEqual([]);
  });
});
