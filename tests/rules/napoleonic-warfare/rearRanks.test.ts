// NW Orders/Advance: "Any unit may shift stands into its rear ranks in order to avoid running into
// other units, terrain or obstacles." Orders/Retreat: "may change formation by dropping back stands
// to avoid entering delaying terrain or colliding with obstacles or troops." The `dropBack` option
// of moveUnit and retreatUnit (RULINGS).
import { describe, expect, it } from 'vitest';
import { isRejection, registerable, type Change, type GameEvent, type SeenGame } from '../../../src/engine/ruleset';
import { viewFor } from '../../../src/engine/view';
import { findUnit } from '../../../src/engine/battle';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { narrowFront, narrowerFronts } from '../../../src/rules/napoleonic-warfare/dropBack';
import { retreatMove } from '../../../src/rules/napoleonic-warfare/morale';
import { frontRank } from '../../../src/rules/napoleonic-warfare/geom';
import type { NwGameState, NwOptions, NwState } from '../../../src/rules/napoleonic-warfare/types';
import type { NwTables } from '../../../src/rules/napoleonic-warfare/nwTables';
import { battle, draftWith, IN, type UnitSpec } from './harness';

type G = SeenGame<NwState, NwOptions, NwTables>;

// fr1: a 4-stand line, front edge at y 20", stands x 34"-38" (the command stand fr1.s2 at 36.5"),
// facing down the table; fr1.s1 is the end stand at 37"-38". Austrians far away.
const FR1: UnitSpec = { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, stands: 4, ranks: 1 };
const FAR_AU: UnitSpec = { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 };
const wood = (x0: number, x1: number, y0: number, y1: number) => ({ id: 'wd', kind: 'wood', name: 'Copse', polygon: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]].map(([x, y]) => [x! * IN, y! * IN]), props: {} });

function withOrder(s: NwGameState, unitId: string, order: 'advance' | 'retreat'): NwGameState {
  return { ...s, ruleset: { ...s.ruleset, orders: { [unitId]: { unitId, side: 'fr', order, generalId: 'g-fr', revealed: true } } } } as NwGameState;
}

function run(s: NwGameState, cmd: Record<string, unknown>, faces: number[] = []) {
  const { d, rolls } = draftWith(s, faces);
  const events: GameEvent[] = [];
  const ctx = { roll: d.ctx.roll, emit: (e: GameEvent) => { events.push(e); d.ctx.emit(e); } };
  const r = napoleonicWarfare.commands[cmd['type'] as string]!.handle(s, cmd as never, ctx);
  return { r, rolls, events };
}
const ok = (r: Change<NwState> | { rejected: true; message: string }): Change<NwState> => {
  if (isRejection(r)) throw new Error(r.message);
  return r as Change<NwState>;
};
const xs = (s: NwGameState | Change<NwState>, id: string) => findUnit((s as { battle: NwGameState['battle'] }).battle, id)!.stands.map((st) => +(st.centre.x / IN).toFixed(2));

