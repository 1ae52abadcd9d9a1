// SYW procedures played with scripted dice (audit finding 3): a close-combat round, cavalry
// breakthrough, the first rout move and routers passing through friends, rallying, artillery bounce
// through, howitzers firing unseen, lights falling back, curing disorder, transfers, Brave and
// Cautious generals, seeing friends rout and groups returning to the table. Each builds a small
// battle, runs the command or engine step, and checks the outcome and the logged rolls.
import { describe, expect, it } from 'vitest';
import { battle, setOrder, scriptedCtx, withDice, apply, advanceTo, rejection, rolls, SYW, type U, type St } from './build';
import { Work } from '../../../src/rules/seven-years-war/work';
import { closeCombat } from '../../../src/rules/seven-years-war/melee';
import type { SywState } from '../../../src/rules/seven-years-war/state';
import type { Change } from '../../../src/engine/ruleset';
import type { AnyEvent } from '../../../src/engine/command';

// Blue faces down the table (+90°), red up (−90°); anchors are front-edge centres. Here the two
// 2-deep medium infantry lines touch along y = 300.
const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 2 };
const redInf: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 300, facingDeg: -90, n: 4, depth: 15, ranks: 2 };
const plainC = { training: 'average', psychology: 'none', ability: 'normal' };
const gensAt = (x: number, y: number) => [{ id: 'blue-cinc', side: 'blue' as const, x, y }, { id: 'red-cinc', side: 'red' as const, x: 1780, y: 1180 }];

function patch(s: St, f: (rs: SywState) => Partial<SywState>): St {
  return { ...s, ruleset: { ...s.ruleset, ...f(s.ruleset) } };
}
const withUnit = (s: St, id: string, p: Partial<SywState['units'][string]>) => patch(s, (rs) => ({ units: { ...rs.units, [id]: { ...rs.units[id]!, ...p } } }));
const withGroup = (s: St, id: string, p: Partial<SywState['groups'][string]>) => patch(s, (rs) => ({ groups: { ...rs.groups, [id]: { ...rs.groups[id]!, ...p } } }));

/** Run the close-combat step procedure on `s` with scripted dice. */
function melee(s: St, faces: number[]): { w: Work; events: AnyEvent[] } {
  const { ctx, events } = scriptedCtx(s, faces);
  const w = new Work(s, ctx);
  closeCombat(s, w);
  return { w, events };
}
const summary = (events: AnyEvent[]) => rolls(events).map((r) => [r.purpose, r.faces, r.modified, r.outcome]);
const mods = (events: AnyEvent[], purpose: string) => rolls(events).find((r) => r.purpose === purpose)!.modifiers.map((m) => [m.label, m.value]);

