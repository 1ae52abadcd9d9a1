// NW Sequence §13 (4): "Apply orders first, starting with the outermost unit on whichever flank he
// chooses and working across the table until he reaches the outermost unit on the other flank."
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../../src/engine/game';
import { viewFor } from '../../../src/engine/view';
import { registerable, isRejection } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import type { OrderId } from '../../../src/rules/napoleonic-warfare/tables/orders';
import { legalCommands } from './harness';
import { NW_TABLE } from '../../../src/rules/napoleonic-warfare/table';
import { rightSignOf } from '../../../src/rules/napoleonic-warfare/moveOrder';
import { battle, runCommands, IN } from './harness';

const M = registerable(napoleonicWarfare);

const run = runCommands;

/**
 * Three French battalions in line abreast at the top of the table, facing down it (so the French
 * left is the high-x end): fr-a at x=42 (outermost left), fr-b at 36, fr-c at 30 (outermost right).
 * Orders as given; the French take the initiative and reach their tactical movement.
 */
function frenchToMove(orders: Record<string, OrderId> = { 'fr-a': 'advance', 'fr-b': 'advance', 'fr-c': 'advance' }): NwGameState {
  const s0 = battle(
    [
      { id: 'fr-a', side: 'fr', x: 42, y: 20, facingDeg: 90 },
      { id: 'fr-b', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'fr-c', side: 'fr', x: 30, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 31, facingDeg: -90 },
    ],
    { generals: [{ id: 'g-fr', side: 'fr', x: 36, y: 17 }, { id: 'g-au', side: 'au', x: 36, y: 34 }] },
  );
  let { s } = run(s0, [
    ...Object.entries(orders).map(([unitId, order]) => ({ type: 'placeOrder', side: 'fr', unitId, order, generalId: 'g-fr' })),
    { type: 'endStep', side: 'fr' }, { type: 'endStep', side: 'au' },
  ]);
  if (s.position.step === 'strategic-move') s = run(s, [{ type: 'endStep', side: 'fr' }, { type: 'endStep', side: 'au' }]).s;
  expect(s.position.step).toBe('choose-initiative');
  s = run(s, [{ type: 'chooseInitiative', side: s.ruleset.initiativeWinner!, moveFirst: 'fr' }]).s;
  expect(s.position.step).toBe('initiative-side');
  expect(s.position.actors).toEqual(['fr']);
  return s;
}

const advance = (unitId: string) => ({ type: 'moveUnit', side: 'fr', unitId, wheelDeg: 0, distanceIn: 4 });

