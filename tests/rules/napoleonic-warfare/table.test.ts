// NW table adapter (issue 7): drags as commands, markers as the viewer may see them, overlays, sight.
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../../src/engine/game';
import { viewFor } from '../../../src/engine/view';
import { registerable, isRejection, type SeenGame } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState, NwOptions, NwState } from '../../../src/rules/napoleonic-warfare/types';
import type { NwTables } from '../../../src/rules/napoleonic-warfare/nwTables';
import { commandStand, unitFacing } from '../../../src/rules/napoleonic-warfare/geom';
import { battle, IN } from './harness';

const M = registerable(napoleonicWarfare);
const T = napoleonicWarfare.table!;
type G = SeenGame<NwState, NwOptions, NwTables>;
const seen = (s: NwGameState, viewer: string): G => viewFor(M, s, viewer) as unknown as G;

const two = () =>
  battle(
    [
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, stands: 6, ranks: 1 },
      { id: 'au1', side: 'au', x: 36, y: 30, facingDeg: -90 },
    ],
    { generals: [{ id: 'g-fr', side: 'fr', x: 36, y: 17 }, { id: 'g-au', side: 'au', x: 36, y: 33 }] },
  );

function step(s: NwGameState, c: object): NwGameState {
  const r = applyCommand(M, s, c);
  if (isRejection(r)) throw new Error(`${r.code}: ${r.message}`);
  return r.state as NwGameState;
}

/** Orders placed, then on to the French tactical move. */
function toFrenchMove(order = 'advance'): NwGameState {
  let s = two();
  s = step(s, { type: 'placeOrder', side: 'fr', unitId: 'fr1', order, generalId: 'g-fr' });
  s = step(s, { type: 'placeOrder', side: 'au', unitId: 'au1', order: 'defend', generalId: 'g-au' });
  s = step(s, { type: 'endStep', side: 'fr' });
  s = step(s, { type: 'endStep', side: 'au' });
  for (let i = 0; i < 20 && s.position.step !== 'initiative-side'; i++) {
    const actor = s.position.actors.find((a) => !s.position.done.includes(a));
    if (s.position.step === 'choose-initiative' && actor) s = step(s, { type: 'chooseInitiative', side: actor, moveFirst: 'fr' });
    else if (actor) s = step(s, { type: 'endStep', side: actor });
    else throw new Error(`stuck at ${s.position.step}`);
  }
  expect(s.position.actors).toEqual(['fr']);
  return s;
}