describe('When an advancing line would run its end stand into a friendly unit (NW Orders/Advance)', () => {
  // fr2 stands x 37.8"-39.8", 2"-3" ahead of fr1: only fr1.s1's path meets it.
  const setUp = () => withOrder(battle([FR1, { id: 'fr2', side: 'fr', x: 38.8, y: 23, facingDeg: 90, stands: 2, ranks: 1 }, FAR_AU]), 'fr1', 'advance');
  const move = (dropBack?: boolean) => run(setUp(), { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 6, ...(dropBack ? { dropBack } : {}) });

  it('with dropBack the end stand shifts into the rear rank behind the front, and the unit goes by without disorder', () => {
    const { r, events } = move(true);
    const c = ok(r);
    const u = findUnit(c.battle!, 'fr1')!;
    expect(u.formation).toBe('column');
    expect(frontRank(u).map((st) => st.id).sort()).toEqual(['fr1.s2', 'fr1.s3', 'fr1.s4']);
    // The dropped stand stands one base depth behind the middle of the new front (x 35.5").
    const s1 = u.stands.find((st) => st.id === 'fr1.s1')!;
    expect(s1.centre.x / IN).toBeCloseTo(35.5, 5);
    expect(s1.centre.y / IN).toBeCloseTo(24.5, 5);
    // The front rank moved the full 6" (front edge from 20" to 26").
    expect(u.stands.find((st) => st.id === 'fr1.s2')!.centre.y / IN).toBeCloseTo(25.5, 5);
    expect(c.ruleset!.units['fr1']!.morale).toBe('good');
    expect(c.ruleset!.units['fr2']!.morale).toBe('good');
    expect(events.find((e) => e.type === 'StandsDroppedBack')).toMatchObject({ unit: 'fr1', frontage: 3, avoided: ['fr2'], rule: expect.stringContaining('NW Orders/Advance') });
  });
  it('without dropBack it interpenetrates the friend and both are Disordered (NW §24)', () => {
    const c = ok(move().r);
    expect(findUnit(c.battle!, 'fr1')!.formation).toBe('line');
    expect(c.ruleset!.units['fr1']!.morale).toBe('disordered');
    expect(c.ruleset!.units['fr2']!.morale).toBe('disordered');
  });
  it('with nothing in the way dropBack changes nothing', () => {
    const s = withOrder(battle([FR1, FAR_AU]), 'fr1', 'advance');
    const { r, events } = run(s, { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 6, dropBack: true });
    const u = findUnit(ok(r).battle!, 'fr1')!;
    expect(u.formation).toBe('line');
    expect(xs(ok(r), 'fr1')).toEqual([37.5, 36.5, 35.5, 34.5]);
    expect(events.some((e) => e.type === 'StandsDroppedBack')).toBe(false);
  });
  it('a friend square across the command stand cannot be avoided: dropBack is refused with the rule', () => {
    const s = withOrder(battle([FR1, { id: 'fr2', side: 'fr', x: 36.5, y: 23, facingDeg: 90, stands: 3, ranks: 1 }, FAR_AU]), 'fr1', 'advance');
    const { r } = run(s, { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 6, dropBack: true });
    expect(isRejection(r) && r.code).toBe('cannot-drop-back');
    expect(isRejection(r) && r.rule).toMatch(/NW Orders\/Advance/);
  });
  it('the table preview of the drag sends dropBack and says which stands drop back and what they clear', () => {
    const s = setUp();
    const seen = viewFor(registerable(napoleonicWarfare), { ...s, position: { ...s.position, phase: 'tactical', step: 'initiative-side', actors: ['fr'], done: [] } }, 'fr') as unknown as G;
    const p = napoleonicWarfare.table!.previewMove!(seen, 'fr', 'fr1', { dxMm: 0, dyMm: 6 * IN, dRad: 0 });
    expect(p.legal).toBe(true);
    expect(p.command).toMatchObject({ type: 'moveUnit', unitId: 'fr1', dropBack: true });
    expect(p.readout.find((l) => l.label === 'Drop back')?.value).toMatch(/1 stand into the rear ranks \(front 3 wide\) to clear fr2/);
    expect(p.readout.some((l) => l.label === 'Interpenetrates')).toBe(false);
  });
});

describe('When an advancing line would run its end stand into a wood (NW Orders/Advance; §23 Dense Terrain)', () => {
  // A copse from x 37.2" to 40", 22"-25": only fr1.s1's path enters it.
  const setUp = () => withOrder(battle([FR1, FAR_AU], { terrain: [wood(37.2, 40, 22, 25)] }), 'fr1', 'advance');
  it('with dropBack no delay is rolled and the unit is not Disordered', () => {
    const { r, rolls } = run(setUp(), { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 6, dropBack: true });
    const c = ok(r);
    expect(rolls).toHaveLength(0);
    expect(c.ruleset!.units['fr1']!.morale).toBe('good');
    expect(findUnit(c.battle!, 'fr1')!.stands.find((st) => st.id === 'fr1.s2')!.centre.y / IN).toBeCloseTo(25.5, 5);
  });
  it('without dropBack the dense delay is rolled (d6 = 4) and the unit is Disordered entering the wood', () => {
    const { r, rolls } = run(setUp(), { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 6 }, [4]);
    const c = ok(r);
    expect(rolls[0]!.purpose).toMatch(/dense terrain delay/);
    expect(c.ruleset!.units['fr1']!.morale).toBe('disordered');
  });
});

