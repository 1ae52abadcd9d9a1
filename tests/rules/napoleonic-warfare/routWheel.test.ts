// NW Close Combat/After Close Combat (§20 rout moves): "Routs are made directly away from the unit
// causing the disaster. Routers may wheel 45 degrees or change formation to attempt to clear other
// troops, terrain, etc. If collision is unavoidable, they interpenetrate friendly units, and are
// destroyed by contact with enemy units." Routers will Disorder friendly units they interpenetrate.
import { describe, expect, it } from 'vitest';
import { findUnit } from '../../../src/engine/battle';
import { routMove } from '../../../src/rules/napoleonic-warfare/morale';
import { ROUT_WHEELS_DEG } from '../../../src/rules/napoleonic-warfare/routPath';
import { battle, draftWith, IN, type UnitSpec } from './harness';

// fr1: a 4-stand French line, stands x 34"-38", y 19"-20", routing from au1 just below it: it
// turns about and routs up the table. Rout move 3" + d6 (medium foot, NW Movement §3); d6 = 6 → 9".
const FR1: UnitSpec = { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, stands: 4, ranks: 1 };
const AU1: UnitSpec = { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 };
const line = (id: string, side: 'fr' | 'au', x: number, y: number, stands: number): UnitSpec => ({ id, side, x, y, facingDeg: 90, stands, ranks: 1 });
const wood = (x0: number, x1: number, y0: number, y1: number) => ({ id: 'wd', kind: 'wood', name: 'Copse', polygon: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]].map(([x, y]) => [x! * IN, y! * IN]), props: {} });

function rout(extra: UnitSpec[], faces: number[] = [6], terrain: unknown[] = []) {
  const { d, events, rolls } = draftWith(battle([FR1, AU1, ...extra], { terrain }), faces);
  routMove(d, 'fr1', 'au1');
  const swerve = events.find((e) => e.type === 'RoutersSwerved') as { wheelDeg: number; frontage?: number; clear: boolean } | undefined;
  const routed = events.find((e) => e.type === 'UnitRouted') as { distanceIn: number } | undefined;
  return { d, u: findUnit(d.battle, 'fr1'), swerve, routed, rolls };
}
const deg = (r: number) => Math.round(((r * 180) / Math.PI + 360) % 360);

describe('When routers have a clear run directly away (NW §20)', () => {
  it('they go straight away the whole rolled distance, without wheeling', () => {
    const { u, swerve, routed } = rout([]);
    expect(swerve).toBeUndefined();
    expect(routed!.distanceIn).toBe(9);
    expect(deg(u!.stands[0]!.facing)).toBe(270);
    expect(u!.stands.every((s) => Math.abs(s.centre.y / IN - 10.5) < 1e-6)).toBe(true);
  });
});

describe('When a friendly stand stands in the routers\' path (NW §20: they may wheel 45 degrees to clear other troops)', () => {
  it('the wheels tried are 15°, 30°, 45°, right before left', () => {
    expect(ROUT_WHEELS_DEG).toEqual([15, -15, 30, -30, 45, -45]);
  });
  it('behind their right end (x 34"-35" once turned about) they wheel 15° right and get by without disordering it', () => {
    const { d, u, swerve, routed } = rout([line('fr2', 'fr', 34.5, 12, 1)]);
    expect(swerve).toMatchObject({ wheelDeg: 15, clear: true });
    expect(deg(u!.stands[0]!.facing)).toBe(285);
    // The wheel's outer arc counts double (NW §25): 9" − 2 × 4" × π/12 = 6.9".
    expect(routed!.distanceIn).toBe(6.9);
    expect(d.rs.units['fr2']!.morale).toBe('good');
  });
  it('behind their left end they wheel 15° left instead', () => {
    const { d, swerve } = rout([line('fr2', 'fr', 37.5, 12, 1)]);
    expect(swerve).toMatchObject({ wheelDeg: -15, clear: true });
    expect(d.rs.units['fr2']!.morale).toBe('good');
  });
});

describe('When only a gap one stand wide opens behind the routers (NW §20: or change formation)', () => {
  // Two 8-stand friendly lines leave a gap from x 34.8" to 36.2", behind the command stand (x 35"-36" once turned about).
  const friends = [line('frL', 'fr', 30.8, 17.5, 8), line('frR', 'fr', 40.2, 17.5, 8)];
  it('they narrow to a column one stand wide and run through the gap, disordering no one', () => {
    const { d, u, swerve, routed } = rout(friends);
    expect(swerve).toMatchObject({ wheelDeg: 0, frontage: 1, clear: true });
    expect(u!.formation).toBe('road-column');
    expect(routed!.distanceIn).toBe(9);
    expect(d.rs.units['frL']!.morale).toBe('good');
    expect(d.rs.units['frR']!.morale).toBe('good');
  });
});

describe('When collision with friends is unavoidable (NW §20: they interpenetrate friendly units)', () => {
  // Friendly lines across the whole rear, 0.3" behind: no wheel or narrower front gets clear.
  it('they interpenetrate (as few friends as they can) and disorder the friend they burst through', () => {
    const { d, u, swerve } = rout([line('fr2', 'fr', 32, 18.7, 8), line('fr3', 'fr', 40, 18.7, 8)]);
    expect(swerve?.clear ?? false).toBe(false);
    expect(d.rs.units['fr1']!.status).toBe('active');
    const disordered = ['fr2', 'fr3'].filter((id) => d.rs.units[id]!.morale === 'disordered');
    expect(disordered).toEqual(['fr2']);
    expect(u!.stands.every((s) => s.centre.y / IN < 17.7)).toBe(true);
  });
});

describe('When an enemy stands in the routers\' path (NW §20: destroyed by contact with enemy units)', () => {
  it('a small enemy directly behind is avoided by a wheel (and narrower front): the routers survive', () => {
    const { d, swerve } = rout([line('au2', 'au', 36, 15, 2)]);
    expect(swerve).toMatchObject({ clear: true });
    expect(Math.abs(swerve!.wheelDeg)).toBeGreaterThan(0);
    expect(d.rs.units['fr1']!.status).toBe('active');
  });
  it('enemy lines across the whole rear cannot be avoided: the routers run into them and are destroyed', () => {
    const { d } = rout([line('au2', 'au', 32, 15, 8), line('au3', 'au', 40, 15, 8)]);
    expect(d.rs.units['fr1']!.status).toBe('destroyed');
  });
});

describe('When a wood lies across the routers\' path (NW §20 "clear … terrain"; §23)', () => {
  it('a copse that a wheel gets them clear of is avoided: no delay is rolled', () => {
    const { rolls, swerve } = rout([], [6], [wood(33, 39, 11, 13)]);
    expect(swerve).toMatchObject({ clear: true });
    expect(rolls.map((r) => r.purpose).some((p) => /terrain delay/.test(p))).toBe(false);
  });
  it('a wood across the whole rear is not dodged by stopping short: they rout straight into it and pay the delay (d6 = 2)', () => {
    const { rolls, swerve, routed } = rout([], [6, 2], [wood(20, 52, 11, 13)]);
    expect(swerve).toBeUndefined();
    expect(rolls[1]!.purpose).toMatch(/dense terrain delay/);
    expect(routed!.distanceIn).toBe(7);
  });
});
