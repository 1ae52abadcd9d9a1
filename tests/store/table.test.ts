/**
 * The canvas's seam to a battle: the table store follows the viewer's view, and looks again
 * when only the ruleset's state changes (an order placed), so markers never go stale.
 */
import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/store/session';
import { createBattleTable, createFreeTable, formatDistance } from '../../src/store/table';
import { gameOf } from '../../src/store/session';
import { skirmishModule } from '../engine/fixtures/skirmish';
import { fixtureScenarioText } from '../engine/fixtures/helpers';

function battle() {
  const s = createSession(null, [skirmishModule]);
  expect(s.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed: 3 })).toEqual({ ok: true });
  return s;
}

describe('the battle table', () => {
  it('mirrors the viewer\'s battle and refreshes when only ruleset state changes', () => {
    const s = battle();
    const t = createBattleTable(s);
    expect(t.store.getState().battle).toBe(gameOf(s.getState().battle!).battle);
    const r0 = t.store.getState().revision;
    const st = gameOf(s.getState().battle!);
    const side = st.position.actors[0]!;
    const unit = st.battle.units.find((u) => u.side === side)!;
    // SK §1: a face-down order changes the ruleset's state, not the battle.
    expect(s.getState().dispatch({ type: 'placeOrder', side, unit: unit.id, order: 'advance' })).toBeNull();
    expect(gameOf(s.getState().battle!).battle).toBe(st.battle);
    expect(t.store.getState().revision).toBeGreaterThan(r0);
  });

  it('refuses to move the other side\'s piece, or one whose side may not act, saying why', () => {
    const s = battle();
    s.getState().setViewer('blue');
    const t = createBattleTable(s);
    const st = gameOf(s.getState().battle!);
    const enemy = st.battle.units.find((u) => u.side !== 'blue')!;
    const p = t.previewMove(enemy.id, { dxMm: 10, dyMm: 0, dRad: 0 });
    expect(p?.legal).toBe(false);
    expect(p?.reason).toMatch(/other side/);
    expect(t.commitMove(enemy.id, { dxMm: 10, dyMm: 0, dRad: 0 })).toMatch(/other side/);
    // The fixture ruleset has no table adapter: dragging is refused by name, not ignored.
    const own = st.battle.units.find((u) => u.side === 'blue')!;
    expect(t.previewMove(own.id, { dxMm: 10, dyMm: 0, dRad: 0 })?.reason).toMatch(/does not move pieces by dragging/);
  });
});

describe('the free table', () => {
  it('moves and wheels pieces where they are put', () => {
    const t = createFreeTable();
    expect(t.previewMove('x', { dxMm: 1, dyMm: 0, dRad: 0 })).toBeNull();
    expect(formatDistance(127, { unit: 'in', mmPerUnit: 25.4 })).toBe('5.0"');
    expect(formatDistance(127, { unit: 'cm', mmPerUnit: 10 })).toBe('12.7 cm');
  });
});
