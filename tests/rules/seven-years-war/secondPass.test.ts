/** Second audit pass (/tmp/audit/syw2.md): each case cites the page it enforces, with scripted dice. */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { meleeModifiers } from '../../../src/rules/seven-years-war/melee';
import { battle, setOrder, scriptedCtx, withDice, apply, rejection, type U, type St } from './build';
import { interpenetrated } from '../../../src/rules/seven-years-war/forcedMoves';
import { moraleModifiers } from '../../../src/rules/seven-years-war/moraleTests';

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });
const cav = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number): U => ({ id, side, type: 'heavy-cavalry', x, y, facingDeg, n: 3, depth: 30 });
const gun = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number): U => ({ id, side, type: 'medium-artillery', x, y, facingDeg, n: 1, depth: 40 });
const work = (s: St, faces: number[] = []) => new Work(s, scriptedCtx(s, faces).ctx);

describe('§4 p.10 Movement through friendly units: "Routing through any: No penalty for Routers, interpenetrated unit goes to Stand orders and is disordered"', () => {
  const s0 = () => battle([inf('blue-1', 'blue', 900, 400, 90), inf('blue-2', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 1000, -90)]);
  it('a friend on Reserve that routers pass through goes to Stand and is disordered', () => {
    const s = setOrder(setOrder(s0(), 'blue-1', 'rout'), 'blue-2', 'reserve');
    const w = work(s);
    interpenetrated(w, 'blue-1', 'blue-2', 'rout', 'test');
    expect(w.rs.groups['blue-2']!.order).toBe('stand');
    expect(w.unitState('blue-2')!.disordered).toBe(true);
  });
  it('a friend that is itself routing stays routing (going to Stand would rally it without a rally test, 7 p.16)', () => {
    const s = setOrder(setOrder(s0(), 'blue-1', 'rout'), 'blue-2', 'rout');
    const w = work(s);
    interpenetrated(w, 'blue-1', 'blue-2', 'rout', 'test');
    expect(w.rs.groups['blue-2']!.order).toBe('rout');
    expect(w.unitState('blue-2')!.disordered).toBe(true);
  });
});

describe('§4 p.10 "Massed through Massed: Only allowed if Routing or Breaking through, or to pass through Artillery at Stand, in which case both parties go to Reserve Orders. All these interpenetrations disorder both parties"', () => {
  it('cavalry breaking through a friendly battalion on Stand: both disordered, neither changes orders', () => {
    const s = setOrder(battle([cav('blue-1', 'blue', 900, 400, 90), inf('blue-2', 'blue', 900, 500, 90), inf('red-1', 'red', 900, 1000, -90)]), 'blue-2', 'stand');
    const w = work(setOrder(s, 'blue-1', 'advance'));
    interpenetrated(w, 'blue-1', 'blue-2', 'move', 'test');
    expect(w.rs.groups['blue-1']!.order).toBe('advance');
    expect(w.rs.groups['blue-2']!.order).toBe('stand');
    expect(w.unitState('blue-1')!.disordered).toBe(true);
    expect(w.unitState('blue-2')!.disordered).toBe(true);
  });
  it('passing through artillery at Stand sends both to Reserve, both disordered', () => {
    const s = setOrder(battle([inf('blue-1', 'blue', 900, 400, 90), gun('blue-2', 'blue', 900, 500, 90), inf('red-1', 'red', 900, 1000, -90)]), 'blue-2', 'stand');
    const w = work(setOrder(s, 'blue-1', 'advance'));
    interpenetrated(w, 'blue-1', 'blue-2', 'move', 'test');
    expect(w.rs.groups['blue-1']!.order).toBe('reserve');
    expect(w.rs.groups['blue-2']!.order).toBe('reserve');
    expect(w.unitState('blue-1')!.disordered).toBe(true);
    expect(w.unitState('blue-2')!.disordered).toBe(true);
  });
});

describe('(3) p.5 Training "Cavalry Generals ... if commanding any Infantry, they count as Cautious and Incompetent" with (2) p.6 "Brave: +1 to morale die results if within 5cms of the testing group"', () => {
  const s0 = (training: 'cavalry' | 'average') => {
    const s = battle([inf('blue-1', 'blue', 900, 400, 90), inf('red-1', 'red', 900, 1000, -90)], {
      generals: [{ id: 'blue-cinc', side: 'blue', x: 20, y: 20 }, { id: 'blue-gen', side: 'blue', x: 900, y: 370, commands: 'blue-bde' }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }],
    });
    const gs = s.ruleset.generals['blue-gen']!;
    return { ...s, ruleset: { ...s.ruleset, generals: { ...s.ruleset.generals, 'blue-gen': { ...gs, counter: { training, psychology: 'brave', ability: 'normal' } } } } } as St;
  };
  const labels = (s: St) => {
    expect(s.ruleset.groups['blue-1']!.general).toBe('blue-gen');
    // The D4 for "General within D4 x 5cm".
    return moraleModifiers(work(s, [4]), s.ruleset.groups['blue-1']!, 'casualties', []).map((m) => m.label);
  };
  it('a brave average general within 5cm gives +1', () => {
    expect(labels(s0('average'))).toContain('Brave general within 5cm');
  });
  it('a brave cavalry general commanding infantry counts Cautious: no Brave +1', () => {
    const l = labels(s0('cavalry'));
    expect(l).not.toContain('Brave general within 5cm');
    expect(l).toContain('Group\'s general or CinC within D4 x 5cm');
  });
});

