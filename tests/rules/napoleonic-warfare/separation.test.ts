// NW §17 Fragmented, causes: "Any of a unit's stands becomes physically separated from the rest of
// the unit." Checked after casualties, push backs, and at the end of every command and step
// (moves, retreats, routs). Scripted dice throughout.
import { describe, expect, it } from 'vitest';
import { battle, draftWith, IN } from './harness';
import { inflictCasualties, toChange } from '../../../src/rules/napoleonic-warfare/core';
import { checkSeparation, separatedStands } from '../../../src/rules/napoleonic-warfare/separation';
import { startCombat } from '../../../src/rules/napoleonic-warfare/charges';
import { resolveCombat } from '../../../src/rules/napoleonic-warfare/combat';
import { relayout, throwOutScreen } from '../../../src/rules/napoleonic-warfare/formations';
import { findUnit, updateUnit } from '../../../src/engine/battle';
import type { Unit } from '../../../src/engine/model';
import { pt } from '../../../src/geometry/types';
import { viewFor } from '../../../src/engine/view';
import { registerable, type SeenGame } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { Draft, NwGameState, NwOptions, NwState } from '../../../src/rules/napoleonic-warfare/types';
import type { NwTables } from '../../../src/rules/napoleonic-warfare/nwTables';

const R = 'test';
/** A French line of four 1" stands facing down the table: s1 (x 37.5") … s4 (x 34.5"); s2 is the command stand. */
const line = (extra: Parameters<typeof battle>[0] = [], opts: Parameters<typeof battle>[1] = {}) => battle([{ id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 }, ...extra], opts);

/** Shift one stand of a unit by (dx, dy) mm. */
const shiftStand = (d: Draft, unitId: string, standId: string, dx: number, dy: number) => {
  d.battle = updateUnit(d.battle, unitId, (u) => ({ ...u, stands: u.stands.map((s) => (s.id === standId ? { ...s, centre: pt(s.centre.x + dx, s.centre.y + dy) } : s)) }));
};
/** List s3 last, so that it is the stand casualties take (core.removeRearStand: the last listed of the rear rank). */
const s3Last = (u: Unit): Unit => ({ ...u, stands: [...u.stands.filter((s) => s.id !== 'fr1.s3'), u.stands.find((s) => s.id === 'fr1.s3')!] });

describe('When casualties take the stand that joined a line together (NW §17 Fragmented)', () => {
  it('the stand left on its own is separated: the unit is Fragmented, with a logged UnitSeparated', () => {
    const { d, events } = draftWith(line(), []);
    d.battle = updateUnit(d.battle, 'fr1', s3Last);
    inflictCasualties(d, 'fr1', 4, 'fire', R);
    expect(findUnit(d.battle, 'fr1')!.stands.map((s) => s.id)).toEqual(['fr1.s1', 'fr1.s2', 'fr1.s4']);
    const sep = events.find((e) => e.type === 'UnitSeparated');
    expect(sep).toMatchObject({ unit: 'fr1', stands: ['fr1.s4'], gapIn: 1, fragmented: true, cause: 'a stand was lost to fire' });
    expect(events.find((e) => e.type === 'MoraleStateChanged')).toMatchObject({ unit: 'fr1', from: 'good', to: 'fragmented' });
    expect(d.rs.units['fr1']).toMatchObject({ morale: 'fragmented', separated: true });
  });

  it('losing an end stand leaves the line together and changes nothing', () => {
    const { d, events } = draftWith(line(), []);
    inflictCasualties(d, 'fr1', 4, 'fire', R);
    expect(events.some((e) => e.type === 'UnitSeparated')).toBe(false);
    expect(d.rs.units['fr1']!.morale).toBe('good');
  });

  it('a unit already Fragmented is not made worse (the separation is logged, the state stays)', () => {
    const { d, events } = draftWith(line(), []);
    d.rs.units['fr1']!.morale = 'fragmented';
    d.battle = updateUnit(d.battle, 'fr1', s3Last);
    inflictCasualties(d, 'fr1', 4, 'fire', R);
    expect(events.find((e) => e.type === 'UnitSeparated')).toMatchObject({ fragmented: false });
    expect(events.some((e) => e.type === 'MoraleStateChanged')).toBe(false);
    expect(d.rs.units['fr1']!.morale).toBe('fragmented');
  });
});