describe('SYW 6 Melee chart and Result of Melee (p.14), 8 Morale (pp.17-18): a close-combat round between two infantry lines', () => {
  // Blue 5 +1 overlap +1 extra stand = 7: kill 2; red 2 +1 +1 = 4: disorganise. Both then test (D4 for the general, 2D6).
  // Faces: blue's melee D6, red's; blue's D4 and 2D6; red's D4; then red's 2D6 (and any rout move).
  const fight = (redMorale: number[]) => melee(setOrder(setOrder(battle([blueInf, redInf]), 'blue-1', 'advance'), 'red-1', 'stand'), [5, 2, 4, 4, 4, 4, ...redMorale]);
  it('each side rolls a D6 with its modifiers; 7 kills two stands, 4 disorganises; the winner tests +2 +1, the loser −2 per melee lost', () => {
    const { w, events } = fight([4, 4]);
    expect(summary(events).slice(0, 2)).toEqual([
      ['Melee: blue-1 v red-1', [5], 7, 'kill2'],
      ['Melee: red-1 v blue-1', [2], 4, 'disorganise'],
    ]);
    expect(mods(events, 'Melee: blue-1 v red-1')).toEqual([['At least 1 overlap in support', 1], ['Per stand (over 1) in contact', 1]]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'StandsKilled', unit: 'red-1', count: 2, rule: 'SYW 6 Result of Melee (p.14)' }));
    expect(w.unit('red-1')!.stands).toHaveLength(2);
    expect(w.rs.units['red-1']!.disordered).toBe(true);
    expect(w.rs.units['blue-1']!.disordered).toBe(true);
    expect(w.rs.groups['blue-1']).toMatchObject({ meleesWon: 1, inflictedThisPhase: 2 });
    expect(w.rs.groups['red-1']).toMatchObject({ meleesLost: 1 });
    expect(mods(events, 'Casualties: blue-1')).toEqual([
      ['Caused more casualties than received this phase, in melee', 2], ['Per melee group has won this phase', 1], ['50% of units disordered, or in disordering terrain', -1],
    ]);
    expect(mods(events, 'Casualties: red-1')).toEqual([
      ['Per melee lost by group this phase', -2], ["Per 20% of group's stands killed this battle (x2)", -2], ['50% of units disordered, or in disordering terrain', -1],
    ]);
    // Red 4+4−5 = 3: "3 massed: orders other than Advance unchanged" (Stand stays).
    expect(rolls(events).find((r) => r.purpose === 'Casualties: red-1')).toMatchObject({ modified: 3, outcome: '3 massed: orders other than Advance unchanged' });
    expect(w.rs.groups['red-1']!.order).toBe('stand');
  });

  it('SYW 7 Rout (p.15): a loser scoring 0 or less routs at once, turns about and makes its first rout move of 16 + D6cm', () => {
    // Red 1+1−5 = −3: rout; first rout move 16 + 3 = 19cm straight away from blue.
    const { w, events } = fight([1, 1, 3]);
    expect(rolls(events).find((r) => r.purpose === 'Casualties: red-1')).toMatchObject({ modified: -3, outcome: '0 or less: go to Rout, move immediately' });
    expect(rolls(events).find((r) => r.purpose === 'First rout move: red-1')).toMatchObject({ faces: [3], modified: 19, rule: 'SYW 7 Rout and Pursuit (pp.15-16)' });
    expect(w.rs.groups['red-1']!.order).toBe('rout');
    expect(events).toContainEqual(expect.objectContaining({ type: 'GroupRouted', group: 'red-1', distanceMm: 190 }));
    // The surviving front rank's centres were at y 307.5; turned about and moved 190mm down the table.
    const st = w.unit('red-1')!.stands;
    expect(st.map((x) => x.centre.y)).toEqual([497.5, 497.5]);
    expect(st.every((x) => Math.abs(x.facing - Math.PI / 2) < 1e-6)).toBe(true);
  });

  it('SYW §4 interpenetration (p.10): routers passing through a friend leave it on Stand and disordered, themselves unpenalised', () => {
    const s0 = setOrder(setOrder(setOrder(battle([blueInf, redInf, { ...redInf, id: 'red-2', y: 400 }]), 'blue-1', 'advance'), 'red-1', 'stand'), 'red-2', 'reserve');
    const { w, events } = melee(s0, [5, 2, 4, 4, 4, 4, 1, 1, 3]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'UnitsInterpenetrated', mover: 'red-1', other: 'red-2', kind: 'routingThroughAny' }));
    expect(w.rs.groups['red-2']!.order).toBe('stand');
    expect(w.rs.units['red-2']!.disordered).toBe(true);
    expect(events.some((e) => e.type === 'OrderChanged' && (e as { group?: string }).group === 'red-1' && (e as { to?: string }).to !== 'rout')).toBe(false);
    expect(w.rs.groups['red-1']!.order).toBe('rout');
  });
});

describe('SYW 6 Melee breakthrough (p.15): charging cavalry in line that beat an infantry line', () => {
  const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 3, depth: 30 };
  const line: U = { ...redInf, ranks: 1 };
  const setUp = (charged: boolean) => {
    const s = setOrder(setOrder(battle([cav, line]), 'blue-cav', 'advance'), 'red-1', 'stand');
    return charged ? patch(s, () => ({ charges: [{ group: 'blue-cav', chargers: ['blue-cav'], target: 'red-1', face: 'front' as const }] })) : s;
  };
  it('pass through and on 6 + D6cm (6 + 4 = 10), disordered, to Stand when they meet no enemy; the broken line is disordered', () => {
    const { w, events } = melee(setUp(true), [6, 1, 4, 4, 4, 4, 4, 4, 4]);
    expect(summary(events).slice(0, 2)).toEqual([['Melee: blue-cav v red-1', [6], 8, 'kill2'], ['Melee: red-1 v blue-cav', [1], 4, 'disorganise']]);
    expect(rolls(events).find((r) => r.purpose === 'blue-cav breaks through red-1')).toMatchObject({ faces: [4], modified: 10, rule: 'SYW 6 Melee breakthrough (p.15)' });
    expect(events).toContainEqual(expect.objectContaining({ type: 'BrokeThrough', unit: 'blue-cav', through: 'red-1' }));
    // Centres at y 285: through the line's 15mm and their own 30mm, then 100mm on: y 430.
    expect(w.unit('blue-cav')!.stands.map((x) => x.centre.y)).toEqual([430, 430, 430]);
    expect(w.rs.groups['blue-cav']!.order).toBe('stand');
    expect(w.rs.units['blue-cav']!.disordered).toBe(true);
    expect(w.rs.units['red-1']!.disordered).toBe(true);
  });
  it('cavalry that did not charge do not break through', () => {
    const { w, events } = melee(setUp(false), [6, 1, 4, 4, 4, 4, 4, 4]);
    expect(events.some((e) => e.type === 'BrokeThrough')).toBe(false);
    expect(w.unit('blue-cav')!.stands.map((x) => x.centre.y)).toEqual([285, 285, 285]);
  });
});