describe('When a battalion with an Advance order is dragged (NW Orders/Advance; Movement §3)', () => {
  it('further than its 6" move it is illegal, with the reason, the rule and the distance read-out', () => {
    const s = toFrenchMove();
    const p = T.previewMove!(seen(s, 'fr'), 'fr', 'fr1', { dxMm: 0, dyMm: 7 * IN, dRad: 0 });
    expect(p.legal).toBe(false);
    expect(p.reason).toMatch(/may move 6\.0"/);
    expect(p.rule).toMatch(/NW Movement §3/);
    expect(p.readout).toContainEqual({ label: 'Used', value: '7.0"' });
  });
  it('less than half its move it is illegal (an Advance covers at least half)', () => {
    const p = T.previewMove!(seen(toFrenchMove(), 'fr'), 'fr', 'fr1', { dxMm: 0, dyMm: 2 * IN, dRad: 0 });
    expect(p).toMatchObject({ legal: false, rule: 'NW Orders/Advance' });
  });
  it('a legal straight drag becomes moveUnit, and the engine puts the unit where the drag showed', () => {
    const s = toFrenchMove();
    const p = T.previewMove!(seen(s, 'fr'), 'fr', 'fr1', { dxMm: 1.5, dyMm: 5 * IN, dRad: 0 });
    expect(p.legal).toBe(true);
    expect(p.command).toMatchObject({ type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0 });
    expect(p.readout).toContainEqual({ label: 'Left', value: '1.0"' });
    const after = step(s, p.command!);
    const c0 = commandStand(s.battle.units.find((u) => u.id === 'fr1')!).centre;
    const c1 = commandStand(after.battle.units.find((u) => u.id === 'fr1')!).centre;
    expect(c1.x).toBeCloseTo(c0.x, 3);
    expect(c1.y - c0.y).toBeCloseTo(5 * IN, 3);
  });
  it('a diagonal drag is a wheel on the inner corner then straight ahead, charged double (NW §25), and lands on the dragged place', () => {
    const s = toFrenchMove();
    const drag = { dxMm: -0.6 * IN, dyMm: 4.2 * IN, dRad: 0 };
    const p = T.previewMove!(seen(s, 'fr'), 'fr', 'fr1', drag);
    expect(p.legal).toBe(true);
    const wheelDeg = p.command!['wheelDeg'] as number;
    expect(wheelDeg).toBeGreaterThan(5); // facing +y, the unit's right is −x: a right wheel on the right front corner
    expect(p.readout.find((r) => r.label === 'Wheel')?.value).toMatch(/right costs 2\.1"/);
    expect(p.readout).toContainEqual({ label: 'Used', value: '5.7"' });
    const after = step(s, p.command!);
    const u0 = s.battle.units.find((u) => u.id === 'fr1')!, u1 = after.battle.units.find((u) => u.id === 'fr1')!;
    const c0 = commandStand(u0).centre, c1 = commandStand(u1).centre;
    expect(c1.x).toBeCloseTo(c0.x + drag.dxMm, 1);
    expect(c1.y).toBeCloseTo(c0.y + drag.dyMm, 1);
    expect(unitFacing(u1) - unitFacing(u0)).toBeCloseTo((wheelDeg * Math.PI) / 180, 6);
  });
  it('a wheel of more than 45 degrees is refused (NW §25)', () => {
    const p = T.previewMove!(seen(toFrenchMove(), 'fr'), 'fr', 'fr1', { dxMm: 0, dyMm: 0, dRad: Math.PI / 3, pivot: 'right' });
    expect(p).toMatchObject({ legal: false });
    expect(p.rule).toMatch(/§25/);
  });
  it('the other side cannot drag it, and nothing moves when it is not your turn', () => {
    const s = toFrenchMove();
    expect(T.previewMove!(seen(s, 'au'), 'au', 'fr1', { dxMm: 0, dyMm: 4 * IN, dRad: 0 }).legal).toBe(false);
    expect(T.previewMove!(seen(s, 'au'), 'au', 'au1', { dxMm: 0, dyMm: -4 * IN, dRad: 0 }).reason).toMatch(/not your turn/);
  });
});

describe('When a unit has a Deploy order (NW Orders/Deploy)', () => {
  it('a quarter turn is a change of facing; a drag one stand width sideways is a sidestep', () => {
    const s = toFrenchMove('deploy');
    expect(T.previewMove!(seen(s, 'fr'), 'fr', 'fr1', { dxMm: 0, dyMm: 0, dRad: Math.PI / 2 }).command).toMatchObject({ type: 'deployUnit', action: 'change-facing', degrees: 90 });
    expect(T.previewMove!(seen(s, 'fr'), 'fr', 'fr1', { dxMm: -IN, dyMm: 0, dRad: 0 }).command).toMatchObject({ type: 'deployUnit', action: 'sidestep', direction: 'right' });
    const acts = T.actions!(seen(s, 'fr'), 'fr', 'fr1').map((a) => a.label);
    expect(acts).toContain('Form column');
    expect(acts).toContain('End step');
  });
});

describe('When order markers lie face down (NW Sequence §11)', () => {
  it('the other side sees nothing while orders are placed, then a "?" marker, never the order', () => {
    let s = two();
    s = step(s, { type: 'placeOrder', side: 'fr', unitId: 'fr1', order: 'advance', generalId: 'g-fr' });
    expect(T.markers!(seen(s, 'au'), 'fr1').filter((m) => m.kind === 'order')).toEqual([]);
    expect(T.markers!(seen(s, 'fr'), 'fr1').find((m) => m.kind === 'order')?.text).toBe('Adv');
    s = step(s, { type: 'endStep', side: 'fr' });
    s = step(s, { type: 'endStep', side: 'au' });
    const au = seen(s, 'au');
    expect(T.markers!(au, 'fr1').find((m) => m.kind === 'order')).toMatchObject({ text: '?' });
    expect(T.inspect!(au, 'fr1').find((l) => l.label === 'Order')?.value).toBe('face-down marker');
    expect(JSON.stringify([T.markers!(au, 'fr1'), T.inspect!(au, 'fr1'), au.ruleset.orders])).not.toMatch(/advance|Adv\b/i);
  });
});

describe('Overlays, inspector and sight of a selected unit (NW §3, Fire §29, Orders/Charge)', () => {
  it('shows Engagement Range, charge reach and a 45° firing arc for each front stand', () => {
    const g = seen(two(), 'fr');
    const o = T.overlays!(g, 'fr1');
    expect(o.filter((x) => x.kind === 'fire')).toHaveLength(6);
    expect(o.find((x) => x.kind === 'engagement')?.label).toMatch(/12"/);
    expect(o.find((x) => x.kind === 'charge')?.label).toMatch(/6\.0"/);
    const lines = T.inspect!(g, 'fr1');
    expect(lines.find((l) => l.label === 'Grade')?.value).toMatch(/To Pass 4\+/);
  });
  it('woods are seen into 1" from the edge and 2" within (medium scale); stands do not block sight', () => {
    const sg = T.sight!(seen(two(), 'fr'));
    expect(sg.standsBlock).toBe(false);
    expect(sg.rule({ id: 'w', kind: 'wood', name: 'w', polygon: [], props: {} })).toEqual({ kind: 'depth', withinMm: 2 * IN, edgeMm: 1 * IN, throughMm: 0 });
  });
  it('a charge dropped on an enemy in the Orders Phase places a Charge order, with the reach read out', () => {
    const s = battle([
      { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType: 'light-cavalry', x: 36, y: 20, facingDeg: 90, stands: 3 },
      { id: 'au1', side: 'au', x: 36, y: 28, facingDeg: -90 },
    ], { generals: [{ id: 'g-fr', side: 'fr', x: 36, y: 18 }, { id: 'g-au', side: 'au', x: 36, y: 33 }] });
    const p = T.previewContact!(seen(s, 'fr'), 'fr', 'fr-cav', 'au1');
    expect(p.command).toMatchObject({ type: 'placeOrder', order: 'charge', generalId: 'g-fr' });
    expect(p.readout.find((r) => r.label === 'Charge move')?.value).toBe('6"+2d6 (8"–18")');
  });
});

describe('When a battalion stands beyond every general\'s command radius in the Orders Phase (NW Generals §2; Sequence §11)', () => {
  const far = () =>
    battle(
      [
        { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
        { id: 'au1', side: 'au', x: 36, y: 30, facingDeg: -90 },
      ],
      { generals: [{ id: 'g-fr', side: 'fr', x: 2, y: 2 }, { id: 'g-au', side: 'au', x: 36, y: 33 }] },
    );
  it('offers it no order, and says why: outside every general\'s command radius', () => {
    const s = far();
    expect(s.position.step).toBe('place-orders');
    const g = seen(s, 'fr');
    expect(T.actions!(g, 'fr', 'fr1').filter((a) => a.command.type === 'placeOrder')).toEqual([]);
    const why = T.whyNot!(g, 'fr', 'fr1');
    expect(why).toMatch(/^No order: outside every general's command radius — the unit is beyond g-fr's command radius of \d+" \(NW Generals §2\)\.$/);
  });
  it('says nothing for a battalion within a general\'s radius, nor for the enemy\'s', () => {
    const s = far();
    expect(T.whyNot!(seen(s, 'au'), 'au', 'au1')).toBeUndefined();
    expect(T.whyNot!(seen(s, 'fr'), 'fr', 'au1')).toBeUndefined();
  });
});

describe('When the initiative winner chooses who moves first (NW Sequence §3)', () => {
  it('the choice is the side\'s, offered apart from any unit (the phase bar), and only to the winner', () => {
    let s = two();
    s = step(s, { type: 'placeOrder', side: 'fr', unitId: 'fr1', order: 'advance', generalId: 'g-fr' });
    s = step(s, { type: 'placeOrder', side: 'au', unitId: 'au1', order: 'defend', generalId: 'g-au' });
    s = step(s, { type: 'endStep', side: 'fr' });
    s = step(s, { type: 'endStep', side: 'au' });
    for (let i = 0; i < 20 && s.position.step !== 'choose-initiative'; i++) s = step(s, { type: 'endStep', side: s.position.actors.find((a) => !s.position.done.includes(a))! });
    expect(s.position.step).toBe('choose-initiative');
    const winner = s.position.actors[0]!;
    const loser = winner === 'fr' ? 'au' : 'fr';
    const choices = T.sideActions!(seen(s, winner), winner);
    expect(choices.map((a) => a.label)).toEqual(['French move first', 'Austrians move first']);
    expect(choices.every((a) => a.command.type === 'chooseInitiative' && a.rule === 'NW Sequence §3')).toBe(true);
    expect(T.sideActions!(seen(s, loser), loser)).toEqual([]);
    // Dispatched as offered, it is accepted.
    expect(isRejection(applyCommand(M, s, choices[1]!.command))).toBe(false);
  });
});