describe('When a unit stays apart, or joins up and parts again (NW §17: "becomes physically separated")', () => {
  it('it is fragmented once when it parts, not again while apart; rejoined and parted again, it is fragmented again', () => {
    const { d, events } = draftWith(line(), []);
    shiftStand(d, 'fr1', 'fr1.s4', -IN, 0);
    expect(checkSeparation(d, 'fr1', 'moved')).toBe(true);
    d.rs.units['fr1']!.morale = 'disordered'; // recovered a step (NW Orders/Recover)
    expect(checkSeparation(d, 'fr1', 'moved')).toBe(false);
    expect(d.rs.units['fr1']!.morale).toBe('disordered');
    shiftStand(d, 'fr1', 'fr1.s4', IN, 0);
    expect(checkSeparation(d, 'fr1', 'moved')).toBe(false);
    expect(events.some((e) => e.type === 'UnitRejoined')).toBe(true);
    expect(d.rs.units['fr1']!.separated).toBeUndefined();
    shiftStand(d, 'fr1', 'fr1.s4', -IN, 0);
    expect(checkSeparation(d, 'fr1', 'moved')).toBe(true);
    expect(d.rs.units['fr1']!.morale).toBe('fragmented');
    expect(events.filter((e) => e.type === 'UnitSeparated')).toHaveLength(2);
  });

  it('the end of every command or step sweeps the table: stands left apart by a move fragment their unit (toChange)', () => {
    const { d, events } = draftWith(line([{ id: 'au1', side: 'au', x: 10, y: 40, facingDeg: -90 }]), []);
    shiftStand(d, 'fr1', 'fr1.s1', 0, 2 * IN);
    const ch = toChange(d);
    expect(ch.ruleset!.units['fr1']!.morale).toBe('fragmented');
    expect(events.find((e) => e.type === 'UnitSeparated')).toMatchObject({ unit: 'fr1', stands: ['fr1.s1'] });
    expect(ch.ruleset!.units['au1']!.morale).toBe('good');
  });

  it('the table marks a separated unit (Sep) and the inspector says why', () => {
    const s = line();
    const { d } = draftWith(s, []);
    shiftStand(d, 'fr1', 'fr1.s1', 0, 2 * IN);
    const ch = toChange(d);
    const g = viewFor(registerable(napoleonicWarfare), { ...s, battle: ch.battle, ruleset: ch.ruleset } as NwGameState, 'referee') as unknown as SeenGame<NwState, NwOptions, NwTables>;
    expect(napoleonicWarfare.table!.markers!(g, 'fr1').map((m) => m.text)).toEqual(expect.arrayContaining(['F', 'Sep']));
    expect(napoleonicWarfare.table!.inspect!(g, 'fr1').find((l) => l.label === 'Stands')?.value).toMatch(/apart from the rest of the unit/);
  });

  it('a unit pushed back in close combat is checked at once (NW After Close Combat; §17)', () => {
    const s = line([{ id: 'au1', side: 'au', quality: 'line-2nd', x: 36, y: 24, facingDeg: -90 }]);
    // Combat dice 6 v 1; the Austrian fraction roll 9 (no extra casualty).
    const { d, events } = draftWith(s, [6, 1, 9]);
    shiftStand(d, 'au1', 'au1.s4', 0, 2 * IN); // a straggler already apart behind the line
    startCombat(d, 'fr1', 'au1', { charged: false, pursuing: false });
    resolveCombat(d, d.rs.combats[0]!, new Map());
    expect(events.some((e) => e.type === 'UnitPushedBack' && e['unit'] === 'au1')).toBe(true);
    expect(events.find((e) => e.type === 'UnitSeparated')).toMatchObject({ unit: 'au1', cause: 'pushed back in close combat' });
    expect(d.rs.units['au1']!.morale).toBe('fragmented');
  });
});

