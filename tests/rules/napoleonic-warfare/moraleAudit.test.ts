// Audit findings on morale, recovery, close combat, fire and victory (NW §17 Routed, §27 Square,
// Close Combat/Superior Position, Orders/Recover, Fire tables, §10 Victory Points).
import { describe, expect, it } from 'vitest';
import { findUnit, updateUnit } from '../../../src/engine/battle';
import { startCombat } from '../../../src/rules/napoleonic-warfare/charges';
import { resolveCombat } from '../../../src/rules/napoleonic-warfare/combat';
import { fireModifiers, firePhase, resolveVolley, MAX_DICE_PER_ROLL } from '../../../src/rules/napoleonic-warfare/fire';
import { relayout } from '../../../src/rules/napoleonic-warfare/formations';
import { superiorPosition } from '../../../src/rules/napoleonic-warfare/morale';
import { faceStruck, rankCount } from '../../../src/rules/napoleonic-warfare/geom';
import { noteEnfilades } from '../../../src/rules/napoleonic-warfare/enfilade';
import { noteChargeStartLevels } from '../../../src/rules/napoleonic-warfare/position';
import { rallyRouted } from '../../../src/rules/napoleonic-warfare/recovery';
import { killedPoints, lossPoints, tally } from '../../../src/rules/napoleonic-warfare/victory';
import type { Draft } from '../../../src/rules/napoleonic-warfare/types';
import type { GameEvent } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { battle, draftWith, IN, type UnitSpec } from './harness';

const order = (d: Draft, unitId: string, o: 'recover' | 'charge' | 'deploy', extra: Record<string, unknown> = {}) => {
  const side = findUnit(d.battle, unitId)!.side;
  d.rs.orders[unitId] = { unitId, side, order: o, generalId: `g-${side}`, revealed: true, ...extra };
};
const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type);
const hill = (id: string, level: number, x0: number, x1: number, y0: number, y1: number) => ({
  id, kind: 'hill', name: id, heightLevel: level, polygon: [[x0 * IN, y0 * IN], [x1 * IN, y0 * IN], [x1 * IN, y1 * IN], [x0 * IN, y1 * IN]], props: {},
});

describe('When a routed unit given a Recover order fails its one rally (NW §17 Routed; §18 E)', () => {
  // The French line touches the Austrian routers: a failed test through the failure table would make them surrender.
  const setup = (faces: number[]) => {
    const w = draftWith(battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', quality: 'line-2nd', x: 36, y: 21, facingDeg: -90 },
    ]), faces);
    w.d.rs.units['au1']!.morale = 'routed';
    order(w.d, 'au1', 'recover');
    return w;
  };
  it('failing by 6 or more makes one rout move and disperses it — not the failure table\'s surrender in contact', () => {
    const { d, events, rolls } = setup([1, 3]);
    expect(rallyRouted(d, 'au1')).toBe(false);
    expect(rolls[0]!.purpose).toMatch(/Morale test \(E\)/);
    expect(d.rs.units['au1']!.status).toBe('dispersed');
    expect(ofType(events, 'MoraleFailed')).toHaveLength(0);
    expect(ofType(events, 'UnitRouted')).toHaveLength(1);
    expect(ofType(events, 'UnitRetreated')).toHaveLength(0);
    expect(d.rs.units['au1']!.rallyChanceUsed).toBe(true);
  });
  it('whatever the margin, no stands are lost to the failure table and no retreat move precedes the rout move', () => {
    // 2nd Rate To Pass 5; modifiers −5 (Austrian line −1, three markers −3, unsupported −1): faces 6-9 fail by 4, 3, 2, 1.
    for (const face of [6, 7, 8, 9]) {
      const { d, events, rolls } = setup([face, 3]);
      const standsBefore = findUnit(d.battle, 'au1')!.stands.length;
      expect(rallyRouted(d, 'au1')).toBe(false);
      expect(rolls[0]!.modified).toBe(face - 5);
      expect(ofType(events, 'CasualtiesInflicted')).toHaveLength(0);
      expect(ofType(events, 'UnitRetreated')).toHaveLength(0);
      expect(ofType(events, 'UnitRouted')).toHaveLength(1);
      expect(ofType(events, 'UnitRemoved').map((e) => e['status'])).toEqual(['dispersed']);
      expect(d.rs.units['au1']!.standsLost).toBe(0);
      expect(standsBefore).toBe(4);
    }
  });
  it('the Recovery Phase step runs the same rally (sequence wiring, NW §16)', () => {
    const s0 = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', quality: 'line-2nd', x: 36, y: 21, facingDeg: -90 },
    ]);
    const units = { ...s0.ruleset.units, au1: { ...s0.ruleset.units['au1']!, morale: 'routed' as const } };
    const orders = { au1: { unitId: 'au1', side: 'au', order: 'recover' as const, generalId: 'g-au', revealed: true } };
    const s = { ...s0, ruleset: { ...s0.ruleset, units, orders } } as never;
    const step = napoleonicWarfare.sequence.phases.flatMap((p) => p.steps).find((x) => x.id === 'recovery')!;
    const w = draftWith(s, [1, 3]);
    const ch = (step as { onEnter: (s: never, c: unknown) => { ruleset?: Draft['rs'] } }).onEnter(s, w.d.ctx);
    expect(ch.ruleset!.units['au1']!.status).toBe('dispersed');
    expect(ofType(w.events, 'MoraleFailed')).toHaveLength(0);
  });
  it('passing (10 − 5 = 5, To Pass 5) recovers it from Routed to Fragmented and it does not move', () => {
    const { d } = setup([10]);
    const before = findUnit(d.battle, 'au1')!.stands[0]!.centre;
    expect(rallyRouted(d, 'au1')).toBe(true);
    expect(d.rs.units['au1']!.morale).toBe('fragmented');
    expect(findUnit(d.battle, 'au1')!.stands[0]!.centre).toEqual(before);
  });
});

