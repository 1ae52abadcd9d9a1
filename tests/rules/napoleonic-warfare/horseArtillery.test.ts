// NW §5 Basing, artillery note 4: "Horse Artillery may be placed on the same width stands as
// foot/cavalry, but count as 3 stands of TWO gunners each for firing purposes if a 6-gun battery,
// otherwise as 2 stands of 3 gunners each." Artillery Fire Table: +1 to hit with 2 gunners a
// stand, −1 with 4; one d10 per stand at range.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/scenario/load';
import { createGame } from '../../../src/engine/game';
import { registerable } from '../../../src/engine/ruleset';
import { findUnit } from '../../../src/engine/battle';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { planShots, resolveVolley } from '../../../src/rules/napoleonic-warfare/fire';
import { narrowHorseBattery } from '../../../src/rules/napoleonic-warfare/profile';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { mm } from '../../../src/geometry/types';
import { draftWith, IN, scenarioObject } from './harness';
import { viewFor } from '../../../src/engine/view';

interface Battery {
  troopType: 'horse-artillery' | 'foot-artillery';
  stands: number;
  gunners: number;
  /** Stand width in inches: 1" is the medium foot/cavalry base, 1½" the artillery base (NW Basing). */
  widthIn: number;
  guns?: number;
}

/** A French battery (unlimbered) 10" from an Austrian line, straight ahead. */
function game(b: Battery): NwGameState {
  const o = scenarioObject([
    { id: 'bty', side: 'fr', arm: 'artillery', troopType: b.troopType, x: 36, y: 10, facingDeg: 90, stands: b.stands, figures: b.gunners, ...(b.guns ? { extra: { guns: b.guns } } : {}) },
    { id: 'au1', side: 'au', x: 36, y: 20, facingDeg: -90, stands: 4 },
  ]) as { units: { id: string; stands: { widthMm: number }[] }[] };
  for (const s of o.units[0]!.stands) s.widthMm = b.widthIn * IN;
  const loaded = loadScenario(o);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  const created = createGame(registerable(napoleonicWarfare), { setup: loaded.value, seed: 1 });
  if (!created.ok) throw new Error(JSON.stringify(created.problems));
  return created.state as NwGameState;
}

/** The battery's volley at au1 with every d10 a 5 (one scripted for each of the `dice` it should roll): the dice rolled and the gunner modifiers. */
function volley(b: Battery, dice: number) {
  const s = game(b);
  const { d, rolls } = draftWith(s, Array.from({ length: dice }, () => 5));
  const shots = planShots(d, (u) => u.id === 'bty');
  expect(shots).toHaveLength(1);
  expect(shots[0]!.target.id).toBe('au1');
  resolveVolley(d, shots[0]!);
  const r = rolls[0]!;
  return { dice: r.faces.length, gunnerMods: r.modifiers.filter((m) => /gunners per stand/.test(m.label)).map((m) => `${m.label} ${m.value > 0 ? '+' : ''}${m.value}`), physical: shots[0]!.stands.length };
}

describe('When a 6-gun horse battery is based on foot/cavalry-width stands (NW Basing 4)', () => {
  it('on 3 narrow stands of 2 gunners it fires as 3 stands of 2 gunners: 3d10 at +1', () => {
    expect(volley({ troopType: 'horse-artillery', stands: 3, gunners: 2, widthIn: 1 }, 3)).toEqual({ dice: 3, gunnerMods: ['2 gunners per stand +1'], physical: 3 });
  });
  it('on 2 narrow stands of 3 gunners (6 tubes) it still fires as 3 stands of 2 gunners: 3d10 at +1', () => {
    expect(volley({ troopType: 'horse-artillery', stands: 2, gunners: 3, widthIn: 1 }, 3)).toEqual({ dice: 3, gunnerMods: ['2 gunners per stand +1'], physical: 2 });
  });
  it('on the ordinary 1½-width artillery stands (2 of 3 gunners) it fires as based: 2d10, no gunner modifier', () => {
    expect(volley({ troopType: 'horse-artillery', stands: 2, gunners: 3, widthIn: 1.5 }, 2)).toEqual({ dice: 2, gunnerMods: [], physical: 2 });
  });
});

