/** Detached cavalry stands: SYW §4 Movement when in melee (c) (p.10). */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { settleDetachments } from '../../../src/rules/seven-years-war/detach';
import { viewFor } from '../../../src/engine/view';
import { sevenYearsWar } from '../../../src/rules/seven-years-war';
import { SYW, battle, withDice, apply, rejection, advanceTo, setOrder, scriptedCtx, type St, type U } from './build';
import { moraleModifiers, casualtyTest } from '../../../src/rules/seven-years-war/moraleTests';

const unitOf = (s: St, id: string) => s.battle.units.find((u) => u.id === id);
// Heavy cavalry, 3 stands, front edge at y = 500 facing down the table: stands at x 860, 900, 940.
const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 900, y: 500, facingDeg: 90, n: 3, depth: 30 };
// Red infantry facing up, front edge on y = 500: stands at x 930, 970, 1010; the first two touch the cavalry's 900 and 940 stands.
const foe: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 970, y: 500, facingDeg: -90, n: 3, depth: 15 };
const foot: U = { id: 'blue-inf', side: 'blue', type: 'medium-infantry', x: 300, y: 300, facingDeg: 90, n: 4, depth: 15 };

/** The cavalry in contact after a successful charge (the flag the charge move sets), at blue's movement step. */
function inMelee(order: 'reserve' | 'advance' = 'reserve', charged = true): St {
  const s0 = setOrder(battle([cav, foe, foot]), 'blue-cav', order);
  const s = { ...s0, ruleset: { ...s0.ruleset, units: { ...s0.ruleset.units, 'blue-cav': { ...s0.ruleset.units['blue-cav']!, chargeContact: charged } } } };
  return advanceTo(s, 'movement');
}