describe('What counts as separated (NW §17; RULINGS: base to base within a tenth of a stand depth)', () => {
  it.each([
    ['touching', 0, 0],
    ['2 mm apart (inside the 2.54 mm slack of an inch-deep stand)', 2, 0],
    ['3 mm apart', 3, 1],
    ['an inch apart', IN, 1],
  ])('an end stand %s: %i stand(s) apart', (_label, gapMm, apart) => {
    const { d } = draftWith(line(), []);
    shiftStand(d, 'fr1', 'fr1.s4', -gapMm, 0);
    expect(separatedStands(d.battle, findUnit(d.battle, 'fr1')!).apart).toHaveLength(apart);
  });

  it('the chain counts, not the command stand: an end stand touching only its neighbour is with the unit', () => {
    const { d } = draftWith(battle([{ id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, stands: 6 }]), []);
    expect(separatedStands(d.battle, findUnit(d.battle, 'fr1')!).apart).toHaveLength(0);
  });

  it('a skirmish screen thrown one base depth ahead is not separated (NW Orders/Deploy; §26)', () => {
    const { d } = draftWith(line(), []);
    const screened = throwOutScreen(findUnit(d.battle, 'fr1')!, 1);
    expect(separatedStands(d.battle, screened).apart).toHaveLength(0);
  });

  it('squares are closed formations and are not judged apart (NW §27)', () => {
    const { d } = draftWith(line(), []);
    const sq = relayout(findUnit(d.battle, 'fr1')!, 'square');
    const gappy = { ...sq, stands: sq.stands.map((s, i) => (i === 3 ? { ...s, centre: pt(s.centre.x + 20, s.centre.y) } : s)) };
    expect(separatedStands(d.battle, gappy).apart).toHaveLength(0);
  });

  it('stands in the same village count as in base to base contact (NW §23 Buildings)', () => {
    const village = { id: 'v', kind: 'village', name: 'Village', polygon: [[33 * IN, 18 * IN], [39 * IN, 18 * IN], [39 * IN, 23 * IN], [33 * IN, 23 * IN]], props: { buildings: 4 } };
    const { d } = draftWith(line([], { terrain: [village] }), []);
    shiftStand(d, 'fr1', 'fr1.s4', 0, 2 * IN);
    expect(separatedStands(d.battle, findUnit(d.battle, 'fr1')!).apart).toHaveLength(0);
    const { d: open } = draftWith(line(), []);
    shiftStand(open, 'fr1', 'fr1.s4', 0, 2 * IN);
    expect(separatedStands(open.battle, findUnit(open.battle, 'fr1')!).apart.map((s) => s.id)).toEqual(['fr1.s4']);
  });

  it('the same unit is judged again on another terrain layout (the answer is kept per unit and layout)', () => {
    const village = { id: 'v', kind: 'village', name: 'Village', polygon: [[33 * IN, 18 * IN], [39 * IN, 18 * IN], [39 * IN, 23 * IN], [33 * IN, 23 * IN]], props: { buildings: 4 } };
    const { d } = draftWith(line([], { terrain: [village] }), []);
    shiftStand(d, 'fr1', 'fr1.s4', 0, 2 * IN);
    const u = findUnit(d.battle, 'fr1')!;
    expect(separatedStands(d.battle, u).apart).toHaveLength(0);
    expect(separatedStands({ ...d.battle, terrain: [] }, u).apart.map((s) => s.id)).toEqual(['fr1.s4']);
    expect(separatedStands(d.battle, u).apart).toHaveLength(0);
  });
});