describe('When a column of three ranks fights a square (NW §27 Square: "counts as a one stand deep line for depth")', () => {
  it('the column gets +2 for its two more complete ranks', () => {
    const w = draftWith(battle([
      // 6 stands two wide: three complete ranks.
      { id: 'fr1', side: 'fr', formation: 'column', ranks: 2, stands: 6, x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 },
    ]), [3, 3, 5, 5]);
    w.d.battle = updateUnit(w.d.battle, 'au1', (u) => relayout({ ...u, formation: 'square' }, 'square'));
    startCombat(w.d, 'fr1', 'au1', { charged: false, pursuing: false });
    resolveCombat(w.d, w.d.rs.combats[0]!, new Map());
    expect(rankCount(findUnit(w.d.battle, 'fr1')!)).toBe(3);
    expect(rankCount(findUnit(w.d.battle, 'au1')!)).toBe(4); // the square's own layout, which must not count
    const frScore = w.rolls.find((r) => r.subjects?.includes('fr1') && r.modifiers.some((m) => m.label.startsWith('grade')))!;
    expect(frScore.modifiers).toContainEqual(expect.objectContaining({ label: 'deeper formation (2 more complete ranks)', value: 2 }));
  });
});

describe('Superior Tactical Position by height (NW Close Combat/Superior Position; Morale §19 footnote)', () => {
  const two = (terrain: unknown[], fr: Partial<UnitSpec> = {}) => draftWith(battle([
    { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, ...fr },
    { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 },
  ], { terrain }), []);
  const sp = (d: Draft, a: string, b: string) => superiorPosition(d, findUnit(d.battle, a)!, findUnit(d.battle, b)!);
  it('all stands on a level-2 hill against a foe on a level-1 hill: superior', () => {
    const { d } = two([hill('h2', 2, 30, 42, 15, 21.5), hill('h1', 1, 30, 42, 22.5, 30)]);
    expect(sp(d, 'fr1', 'au1')).toBe(true);
    expect(sp(d, 'au1', 'fr1')).toBe(false);
  });
  it('a foe on a higher hill is not beneath us (the old test said superior for any hill the foe was not on)', () => {
    const { d } = two([hill('h1', 1, 30, 42, 15, 21.5), hill('h2', 2, 30, 42, 22.5, 30)]);
    expect(sp(d, 'fr1', 'au1')).toBe(false);
    expect(sp(d, 'au1', 'fr1')).toBe(true);
  });
  it('only a minority of the stands on the hill: not superior', () => {
    // The French line spans x 34-38"; the hill covers only the westernmost stand.
    const { d } = two([hill('h1', 1, 20, 34.9, 15, 21.5)]);
    const onHill = findUnit(d.battle, 'fr1')!.stands.filter((s) => s.centre.x < 34.9 * IN).length;
    expect(onHill).toBe(1);
    expect(sp(d, 'fr1', 'au1')).toBe(false);
  });
  it('charging downhill this turn is superior even after reaching level ground', () => {
    const { d } = two([hill('h1', 1, 30, 42, 5, 19)]);
    // The French start the charge on the hill (moved off it since).
    d.battle = updateUnit(d.battle, 'fr1', (u) => ({ ...u, stands: u.stands.map((s) => ({ ...s, centre: { ...s.centre, y: (s.centre.y - 3 * IN) as typeof s.centre.y } })) }));
    order(d, 'fr1', 'charge', { target: 'au1' });
    noteChargeStartLevels(d, [findUnit(d.battle, 'fr1')!]);
    expect(d.rs.units['fr1']!.chargeFromLevel).toBe(1);
    d.battle = updateUnit(d.battle, 'fr1', (u) => ({ ...u, stands: u.stands.map((s) => ({ ...s, centre: { ...s.centre, y: (s.centre.y + 3 * IN) as typeof s.centre.y } })) }));
    expect(sp(d, 'fr1', 'au1')).toBe(false); // not yet charging
    d.rs.units['fr1']!.charging = true;
    expect(sp(d, 'fr1', 'au1')).toBe(true);
  });
  it('fire: "Target Uphill" only when most of the target stands higher than the firing stand', () => {
    const up = two([hill('h1', 1, 30, 42, 22.5, 30)]);
    const f = findUnit(up.d.battle, 'fr1')!;
    expect(fireModifiers(up.d, f, findUnit(up.d.battle, 'au1')!, f.stands[0]!).map((m) => m.label).join('|')).toMatch(/uphill/i);
    const level = two([hill('h1', 1, 30, 42, 15, 30)]);
    const g = findUnit(level.d.battle, 'fr1')!;
    expect(fireModifiers(level.d, g, findUnit(level.d.battle, 'au1')!, g.stands[0]!).map((m) => m.label).join('|')).not.toMatch(/uphill/i);
  });
});