describe('When the French apply their orders in the Tactical Movement Phase (NW Sequence §13 (4))', () => {
  it('a side on the top edge looks down the table: its right is the low-x end; the bottom side\'s is the high-x end', () => {
    const s = frenchToMove();
    expect(rightSignOf(s.battle, 'fr')).toBe(-1);
    expect(rightSignOf(s.battle, 'au')).toBe(1);
  });

  it('having chosen the left flank, the outermost left unit moves, then the right: the one between may no longer move', () => {
    const s = frenchToMove();
    const { s: moved, events } = run(s, [{ type: 'chooseMoveFlank', side: 'fr', flank: 'left' }, advance('fr-a'), advance('fr-c')]);
    expect(events.find((e) => e.type === 'MoveFlankChosen')).toMatchObject({ side: 'fr', flank: 'left', automatic: false });
    const late = applyCommand(M, moved, advance('fr-b'));
    expect(isRejection(late) && late.code).toBe('out-of-flank-order');
    expect(isRejection(late) && late.rule).toMatch(/§13 \(4\)/);
    expect(isRejection(late) && late.message).toMatch(/fr-b may not carry out its order now: fr-c, 6\.0" further across from your left flank, has already carried out its own/);
  });

  it('from the right flank the order is reversed: fr-c, fr-b, fr-a is accepted; fr-a before fr-b is not', () => {
    const s = frenchToMove();
    const { s: chosen } = run(s, [{ type: 'chooseMoveFlank', side: 'fr', flank: 'right' }]);
    expect(() => run(chosen, [advance('fr-c'), advance('fr-b'), advance('fr-a')])).not.toThrow();
    const { s: skipped } = run(chosen, [advance('fr-a')]);
    const r = applyCommand(M, skipped, advance('fr-b'));
    expect(isRejection(r) && r.code).toBe('out-of-flank-order');
  });

  it('with no flank chosen, the flank nearer the first unit moved is taken, and the log says so (RULINGS)', () => {
    const s = frenchToMove();
    const { s: moved, events } = run(s, [advance('fr-c')]);
    expect(events.find((e) => e.type === 'MoveFlankChosen')).toMatchObject({ side: 'fr', flank: 'right', automatic: true, firstUnit: 'fr-c' });
    expect(moved.ruleset.moveOrder).toMatchObject({ flank: 'right', automatic: true, done: ['fr-c'] });
    expect(() => run(moved, [advance('fr-b'), advance('fr-a')])).not.toThrow();
  });

  it('the flank may not be chosen (or changed) once the first order has been applied', () => {
    const s = frenchToMove();
    const { s: moved } = run(s, [advance('fr-a')]);
    const r = applyCommand(M, moved, { type: 'chooseMoveFlank', side: 'fr', flank: 'right' });
    expect(isRejection(r) && r.code).toBe('already-begun');
    // Before any move the choice may be changed.
    expect(() => run(s, [{ type: 'chooseMoveFlank', side: 'fr', flank: 'right' }, { type: 'chooseMoveFlank', side: 'fr', flank: 'left' }, advance('fr-a')])).not.toThrow();
  });

  it('units whose orders need no movement are no obstacle: with fr-b on Defend, fr-a then fr-c move freely', () => {
    const s = frenchToMove({ 'fr-a': 'advance', 'fr-b': 'defend', 'fr-c': 'advance' });
    const { s: moved } = run(s, [{ type: 'chooseMoveFlank', side: 'fr', flank: 'left' }, advance('fr-a'), advance('fr-c')]);
    expect(moved.ruleset.moveOrder?.done).toEqual(['fr-a', 'fr-c']);
  });

  it('an order the unit may not carry out is refused for that reason first (needs an Advance order), not for the flank', () => {
    const s = frenchToMove({ 'fr-a': 'advance', 'fr-b': 'defend', 'fr-c': 'advance' });
    const { s: moved } = run(s, [advance('fr-c')]);
    const r = applyCommand(M, moved, advance('fr-b'));
    expect(isRejection(r) && r.code).toBe('needs-advance');
  });

  it('a Deploy action counts as applying the order: its second action is allowed until a unit further across has applied its own', () => {
    const s = frenchToMove({ 'fr-a': 'deploy', 'fr-b': 'advance', 'fr-c': 'advance' });
    const face = { type: 'deployUnit', side: 'fr', unitId: 'fr-a', action: 'change-facing', degrees: 180 };
    const { s: chosen } = run(s, [{ type: 'chooseMoveFlank', side: 'fr', flank: 'left' }, face]);
    expect(() => run(chosen, [face, advance('fr-b')])).not.toThrow();
    const { s: passed } = run(chosen, [advance('fr-b')]);
    const r = applyCommand(M, passed, face);
    expect(isRejection(r) && r.code).toBe('out-of-flank-order');
  });

  it('the table refuses the drag of a passed-by unit with the reason, offers the flank choice before the first move, and the random player never offers it', () => {
    const s = frenchToMove();
    const fresh = viewFor(M, s, 'fr') as never;
    expect(NW_TABLE.actions!(fresh, 'fr', 'fr-a').map((a) => a.label)).toEqual(expect.arrayContaining(['Apply orders from my left flank', 'Apply orders from my right flank']));
    const { s: moved } = run(s, [{ type: 'chooseMoveFlank', side: 'fr', flank: 'left' }, advance('fr-a'), advance('fr-c')]);
    const g = viewFor(M, moved, 'fr') as never;
    expect(NW_TABLE.actions!(g, 'fr', 'fr-b').some((a) => a.command.type === 'chooseMoveFlank')).toBe(false);
    const p = NW_TABLE.previewMove!(g, 'fr', 'fr-b', { dxMm: 0, dyMm: 4 * IN, dRad: 0 });
    expect(p.legal).toBe(false);
    expect(p.reason).toMatch(/fr-c.*further across/);
    expect(p.rule).toMatch(/§13 \(4\)/);
    const sampler = { int: (lo: number) => lo, float: (lo: number, hi: number) => (lo + hi) / 2, pick: <X,>(xs: readonly X[]) => xs[0]!, chance: () => true };
    expect(legalCommands(moved, 'fr', sampler).some((c) => c['unitId'] === 'fr-b')).toBe(false);
  });
});

describe('When a drag would lock later choices (NW Sequence §13 (4): orders go flank to flank)', () => {
  const drag = (s: NwGameState, unitId: string) => {
    return NW_TABLE.previewMove!(viewFor(M, s, 'fr') as never, 'fr', unitId, { dxMm: 0, dyMm: 3 * IN, dRad: 0 });
  };

  it('the preview of moving the right-hand unit first, from the left flank, names the units it would lock, before release', () => {
    const { s } = run(frenchToMove(), [{ type: 'chooseMoveFlank', side: 'fr', flank: 'left' }]);
    const p = drag(s, 'fr-c');
    expect(p.legal).toBe(true);
    expect(p.warning?.rule).toMatch(/NW Sequence §13 \(4\)/);
    expect(p.warning?.message).toMatch(/^Carrying out this order now locks fr-a and fr-b: nearer your left flank, they could no longer carry out their orders\./);
    expect(p.readout).toContainEqual({ label: 'Order of moves', value: p.warning!.message });
  });

  it('the outermost unit on the chosen flank locks nothing, and says nothing', () => {
    const { s } = run(frenchToMove(), [{ type: 'chooseMoveFlank', side: 'fr', flank: 'left' }]);
    const p = drag(s, 'fr-a');
    expect(p.legal).toBe(true);
    expect(p.warning).toBeUndefined();
    expect(p.readout.some((r) => r.label === 'Order of moves')).toBe(false);
  });

  it('units with orders that do not move (Defend) are not locked out of anything', () => {
    const { s } = run(frenchToMove({ 'fr-a': 'defend', 'fr-b': 'advance', 'fr-c': 'advance' }), [{ type: 'chooseMoveFlank', side: 'fr', flank: 'left' }]);
    expect(drag(s, 'fr-c').warning?.message).toMatch(/locks fr-b: nearer your left flank, it could no longer carry out its order/);
  });

  it('with no flank chosen, the first move takes the flank nearer it, and the preview says so', () => {
    const p = drag(frenchToMove(), 'fr-b');
    // fr-b is level with neither end; the nearer flank is taken, leaving the unit beyond it... locked or not, the preview agrees with the engine.
    const after = run(frenchToMove(), [advance('fr-b')]).s;
    const locked = ['fr-a', 'fr-c'].filter((id) => isRejection(applyCommand(M, after, advance(id))));
    expect(p.warning ? [...p.warning.message.matchAll(/fr-[ac]/g)].map((m) => m[0]).sort() : []).toEqual(locked.sort());
  });
});