describe('SYW 7 Rallying from Rout (p.16), 8 rally results (p.18): a general prompts routers, who test on 2D6', () => {
  // Blue-1 routing, its CinC 6.5cm from its centre; a second blue group keeps the army on the field.
  const setUp = (type: U) => setOrder(battle([type, { ...blueInf, id: 'blue-2', x: 300 }, { ...redInf, y: 900 }], { generals: gensAt(900, 200) }), 'blue-1', 'rout');
  const rally = { type: 'prompt', side: 'blue', general: 'blue-cinc', group: 'blue-1', action: 'rally' };
  it('massed troops scoring 5 (4+2 −2 rallying +1 general within D4×5cm) rally at Reserve', () => {
    const r = apply(withDice(setUp(blueInf), [6, 4, 4, 2]), rally);
    expect(summary(r.events)).toEqual([
      ['blue-cinc prompts blue-1 (rally) at 6.5cm', [6], 6, 'success (a 6 always succeeds)'],
      ['General within D4 x 5cm of blue-1?', [4], 4, '4'],
      ['Testing to rally: blue-1', [4, 2], 5, '5+: rallies massed troops'],
    ]);
    expect(mods(r.events, 'Testing to rally: blue-1')).toEqual([['Attempting to rally from rout', -2], ["Group's general or CinC within D4 x 5cm", 1]]);
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('reserve');
  });
  it('massed troops scoring 4 continue their rout', () => {
    const r = apply(withDice(setUp(blueInf), [6, 4, 3, 2]), rally);
    expect(rolls(r.events).at(-1)).toMatchObject({ modified: 4, outcome: 'less: continue rout' });
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('rout');
  });
  it('light troops need 6: a 5 does not rally them', () => {
    const lights: U = { ...blueInf, type: 'light-infantry', depth: 20, ranks: 1 };
    const r = apply(withDice(setUp(lights), [6, 4, 4, 2]), rally);
    expect(rolls(r.events).at(-1)).toMatchObject({ modified: 5, outcome: 'less: continue rout' });
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('rout');
  });
  it('routers within 10cm of visible enemy may not be rallied', () => {
    const s = setOrder(battle([blueInf, { ...blueInf, id: 'blue-2', x: 300 }, { ...redInf, y: 350 }], { generals: gensAt(900, 200) }), 'blue-1', 'rout');
    expect(rejection(s, rally)).toBe('enemy-near');
  });
});

describe('SYW (5) Artillery bounce through (p.11): a hit at long range carries on to enemy within 10cm behind', () => {
  const gun: U = { id: 'blue-art', side: 'blue', type: 'heavy-artillery', x: 900, y: 300, facingDeg: 90, n: 1, depth: 40 };
  // red-1 25cm ahead (long range, 3cm deep), red-2 6cm behind its rear on the line of fire.
  const setUp = () => advanceTo(battle([gun, { ...redInf, y: 550 }, { ...redInf, id: 'red-2', y: 640 }]), 'shootingPhasing');
  const shoot = { type: 'shoot', side: 'blue', unit: 'blue-art', target: 'red-1' };
  it('a 5 at long range (−1) is a 4, a hit: the unit behind is shot at too, and logged as a bounce', () => {
    const r = apply(withDice(setUp(), [5, 5]), shoot);
    expect(summary(r.events)).toEqual([
      ['blue-art shoots at red-1 (long)', [5], 4, 'disorganise'],
      ['Bounce through: blue-art shoots at red-2 (long)', [5], 4, 'disorganise'],
    ]);
    expect(r.state.ruleset.units['red-2']!.disordered).toBe(true);
  });
  it('a 4 at long range is a 3, no hit: nothing bounces', () => {
    const r = apply(withDice(setUp(), [4]), shoot);
    expect(summary(r.events)).toEqual([['blue-art shoots at red-1 (long)', [4], 3, 'none']]);
    expect(r.state.ruleset.units['red-2']!.disordered).toBe(false);
  });
});