describe('When a smaller or larger horse battery is based on foot/cavalry-width stands (NW Basing 4: "otherwise as 2 stands of 3 gunners")', () => {
  it('a 4-gun battery on 2 narrow stands of 2 gunners fires as 2 stands of 3 gunners: 2d10, no +1', () => {
    expect(volley({ troopType: 'horse-artillery', stands: 2, gunners: 2, widthIn: 1 }, 2)).toEqual({ dice: 2, gunnerMods: [], physical: 2 });
  });
  it('a battery on 4 narrow stands that extra.guns says has 4 guns fires as 2 stands of 3 gunners: 2d10, no +1', () => {
    expect(volley({ troopType: 'horse-artillery', stands: 4, gunners: 2, widthIn: 1, guns: 4 }, 2)).toEqual({ dice: 2, gunnerMods: [], physical: 4 });
  });
  it('an 8-gun battery on 2 narrow stands of 4 gunners fires as 2 stands of 3: no 4-gunner −1', () => {
    expect(volley({ troopType: 'horse-artillery', stands: 2, gunners: 4, widthIn: 1 }, 2)).toEqual({ dice: 2, gunnerMods: [], physical: 2 });
  });
  it('as based on artillery-width stands, the 8-gun battery has its 4 gunners a stand (−1)', () => {
    expect(volley({ troopType: 'horse-artillery', stands: 2, gunners: 4, widthIn: 1.5 }, 2)).toEqual({ dice: 2, gunnerMods: ['4 gunners per stand -1'], physical: 2 });
  });
});

describe('Which batteries the basing note covers (NW Basing 4)', () => {
  it('only horse artillery: foot artillery on narrow stands fires as based', () => {
    const s = game({ troopType: 'foot-artillery', stands: 3, gunners: 2, widthIn: 1 });
    const { d } = draftWith(s, []);
    expect(narrowHorseBattery(d.rs.units['bty']!.profile, findUnit(s.battle, 'bty')!, 'medium')).toBeUndefined();
    expect(volley({ troopType: 'foot-artillery', stands: 3, gunners: 2, widthIn: 1 }, 3)).toEqual({ dice: 3, gunnerMods: ['2 gunners per stand +1'], physical: 3 });
  });
  it('the battery size comes from the crews (one gunner a tube) unless extra.guns says', () => {
    const s = game({ troopType: 'horse-artillery', stands: 3, gunners: 2, widthIn: 1 });
    const { d } = draftWith(s, []);
    expect(d.rs.units['bty']!.profile.batteryGuns).toBe(6);
    expect(narrowHorseBattery(d.rs.units['bty']!.profile, findUnit(s.battle, 'bty')!, 'medium')).toEqual({ countAsStands: 3, gunners: 2 });
    // On large bases a 1.5" stand is the foot/cavalry width (NW §5 Stand Sizes: 1½" foot, 2½" artillery).
    const u = findUnit(s.battle, 'bty')!;
    const wide = { ...u, stands: u.stands.map((st) => ({ ...st, widthMm: mm(1.5 * IN) })) };
    expect(narrowHorseBattery(d.rs.units['bty']!.profile, wide, 'medium')).toBeUndefined();
    expect(narrowHorseBattery(d.rs.units['bty']!.profile, wide, 'large')).toEqual({ countAsStands: 3, gunners: 2 });
  });
});

describe('The inspector shows how a narrow horse battery fires (NW Basing note 4)', () => {
  const inspectFiresAs = (b: Battery): string | undefined => {
    const s = game(b);
    const g = viewFor(registerable(napoleonicWarfare), s, 'fr') as never;
    return napoleonicWarfare.table!.inspect!(g, 'bty').find((l) => l.label === 'Fires as')?.value;
  };
  it('a 6-gun horse battery on 1" stands: "Fires as 3 stands of 2 gunners"', () => {
    expect(inspectFiresAs({ troopType: 'horse-artillery', stands: 3, gunners: 2, widthIn: 1 })).toBe('3 stands of 2 gunners (6-gun battery on foot/cavalry-width stands; NW Basing note 4)');
  });
  it('a 4-gun horse battery fires as 2 stands of 3; on artillery-width stands there is no such line', () => {
    expect(inspectFiresAs({ troopType: 'horse-artillery', stands: 2, gunners: 2, widthIn: 1 })).toMatch(/^2 stands of 3 gunners \(4-gun battery/);
    expect(inspectFiresAs({ troopType: 'horse-artillery', stands: 3, gunners: 2, widthIn: 1.5 })).toBeUndefined();
  });
});
