import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/view';
import { applyCommand } from '../../../src/engine/game';
import { sevenYearsWar } from '../../../src/rules/seven-years-war';
import type { SeenGame } from '../../../src/engine/ruleset';
import type { SywState, Options } from '../../../src/rules/seven-years-war/state';
import type { Tables } from '../../../src/rules/seven-years-war/tablesSchema';
import { SYW, battle, advanceTo, setOrder, type St, type U } from './build';

const T = sevenYearsWar.table!;
const seen = (s: St, side: string) => viewFor(SYW, s, side) as unknown as SeenGame<SywState, Options, Tables>;
const blueLine: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };
const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };
const onAdvance = () => advanceTo(setOrder(battle([blueLine, red]), 'blue-1', 'advance'), 'movement');
const stands = (s: St, id: string) => s.battle.units.find((u) => u.id === id)!.stands;

describe('Table adapter: dragging a unit (SYW (3) Order interpretation p.8, §4 unit table p.9)', () => {
  it('a drag beyond the 20cm move allowance is illegal, with the reason, the rule and the read-out in cm', () => {
    const p = T.previewMove!(seen(onAdvance(), 'blue'), 'blue', 'blue-1', { dxMm: 0, dyMm: 250, dRad: 0 });
    expect(p.legal).toBe(false);
    expect(p.reason).toMatch(/costs 25\.0cm of 20\.0cm/);
    expect(p.rule).toBe('SYW §4 Terrain effects on movement (p.9)');
    expect(p.readout).toContainEqual({ label: 'Left', value: '0.0cm' });
  });

  it('a legal drag (incline then forward) previews its cost, and its command dispatched through the engine puts the unit where it was dragged', () => {
    const s = onAdvance();
    const move = { dxMm: 30, dyMm: 120, dRad: 0 };
    const p = T.previewMove!(seen(s, 'blue'), 'blue', 'blue-1', move);
    expect(p.legal).toBe(true);
    // Normal drill inclines at half speed: 3cm across is a 4.24cm incline costing 8.49cm, then 9cm straight on.
    expect(p.readout).toContainEqual({ label: 'Incline', value: '8.5cm' });
    expect(p.readout).toContainEqual({ label: 'Used', value: '17.5cm' });
    const r = applyCommand(SYW, s, p.command!);
    if ('rejected' in r) throw new Error(r.message);
    const before = stands(s, 'blue-1'), after = stands(r.state as St, 'blue-1');
    after.forEach((st, i) => {
      expect(st.centre.x).toBeCloseTo(before[i]!.centre.x + move.dxMm, 6);
      expect(st.centre.y).toBeCloseTo(before[i]!.centre.y + move.dyMm, 6);
    });
  });

  it('a wheel on the right flank is a wheel command costing the outer flank\'s arc; dispatched, the unit ends where previewed', () => {
    const s = onAdvance();
    const dRad = Math.PI / 6;
    const p = T.previewMove!(seen(s, 'blue'), 'blue', 'blue-1', { dxMm: 0, dyMm: 0, dRad, pivot: 'right' });
    expect(p.legal).toBe(true);
    expect(p.command).toMatchObject({ type: 'moveGroup', legs: [{ kind: 'wheel', dir: 'right' }] });
    // 16cm frontage x 30° = 8.38cm.
    expect(p.readout).toContainEqual({ label: 'Wheel', value: '8.4cm' });
    const r = applyCommand(SYW, s, p.command!);
    if ('rejected' in r) throw new Error(r.message);
    const piv = { x: 820, y: 300 }; // facing +y its right is -x: the right front corner
    const before = stands(s, 'blue-1'), after = stands(r.state as St, 'blue-1');
    after.forEach((st, i) => {
      const b = before[i]!.centre;
      const x = piv.x + (b.x - piv.x) * Math.cos(dRad) - (b.y - piv.y) * Math.sin(dRad);
      const y = piv.y + (b.x - piv.x) * Math.sin(dRad) + (b.y - piv.y) * Math.cos(dRad);
      expect(st.centre.x).toBeCloseTo(x, 6);
      expect(st.centre.y).toBeCloseTo(y, 6);
    });
  });

  it('a Stand-order unit cannot be dragged forward: illegal with the Stand rule; a 3cm sidestep is allowed', () => {
    const s = advanceTo(battle([blueLine, red]), 'movement');
    const p = T.previewMove!(seen(s, 'blue'), 'blue', 'blue-1', { dxMm: 0, dyMm: 100, dRad: 0 });
    expect(p.legal).toBe(false);
    expect(p.reason).toMatch(/Stand order/);
    expect(p.rule).toBe('SYW (3) Order interpretation (p.8)');
    expect(T.previewMove!(seen(s, 'blue'), 'blue', 'blue-1', { dxMm: 30, dyMm: 0, dRad: 0 }).legal).toBe(true);
  });

  it('Advance may not incline more than 45° or move backwards (p.8-9)', () => {
    const v = seen(onAdvance(), 'blue');
    expect(T.previewMove!(v, 'blue', 'blue-1', { dxMm: 80, dyMm: 20, dRad: 0 }).reason).toMatch(/45°/);
    expect(T.previewMove!(v, 'blue', 'blue-1', { dxMm: 0, dyMm: -50, dRad: 0 }).reason).toMatch(/backwards/);
  });

  it('outside the movement step nothing is dragged ((2) Sequence of play)', () => {
    const s = advanceTo(setOrder(battle([blueLine, red]), 'blue-1', 'advance'), 'shootingPhasing');
    expect(T.previewMove!(seen(s, 'blue'), 'blue', 'blue-1', { dxMm: 0, dyMm: 50, dRad: 0 }).rule).toBe('SYW (2) Sequence of play (p.5)');
  });
});

