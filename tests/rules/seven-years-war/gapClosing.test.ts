/**
 * Seven Years War: (3) Orders pp.6–7 — closing gaps when stands are lost, and no more than 1cm between the units of a group.
 */
import { describe, expect, it } from 'vitest';
import { pt } from '../../../src/geometry/types';
import { Work } from '../../../src/rules/seven-years-war/work';
import { battle, withDice, apply, rejection, advanceTo, setOrder, scriptedCtx, type St, type U } from './build';
import { killStands } from '../../../src/rules/seven-years-war/losses';

const unitOf = (s: St, id: string) => s.battle.units.find((u) => u.id === id)!;

const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 250, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('Gap closing when stands are lost (p.7, p.6)', () => {
  it('When a 1-rank line loses its middle stand to shooting the stands on one side close inwards to contact', () => {
    // Shooters' centre is at x=900: the nearest front stand of the target (x 880 or 920) is lost.
    const s = advanceTo(battle([{ ...blue, y: 300, ranks: 2 }, { ...red, y: 340 }]), 'shootingPhasing');
    const r = apply(withDice(s, [3]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' });
    const xs = unitOf(r.state, 'red-1').stands.map((st) => st.centre.x).sort((a, b) => a - b);
    expect(xs).toHaveLength(3);
    expect(xs[1]! - xs[0]!).toBeCloseTo(40, 6);
    expect(xs[2]! - xs[1]!).toBeCloseTo(40, 6);
    expect(r.events.some((e) => e.type === 'GapFilled')).toBe(true);
  });
  it('When a 2-rank line loses a front stand a rear-rank stand steps into the gap', () => {
    const s = advanceTo(battle([{ ...blue, y: 300, ranks: 2 }, { ...red, y: 340, ranks: 2 }]), 'shootingPhasing');
    const before = unitOf(s, 'red-1').stands;
    const r = apply(withDice(s, [3]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' });
    const after = unitOf(r.state, 'red-1').stands;
    const frontY = Math.min(...before.map((st) => st.centre.y));
    expect(after.filter((st) => Math.abs(st.centre.y - frontY) < 0.5)).toHaveLength(2);
    expect(r.events.find((e) => e.type === 'GapFilled')).toMatchObject({ how: 'from the rear rank' });
  });
  it('When a unit of a group loses its inner end stand its neighbour slides over to keep the 1cm group gap', () => {
    const a: U = { id: 'r-a', side: 'red', type: 'medium-infantry', x: 775, y: 1000, facingDeg: -90, n: 3, depth: 15 };
    const b: U = { id: 'r-b', side: 'red', type: 'medium-infantry', x: 905, y: 1000, facingDeg: -90, n: 3, depth: 15 };
    const s = battle([blue, a, b], { groups: [{ id: 'reds', units: ['r-a', 'r-b'] }] });
    const { ctx } = scriptedCtx(s, []);
    const w = new Work(s, ctx);
    // r-a spans x 715-835, r-b 845-965 (a 1cm gap); r-a loses its stand nearest (840, 1000).
    killStands(w, 'r-a', 1, 'test', 'test', pt(840, 1000));
    const span = (id: string) => { const xs = w.unit(id)!.stands.map((st) => st.centre.x); return [Math.min(...xs) - 20, Math.max(...xs) + 20]; };
    expect(span('r-b')).toEqual([845, 965]);
    expect(span('r-a')[1]).toBeCloseTo(835, 6);
    expect(span('r-b')[0]! - span('r-a')[1]!).toBeCloseTo(10, 6);
  });
});

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const redInf: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('(3) Orders p.6: units of a group "may never voluntarily end a move phase with more than 1cm between base edges of at least 1 other unit in the group"', () => {
  // Two battalions of one group on Reserve, 1cm apart (b 740-900, a 910-1070); a forms a 2-wide column about its
  // centre (950-1030): the gap between them opens to 5cm.
  const a: U = { ...blueInf, id: 'blue-a', x: 990, y: 300 };
  const b: U = { ...blueInf, id: 'blue-b', x: 820, y: 300 };
  const grouped = (extra: U[] = []) => advanceTo(setOrder(battle([a, b, redInf, ...extra], { groups: [{ id: 'g', units: ['blue-a', 'blue-b'] }] }), 'g', 'reserve'), 'movement');
  const span = (s: St, id: string) => { const xs = s.battle.units.find((u) => u.id === id)!.stands.map((x) => x.centre.x); return [Math.min(...xs) - 20, Math.max(...xs) + 20]; };
  it('a formation change that opens the gap makes the other unit close sideways to 1cm', () => {
    const r = apply(grouped(), { type: 'changeFormation', side: 'blue', unit: 'blue-a', formation: 'column', width: 2 });
    expect(span(r.state, 'blue-a')).toEqual([950, 1030]);
    expect(span(r.state, 'blue-b')).toEqual([780, 940]);
    expect(r.events.some((e) => e.type === 'GroupClosedUp')).toBe(true);
  });
  it('if the other unit cannot close (it is in contact with enemy), the change is refused', () => {
    const touching: U = { ...redInf, id: 'red-2', x: 820, y: 300 };
    expect(rejection(grouped([touching]), { type: 'changeFormation', side: 'blue', unit: 'blue-a', formation: 'column', width: 2 })).toBe('group-gap');
  });
});
