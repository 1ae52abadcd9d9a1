/**
 * Seven Years War: 8 Morale pp.17–18 — results, "uphill of all enemy" and militia in open terrain.
 */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { battle, apply, rejection, rolls, scriptedCtx, type U, type St } from './build';
import { casualtyTest, moraleModifiers } from '../../../src/rules/seven-years-war/moraleTests';
import { pursueTowards } from '../../../src/rules/seven-years-war/pursuit';

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

describe('8 p.18 Results: "Testing for casualties, or being Charged 6+ OK; Stay at current orders, or go to Advance"', () => {
  const base = () => battle([inf('blue-1', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 1000, -90)]);
  const test = (s: St) => {
    // General D4, 2D6 of 6+6.
    const { ctx } = scriptedCtx(s, [1, 6, 6]);
    const w = new Work(s, ctx);
    casualtyTest(w, 'blue-1', 'casualties', [], null);
    return w.rs.groups['blue-1']!.order;
  };
  it('by default the group stays at its orders', () => {
    expect(test(base())).toBe('stand');
  });
  it('a group whose owner chose Advance (setAdvanceOnOk) goes to Advance', () => {
    const s = apply(base(), { type: 'setAdvanceOnOk', side: 'blue', group: 'blue-1', advance: true }).state;
    expect(s.ruleset.groups['blue-1']!.advanceOnOk).toBe(true);
    expect(test(s)).toBe('advance');
  });
  it('a player chooses only for his own groups', () => {
    expect(rejection(base(), { type: 'setAdvanceOnOk', side: 'blue', group: 'red-1', advance: true })).toBe('bad-group');
  });
});

const workLogged = (s: St, faces: number[] = []) => { const c = scriptedCtx(s, faces); return { w: new Work(s, c.ctx), events: c.events }; };

describe('8 p.17 "+1 ... Uphill of all enemy": all the enemy the test concerns, not every enemy on the table', () => {
  const label = 'Uphill of all enemy, or infantry in cover';
  // red-1 on a low hill (height 1); the pursuing blue cavalry on flat ground; a far blue battalion on a higher hill (height 2).
  const lowHill = { id: 'h1', kind: 'hill', name: 'Low hill', heightLevel: 1, polygon: [[650, 470], [1150, 470], [1150, 600], [650, 600]] };
  const highHill = { id: 'h2', kind: 'hill', name: 'High hill', heightLevel: 2, polygon: [[50, 700], [450, 700], [450, 950], [50, 950]] };
  const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 30 };
  const far: U = { id: 'blue-far', side: 'blue', type: 'medium-infantry', x: 250, y: 800, facingDeg: -90, n: 4, depth: 15, ranks: 1 };
  const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 480, facingDeg: -90, n: 4, depth: 15, ranks: 1 };
  const s = () => battle([cav, far, red], { terrain: [lowHill, highHill] });
  it('a group higher than the enemy charging it gets +1 though another enemy far off stands higher', () => {
    const st = s();
    const { w } = workLogged(st, [4]);
    const g = st.ruleset.groups['red-1']!;
    expect(moraleModifiers(w, g, 'beingCharged', [], [w.unit('blue-cav')!]).map((m) => m.label)).toContain(label);
  });
  it('with no enemy concerned (rallying, seeing friends rout) every enemy on the table counts: the higher far enemy denies it', () => {
    const st = s();
    const { w } = workLogged(st, [4]);
    expect(moraleModifiers(w, st.ruleset.groups['red-1']!, 'rally', []).map((m) => m.label)).not.toContain(label);
  });
  it('fresh enemy met in pursuit (7 (b) p.16): the being-charged test counts only the pursuers for "uphill of all enemy"', () => {
    const { w, events } = workLogged(s(), [1, 6, 6]);
    pursueTowards(w, 'blue-cav', { x: 900, y: 900 }, 300);
    const test = rolls(events).find((r) => r.purpose.startsWith('Being charged: red-1'));
    expect(test).toBeDefined();
    expect(test!.modifiers.map((m) => m.label)).toContain(label);
  });
});

const work = (s: St, faces: number[] = []) => new Work(s, scriptedCtx(s, faces).ctx);

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
