/** Third audit (/tmp/audit/syw.md findings 13-17): each case cites the section it enforces, with scripted dice. */
import { legalFor } from '../../../src/engine/lookahead';
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { canSee, centroid } from '../../../src/rules/seven-years-war/geo';
import { makeSampler } from '../../../src/ai/sampler';
import { SYW, battle, withDice, apply, rejection, advanceTo, setOrder, rolls, scriptedCtx, type U, type St } from './build';
import { changeOrder } from '../../../src/rules/seven-years-war/orderChanges';
import { blockedBy } from '../../../src/rules/seven-years-war/forcedMoves';
import { killGeneral } from '../../../src/rules/seven-years-war/generals';

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });
const withUnit = (s: St, id: string, patch: Record<string, unknown>): St => ({ ...s, ruleset: { ...s.ruleset, units: { ...s.ruleset.units, [id]: { ...s.ruleset.units[id]!, ...patch } } } });

describe('(3) p.8 "Advance: All units in the Group must be in Line formation"; §4 p.9 "Column is only allowed on Reserve orders"', () => {
  it('a Reserve column sent to Retreat (as by a morale result) re-forms into line, as a formation change of this phase', () => {
    const s = setOrder(battle([inf('blue-1', 'blue', 900, 300, 90, { formation: 'column' }), inf('red-1', 'red', 900, 1000, -90)]), 'blue-1', 'reserve');
    const { ctx, events } = scriptedCtx(s, []);
    const w = new Work(s, ctx);
    changeOrder(w, 'blue-1', 'retreat', 'test', 'SYW 8 Morale results (p.18)');
    const u = w.unit('blue-1')!;
    expect(u.formation).toBe('line');
    expect((u.extra as Record<string, unknown>).sywFormationChangedPhase).toBe(w.rs.phaseCounter);
    expect(events.some((e) => e.type === 'FormationChanged')).toBe(true);
    // Two ranks of two stands abreast (massed infantry line up to 2 deep), facing as before.
    expect(new Set(u.stands.map((x) => Math.round(x.centre.x))).size).toBe(2);
    expect(u.stands.every((x) => Math.abs(x.facing - Math.PI / 2) < 1e-6)).toBe(true);
    expect(blockedBy(w, 'blue-1', u.stands)).toHaveLength(0);
  });
});

describe('(3) p.8 drill: "Normal troops: May change into a 1 or 2 wide column to flank, from line, or the reverse and still move or Make any kind of formation change but not move"', () => {
  it('a normally drilled square put on Advance in its own movement step re-forms into line, may not also move, and is not forced to', () => {
    const s0 = advanceTo(setOrder(battle([inf('blue-1', 'blue', 900, 300, 90, { formation: 'square' }), inf('red-1', 'red', 900, 1000, -90)]), 'blue-1', 'reserve'), 'movement');
    const w = new Work(s0, scriptedCtx(s0, []).ctx);
    changeOrder(w, 'blue-1', 'advance', 'test', 'SYW (3) Changing Orders (p.7)');
    const s: St = { ...s0, battle: w.battle, ruleset: w.rs };
    expect(s.battle.units.find((u) => u.id === 'blue-1')!.formation).toBe('line');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 100 }] })).toBe('changed-formation');
    const r = apply(s, { type: 'endStep', side: 'blue' });
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('advance');
    expect(r.events.some((e) => e.type === 'ForcedMove')).toBe(false);
  });
});

describe('(5) p.11 Shooting modifiers "1: ... Shooting unit Disordered" (no "except by terrain", unlike the melee chart p.14)', () => {
  it('a unit disordered only by terrain counts −1 when it shoots', () => {
    let s = advanceTo(battle([inf('blue-1', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 380, -90)]), 'shootingPhasing');
    s = withUnit(s, 'blue-1', { disordered: true, terrainDisorder: true });
    const r = apply(withDice(s, [3]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' });
    expect(rolls(r.events)[0]!.modifiers.map((m) => m.label)).toContain('Shooting unit disordered');
  });
});

describe('6 b) p.12 "Units attempting to Charge must be able to see their target at the start of movement"', () => {
  // A narrow wood stands on the straight line from the cavalry to the red battalion.
  const wood = { id: 'w', kind: 'wood', name: 'Wood', polygon: [[880, 420], [920, 420], [920, 480], [880, 480]] };
  const cav: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 300, facingDeg: 90, n: 3, depth: 30 };
  it('a group that moved round the wood into sight may not charge what it could not see when movement began', () => {
    const s = advanceTo(setOrder(battle([cav, inf('red-1', 'red', 900, 600, -90)], { terrain: [wood] }), 'blue-1', 'advance'), 'movement');
    expect(rejection(s, { type: 'declareCharge', side: 'blue', group: 'blue-1', target: 'red-1' })).toBe('unseen');
    const moved = apply(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'incline', dir: 'right', mm: 100 }] }).state;
    const me = moved.battle.units.find((u) => u.id === 'blue-1')!, red = moved.battle.units.find((u) => u.id === 'red-1')!;
    expect(canSee(moved.battle, centroid(me.stands), centroid(red.stands))).toBe(true); // it sees them now
    expect(rejection(moved, { type: 'declareCharge', side: 'blue', group: 'blue-1', target: 'red-1' })).toBe('unseen');
  });
});