describe('SYW (5) Shooting rules (f) (p.12): howitzers may fire at unseen targets, counting the range 10cm further', () => {
  const how: U = { id: 'blue-how', side: 'blue', type: 'howitzers', x: 900, y: 300, facingDeg: 90, n: 1, depth: 40 };
  // The target 15cm away (short range for howitzers, 15/40/60); a wood 4-11cm ahead hides it.
  const wood = { id: 'wd', kind: 'wood', name: 'Wood', polygon: [[700, 340], [1100, 340], [1100, 410], [700, 410]], props: {} };
  const shoot = { type: 'shoot', side: 'blue', unit: 'blue-how', target: 'red-1' };
  it('seen, it fires at short range', () => {
    const r = apply(withDice(advanceTo(battle([how, { ...redInf, y: 450 }]), 'shootingPhasing'), [5]), shoot);
    expect(rolls(r.events)[0]!.purpose).toBe('blue-how shoots at red-1 (short)');
  });
  it('unseen behind the wood, it still fires, at long range (15 + 10 = 25cm), with the long-range −1', () => {
    const r = apply(withDice(advanceTo(battle([how, { ...redInf, y: 450 }], { terrain: [wood] }), 'shootingPhasing'), [5]), shoot);
    expect(summary(r.events)).toEqual([['blue-how shoots at red-1 (long, unseen)', [5], 4, 'disorganise']]);
    expect(mods(r.events, 'blue-how shoots at red-1 (long, unseen)')).toEqual([['Shooting at long range', -1]]);
  });
  it('guns other than howitzers may not fire at what they cannot see', () => {
    const gun: U = { ...how, id: 'blue-art', type: 'heavy-artillery' };
    const s = advanceTo(battle([gun, { ...redInf, y: 450 }], { terrain: [wood] }), 'shootingPhasing');
    expect(rejection(s, { ...shoot, unit: 'blue-art' })).toBe('unseen');
  });
});

describe('SYW §4 Light troops (p.10): lights fall back to 10cm before advancing massed enemy', () => {
  const lights: U = { id: 'red-lt', side: 'red', type: 'light-infantry', x: 900, y: 420, facingDeg: -90, n: 4, depth: 20 };
  it('a blue line advancing 6cm to 4cm from them pushes them back to 10cm; they go to Reserve and may not shoot', () => {
    const s = advanceTo(setOrder(battle([blueInf, lights]), 'blue-1', 'advance'), 'movement');
    const r = apply(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 60 }] });
    // Blue's front now at 360; the lights' front edge from 420 to 460 (centres 430 → 470).
    expect(r.state.battle.units.find((u) => u.id === 'red-lt')!.stands.map((x) => x.centre.y)).toEqual([470, 470, 470, 470]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'OrderChanged', group: 'red-lt', to: 'reserve', rule: 'SYW §4 lights fall back (p.10)' }));
    expect(r.state.ruleset.units['red-lt']!.mayNotShoot).toBe(true);
  });
});

describe('SYW 7 Disorder (p.16): a disordered unit needs an order to cure it before its group may change orders', () => {
  const setUp = () => withUnit(battle([blueInf, { ...redInf, y: 900 }], { generals: gensAt(900, 200) }), 'blue-1', { disordered: true });
  it('a change of order is refused while it is disordered', () => {
    expect(rejection(setUp(), { type: 'prompt', side: 'blue', general: 'blue-cinc', group: 'blue-1', action: 'advance' })).toBe('disordered');
  });
  it('a prompt of 2 (20cm) reaching the unit 6.5cm away cures it', () => {
    const r = apply(withDice(setUp(), [2]), { type: 'prompt', side: 'blue', general: 'blue-cinc', group: 'blue-1', action: 'cureDisorder', unit: 'blue-1' });
    expect(summary(r.events)).toEqual([['blue-cinc prompts blue-1 (cureDisorder) at 6.5cm', [2], 2, 'success (2 x 10cm reaches)']]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'DisorderCured', unit: 'blue-1', rule: 'SYW 7 Disorder (p.16)' }));
    expect(r.state.ruleset.units['blue-1']!.disordered).toBe(false);
  });
  it('a prompt of 1 always fails: still disordered', () => {
    const r = apply(withDice(setUp(), [1]), { type: 'prompt', side: 'blue', general: 'blue-cinc', group: 'blue-1', action: 'cureDisorder', unit: 'blue-1' });
    expect(r.state.ruleset.units['blue-1']!.disordered).toBe(true);
  });
});

