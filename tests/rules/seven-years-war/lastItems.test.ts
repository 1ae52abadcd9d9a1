/** Items left by the second audit pass (/tmp/audit/syw2.md A, B, E): each case cites its page, with scripted dice. */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { pursueTowards } from '../../../src/rules/seven-years-war/pursuit';
import { battle, setOrder, scriptedCtx, advanceTo, rejection, rolls, type U, type St } from './build';
import { moraleModifiers } from '../../../src/rules/seven-years-war/moraleTests';
import { interpenetrated } from '../../../src/rules/seven-years-war/forcedMoves';

const work = (s: St, faces: number[] = []) => { const c = scriptedCtx(s, faces); return { w: new Work(s, c.ctx), events: c.events }; };

describe('§4 p.10 "Light and Massed interpenetrating: Both parties go to Stand, or Reserve" with 7 (a) p.16 pursuers move "on Advance orders"', () => {
  const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 30 };
  const lights: U = { id: 'blue-li', side: 'blue', type: 'light-infantry', x: 900, y: 420, facingDeg: 90, n: 2, depth: 20 };
  const routers: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: 90, n: 4, depth: 15, ranks: 1 };
  it('pursuing cavalry passing through friendly lights keep pursuing on Advance; the lights go to Reserve in good order', () => {
    let s = setOrder(setOrder(battle([cav, lights, routers]), 'blue-cav', 'advance'), 'blue-li', 'stand');
    s = setOrder(s, 'red-1', 'rout');
    const { w, events } = work(s, []);
    w.setGroup('blue-cav', { pursuing: true });
    pursueTowards(w, 'blue-cav', { x: 900, y: 1000 }, 300);
    expect(events.some((e) => e.type === 'UnitsInterpenetrated' && e.other === 'blue-li' && e.kind === 'lightAndMassed')).toBe(true);
    // 7 (c) p.16: passing through friends is not among the ways a pursuit ends.
    expect(w.rs.groups['blue-cav']!.order).toBe('advance');
    expect(w.rs.groups['blue-cav']!.pursuing).toBe(true);
    // §4 p.10: the lights take the table's result ("Stand, or Reserve" - Reserve by default for engine moves), "in good order".
    expect(w.rs.groups['blue-li']!.order).toBe('reserve');
    expect(w.unitState('blue-li')!.disordered).toBe(false);
    expect(w.unitState('blue-cav')!.disordered).toBe(false);
    expect(Math.min(...w.unit('blue-cav')!.stands.map((x) => x.centre.y))).toBeGreaterThan(450);
  });
  it('a voluntary move through the same lights still sends the mover to Reserve (§4 p.10 unchanged outside pursuit)', () => {
    const s = setOrder(setOrder(battle([cav, lights, routers]), 'blue-cav', 'advance'), 'blue-li', 'stand');
    const { w } = work(s);
    interpenetrated(w, 'blue-cav', 'blue-li', 'move', 'test');
    expect(w.rs.groups['blue-cav']!.order).toBe('reserve');
    expect(w.rs.groups['blue-li']!.order).toBe('reserve');
  });
});

describe('p.8 orders and §4 p.9 movement: artillery on Advance pivots, but the pivot is paid out of its move', () => {
  // One medium gun (20cm move, one 40mm stand): a 90 degree pivot about its centre sweeps the flank's arc, 20mm x pi/2 = 31.4mm.
  const gun: U = { id: 'blue-gun', side: 'blue', type: 'medium-artillery', x: 500, y: 300, facingDeg: 0, n: 1, depth: 40 };
  const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 500, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 2 };
  const at = (order: 'advance' | 'reserve') => advanceTo(setOrder(battle([gun, red]), 'blue-gun', order), 'movement');
  const pivotThen = (mm: number) => ({ type: 'moveGroup', side: 'blue', group: 'blue-gun', legs: [{ kind: 'turn', deg: 90 }, { kind: 'forward', mm }] });
  it('on Advance a pivot and a full 20cm move is too far (p.8 Advance grants no free turn)', () => {
    expect(rejection(at('advance'), pivotThen(200))).toBe('too-far');
  });
  it('on Advance a pivot and the rest of the move (20cm less the 3.1cm arc) is allowed', () => {
    expect(rejection(at('advance'), pivotThen(160))).toBe('accepted');
  });
  it('on Reserve the pivot stays free and is the only move ("Artillery may only pivot to a new facing", p.8)', () => {
    expect(rejection(at('reserve'), { type: 'moveGroup', side: 'blue', group: 'blue-gun', legs: [{ kind: 'turn', deg: 180 }] })).toBe('accepted');
    expect(rejection(at('reserve'), pivotThen(50))).toBe('reserve-artillery');
  });
});

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
    const { w } = work(st, [4]);
    const g = st.ruleset.groups['red-1']!;
    expect(moraleModifiers(w, g, 'beingCharged', [], [w.unit('blue-cav')!]).map((m) => m.label)).toContain(label);
  });
  it('with no enemy concerned (rallying, seeing friends rout) every enemy on the table counts: the higher far enemy denies it', () => {
    const st = s();
    const { w } = work(st, [4]);
    expect(moraleModifiers(w, st.ruleset.groups['red-1']!, 'rally', []).map((m) => m.label)).not.toContain(label);
  });
  it('fresh enemy met in pursuit (7 (b) p.16): the being-charged test counts only the pursuers for "uphill of all enemy"', () => {
    const { w, events } = work(s(), [1, 6, 6]);
    pursueTowards(w, 'blue-cav', { x: 900, y: 900 }, 300);
    const test = rolls(events).find((r) => r.purpose.startsWith('Being charged: red-1'));
    expect(test).toBeDefined();
    expect(test!.modifiers.map((m) => m.label)).toContain(label);
  });
});