describe('(3) p.8 Stand: "No move other than move 5cms, in any direction, about face and form square" (artillery pivots only on Reserve)', () => {
  const gun: U = { id: 'blue-1', side: 'blue', type: 'medium-artillery', x: 900, y: 300, facingDeg: 90, n: 1, depth: 40 };
  const start = () => advanceTo(battle([gun, inf('red-1', 'red', 900, 1000, -90)]), 'movement');
  it('artillery on Stand may not pivot 90 degrees', () => {
    expect(rejection(start(), { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'turn', deg: 90 }] })).toBe('stand-order');
  });
  it('artillery on Stand may about face', () => {
    expect(rejection(start(), { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'turn', deg: 180 }] })).toBe('accepted');
  });
  it('artillery on Reserve may pivot', () => {
    expect(rejection(setOrder(start(), 'blue-1', 'reserve'), { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'turn', deg: 90 }] })).toBe('accepted');
  });
});

describe('(3) p.6 "Lost Generals are replaced by a random quality General"', () => {
  it('percentile dice above the largest multiple of the deck size are re-rolled, so each counter is equally likely', () => {
    const s0 = battle([inf('blue-1', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 1000, -90)]);
    const deck = [
      { training: 'average', psychology: 'none', ability: 'normal' },
      { training: 'average', psychology: 'brave', ability: 'normal' },
      { training: 'average', psychology: 'cautious', ability: 'incompetent' },
    ] as const;
    const s: St = { ...s0, ruleset: { ...s0.ruleset, decks: { ...s0.ruleset.decks, blue: deck } } };
    // 3 counters: 1-99 count; a first roll of 100 (tens 0, units 0) is re-rolled; 12 reads (12 − 1) mod 3 = 2, the third counter.
    const { ctx, events } = scriptedCtx(s, [10, 10, 1, 2]);
    const w = new Work(s, ctx);
    killGeneral(w, 'blue-cinc');
    expect(rolls(events).filter((x) => x.purpose.startsWith('Replacement general'))).toHaveLength(2);
    expect(w.rs.generals['blue-cinc']!.counter).toEqual(deck[2]);
    expect(w.rs.decks.blue).toHaveLength(2);
  });
});

describe('The random player is offered the new choices (8 p.18 stay or go to Advance, leave at the edge; 7 (b) p.16 fight artillery; §4 p.10 Stand or Reserve)', () => {
  it('over a few samplers the command-changes step offers setAdvanceOnOk and setPursuitArtillery, and movement offers atEdge and afterPassThrough', () => {
    const s = battle([inf('blue-1', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 1000, -90)]);
    const cmds = Array.from({ length: 60 }, (_, i) => legalFor(SYW, s, 'blue', makeSampler(i + 1))).flat();
    expect(cmds.some((c) => c.type === 'setAdvanceOnOk')).toBe(true);
    expect(cmds.some((c) => c.type === 'setPursuitArtillery')).toBe(true);
    const mv = setOrder(advanceTo(s, 'movement'), 'blue-1', 'advance');
    const moves = Array.from({ length: 60 }, (_, i) => legalFor(SYW, mv, 'blue', makeSampler(i + 1))).flat().filter((c) => c.type === 'moveGroup') as unknown as { atEdge?: string; afterPassThrough?: string }[];
    expect(moves.some((c) => c.atEdge === 'leave')).toBe(true);
    expect(moves.some((c) => c.afterPassThrough === 'stand')).toBe(true);
  });
});