describe('When a Recovering, Disordered unit fires (NW Orders/Recover: "may fire … but with penalties")', () => {
  it('it fires with its disorder penalties (half dice, +1 To Hit) and loses the Recover marker', () => {
    const { d, events, rolls } = draftWith(battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 23, facingDeg: -90 },
    ]), [5, 5, 5, 5, 5, 5]);
    d.rs.units['fr1']!.morale = 'disordered';
    order(d, 'fr1', 'recover');
    firePhase(d);
    const frFire = rolls.find((r) => r.purpose.startsWith('fr1 fire'))!;
    expect(frFire.faces).toHaveLength(2); // 4 stands, 1 die each, halved
    expect(frFire.modifiers.some((m) => /disorder/i.test(m.label) && m.value === 1)).toBe(true);
    expect(events.some((e) => e.type === 'OrderCancelled' && e['unit'] === 'fr1')).toBe(true);
    expect(d.rs.orders['fr1']!.cancelled).toBe(true);
  });
});

describe('Austrian Mass counts as a (rally) square (NW §27; Combat Score −2d6; Artillery "Firing at a Square")', () => {
  it('horse fighting a mass take −2d6 rolled by the mass and no mounted charge die', () => {
    const w = draftWith(battle([
      { id: 'fr1', side: 'fr', arm: 'cavalry', troopType: 'dragoon', x: 36, y: 20, facingDeg: 90, stands: 3 },
      { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90, stands: 6 },
    ]), [4, 4, 3, 3, 5, 5]);
    w.d.battle = updateUnit(w.d.battle, 'au1', (u) => relayout({ ...u, formation: 'austrian-mass' }, 'austrian-mass'));
    startCombat(w.d, 'fr1', 'au1', { charged: true, pursuing: false });
    resolveCombat(w.d, w.d.rs.combats[0]!, new Map());
    const frScore = w.rolls.find((r) => r.subjects?.includes('fr1') && r.modifiers.some((m) => m.label.startsWith('grade')))!;
    expect(frScore.modifiers.map((m) => m.label)).toContain('mounted against a square (−2d6, rolled by the square)');
    expect(frScore.modifiers.map((m) => m.label)).not.toContain('mounted charging or countercharging (+1d6)');
    expect(w.rolls.some((r) => /mounted charging/.test(r.purpose))).toBe(false);
  });
  it('guns firing at a mass use the square modifier and 2d10 a stand', () => {
    const { d, rolls } = draftWith(battle([
      { id: 'fr-guns', side: 'fr', arm: 'artillery', troopType: 'foot-artillery', x: 36, y: 10, facingDeg: 90, stands: 2 },
      { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90, stands: 6 },
    ]), [9, 3]);
    d.battle = updateUnit(d.battle, 'au1', (u) => relayout({ ...u, formation: 'austrian-mass' }, 'austrian-mass'));
    const g = findUnit(d.battle, 'fr-guns')!;
    const au = findUnit(d.battle, 'au1')!;
    expect(fireModifiers(d, g, au, g.stands[0]!).map((m) => m.label)).toContain('firing at a square');
    resolveVolley(d, { firer: g, target: au, stands: [g.stands[0]!], distMm: 12 * IN });
    expect(rolls[0]!.faces).toHaveLength(2);
  });
});

