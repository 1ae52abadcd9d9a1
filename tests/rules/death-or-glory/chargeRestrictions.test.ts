/**
 * DoG Charge Restrictions and the Notes under Charge Movement Bonus: which charges are barred,
 * which are assaults (no impact factors), and which leave the charger unformed — judged on the
 * charge's path through the geometry's reachTarget and movement core.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, ofType, rejection, type U } from './build';

const box = (x0: number, y0: number, x1: number, y1: number) => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
const declare = (units: U[], terrain: unknown[]) => advanceTo(battle(units, { terrain }), 'declare');

describe('DoG Charge Restrictions: charging out of woods', () => {
  // "Infantry may not charge out of or into woods … may assault instead"; "Infantry charging/assaulting
  // … into woods and buildings … become unformed" — into, not out of.
  const wood = { id: 'w', kind: 'wood', name: 'Birkenwald', polygon: box(1000, 500, 1400, 640) };
  it('Prussian musketeers assault out of a wood on French fusiliers in the open: no impact, and they stay formed', () => {
    let s = declare([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 600 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 700 },
    ], [wood]);
    const d = apply(s, { type: 'declareCharge', side: 'blue', unit: 'pr', target: 'fr' });
    expect(ofType(d.events, 'ChargeDeclared')[0]).toMatchObject({ impact: false, why: expect.stringContaining('out of woods') });
    s = apply(d.state, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'stand' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    // Reaction 1 (stands), the volley 1.
    const r = apply(withDice(s, [1, 1]), { type: 'endStep', side: 'blue' });
    expect(ofType(r.events, 'ChargeContact')[0]).toMatchObject({ unit: 'pr', target: 'fr', impact: false });
    expect(r.state.ruleset.units['pr']!.order).toBe('formed');
  });
  it('Prussian dragoons may not charge through a wood that lies between them and their target', () => {
    const s = declare([
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 450, n: 2 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 700 },
    ], [wood]);
    expect(rejection(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'fr' })).toBe('cannot-charge');
  });
});

describe('DoG Charge Restrictions: slopes', () => {
  it('infantry may assault up a steep slope into a village ("may not charge up steep … slopes (but they may assault)")', () => {
    const hill = { id: 'h', kind: 'hill', name: 'Kuppe', heightLevel: 1, props: { slope: 'steep' }, polygon: box(1000, 640, 1400, 900) };
    const village = { id: 'v', kind: 'village', name: 'Hof', polygon: box(1100, 680, 1300, 800) };
    const s = declare([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 600 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 700 },
    ], [hill, village]);
    const d = apply(s, { type: 'declareCharge', side: 'blue', unit: 'pr', target: 'fr' });
    expect(ofType(d.events, 'ChargeDeclared')[0]).toMatchObject({ impact: false });
  });
  it('cavalry may not charge down a medium slope ("Cavalry may not charge/assault up or down medium … slopes")', () => {
    const hill = { id: 'h', kind: 'hill', name: 'Galgenberg', heightLevel: 1, props: { slope: 'medium' }, polygon: box(1000, 300, 1400, 520) };
    const s = declare([
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 450, n: 2 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 700 },
    ], [hill]);
    expect(rejection(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'fr' })).toBe('cannot-charge');
  });
  it('infantry charging down a medium slope keeps its impact but becomes unformed', () => {
    const hill = { id: 'h', kind: 'hill', name: 'Galgenberg', heightLevel: 1, props: { slope: 'medium' }, polygon: box(1000, 500, 1400, 640) };
    let s = declare([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 600 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 700 },
    ], [hill]);
    const d = apply(s, { type: 'declareCharge', side: 'blue', unit: 'pr', target: 'fr' });
    expect(ofType(d.events, 'ChargeDeclared')[0]).toMatchObject({ impact: true });
    s = apply(d.state, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'stand' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    const r = apply(withDice(s, [1, 1]), { type: 'endStep', side: 'blue' });
    expect(ofType(r.events, 'ChargeContact')[0]).toMatchObject({ unit: 'pr', target: 'fr', impact: true });
    expect(r.state.ruleset.units['pr']!.order).toBe('unformed');
  });
});