describe('Table adapter: charge preview, actions, overlays, inspector, markers (6 Melee, 8 Morale)', () => {
  const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 3, depth: 30 };
  const near: U = { ...red, y: 500 };
  it('dropping cavalry on Advance onto infantry in reach gives the charge command with reach and the tests it needs', () => {
    const s = advanceTo(setOrder(battle([cav, near]), 'blue-cav', 'advance'), 'movement');
    const p = T.previewContact!(seen(s, 'blue'), 'blue', 'blue-cav', 'red-1');
    expect(p.legal).toBe(true);
    expect(p.command).toEqual({ type: 'declareCharge', side: 'blue', group: 'blue-cav', target: 'red-1' });
    expect(p.readout).toContainEqual({ label: 'Reach', value: '30.0cm' });
    expect(p.readout).toContainEqual({ label: 'Distance', value: '20.0cm' });
    expect(p.readout.find((r) => r.label === 'Charge test')!.value).toMatch(/2D6 6\+/);
  });
  it('a Stand group may not charge: the preview says why, citing p.8', () => {
    const s = advanceTo(battle([cav, near]), 'movement');
    const p = T.previewContact!(seen(s, 'blue'), 'blue', 'blue-cav', 'red-1');
    expect(p.legal).toBe(false);
    expect(p.rule).toBe('SYW (3) Order interpretation (p.8)');
  });
  it('actions in command changes offer the general\'s prompts with the D6 needed; in movement the formations the drill allows', () => {
    const s = battle([blueLine, red], { generals: [{ id: 'blue-cinc', side: 'blue', x: 900, y: 35 }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }] });
    const acts = T.actions!(seen(s, 'blue'), 'blue', 'blue-1');
    const adv = acts.find((a) => a.label.endsWith('order Advance'))!;
    // 23cm from the stand edge: a 3 reaches 30cm.
    expect(adv.detail).toMatch(/^D6 3\+/);
    const m = advanceTo(setOrder(s, 'blue-1', 'reserve'), 'movement');
    const labels = T.actions!(seen(m, 'blue'), 'blue', 'blue-1').map((a) => a.label);
    expect(labels).toEqual(expect.arrayContaining(['Column, 2 wide', 'Square']));
  });
  it('overlays show the musket arc to 10cm and the 20cm Reserve approach zone; inspect and markers describe the unit', () => {
    const s = setOrder(battle([blueLine, red]), 'blue-1', 'reserve');
    const o = T.overlays!(seen(s, 'blue'), 'blue-1');
    expect(o.filter((x) => x.kind === 'fire').map((x) => x.label)).toEqual([expect.stringMatching(/short range 5cm/), expect.stringMatching(/long range 10cm/)]);
    const zone = o.find((x) => x.kind === 'engagement')!;
    expect(Math.max(...zone.polygon.map((p) => p.y))).toBeCloseTo(300 + 200, 0);
    const ins = T.inspect!(seen(s, 'red'), 'blue-1');
    expect(ins).toContainEqual({ label: 'Order', value: 'Reserve' });
    expect(ins).toContainEqual({ label: 'Stands', value: '4 of 4' });
    expect(T.markers!(seen(s, 'red'), 'blue-1')).toContainEqual({ kind: 'order', text: 'Res', title: expect.stringContaining('Reserve') });
  });
  it('sight: woods are seen into 10cm within and 5cm at the edge, towns 5cm, stands block ((5)(f)-(h))', () => {
    const sight = T.sight!(seen(battle([blueLine, red]), 'blue'));
    expect(sight.rule({ id: 'w', kind: 'wood', name: 'w', polygon: [], props: {} })).toEqual({ kind: 'depth', withinMm: 100, edgeMm: 50 });
    expect(sight.rule({ id: 't', kind: 'village', name: 't', polygon: [], props: {} })).toEqual({ kind: 'depth', withinMm: 50, edgeMm: 50 });
    expect(sight.standsBlock).toBe(true);
  });
});
