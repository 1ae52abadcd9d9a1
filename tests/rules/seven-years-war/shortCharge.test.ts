/**
 * SYW 6 Melee g) p.13: "If insufficient move distance to make contact fully, Chargers may halt (at
 * Stand) 3cms short of the target unit, or may make partial contact with the target by pivoting stands
 * as they make contact". "may ... or may": the charging player's choice, given with the charge
 * (`declareCharge {ifShort: 'contact' | 'halt'}`, default partial contact).
 */
import { describe, it, expect } from 'vitest';
import { battle, setOrder, scriptedCtx, advanceTo, apply, rejection, withDice, SYW, type U, type St } from './build';
import { viewFor } from '../../../src/engine/view';
import { sevenYearsWar } from '../../../src/rules/seven-years-war';
import type { SeenGame } from '../../../src/engine/ruleset';
import type { SywState, Options } from '../../../src/rules/seven-years-war/state';
import type { Tables } from '../../../src/rules/seven-years-war/tablesSchema';
import { Work } from '../../../src/rules/seven-years-war/work';
import { chargeMoves } from '../../../src/rules/seven-years-war/chargeMoves';
import { unitDistance, standDistance } from '../../../src/geometry/measure';

// Red battalion facing up the table: front edge y = 600 from x 820 to 980.
const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 600, facingDeg: -90, n: 4, depth: 15 };
const REACH = 300; // medium cavalry 30cm (unit table p.9)
const rad = (x: number) => (x * Math.PI) / 180;
// Facing 110 degrees, front centre 60mm from the face: the left front corner touches after this much.
const firstTouch = (d: number) => (d - 40 * Math.sin(rad(20))) / Math.cos(rad(20));

function charging(deg: number, d: number, movedMm: number, ifShort?: 'contact' | 'halt') {
  const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 600 - d, facingDeg: deg, n: 2, depth: 30 };
  const s0 = setOrder(battle([blue, red]), 'blue-1', 'advance');
  const g = s0.ruleset.groups['blue-1']!;
  const s: St = { ...s0, ruleset: { ...s0.ruleset, groups: { ...s0.ruleset.groups, 'blue-1': { ...g, movedMm } }, charges: [{ group: 'blue-1', chargers: ['blue-1'], target: 'red-1', face: 'front', ...(ifShort ? { ifShort } : {}) }] } };
  const { ctx, events } = scriptedCtx(s, []);
  const w = new Work(s, ctx);
  chargeMoves(s, w);
  return { w, events: events as { type: string }[] };
}
const touching = (w: Work) => w.unit('blue-1')!.stands.filter((st) => w.unit('red-1')!.stands.some((t) => standDistance(st, t) <= 1.5));

describe('6 Melee g) p.13: a charger with too little move to align chose to halt 3cm short', () => {
  it('it halts on its line 3cm short of the target, at Stand, not in contact', () => {
    const t = firstTouch(60);
    const { w, events } = charging(110, 60, REACH - t - 10, 'halt');
    expect(touching(w)).toHaveLength(0);
    expect(unitDistance(w.unit('blue-1')!.stands, w.unit('red-1')!.stands)).toBeCloseTo(30, 0);
    expect(w.group('blue-1')!.order).toBe('stand');
    expect(w.unitState('blue-1')!.chargeContact).toBe(false);
    expect(events.some((e) => e.type === 'ChargeHaltedShort')).toBe(true);
    expect(events.some((e) => e.type === 'ChargeContact')).toBe(false);
    // It still faces as it charged (no pivot), and paid only the distance to the halt.
    for (const s of w.unit('blue-1')!.stands) expect(s.facing).toBeCloseTo(rad(110), 6);
    expect(w.group('blue-1')!.movedMm).toBeLessThan(REACH - 10);
  });
  it('the default is partial contact: the same charge ends touching, pivoted as far as it pays', () => {
    const t = firstTouch(60);
    for (const choice of [undefined, 'contact'] as const) {
      const { w, events } = charging(110, 60, REACH - t - 10, choice);
      expect(touching(w)).toHaveLength(1);
      expect(w.group('blue-1')!.order).toBe('advance');
      expect(events.find((e) => e.type === 'ChargeContact')).toMatchObject({ aligned: false });
    }
  });
  it('with move enough to align the choice does not arise: the charger aligns in contact', () => {
    const { w, events } = charging(110, 60, 0, 'halt');
    expect(touching(w)).toHaveLength(2);
    expect(events.find((e) => e.type === 'ChargeContact')).toMatchObject({ aligned: true });
  });
});

describe('6 Melee g) p.13: the choice is part of the charge declaration', () => {
  const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 540, facingDeg: 110, n: 2, depth: 30 };
  const ready = () => advanceTo(setOrder(battle([blue, red]), 'blue-1', 'advance'), 'movement');
  it('declareCharge keeps ifShort on the pending charge (dice: D4 + 2D6 to charge, D4 + 2D6 being charged)', () => {
    const r = apply(withDice(ready(), [1, 6, 6, 1, 6, 6]), { type: 'declareCharge', side: 'blue', group: 'blue-1', target: 'red-1', ifShort: 'halt' });
    expect(r.state.ruleset.charges).toEqual([expect.objectContaining({ group: 'blue-1', target: 'red-1', ifShort: 'halt' })]);
  });
  it('without it the pending charge has no choice recorded (partial contact)', () => {
    const r = apply(withDice(ready(), [1, 6, 6, 1, 6, 6]), { type: 'declareCharge', side: 'blue', group: 'blue-1', target: 'red-1' });
    expect(r.state.ruleset.charges[0]!.ifShort).toBeUndefined();
  });
  it('any other value is refused by the schema', () => {
    expect(rejection(ready(), { type: 'declareCharge', side: 'blue', group: 'blue-1', target: 'red-1', ifShort: 'swerve' })).not.toBe('accepted');
  });
});

describe('6 Melee g) p.13 on the table', () => {
  const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 540, facingDeg: 110, n: 2, depth: 30 };
  const seen = (s: St) => viewFor(SYW, s, 'blue') as unknown as SeenGame<SywState, Options, Tables>;
  it('a group that may charge offers "Charge <target>; halt 3cm short if unable to align" besides the drag (partial contact)', () => {
    const s = advanceTo(setOrder(battle([blue, red]), 'blue-1', 'advance'), 'movement');
    const acts = sevenYearsWar.table!.actions!(seen(s), 'blue', 'blue-1').filter((a) => a.command.type === 'declareCharge');
    expect(acts.map((a) => [a.label, a.command])).toEqual([['Charge red-1; halt 3cm short if unable to align', { type: 'declareCharge', side: 'blue', group: 'blue-1', target: 'red-1', ifShort: 'halt' }]]);
    const drag = sevenYearsWar.table!.previewContact!(seen(s), 'blue', 'blue-1', 'red-1');
    expect(drag).toMatchObject({ legal: true, command: { type: 'declareCharge', target: 'red-1' } });
    expect((drag as { command: Record<string, unknown> }).command.ifShort).toBeUndefined();
  });
  it('a group out of reach offers no such button', () => {
    const far: U = { ...blue, y: 100 };
    const s = advanceTo(setOrder(battle([far, red]), 'blue-1', 'advance'), 'movement');
    expect(sevenYearsWar.table!.actions!(seen(s), 'blue', 'blue-1').some((a) => a.command.type === 'declareCharge')).toBe(false);
  });
});