describe('8 p.17 "1: ... Testers have Poor Morale, or are Militia in open terrain" with "2: Light Infantry / Militia, Charged by Cavalry in open terrain": one reading of "open terrain"', () => {
  // A low, even hill (type 0, §4 p.9) under the militia: open ground; a wood (type 2) is not.
  const hill = { id: 'h', kind: 'hill', name: 'Low hill', heightLevel: 1, polygon: [[700, 250], [1100, 250], [1100, 500], [700, 500]] };
  const wood = { id: 'w', kind: 'wood', name: 'Wood', polygon: [[700, 250], [1100, 250], [1100, 500], [700, 500]] };
  const mods = (terrain: unknown[]) => {
    const s = battle([inf('blue-1', 'blue', 900, 400, 90, { type: 'militia' }), inf('red-1', 'red', 900, 1000, -90)], { terrain });
    return moraleModifiers(work(s, [4]), s.ruleset.groups['blue-1']!, 'casualties', []).map((m) => m.label);
  };
  const label = 'Poor morale, or militia in open terrain';
  it('militia on a type 0 low hill are in the open: -1', () => {
    expect(mods([hill])).toContain(label);
  });
  it('militia in a wood are not: no -1', () => {
    expect(mods([wood])).not.toContain(label);
  });
});

describe('6 f\') p.13 "If charging the flank of an enemy unit, count only 1 stand in contact with the enemy any other stands in contact or adjoining stands in contact count as an overlap"', () => {
  // The bout is given directly (who touches whom is geo.ts's business): two cavalry stands in contact.
  const s = setOrder(battle([cav('blue-1', 'blue', 900, 400, 90), inf('red-1', 'red', 900, 1000, -90)]), 'blue-1', 'advance');
  const labels = (faceOfB: 'front' | 'left') => {
    const w = work(s);
    const a = w.unit('blue-1')!, b = w.unit('red-1')!;
    return meleeModifiers(w, { a, b, aContact: a.stands.slice(0, 2), faceOfB, faceOfA: 'front' }, new Set()).map((m) => m.label);
  };
  it('against the flank the second stand in contact counts as an overlap (+1), not as an extra stand', () => {
    const l = labels('left');
    expect(l).toContain('At least 1 overlap in support');
    expect(l.some((x) => /stand/i.test(x) && /contact/i.test(x))).toBe(false);
  });
  it('against the front the two stands count as stands in contact, with no overlap', () => {
    const l = labels('front');
    expect(l).not.toContain('At least 1 overlap in support');
    expect(l.some((x) => /stand/i.test(x) && /contact/i.test(x))).toBe(true);
  });
});

describe('(3) Orders p.6 "Some troops may change their own orders ... (Uncommanded troops), but may not be commanded by any General except the CinC, and then only to rally from Retreat"', () => {
  const setUp = () => {
    const s = setOrder(battle([inf('blue-1', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 1000, -90)], {
      fields: { uncommanded: ['blue-1'] },
      generals: [{ id: 'blue-cinc', side: 'blue', x: 900, y: 240 }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }],
    }), 'blue-1', 'retreat');
    return { ...s, ruleset: { ...s.ruleset, generals: { ...s.ruleset.generals, 'blue-cinc': { ...s.ruleset.generals['blue-cinc']!, attemptsLeft: 2 } } } } as St;
  };
  it('the CinC may not take a retreating uncommanded unit into his command (transfer)', () => {
    expect(rejection(withDice(setUp(), []), { type: 'prompt', side: 'blue', general: 'blue-cinc', group: 'blue-1', action: 'transfer' })).toBe('uncommanded');
  });
  it('the CinC may rally it from Retreat (D6 6 always succeeds)', () => {
    const r = apply(withDice(setUp(), [6]), { type: 'prompt', side: 'blue', general: 'blue-cinc', group: 'blue-1', action: 'stand' });
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('stand');
    expect(r.state.ruleset.groups['blue-1']!.uncommanded).toBe(true);
  });
});
