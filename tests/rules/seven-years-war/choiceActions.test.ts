/**
 * Table buttons for the standing choices (choiceActions.ts) and the drag's move options:
 * 8 Morale results p.18 (6+ stay or go to Advance; halting at or leaving the table edge),
 * 7 Pursuit (b) p.16 (artillery fought or passed through), 6 Melee h) pp.13, 15 (evading where
 * optional; hold, occupy or pursue), §4 Movement when in melee p.10 (square when charged in flank
 * or rear on Stand) and §4 Movement through friendly units p.10 (light and massed: Stand or Reserve).
 * Each button's command is accepted by the engine and changes the state.
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/view';
import type { SeenGame, PieceAction } from '../../../src/engine/ruleset';
import { sevenYearsWar } from '../../../src/rules/seven-years-war';
import type { SywState, Options } from '../../../src/rules/seven-years-war/state';
import type { Tables } from '../../../src/rules/seven-years-war/tablesSchema';
import { SYW, battle, apply, advanceTo, setOrder, withDice, type St, type U } from './build';

const T = sevenYearsWar.table!;
const seen = (s: St, side: string) => viewFor(SYW, s, side) as unknown as SeenGame<SywState, Options, Tables>;
const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1 });
const redInf = inf('red-1', 'red', 900, 1000, -90);
const CHOICES = new Set(['setEvasion', 'setAfterRout', 'setAdvanceOnOk', 'setPursuitArtillery', 'setFlankSquare', 'setMoveChoice']);
const choices = (s: St, unit: string, side = 'blue'): PieceAction[] => T.actions!(seen(s, side), side, unit).filter((a) => CHOICES.has(a.command.type));
const find = (acts: PieceAction[], type: string, pred: (c: Record<string, unknown>) => boolean = () => true) => acts.find((a) => a.command.type === type && pred(a.command as Record<string, unknown>));

describe('Every standing-choice button is accepted and changes the group (8 p.18, 7 (b) p.16, 6 h) pp.13-15, §4 p.10)', () => {
  const cases: [string, St, string][] = [
    ['massed infantry in command changes', battle([inf('blue-1', 'blue', 900, 300, 90), redInf]), 'blue-1'],
    ['light infantry in movement', advanceTo(battle([{ id: 'blue-1', side: 'blue', type: 'light-infantry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 20 }, redInf]), 'movement'), 'blue-1'],
    ['cavalry in command changes', battle([{ id: 'blue-1', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 30 }, redInf]), 'blue-1'],
  ];
  for (const [name, s, unit] of cases) {
    it(`${name}: each button's command is accepted and changes the group's state`, () => {
      const acts = choices(s, unit);
      expect(acts.length).toBeGreaterThan(0);
      for (const a of acts) {
        const r = apply(s, a.command as unknown as Record<string, unknown>);
        expect(r.state.ruleset.groups['blue-1']).not.toEqual(s.ruleset.groups['blue-1']);
        expect(a.rule).toMatch(/^SYW /);
      }
    });
  }
});

describe('8 Morale results p.18 "6+ OK; Stay at current orders, or go to Advance": the button shows the choice and the alternative', () => {
  it('by default it offers going to Advance (now: stay); pressed, it offers staying (now: go to Advance)', () => {
    const s = battle([inf('blue-1', 'blue', 900, 300, 90), redInf]);
    const a = find(choices(s, 'blue-1'), 'setAdvanceOnOk')!;
    expect(a.label).toBe('On a 6+ morale result: go to Advance (now: stay at orders)');
    const s2 = apply(s, a.command as unknown as Record<string, unknown>).state;
    expect(s2.ruleset.groups['blue-1']!.advanceOnOk).toBe(true);
    expect(find(choices(s2, 'blue-1'), 'setAdvanceOnOk')!.label).toBe('On a 6+ morale result: stay at orders (now: go to Advance)');
  });
  it('no button on the enemy\'s units, in the phasing shooting step, or for routers', () => {
    const s = battle([inf('blue-1', 'blue', 900, 300, 90), redInf]);
    expect(choices(s, 'red-1', 'blue')).toEqual([]);
    expect(choices(advanceTo(s, 'shootingPhasing'), 'blue-1')).toEqual([]);
    expect(choices(setOrder(s, 'blue-1', 'rout'), 'blue-1')).toEqual([]);
  });
});

describe('7 Pursuit (b) p.16 "Artillery contacted in Pursuit may be fought, or passed through": the pursuer\'s button', () => {
  it('cavalry (who always pursue) are offered fighting the guns; pressed, passing through', () => {
    const s = battle([{ id: 'blue-1', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 30 }, redInf]);
    const a = find(choices(s, 'blue-1'), 'setPursuitArtillery')!;
    expect(a.label).toBe('Pursuing into artillery: fight it (now: pass through)');
    const s2 = apply(s, a.command as unknown as Record<string, unknown>).state;
    expect(s2.ruleset.groups['blue-1']!.fightArtilleryInPursuit).toBe(true);
    expect(find(choices(s2, 'blue-1'), 'setPursuitArtillery')!.label).toBe('Pursuing into artillery: pass through (now: fight it)');
  });
  it('infantry are offered it only once they choose to pursue (7 p.15 "or Infantry if desired")', () => {
    const s = battle([inf('blue-1', 'blue', 900, 300, 90), redInf]);
    expect(find(choices(s, 'blue-1'), 'setPursuitArtillery')).toBeUndefined();
    const pursue = find(choices(s, 'blue-1'), 'setAfterRout', (c) => c.choice === 'pursue')!;
    expect(pursue.label).toBe('If all their opponents rout: pursue (now: hold)');
    const s2 = apply(s, pursue.command as unknown as Record<string, unknown>).state;
    expect(find(choices(s2, 'blue-1'), 'setPursuitArtillery')).toBeDefined();
  });
});

describe('6 Melee h) p.13 lights "have the option of standing instead of evading": the button', () => {
  it('shows evading as the alternative to the default stand, and is accepted', () => {
    const s = battle([{ id: 'blue-1', side: 'blue', type: 'light-infantry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 20 }, redInf]);
    const a = find(choices(s, 'blue-1'), 'setEvasion')!;
    expect(a.label).toBe('Where evading is optional: evade (now: stand)');
    expect(apply(s, a.command as unknown as Record<string, unknown>).state.ruleset.groups['blue-1']!.evadeWhenOptional).toBe(true);
  });
  it('massed troops are not offered it (the handler refuses it)', () => {
    expect(find(choices(battle([inf('blue-1', 'blue', 900, 300, 90), redInf]), 'blue-1'), 'setEvasion')).toBeUndefined();
  });
});

describe('§4 Movement when in melee p.10 "Units charged from flank or rear may form square (if on Stand orders)": the buttons', () => {
  it('massed infantry are offered the two other choices; cavalry none', () => {
    const s = battle([inf('blue-1', 'blue', 900, 300, 90), redInf]);
    const acts = choices(s, 'blue-1').filter((a) => a.command.type === 'setFlankSquare');
    expect(acts.map((a) => a.label)).toEqual([
      'Charged in flank or rear on Stand: square against any charger (now: square against cavalry, else turn stands)',
      'Charged in flank or rear on Stand: turn stands, no square (now: square against cavalry, else turn stands)',
    ]);
    expect(apply(s, acts[1]!.command as unknown as Record<string, unknown>).state.ruleset.groups['blue-1']!.flankSquare).toBe('never');
    const cav = battle([{ id: 'blue-1', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 30 }, redInf]);
    expect(find(choices(cav, 'blue-1'), 'setFlankSquare')).toBeUndefined();
  });
});

describe('8 p.18 at the table edge "may halt ... If they decide not to halt ... they are removed": the drag carries the group\'s choice', () => {
  // An Advance group 15cm from the bottom edge; red has only lights, far off the path.
  const redLights: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 300, y: 300, facingDeg: -90, n: 2, depth: 20 };
  const nearBottom = () => advanceTo(setOrder(battle([inf('blue-1', 'blue', 900, 1100, 90), inf('blue-9', 'blue', 1500, 300, 90), redLights]), 'blue-1', 'advance'), 'movement');
  const drag = { dxMm: 0, dyMm: 150, dRad: 0 };

  it('by default the preview halts at the edge on Reserve and says so; the command it sends does that', () => {
    const s = nearBottom();
    const p = T.previewMove!(seen(s, 'blue'), 'blue', 'blue-1', drag);
    expect(p.legal).toBe(true);
    expect(p.command).toMatchObject({ type: 'moveGroup', atEdge: 'halt' });
    expect(p.readout).toContainEqual({ label: 'Table edge', value: 'halts there on Reserve (default; the group\'s menu switches to leaving)' });
    const r = apply(s, p.command as unknown as Record<string, unknown>);
    expect(r.state.ruleset.groups['blue-1']).toMatchObject({ order: 'reserve', offTable: null });
  });
  it('the button switches the group to leaving; the next drag leaves the table', () => {
    const s = nearBottom();
    const b = find(choices(s, 'blue-1'), 'setMoveChoice', (c) => c.atEdge !== undefined)!;
    expect(b.label).toBe('Moves reaching the table edge: leave the table (now: halt on Reserve)');
    const s2 = apply(s, b.command as unknown as Record<string, unknown>).state;
    expect(s2.ruleset.groups['blue-1']!.atEdgeChoice).toBe('leave');
    expect(find(choices(s2, 'blue-1'), 'setMoveChoice', (c) => c.atEdge !== undefined)!.label).toBe('Moves reaching the table edge: halt on Reserve (now: leave the table)');
    const p = T.previewMove!(seen(s2, 'blue'), 'blue', 'blue-1', drag);
    expect(p.command).toMatchObject({ atEdge: 'leave' });
    expect(p.readout.find((l) => l.label === 'Table edge')!.value).toMatch(/^leaves the table/);
    expect(apply(s2, p.command as unknown as Record<string, unknown>).state.ruleset.groups['blue-1']!.offTable).toMatchObject({ pursued: false });
  });
  it('a move that stays on the table carries no edge choice; a group far from any edge gets no edge button', () => {
    const s = nearBottom();
    expect(T.previewMove!(seen(s, 'blue'), 'blue', 'blue-1', { dxMm: 0, dyMm: 30, dRad: 0 }).command).not.toHaveProperty('atEdge');
    const mid = advanceTo(setOrder(battle([inf('blue-1', 'blue', 900, 500, 90), redLights]), 'blue-1', 'advance'), 'movement');
    expect(find(choices(mid, 'blue-1'), 'setMoveChoice', (c) => c.atEdge !== undefined)).toBeUndefined();
  });
  it('Retreating groups always leave: no button (the handler refuses it)', () => {
    const s = setOrder(nearBottom(), 'blue-1', 'retreat');
    expect(find(choices(s, 'blue-1'), 'setMoveChoice', (c) => c.atEdge !== undefined)).toBeUndefined();
  });
});

describe('§4 p.10 "Light and Massed interpenetrating: Both parties go to Stand, or Reserve": the drag carries the group\'s choice', () => {
  // Blue line on Reserve, blue light infantry 8cm ahead of it.
  const li: U = { id: 'blue-2', side: 'blue', type: 'light-infantry', x: 900, y: 380, facingDeg: 90, n: 2, depth: 20 };
  const start = () => advanceTo(setOrder(setOrder(battle([inf('blue-1', 'blue', 900, 300, 90), li, inf('red-1', 'red', 900, 1100, -90)]), 'blue-1', 'reserve'), 'blue-2', 'advance'), 'movement');
  const drag = { dxMm: 0, dyMm: 150, dRad: 0 };

  it('by default the preview sends Reserve and says so', () => {
    const p = T.previewMove!(seen(start(), 'blue'), 'blue', 'blue-1', drag);
    expect(p.command).toMatchObject({ afterPassThrough: 'reserve' });
    expect(p.readout).toContainEqual({ label: 'Passing through', value: 'both go to Reserve (default; the group\'s menu switches to Stand)' });
  });
  it('the button switches to Stand; the dragged move then puts both on Stand', () => {
    const s = start();
    const b = find(choices(s, 'blue-1'), 'setMoveChoice', (c) => c.afterPassThrough !== undefined)!;
    expect(b.label).toBe('Passing through friends (light and massed): both go to Stand (now: Reserve)');
    const s2 = apply(s, b.command as unknown as Record<string, unknown>).state;
    const p = T.previewMove!(seen(s2, 'blue'), 'blue', 'blue-1', drag);
    expect(p.command).toMatchObject({ afterPassThrough: 'stand' });
    const r = apply(s2, p.command as unknown as Record<string, unknown>);
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('stand');
    expect(r.state.ruleset.groups['blue-2']!.order).toBe('stand');
  });
});

describe('(3) Orders NB p.6 and (1) Groups p.5: transfer buttons in command changes', () => {
  // blue-a (blue-2, blue-1) is blue-g2's; blue-b (blue-3, on Reserve) is blue-g1's, 1cm right of blue-1; blue-g1 stands 2.5cm from blue-1.
  const setUp = () => {
    const s = battle([
      { ...inf('blue-2', 'blue', 730, 300, 90), brigade: 'blue-bde2' }, { ...inf('blue-1', 'blue', 900, 300, 90), brigade: 'blue-bde2' }, inf('blue-3', 'blue', 1070, 300, 90), redInf,
    ], {
      groups: [{ id: 'blue-a', units: ['blue-2', 'blue-1'] }, { id: 'blue-b', units: ['blue-3'] }],
      generals: [{ id: 'blue-cinc', side: 'blue', x: 20, y: 20 }, { id: 'blue-g1', side: 'blue', x: 900, y: 240, commands: 'blue-bde' }, { id: 'blue-g2', side: 'blue', x: 100, y: 100, commands: 'blue-bde2' }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }],
    });
    const r = setOrder(s, 'blue-b', 'reserve');
    return { ...r, ruleset: { ...r.ruleset, generals: { ...r.ruleset.generals, 'blue-g1': { ...r.ruleset.generals['blue-g1']!, attemptsLeft: 2 } } } } as St;
  };
  it('the general within 5cm offers taking the unit as its own group or into his group beside it; both are accepted', () => {
    const s = setUp();
    const acts = T.actions!(seen(s, 'blue'), 'blue', 'blue-1').filter((a) => a.command.action === 'transfer' && a.command.general === 'blue-g1');
    expect(acts.map((a) => a.label)).toEqual(['blue-g1: take blue-1 into his command (own group)', 'blue-g1: take blue-1 into his group blue-3']);
    const joined = apply(withDice(s, [6]), acts[1]!.command as unknown as Record<string, unknown>);
    expect(joined.state.ruleset.groups['blue-b']!.units).toEqual(['blue-3', 'blue-1']);
    for (const a of acts) expect(apply(s, a.command as unknown as Record<string, unknown>).state.ruleset.generals['blue-g1']!.attemptsLeft).toBe(1);
  });
  it('blue-2, more than 5cm from the general, is offered no transfer by him', () => {
    expect(T.actions!(seen(setUp(), 'blue'), 'blue', 'blue-2').some((a) => a.command.action === 'transfer' && a.command.general === 'blue-g1')).toBe(false);
  });
});