describe('When cavalry that charged successfully are in melee (§4 p.10 (c))', () => {
  it('the charge contact marks the cavalry as having charged: a passed charging test, then contact', () => {
    const s0 = setOrder(battle([cav, { ...foe, y: 600 }]), 'blue-cav', 'advance');
    let s = advanceTo(s0, 'movement');
    // Charging test: general D4, 2D6 = 12 (OK); being charged: D4, 2D6 = 12 (stay).
    s = apply(withDice(s, [1, 6, 6, 1, 6, 6]), { type: 'declareCharge', side: 'blue', group: 'blue-cav', target: 'red-1' }).state;
    expect(s.ruleset.units['blue-cav']!.chargeContact).toBe(false);
    s = advanceTo(s, 'shootingNonPhasing');
    // Charge move, then close combat: cavalry 2 +1 overlap +1 extra stand = 4, infantry 2 +1 overlap +1 extra stand = 4:
    // a tie (each disorganises the other, no breakthrough); each side's morale D4 + 2D6 = 12.
    const r = apply(withDice(s, [2, 2, 1, 6, 6, 1, 6, 6]), { type: 'endStep', side: 'red' });
    expect(r.events.some((e) => e.type === 'BrokeThrough')).toBe(false);
    expect(r.events.some((e) => e.type === 'ChargeContact')).toBe(true);
    expect(r.state.ruleset.units['blue-cav']!.chargeContact).toBe(true);
    // Detaching is a movement-step act of the owner: not in the enemy's phase.
    expect(rejection(r.state, { type: 'detachStands', side: 'blue', unit: 'blue-cav' })).toBe('not-now');
  });

  it('units in melee may not move; after detaching the stands in contact, the rest of the unit moves on', () => {
    const s = inMelee();
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-cav', legs: [{ kind: 'backward', mm: 60 }] })).toBe('in-melee');
    const r = apply(s, { type: 'detachStands', side: 'blue', unit: 'blue-cav' });
    const det = unitOf(r.state, 'blue-cav.d1')!;
    expect(det.stands.map((st) => st.centre.x).sort()).toEqual([900, 940]);
    expect(unitOf(r.state, 'blue-cav')!.stands.map((st) => st.centre.x)).toEqual([860]);
    expect(r.state.ruleset.groups['blue-cav.d1']).toMatchObject({ units: ['blue-cav.d1'], detachedFrom: 'blue-cav', startStands: 2 });
    const moved = apply(r.state, { type: 'moveGroup', side: 'blue', group: 'blue-cav', legs: [{ kind: 'backward', mm: 60 }] }).state;
    expect(unitOf(moved, 'blue-cav')!.stands[0]!.centre.y).toBeCloseTo(425, 6);
    // The detachment stays where it fights.
    expect(unitOf(moved, 'blue-cav.d1')!.stands.map((st) => st.centre.y)).toEqual([485, 485]);
  });

  it('the table offers the detachment as a unit action in the movement step, and only then', () => {
    const T = sevenYearsWar.table!;
    const labels = (s: St) => T.actions!(viewFor(SYW, s, 'blue') as never, 'blue', 'blue-cav').map((a) => a.label);
    expect(labels(inMelee())).toContain('Detach stands in contact');
    expect(labels(inMelee('reserve', false))).not.toContain('Detach stands in contact');
  });

  it('only cavalry, only after a successful charge, and only with some stand free of the enemy may detach', () => {
    expect(rejection(inMelee('reserve', false), { type: 'detachStands', side: 'blue', unit: 'blue-cav' })).toBe('not-charged');
    expect(rejection(inMelee(), { type: 'detachStands', side: 'blue', unit: 'blue-inf' })).toBe('not-cavalry');
    const wide = { ...foe, n: 4, x: 900 };
    const s0 = setOrder(battle([cav, wide]), 'blue-cav', 'reserve');
    const s = advanceTo({ ...s0, ruleset: { ...s0.ruleset, units: { ...s0.ruleset.units, 'blue-cav': { ...s0.ruleset.units['blue-cav']!, chargeContact: true } } } }, 'movement');
    expect(rejection(s, { type: 'detachStands', side: 'blue', unit: 'blue-cav' })).toBe('all-in-contact');
  });

  it('detached stands do not check morale, and count as lost strength to the parent group', () => {
    const s = apply(inMelee(), { type: 'detachStands', side: 'blue', unit: 'blue-cav' }).state;
    const { ctx, events } = scriptedCtx(s, [1]);
    const w = new Work(s, ctx);
    expect(casualtyTest(w, 'blue-cav.d1', 'casualties', [], null)).toBeUndefined();
    expect(events.filter((e) => e.type === 'DiceRolled')).toHaveLength(0);
    // Parent group: 1 stand of 3 left = 66% lost: three "per 20%" steps.
    const mods = moraleModifiers(w, w.group('blue-cav')!, 'casualties', []);
    expect(mods.find((m) => m.label.startsWith('Per 20%'))!.value).toBe(-3);
  });

  it('a detachment that loses contact rejoins its parent unit within 10cm, beside its end stand, with no loss', () => {
    const s = apply(inMelee(), { type: 'detachStands', side: 'blue', unit: 'blue-cav' }).state;
    const gone = { ...s, battle: { ...s.battle, units: s.battle.units.filter((u) => u.id !== 'red-1') } };
    const { ctx, events } = scriptedCtx(gone, []);
    const w = new Work(gone, ctx);
    settleDetachments(w);
    expect(w.battle.units.some((u) => u.id === 'blue-cav.d1')).toBe(false);
    expect(w.rs.groups['blue-cav.d1']).toBeUndefined();
    expect(w.battle.units.find((u) => u.id === 'blue-cav')!.stands.map((st) => st.centre.x)).toEqual([860, 820, 780]);
    expect(w.rs.pointsLost.blue).toBe(0);
    expect(events.find((e) => e.type === 'DetachmentRejoined')).toMatchObject({ detachment: 'blue-cav.d1', unit: 'blue-cav', stands: 2 });
  });

  it('a detachment that loses contact with its parent more than 10cm away is removed from play (its points lost)', () => {
    let s = apply(inMelee(), { type: 'detachStands', side: 'blue', unit: 'blue-cav' }).state;
    s = apply(s, { type: 'moveGroup', side: 'blue', group: 'blue-cav', legs: [{ kind: 'backward', mm: 150 }] }).state;
    const gone = { ...s, battle: { ...s.battle, units: s.battle.units.filter((u) => u.id !== 'red-1') } };
    const { ctx, events } = scriptedCtx(gone, []);
    const w = new Work(gone, ctx);
    settleDetachments(w);
    expect(w.battle.units.some((u) => u.id === 'blue-cav.d1')).toBe(false);
    expect(w.battle.units.find((u) => u.id === 'blue-cav')!.stands).toHaveLength(1);
    expect(w.rs.pointsLost.blue).toBe(10); // 2 heavy cavalry stands at 5 points (9 p.20)
    expect(events.some((e) => e.type === 'DetachmentRemoved')).toBe(true);
    // Not a rout: no friends-rout test is owed.
    expect(w.rs.routedThisPhase).toEqual([]);
  });

  it('while still in contact the detachment stays and fights on', () => {
    const s = apply(inMelee(), { type: 'detachStands', side: 'blue', unit: 'blue-cav' }).state;
    const { ctx } = scriptedCtx(s, []);
    const w = new Work(s, ctx);
    settleDetachments(w);
    expect(w.battle.units.find((u) => u.id === 'blue-cav.d1')!.stands).toHaveLength(2);
  });
});
