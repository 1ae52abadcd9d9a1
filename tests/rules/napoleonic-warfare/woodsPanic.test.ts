// NW Morale §18 D: "For each friendly unit Routing or Dispersed within half Engagement Range of the
// testing unit, or within woodland visibility in woods 2" (3") or from the woods edge 1" (2")."
// Medium bases: ½ ER 6", woods visibility 2", woods edge 1"; large: 8", 3", 2" (RULINGS: the
// larger figure is the large-base one). One-stand units, 1" × 1"; a unit placed at (x, y) facing
// down the table covers x−½..x+½, y−1..y. The wood covers x 30"-50", y 20"-30".
import { describe, expect, it } from 'vitest';
import { battle, draftWith, IN } from './harness';
import { seesRout } from '../../../src/rules/napoleonic-warfare/panic';
import { applyFailure, queueNeighbourPanic } from '../../../src/rules/napoleonic-warfare/morale';
import { findUnit } from '../../../src/engine/battle';
import type { Draft } from '../../../src/rules/napoleonic-warfare/types';

const wood = { id: 'w', kind: 'wood', name: 'Bois de Tours', polygon: [[30 * IN, 20 * IN], [50 * IN, 20 * IN], [50 * IN, 30 * IN], [30 * IN, 30 * IN]], props: {} };

/** Tester `t` and router `r` (French, one stand each) at the given places, in a table with the wood. */
function pair(t: readonly [number, number], r: readonly [number, number], scale: 'medium' | 'large' = 'medium'): Draft {
  const s = battle(
    [
      { id: 't', side: 'fr', x: t[0], y: t[1], facingDeg: 90, stands: 1 },
      { id: 'r', side: 'fr', x: r[0], y: r[1], facingDeg: 90, stands: 1 },
      { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90, stands: 1 },
    ],
    { terrain: [wood] },
  );
  const { d } = draftWith(s, []);
  d.rs = { ...d.rs, scale };
  return d;
}
const sees = (d: Draft) => seesRout(d, findUnit(d.battle, 't')!, findUnit(d.battle, 'r')!);

describe('When a friend routs in the open (NW §18 D: within half Engagement Range)', () => {
  it.each([
    ['5" away: tests', [20, 10], [20, 16], true],
    ['6" away, exactly half ER: tests', [20, 10], [20, 17], true],
    ['7" away: no test', [20, 10], [20, 18], false],
  ] as const)('%s', (_l, t, r, want) => {
    expect(sees(pair(t, r)).sees).toBe(want);
  });
});

describe('When both are inside the same wood (NW §18 D: "within woodland visibility in woods 2" (3")")', () => {
  it('1" apart (medium): tests', () => {
    const s = sees(pair([35, 25], [37, 25]));
    expect(s).toMatchObject({ sees: true, distanceIn: 1 });
    expect(s.why).toMatch(/both in Bois de Tours, 1" apart \(woods visibility 2"\)/);
  });
  it('2.5" apart: beyond the medium woods visibility, though well within half ER — no test', () => {
    const s = sees(pair([35, 25], [38.5, 25]));
    expect(s.sees).toBe(false);
    expect(s.why).toMatch(/beyond the woods visibility of 2"/);
  });
  it('2.5" apart with large bases (woods visibility 3"): tests', () => {
    expect(sees(pair([35, 25], [38.5, 25], 'large')).sees).toBe(true);
  });
  it('3.5" apart with large bases: no test', () => {
    expect(sees(pair([35, 25], [39.5, 25], 'large')).sees).toBe(false);
  });
});

describe('When the router is in the wood and the tester outside it (NW §18 D: "from the woods edge 1" (2")")', () => {
  it('router ½" inside the edge, 3.5" away: tests', () => {
    const s = sees(pair([40, 17], [40, 21.5]));
    expect(s.sees).toBe(true);
    expect(s.why).toMatch(/within 1" of the woods edge/);
  });
  it('router 2½" inside the edge, 5½" away (within half ER): not seen — no test', () => {
    const s = sees(pair([40, 17], [40, 23.5]));
    expect(s.sees).toBe(false);
    expect(s.why).toMatch(/r is deeper than 1" inside Bois de Tours/);
  });
  it('router 1½" inside: too deep for medium bases (1"), seen with large bases (2")', () => {
    expect(sees(pair([40, 17], [40, 22.5])).sees).toBe(false);
    expect(sees(pair([40, 17], [40, 22.5], 'large')).sees).toBe(true);
  });
});

describe('When the tester is in the wood and the router outside it (NW §18 D: seeing out from the woods edge)', () => {
  it('tester ½" inside the edge sees the rout 3.5" away', () => {
    expect(sees(pair([40, 21.5], [40, 17])).sees).toBe(true);
  });
  it('tester 2½" inside does not', () => {
    const s = sees(pair([40, 23.5], [40, 17]));
    expect(s.sees).toBe(false);
    expect(s.why).toMatch(/t is deeper than 1" inside Bois de Tours and cannot see out/);
  });
});

describe('Who is queued to test (NW §18 D: one test for each friend routing or dispersed)', () => {
  it('a rout queues a D test for the friend who sees it, with the reason; not for one who cannot', () => {
    const s = battle(
      [
        { id: 'r', side: 'fr', x: 40, y: 21.5, facingDeg: 90, stands: 1 },
        { id: 'near', side: 'fr', x: 40, y: 17, facingDeg: 90, stands: 1 },
        { id: 'deep', side: 'fr', x: 45, y: 27, facingDeg: 90, stands: 1 },
        { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90, stands: 1 },
      ],
      { terrain: [wood] },
    );
    const { d } = draftWith(s, []);
    queueNeighbourPanic(d, 'r', findUnit(d.battle, 'r')!);
    expect(d.pendingTests.map((t) => [t.unitId, t.trigger])).toEqual([['near', 'D']]);
    expect(d.pendingTests[0]!.detail).toMatch(/^r routed in sight: 3\.5" away/);
  });

  it('a unit that disperses on a failed test makes its neighbours test; one that surrenders in contact does not', () => {
    const make = (enemyInContact: boolean) =>
      battle([
        { id: 'r', side: 'fr', x: 20, y: 16, facingDeg: 90, stands: 1 },
        { id: 'near', side: 'fr', x: 20, y: 12, facingDeg: 90, stands: 1 },
        { id: 'au1', side: 'au', x: 20, y: enemyInContact ? 16 : 40, facingDeg: -90, stands: 1 },
      ]);
    const a = draftWith(make(false), []).d;
    applyFailure(a, 'r', { kind: 'disperse-or-surrender' }, {});
    expect(a.rs.units['r']!.status).toBe('dispersed');
    expect(a.pendingTests).toEqual([expect.objectContaining({ unitId: 'near', trigger: 'D', detail: expect.stringMatching(/^r dispersed in sight/) })]);
    const b = draftWith(make(true), []).d;
    applyFailure(b, 'r', { kind: 'disperse-or-surrender' }, {});
    expect(b.rs.units['r']!.status).toBe('captured');
    expect(b.pendingTests.filter((t) => t.trigger === 'D')).toEqual([]);
  });
});
