/**
 * Seven Years War: 6 Melee chart p.14 — overlaps against one enemy unit a phase, defences, and a flank charge counting one stand in contact.
 */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { meleeModifiers } from '../../../src/rules/seven-years-war/melee';
import { battle, setOrder, scriptedCtx, type St, type U } from './build';

describe('Overlaps count against one enemy unit per combat phase (p.14)', () => {
  it('a stand beside two melees gives its overlap to the first only', () => {
    // One-stand units: cavalry squadrons (a massed infantry battalion has 3-4 bases, (1) p.4).
    const mk = (id: string, side: 'blue' | 'red', x: number): U => ({ id, side, type: 'medium-cavalry', x, y: 600, facingDeg: side === 'blue' ? 90 : -90, n: 1, depth: 30 });
    const s = battle([mk('A', 'blue', 870), mk('X', 'blue', 910), mk('B', 'blue', 950), mk('E1', 'red', 860), mk('E2', 'red', 960)]);
    const { ctx } = scriptedCtx(s, []);
    const w = new Work(s, ctx);
    const u = (id: string) => w.unit(id)!;
    const bout = (a: string, b: string) => ({ a: u(a), b: u(b), aContact: [...u(a).stands], faceOfB: 'front' as const, faceOfA: 'front' as const });
    const has = (m: { label: string }[]) => m.some((x) => x.label === 'At least 1 overlap in support');
    const shared = new Map<string, string>();
    expect(has(meleeModifiers(w, bout('A', 'E1'), new Set(), shared))).toBe(true);
    expect(has(meleeModifiers(w, bout('B', 'E2'), new Set(), shared))).toBe(false);
    expect(has(meleeModifiers(w, bout('B', 'E2'), new Set(), new Map()))).toBe(true);
  });
});

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

describe('6 Melee chart p.14 "1: Enemy in buildings or behind defences"; 9 p.20 "Barricades ... linear obstacle", "Abatis"', () => {
  // Blue (on Advance) and red (on Stand) in contact across y = 700; a barricade 2mm thick lies on the line between them.
  const barricade = { id: 'bar', kind: 'obstacle', name: 'Barricade', polygon: [[800, 699], [1000, 699], [1000, 701], [800, 701]], props: { barricade: true } };
  const label = 'Enemy in buildings or behind defences, or at least half uphill';
  const mods = (terrain: unknown[], a: string, b: string) => {
    const s = setOrder(battle([inf('blue-1', 'blue', 900, 700, 90), inf('red-1', 'red', 900, 700, -90)], { terrain }), 'blue-1', 'advance');
    const w = new Work(s, scriptedCtx(s, []).ctx);
    const ua = w.unit(a)!, ub = w.unit(b)!;
    const aContact = ua.stands.filter((x) => ub.stands.some((y) => Math.abs(Math.abs(x.centre.y - y.centre.y) - 15) < 1 && Math.abs(x.centre.x - y.centre.x) < 1));
    return meleeModifiers(w, { a: ua, b: ub, aContact, faceOfA: 'front', faceOfB: 'front' }, new Set()).map((m) => m.label);
  };
  it('the attacker fighting a unit behind a barricade counts −1', () => {
    expect(mods([barricade], 'blue-1', 'red-1')).toContain(label);
  });
  it('an abatis counts the same', () => {
    expect(mods([{ ...barricade, props: { abatis: true } }], 'blue-1', 'red-1')).toContain(label);
  });
  it('without the defence, no −1', () => {
    expect(mods([], 'blue-1', 'red-1')).not.toContain(label);
  });
  it('the defenders do not count the attackers (on Advance) as behind their own barricade', () => {
    expect(mods([barricade], 'red-1', 'blue-1')).not.toContain(label);
  });
});

const cav = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number): U => ({ id, side, type: 'heavy-cavalry', x, y, facingDeg, n: 3, depth: 30 });

const work = (s: St, faces: number[] = []) => new Work(s, scriptedCtx(s, faces).ctx);

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