describe('SYW (3) Orders NB (p.6): a general takes a group of another command into his own (transfer)', () => {
  // blue-g1 commands blue-bde, blue-g2 commands blue-bde2 (blue-2). blue-g1 stands 2.5cm from blue-2.
  const setUp = (g1At: { x: number; y: number }) => {
    const s = battle([blueInf, { ...blueInf, id: 'blue-2', x: 600, brigade: 'blue-bde2' }, { ...redInf, y: 900 }], {
      generals: [{ id: 'blue-cinc', side: 'blue', x: 20, y: 20 }, { id: 'blue-g1', side: 'blue', x: 900, y: 200, commands: 'blue-bde' }, { id: 'blue-g2', side: 'blue', x: 100, y: 100, commands: 'blue-bde2' }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }],
    });
    return { ...s, battle: { ...s.battle, generals: s.battle.generals.map((g) => (g.id === 'blue-g1' ? { ...g, stand: { ...g.stand, centre: g1At } } : g)) } } as St;
  };
  const transfer = { type: 'prompt', side: 'blue', general: 'blue-g1', group: 'blue-2', action: 'transfer' };
  it('on a successful D6 the group changes command and goes to Reserve', () => {
    const s = setUp({ x: 600, y: 240 });
    expect(s.ruleset.groups['blue-2']!.general).toBe('blue-g2');
    const r = apply(withDice(s, [3]), transfer);
    expect(summary(r.events)).toEqual([['blue-g1 prompts blue-2 (transfer) at 2.5cm', [3], 3, 'success (3 x 10cm reaches)']]);
    expect(r.state.ruleset.groups['blue-2']).toMatchObject({ general: 'blue-g1', order: 'reserve' });
  });
  it('the general must be within 5cm of the unit', () => {
    expect(rejection(setUp({ x: 600, y: 150 }), transfer)).toBe('too-far');
  });
});

describe('SYW (3) Psychology (p.6): Cautious and Brave generals', () => {
  const caut = { training: 'average', psychology: 'cautious', ability: 'normal' };
  const brave = { training: 'average', psychology: 'brave', ability: 'normal' };
  it('a Cautious CinC counts the distance double to order an Advance: 23cm counts 46cm, so a 3 fails; the same 3 orders a Retreat', () => {
    const s = battle([blueInf, { ...redInf, y: 900 }], { generals: gensAt(900, 35), fields: { counterMix: { blue: [caut, caut, caut], red: [plainC, plainC, plainC] } } });
    const adv = apply(withDice(s, [3]), { type: 'prompt', side: 'blue', general: 'blue-cinc', group: 'blue-1', action: 'advance' });
    expect(summary(adv.events)).toEqual([['blue-cinc prompts blue-1 (advance) at 46.0cm (cautious: doubled)', [3], 3, 'failure (3 x 10cm falls short)']]);
    expect(adv.state.ruleset.groups['blue-1']!.order).toBe('stand');
    const ret = apply(withDice(s, [3]), { type: 'prompt', side: 'blue', general: 'blue-cinc', group: 'blue-1', action: 'retreat' });
    expect(summary(ret.events)).toEqual([['blue-cinc prompts blue-1 (retreat) at 23.0cm', [3], 3, 'success (3 x 10cm reaches)']]);
    expect(ret.state.ruleset.groups['blue-1']!.order).toBe('retreat');
  });
  it('a Brave general within 5cm adds +1 to the morale test (8 Morale p.17)', () => {
    const s = setOrder(setOrder(battle([blueInf, redInf], { generals: gensAt(900, 260), fields: { counterMix: { blue: [brave, brave, brave], red: [plainC, plainC, plainC] } } }), 'blue-1', 'advance'), 'red-1', 'stand');
    const { events } = melee(s, [5, 2, 1, 4, 4, 4, 4, 4]);
    expect(mods(events, 'Casualties: blue-1')).toContainEqual(['Brave general within 5cm', 1]);
    expect(rolls(events).find((r) => r.purpose === 'Casualties: blue-1')!.modified).toBe(12);
    // The same fight under a plain CinC: no such modifier, 11.
    const plain = setOrder(setOrder(battle([blueInf, redInf], { generals: gensAt(900, 260) }), 'blue-1', 'advance'), 'red-1', 'stand');
    const p = melee(plain, [5, 2, 1, 4, 4, 4, 4, 4]);
    expect(mods(p.events, 'Casualties: blue-1').map(([l]) => l)).not.toContain('Brave general within 5cm');
    expect(rolls(p.events).find((r) => r.purpose === 'Casualties: blue-1')!.modified).toBe(11);
  });
});