describe('When a retreating line would back into a friend with its end stand (NW Orders/Retreat)', () => {
  // An Austrian line in front (below) of fr1; fr1 retreats up the table. fr2 stands behind fr1.s1 only.
  const setUp = () => withOrder(battle([FR1, { id: 'fr2', side: 'fr', x: 38.8, y: 16, facingDeg: 90, stands: 2, ranks: 1 }, { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 }]), 'fr1', 'retreat');
  it('with dropBack it drops the end stand back and retreats clear of the friend', () => {
    const { r, events } = run(setUp(), { type: 'retreatUnit', side: 'fr', unitId: 'fr1', distanceIn: 6, dropBack: true });
    const c = ok(r);
    const u = findUnit(c.battle!, 'fr1')!;
    expect(u.formation).toBe('column');
    expect(events.find((e) => e.type === 'StandsDroppedBack')).toMatchObject({ unit: 'fr1', frontage: 3, avoided: ['fr2'] });
    expect(c.ruleset!.units['fr2']!.morale).toBe('good');
    // Retreating more than half its move still disorders the retreating unit (NW §17).
    expect(c.ruleset!.units['fr1']!.morale).toBe('disordered');
  });
  it('without dropBack it collides with the friend: both Disordered', () => {
    const c = ok(run(setUp(), { type: 'retreatUnit', side: 'fr', unitId: 'fr1', distanceIn: 6 }).r);
    expect(c.ruleset!.units['fr2']!.morale).toBe('disordered');
  });
  it('a forced retreat (morale failure, 3"+d6, d6 = 3) drops the stand back by itself and gets by', () => {
    const { d, events } = draftWith(setUp(), [3]);
    retreatMove(d, 'fr1', 'au1', true);
    expect(events.find((e) => e.type === 'StandsDroppedBack')).toMatchObject({ unit: 'fr1', frontage: 3, avoided: ['fr2'] });
    expect(d.rs.units['fr2']!.morale).toBe('good');
    expect(events.find((e) => e.type === 'UnitRetreated')).toMatchObject({ distanceIn: 6, forced: true });
  });
  it('the table preview of the Retreat drag sends dropBack and says so', () => {
    const s = setUp();
    const seen = viewFor(registerable(napoleonicWarfare), { ...s, position: { ...s.position, phase: 'tactical', step: 'initiative-side', actors: ['fr'], done: [] } }, 'fr') as unknown as G;
    const p = napoleonicWarfare.table!.previewMove!(seen, 'fr', 'fr1', { dxMm: 0, dyMm: -6 * IN, dRad: 0 });
    expect(p.legal).toBe(true);
    expect(p.command).toMatchObject({ type: 'retreatUnit', unitId: 'fr1', dropBack: true });
    expect(p.readout.find((l) => l.label === 'Drop back')?.value).toMatch(/1 stand into the rear ranks \(front 3 wide\) to clear fr2 \(NW Orders\/Retreat\)/);
  });
});

describe('Narrower fronts (NW Orders/Advance: stands into the rear ranks)', () => {
  const u = () => findUnit(battle([FR1, FAR_AU]).battle, 'fr1')!;
  it('every narrower front keeps the command stand in front and all the stands', () => {
    const all = narrowerFronts(u());
    // 4 wide, the command stand second from one end: 1 off (2 ways), 2 off (2 ways), 3 off (1 way).
    expect(all.map((n) => n.frontage)).toEqual([3, 3, 2, 2, 1]);
    for (const n of all) {
      expect(n.unit.stands).toHaveLength(4);
      expect(frontRank(n.unit).some((st) => st.id === 'fr1.s2')).toBe(true);
    }
  });
  it('a front of one is a Road Column (NW §26: one stand wide)', () => {
    const one = narrowerFronts(u()).find((n) => n.frontage === 1)!;
    expect(one.unit.formation).toBe('road-column');
    expect(narrowFront(u(), 0, 3)).toBeUndefined(); // would drop the command stand
  });
});
