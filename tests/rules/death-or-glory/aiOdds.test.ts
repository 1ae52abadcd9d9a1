/**
 * The odds the scripted Death or Glory! player weighs (ai/odds.ts) and the choices it makes from
 * them (ai/scripts.ts): the mean of the casualty chart over the fire die (DoG FIRE PHASE,
 * Procedure), the first round of a melee (DoG MELÉE, Procedure; a unit struck in flank fights with
 * one row of the stands touching), reinforcing a melee (DoG Charge Restrictions), and the
 * generals riding to their commands (DoG MORALE "commander's command rating").
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, apply, unit, withDice, withUnitState, rolls, ofType } from './build';
import { expectedFireMen, meleeOdds, firstRoundModifiers } from '../../../src/rules/death-or-glory/ai/odds';
import { dogScripts } from '../../../src/rules/death-or-glory/ai/scripts';
import { planFire } from '../../../src/rules/death-or-glory/fire/plan';
import { chargeReachMm } from '../../../src/rules/death-or-glory/charge/charges';
import { unitDistance } from '../../../src/geometry/measure';
import { ctxOf } from '../../../src/rules/death-or-glory/state';
import { fireDie, readChart } from '../../../src/rules/death-or-glory/tables';
import { reactionChances, reactionModifiers } from '../../../src/rules/death-or-glory/morale/tests';
import { viewFor } from '../../../src/engine/view';
import { makeSampler } from '../../../src/ai/sampler';
import { DOG, type St } from './build';
import type { SeenGame } from '../../../src/engine/ruleset';
import type { DogState } from '../../../src/rules/death-or-glory/state';
import type { DogOptions } from '../../../src/rules/death-or-glory/options';
import type { DogTables } from '../../../src/rules/death-or-glory/tables';

type V = SeenGame<DogState, DogOptions, DogTables>;
const view = (s: St, side: string) => viewFor(DOG, s, side) as unknown as V;

describe('DoG FIRE PHASE: the volley the scripted player expects', () => {
  it('is the mean of the casualty chart over the ten faces of the fire die, by its modifiers and figures firing', () => {
    const s = advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 760 },
    ]), 'fireFirst');
    const p = planFire(ctxOf(s), unit(s, 'pr')!, unit(s, 'fr')!);
    expect(p.ok).toBe(true);
    const mods = p.modifiers.reduce((a, m) => a + m.value, 0);
    let sum = 0;
    for (let f = 1; f <= 10; f++) sum += readChart(s.tables.casualtyChart, fireDie(f) + mods, p.count).men;
    expect(expectedFireMen(s.tables, p)).toBeCloseTo(sum / 10, 9);
    // Point-blank fire does more harm than the same volley at 110 m (DoG Range Modifiers: +3 at 0-35 m, -2 at 91-125 m).
    const far = advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 830 },
    ]), 'fireFirst');
    expect(expectedFireMen(far.tables, planFire(ctxOf(far), unit(far, 'pr')!, unit(far, 'fr')!))).toBeLessThan(expectedFireMen(s.tables, p));
  });

  it('a planned shot that is refused is worth nothing', () => {
    const s = advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 200 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 1200 },
    ]), 'fireFirst');
    const p = planFire(ctxOf(s), unit(s, 'pr')!, unit(s, 'fr')!);
    expect(p.ok).toBe(false);
    expect(expectedFireMen(s.tables, p)).toBe(0);
  });
});

describe('DoG MELÉE: the first round the scripted player expects', () => {
  const s = battle([
    { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 500, n: 2 },
    { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750, formation: 'column' },
  ]);
  const drag = unit(s, 'drag')!, fr = unit(s, 'fr')!;

  it('impact adds to what the charger causes', () => {
    const without = meleeOdds(ctxOf(s), drag, fr, { impact: false });
    const withImpact = meleeOdds(ctxOf(s), drag, fr, { impact: true });
    expect(withImpact.caused).toBeGreaterThan(without.caused);
    expect(withImpact.suffered).toBe(without.suffered);
  });

  it('a unit struck in the flank fights back with one row of a stand, so the charger suffers less', () => {
    const front = meleeOdds(ctxOf(s), drag, fr, { impact: true, face: 'front' });
    const flank = meleeOdds(ctxOf(s), drag, fr, { impact: true, face: 'left' });
    expect(flank.suffered).toBeLessThan(front.suffered);
  });

  it('the chances of winning and losing the round are counted over both dice ("Winner is the side which causes more casualties"; equal is neither)', () => {
    const c = ctxOf(s);
    const odds = meleeOdds(c, drag, fr, { impact: true });
    const mods = (x: typeof drag, y: typeof fr, hx: number, hy: number, impact: boolean) => firstRoundModifiers(c, x, y, hx, hy, impact).reduce((a, m) => a + m.value, 0);
    // The head counts the estimate used, recovered from its means (the chart is monotone in the count for a fixed total).
    const faces = (total: number, count: number) => Array.from({ length: 10 }, (_, i) => readChart(s.tables.casualtyChart, fireDie(i + 1) + total, count).men);
    const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
    let found = false;
    for (let hd = 1; hd <= 12 && !found; hd++) for (let hf = 1; hf <= 24 && !found; hf++) {
      const mine = faces(mods(drag, fr, hd, hf, true), hd), theirs = faces(mods(fr, drag, hf, hd, false), hf);
      if (Math.abs(mean(mine) - odds.caused) > 1e-9 || Math.abs(mean(theirs) - odds.suffered) > 1e-9) continue;
      found = true;
      let won = 0, lost = 0;
      for (const x of mine) for (const y of theirs) { if (x > y) won++; else if (y > x) lost++; }
      expect(odds.won).toBeCloseTo(won / 100, 9);
      expect(odds.lost).toBeCloseTo(lost / 100, 9);
    }
    expect(found).toBe(true);
    expect(odds.won + odds.lost).toBeLessThanOrEqual(1);
    // Impact only helps the charger win.
    const without = meleeOdds(c, drag, fr, { impact: false });
    expect(odds.won).toBeGreaterThanOrEqual(without.won);
    expect(odds.lost).toBeLessThanOrEqual(without.lost);
  });

  it('a target with its back to the enemy cannot win the round (DoG MELÉE: routing and evading troops do not fight back)', () => {
    const routed = withUnitState(s, 'fr', { morale: 'routing' });
    const odds = meleeOdds(ctxOf(routed), unit(routed, 'drag')!, unit(routed, 'fr')!, { impact: true });
    expect(odds.suffered).toBe(0);
    expect(odds.lost).toBe(0);
    expect(odds.won).toBeGreaterThan(0.5);
  });
});

describe('DoG MELÉE, Melee Modifiers: the scripted player weighs a melee with the modifiers the rules roll with', () => {
  // Veteran dragoons on a hill charged home (impact) last turn winners of a round, against a disordered French line:
  // the modifiers the old copied list left out (following up, uphill) must reach the AI's estimate as well.
  const hill = { id: 'knoll', kind: 'hill', name: 'Knoll', polygon: [[1000, 560], [1400, 560], [1400, 699], [1000, 699]], heightLevel: 1, props: {} };
  function locked(): St {
    let s = battle([
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 700, n: 2, quality: 'veteran' },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 700, facingDeg: -90, n: 2 },
      { id: 'fr2', side: 'red', type: 'fusilier', x: 1800, y: 1300, facingDeg: -90 },
    ], { terrain: [hill] });
    s = { ...s, ruleset: { ...s.ruleset, melees: [{ a: 'drag', b: 'fr', rounds: 0 }] } };
    s = advanceTo(s, 'fireSecond');
    s = withUnitState(s, 'drag', { charged: { target: 'fr', impact: true }, meleeWins: [s.position.turn - 1] });
    return withUnitState(s, 'fr', { order: 'disordered' });
  }

  it('each side\'s first-round modifiers from the AI are the list the melee rolls with, label for label', () => {
    const s = locked();
    const drag = unit(s, 'drag')!, fr = unit(s, 'fr')!;
    const r = apply(withDice(s, [5, 6, 5, 6, 5, 6]), { type: 'endStep', side: s.position.actors[0]! });
    const melee = rolls(r.events).filter((x) => x.purpose.includes('in melee'));
    const [cav, inf] = [melee.find((x) => x.purpose.startsWith('drag'))!, melee.find((x) => x.purpose.startsWith('fr'))!];
    const hc = (x: { table?: { column?: string } }) => Number(/head count (\d+)/.exec(x.table?.column ?? '')![1]);
    const [hd, hf] = [hc(cav), hc(inf)];
    const pairs = (ms: readonly { label: string; value: number }[]) => ms.map((m) => [m.label, m.value]);
    expect(pairs(firstRoundModifiers(ctxOf(s), drag, fr, hd, hf, true))).toEqual(pairs(cav.modifiers));
    expect(pairs(firstRoundModifiers(ctxOf(s), fr, drag, hf, hd, false))).toEqual(pairs(inf.modifiers));
    expect(cav.modifiers.map((m) => m.label)).toEqual(expect.arrayContaining(['veteran', 'following up victory', 'uphill']));
  });

  it('the AI\'s head counts are the melee\'s own, so its expected blow is the chart\'s mean for that count and total', () => {
    const s = locked();
    const drag = unit(s, 'drag')!, fr = unit(s, 'fr')!;
    const odds = meleeOdds(ctxOf(s), drag, fr, { impact: true });
    const r = apply(withDice(s, [5, 6, 5, 6, 5, 6]), { type: 'endStep', side: s.position.actors[0]! });
    const cav = rolls(r.events).find((x) => x.purpose.startsWith('drag in melee'))!;
    const count = Number(/head count (\d+)/.exec(cav.table?.column ?? '')![1]);
    const mods = cav.modifiers.reduce((a, m) => a + m.value, 0);
    let sum = 0;
    for (let f = 1; f <= 10; f++) sum += readChart(s.tables.casualtyChart, fireDie(f) + mods, count).men;
    expect(odds.caused).toBeCloseTo(sum / 10, 9);
  });
});

describe('DoG Charge Reaction Test: the scripted player weighs standing against countercharging', () => {
  // French chasseurs in column (the initiative) charge Prussian landwehr in line 100 m off.
  function charged(): St {
    let s = advanceTo(battle([
      { id: 'lw', side: 'blue', type: 'landwehr', x: 1200, y: 700 },
      { id: 'ch', side: 'red', type: 'chasseur', x: 1200, y: 800, formation: 'column' },
      { id: 'far', side: 'red', type: 'fusilier', x: 2000, y: 1400 },
    ], { initiative: [2, 9] }), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'red', unit: 'ch', target: 'lw' }).state;
    return apply(s, { type: 'endStep', side: 'red' }).state;
  }

  it('its chances are the test\'s own: landwehr (morale 50%, -20% landwehr) stand on 1-3, fail by 10% on a 4, evade on 5-0', () => {
    const s = charged();
    expect(s.position.step).toBe('respond');
    const lw = unit(s, 'lw')!, ch = unit(s, 'ch')!;
    const odds = reactionChances(ctxOf(s), lw, ch, false);
    expect(odds.stands).toBeCloseTo(0.3, 9);
    expect(odds.ragged).toBeCloseTo(0.1, 9);
    expect(odds.evades).toBeCloseTo(0.6, 9);
    // The test rolls with the same list.
    let t = apply(s, { type: 'reactToCharge', side: 'blue', unit: 'lw', reaction: 'stand' }).state;
    t = apply(t, { type: 'endStep', side: 'blue' }).state;
    const r = apply(withDice(t, [2, 5]), { type: 'endStep', side: t.position.actors[0]! });
    const test = rolls(r.events).find((x) => x.purpose.includes('charge reaction test'))!;
    expect(test.modifiers).toEqual(reactionModifiers(ctxOf(s), lw, ch, false));
    expect(test.outcome).toContain('stands');
  });

  it('landwehr likelier to evade than stand countercharge the column instead (a countercharger takes no test)', () => {
    const s = charged();
    const v = view(s, 'blue');
    const cmds = dogScripts.commands(v, 'blue', 'lw', dogScripts.choose(v, 'blue', 'lw'), makeSampler(1));
    expect(cmds[0]).toEqual({ type: 'declareCharge', side: 'blue', unit: 'lw', target: 'ch' });
    expect(ofType(apply(s, cmds[0]!).events, 'CounterchargeDeclared')).toHaveLength(1);
  });
});

describe('DoG Charge Movement Bonus: the scripted player\'s horse keeps out of the charge reach of formed foot', () => {
  it('dragoons 90 m in front of a formed French line, with nothing fair to charge, step straight back beyond the line\'s reach (100 m + 30 m)', () => {
    let s = battle([
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 2 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 690, facingDeg: -90 },
    ]);
    s = advanceTo(s, 'moveFirst');
    const v = view(s, 'blue');
    expect(dogScripts.choose(v, 'blue', 'drag')).toBe('hold');
    const cmds = dogScripts.commands(v, 'blue', 'drag', 'hold', makeSampler(1));
    expect(cmds[0]).toMatchObject({ type: 'moveUnit', unit: 'drag', legs: [{ kind: 'backward' }] });
    const after = apply(s, cmds[0]!).state;
    const reach = chargeReachMm({ tables: after.tables, rs: after.ruleset }, unit(after, 'fr')!);
    expect(reach).toBe(130);
    expect(unitDistance(unit(after, 'drag')!.stands, unit(after, 'fr')!.stands)).toBeGreaterThan(reach);
  });
});

describe('DoG Charge Restrictions: the scripted player reinforces a melee its friends are locked in', () => {
  it('a fresh battalion 64 m off the flank of a melee moves into contact with the enemy in it', () => {
    let s = battle([
      { id: 'a', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
      { id: 'b', side: 'red', type: 'fusilier', x: 1200, y: 700, facingDeg: -90 },
      { id: 'pr2', side: 'blue', type: 'musketeer', x: 1330, y: 710, facingDeg: 180 },
      { id: 'd', side: 'red', type: 'fusilier', x: 1200, y: 1200, facingDeg: -90 },
    ]);
    s = { ...s, ruleset: { ...s.ruleset, melees: [{ a: 'a', b: 'b', rounds: 1 }] } };
    s = advanceTo(s, 'moveFirst');
    const v = view(s, 'blue');
    const cmds = dogScripts.commands(v, 'blue', 'pr2', dogScripts.choose(v, 'blue', 'pr2'), makeSampler(1));
    expect(cmds[0]).toEqual({ type: 'reinforceMelee', side: 'blue', unit: 'pr2', target: 'b' });
    const r = apply(s, cmds[0]!);
    expect(r.events.some((e) => e.type === 'MeleeReinforced')).toBe(true);
  });
});

describe('DoG MORALE ("commander\'s command rating" within 150 m): the scripted player\'s generals ride to their commands', () => {
  it('a brigade general far behind rides toward the unit of his brigade nearest the enemy, staying behind it', () => {
    let s = battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 600, brigade: 'blue-b1' },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 900 },
    ], { generals: [{ id: 'blue-cinc', side: 'blue', x: 20, y: 20 }, { id: 'g1', side: 'blue', x: 1200, y: 100, commands: 'blue-b1', rating: 2 }, { id: 'red-gen', side: 'red', x: 2380, y: 1580 }] });
    s = advanceTo(s, 'moveFirst');
    const cmds = dogScripts.sideCommands(view(s, 'blue'), 'blue');
    const ride = cmds.find((c) => c.type === 'moveGeneral' && c['general'] === 'g1') as { x: number; y: number } | undefined;
    expect(ride).toBeDefined();
    expect(ride!.y).toBeGreaterThan(100);
    expect(ride!.y).toBeLessThan(600);
    expect(apply(s, ride as never).events.some((e) => e.type === 'GeneralMoved')).toBe(true);
  });
});