describe('A volley of more dice than one roll takes (Fire tables; every roll explained)', () => {
  it('61 stands\' dice are all rolled, in two logged rolls, not capped at 60', () => {
    const { d, rolls } = draftWith(battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 23, facingDeg: -90 },
    ]), Array.from({ length: 61 }, (_, i) => (i % 10) + 1));
    const f = findUnit(d.battle, 'fr1')!;
    const stands = Array.from({ length: MAX_DICE_PER_ROLL + 1 }, () => f.stands[0]!);
    resolveVolley(d, { firer: f, target: findUnit(d.battle, 'au1')!, stands, distMm: 2 * IN });
    expect(rolls.map((r) => r.faces.length)).toEqual([60, 1]);
    expect(rolls[1]!.purpose).toMatch(/dice 61-61 of 61/);
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

describe('Enfilade is judged "before any charges, movement or shooting" (NW §3 Enfilade; Fire tables "Enfilade Fire = Double dice")', () => {
  // The Austrian line faces up the table (its front at y ≈ 24"); the French line faces east at its left.
  // `faces`: one d10 for the single stand's die, two when it enfilades (double dice).
  const setup = (frY: number, faces: number[]) => {
    const w = draftWith(battle([
      { id: 'fr1', side: 'fr', x: 30, y: frY, facingDeg: 0 },
      { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 },
    ]), faces);
    noteEnfilades(w.d); // as at the start of the turn
    return w;
  };
  const shoot = (d: Draft) => {
    const f = findUnit(d.battle, 'fr1')!;
    return resolveVolley(d, { firer: f, target: findUnit(d.battle, 'au1')!, stands: [f.stands[0]!], distMm: 3 * IN });
  };
  it('a unit already behind the enemy front when the turn began fires double dice at its flank', () => {
    const { d, rolls } = setup(26, [9, 3]);
    expect(faceStruck(findUnit(d.battle, 'fr1')!, findUnit(d.battle, 'au1')!)).not.toBe('front');
    shoot(d);
    expect(rolls[0]!.faces).toHaveLength(2);
  });
  it('a unit that moved round to the flank this turn fires single dice and contacts the front', () => {
    const { d, rolls, events } = setup(18, [9]);
    d.battle = updateUnit(d.battle, 'fr1', (u) => ({ ...u, stands: u.stands.map((s) => ({ ...s, centre: { ...s.centre, y: (s.centre.y + 8 * IN) as typeof s.centre.y } })) }));
    expect(faceStruck(findUnit(d.battle, 'fr1')!, findUnit(d.battle, 'au1')!)).not.toBe('front');
    shoot(d);
    expect(rolls[0]!.faces).toHaveLength(1);
    startCombat(d, 'fr1', 'au1', { charged: true, pursuing: false });
    expect(events.find((e) => e.type === 'CloseCombatJoined')!['face']).toBe('front');
  });
  it('the unit that was behind the front contacts the flank', () => {
    const { d, events } = setup(26, []);
    startCombat(d, 'fr1', 'au1', { charged: true, pursuing: false });
    expect(events.find((e) => e.type === 'CloseCombatJoined')!['face']).not.toBe('front');
  });
});