describe('SYW 8 Morale triggers (p.17): groups seeing friends rout within 20cm test at the end of the phase', () => {
  const phaseEnd = () => {
    const phase = SYW.sequence.phases.find((p) => p.id === 'player')!;
    return phase.onExit!;
  };
  it('a group 16cm from where friends routed tests; one 52cm away does not', () => {
    // A rout recorded at (900, 600): red-near's nearest stand centre (880, 757.5) is 15.9cm from it, red-far's 52cm.
    let s = battle([blueInf, { ...redInf, id: 'red-near', y: 750 }, { ...redInf, id: 'red-far', x: 1400, y: 750 }]);
    s = patch(s, () => ({ routedThisPhase: [{ side: 'red', x: 900, y: 600 }] }));
    const { ctx, events } = scriptedCtx(s, [4, 4, 4]);
    const ch = phaseEnd()(s as never, ctx) as Change<SywState>;
    const tests = rolls(events).filter((r) => r.purpose.startsWith('Casualties:'));
    expect(tests.map((r) => r.purpose)).toEqual(['Casualties: red-near']);
    expect(tests[0]!.modifiers.map((m) => m.label)).toContain('Seeing friends rout or wiped out within 20cm');
    expect(tests[0]).toMatchObject({ rule: 'SYW 8 Morale (pp.17-18)' });
    expect(ch.ruleset!.routedThisPhase).toEqual([]);
  });
});

describe('SYW 8 Groups going off table (p.18): returning on the D6 at the start of the owner\'s movement', () => {
  // blue-2 left the table at (300, 0); blue phases first, so its movement step rolls for it.
  const setUp = (pursued: boolean, tested = false) => withGroup(battle([blueInf, { ...blueInf, id: 'blue-2', x: 300, y: 100 }, { ...redInf, y: 900 }]), 'blue-2', { offTable: { x: 300, y: 0, pursued, routers: false, tested }, order: 'reserve' });
  /** End blue's command step: its movement step opens with the return roll. */
  const toMovement = (s: St, d6: number) => {
    expect(s.position.step).toBe('commandChanges');
    const r = apply(withDice(s, [d6]), { type: 'endStep', side: 'blue' });
    expect(r.state.position.step).toBe('movement');
    const roll = rolls(r.events).find((x) => x.purpose === 'blue-2 tries to return to the table')!;
    return { s: r.state, roll: roll as typeof roll & { target?: { value: number } } };
  };
  it('left unpursued, a 5 brings it back on Stand', () => {
    const { s, roll } = toMovement(setUp(false), 5);
    expect(roll).toMatchObject({ faces: [5], target: expect.objectContaining({ value: 5 }) });
    expect(s.ruleset.groups['blue-2']).toMatchObject({ offTable: null, order: 'stand' });
  });
  it('left pursued, a 5 is not enough the first time (6 needed); it has then tested', () => {
    const { s, roll } = toMovement(setUp(true), 5);
    expect(roll).toMatchObject({ faces: [5], target: expect.objectContaining({ value: 6 }) });
    expect(s.ruleset.groups['blue-2']!.offTable).toMatchObject({ tested: true });
  });
  it('left pursued, a 6 brings it back', () => {
    const { s } = toMovement(setUp(true), 6);
    expect(s.ruleset.groups['blue-2']!.offTable).toBeNull();
  });
  it('in subsequent turns a pursued group returns on a 5+', () => {
    const { s, roll } = toMovement(setUp(true, true), 5);
    expect(roll.target).toMatchObject({ value: 5 });
    expect(s.ruleset.groups['blue-2']!.offTable).toBeNull();
  });
});
