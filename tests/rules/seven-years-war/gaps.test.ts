/** Second audit: rules found unenforced or partly enforced and enforced since (each cites its section). */
import { legalFor } from '../../../src/engine/lookahead';
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { makeSampler } from '../../../src/ai/sampler';
import { unitDistance } from '../../../src/geometry/measure';
import { viewFor } from '../../../src/engine/view';
import type { SeenGame } from '../../../src/engine/ruleset';
import { sevenYearsWar } from '../../../src/rules/seven-years-war';
import type { SywState, Options } from '../../../src/rules/seven-years-war/state';
import type { Tables } from '../../../src/rules/seven-years-war/tablesSchema';
import { closeCombat } from '../../../src/rules/seven-years-war/melee';
import { SYW, battle, withDice, apply, rejection, advanceTo, setOrder, rolls, scriptedCtx, type U, type St } from './build';

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };
const redInf: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };
const gens = (redGenY: number) => [{ id: 'blue-cinc', side: 'blue' as const, x: 20, y: 20 }, { id: 'red-cinc', side: 'red' as const, x: 900, y: redGenY }];
const killed = (ev: { type: string }[]) => ev.some((e) => e.type === 'GeneralKilled');

describe('(3) Notes on Generals (d) p.6: "Generals may be Killed if (1) He is shot at directly"', () => {
  // Red's CinC stands 4cm in front of Blue's line (its 40mm stand centred 6cm off): musket short range.
  const s = () => advanceTo(battle([blueInf, redInf], { generals: gens(360) }), 'shootingPhasing');
  it('a unit may shoot at an enemy general: a 6 and then his side\'s 1 kills him', () => {
    const r = apply(withDice(s(), [6, 1, 5, 5]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-cinc' });
    expect(rolls(r.events).slice(0, 2).map((x) => x.faces[0])).toEqual([6, 1]);
    expect(killed(r.events)).toBe(true);
  });
  it('a 6 then a 2 does not; a 5 rolls no second die', () => {
    expect(killed(apply(withDice(s(), [6, 2]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-cinc' }).events)).toBe(false);
    const r = apply(withDice(s(), [5]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-cinc' });
    expect(rolls(r.events)).toHaveLength(1);
  });
  it('the shot needs range like any other: a general 20cm away is out of musket range', () => {
    const far = advanceTo(battle([blueInf, redInf], { generals: gens(520) }), 'shootingPhasing');
    expect(rejection(far, { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-cinc' })).toBe('out-of-range');
  });
  it('the unit has then shot this step', () => {
    const r = apply(withDice(s(), [3]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-cinc' });
    expect(rejection(r.state, { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-cinc' })).toBe('already-shot');
  });
});

describe('(3) Notes on Generals (d) p.6: "(2) He is within 1cm of a unit under fire ... And: The enemy throws a 6 and you a 1"', () => {
  // Red infantry 5cm in front of Blue (short range); red's general behind it at a gap of 0.5cm or 2cm.
  const close: U = { ...redInf, y: 350 };
  const at = (gapMm: number): St => advanceTo(battle([blueInf, close], { generals: gens(350 + 15 + gapMm + 20) }), 'shootingPhasing');
  it('within 1cm: a natural 6 at the unit, then his side\'s 1, kills the general', () => {
    const r = apply(withDice(at(5), [6, 1, 5, 5]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' });
    expect(killed(r.events)).toBe(true);
  });
  it('2cm away he is not at risk: no second die is rolled for him', () => {
    const r = apply(withDice(at(20), [6]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' });
    expect(killed(r.events)).toBe(false);
    expect(rolls(r.events).some((x) => x.purpose.includes('hit?'))).toBe(false);
  });
});

describe('(5) Shooting rules (j) p.12: "Troops shooting in support ... measure distance from their relative positions"', () => {
  // Blue cavalry 20cm in front of red-1 charge it; red-2 stands beside red-1 (edge to edge) and shoots in support.
  const cav: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 800, facingDeg: 90, n: 3, depth: 30, ranks: 1 };
  const r1: U = { ...redInf, n: 3 };
  const r2 = (y: number): U => ({ ...redInf, id: 'red-2', x: 1020, y, n: 3 });
  const charged = (y: number, charge = true): St => {
    const s = advanceTo(battle([cav, r1, r2(y)]), 'shootingNonPhasing');
    return charge ? { ...s, ruleset: { ...s.ruleset, charges: [{ group: 'blue-1', chargers: ['blue-1'], target: 'red-1', face: 'front' }] } } : s;
  };
  const shot = { type: 'shoot', side: 'red', unit: 'red-2', target: 'blue-1' };
  it('without a charge the cavalry 20cm off are out of musket range', () => {
    expect(rejection(charged(1000, false), shot)).toBe('out-of-range');
  });
  it('a supporter level with the charged unit shoots at the chargers 5cm from it: short range', () => {
    const r = apply(withDice(charged(1000), [1]), shot);
    const p = rolls(r.events)[0]!;
    expect(p.purpose).toContain('in support');
    expect(p.purpose).toContain('short');
  });
  it('a supporter 3cm behind measures from its own position: long range, not the charged unit\'s 5cm', () => {
    const r = apply(withDice(charged(1030), [1]), shot);
    expect(rolls(r.events)[0]!.purpose).toContain('long');
  });
  it('a supporter 6cm behind is 11cm from them: out of range', () => {
    expect(rejection(charged(1060), shot)).toBe('out-of-range');
  });
});

const withGroup = (s: St, id: string, patch: Record<string, unknown>): St => ({ ...s, ruleset: { ...s.ruleset, groups: { ...s.ruleset.groups, [id]: { ...s.ruleset.groups[id]!, ...patch } } } });

describe('6 h) p.13: lights "always have the option of standing instead of evading in type 1-3 terrain, or versus light Infantry/Cavalry"', () => {
  // Blue light infantry on Advance charge red light infantry 15cm away in the open.
  const bl: U = { id: 'blue-1', side: 'blue', type: 'light-infantry', x: 900, y: 600, facingDeg: 90, n: 2, depth: 20 };
  const rl: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 900, y: 750, facingDeg: -90, n: 2, depth: 20 };
  const charge = { type: 'declareCharge', side: 'blue', group: 'blue-1', target: 'red-1' };
  // General D4, charge 2D6, target general D4, being charged 2D6 (12 with its modifiers: OK), then the evade D6.
  const dice = [1, 6, 6, 1, 6, 6, 3];
  const start = () => advanceTo(setOrder(battle([bl, rl]), 'blue-1', 'advance'), 'movement');
  it('by default the owner stands: no evade move', () => {
    const r = apply(withDice(start(), dice.slice(0, -1)), charge); // standing, no evade die is rolled
    expect(rolls(r.events).some((x) => x.purpose.includes('evades'))).toBe(false);
    expect(r.state.battle.units.find((u) => u.id === 'red-1')!.stands[0]!.centre.y).toBeCloseTo(760, 0);
  });
  it('an owner who chose to evade (setEvasion, sent in his own step) evades 10cm + D6 and goes to Reserve', () => {
    let s = advanceTo(battle([bl, rl]), 'shootingNonPhasing');
    s = apply(s, { type: 'setEvasion', side: 'red', group: 'red-1', evade: true }).state;
    expect(s.ruleset.groups['red-1']!.evadeWhenOptional).toBe(true);
    s = advanceTo(advanceTo(s, 'movement'), 'shootingPhasing'); // red's own phase
    s = advanceTo(setOrder(s, 'blue-1', 'advance'), 'movement'); // blue's next phase
    expect(s.position.phasing).toBe('blue');
    const r = apply(withDice(s, dice), charge);
    expect(rolls(r.events).find((x) => x.purpose.includes('evades'))!.faces).toEqual([3]);
    expect(r.state.battle.units.find((u) => u.id === 'red-1')!.stands[0]!.centre.y).toBeCloseTo(760 + 130, 0);
    expect(r.state.ruleset.groups['red-1']!.order).toBe('reserve');
  });
  it('in the open against massed chargers evading is not optional: cavalry chargers make the lights evade even if the owner chose to stand', () => {
    const cav: U = { ...bl, type: 'medium-cavalry', n: 3, depth: 30 };
    const s = advanceTo(setOrder(battle([cav, rl]), 'blue-1', 'advance'), 'movement');
    const r = apply(withDice(s, dice), charge);
    expect(rolls(r.events).some((x) => x.purpose.includes('evades'))).toBe(true);
  });
  it('only lights have the choice', () => {
    const s = advanceTo(battle([blueInf, redInf]), 'shootingNonPhasing');
    expect(rejection(s, { type: 'setEvasion', side: 'red', group: 'red-1', evade: true })).toBe('not-lights');
  });
});

describe('6 h) p.15 / 7 p.15: winners "need not pursue unless Cavalry, but may move into the space vacated"; "Pursuers are Cavalry (or Infantry if desired)"', () => {
  // Blue and red infantry in contact; blue's 6 against red's 1 kills 2 stands and red routs on its 2D6 of 1,1.
  const red: U = { ...redInf, y: 300 };
  // The melee dice, the morale dice and the routers' moves; pursuers add their first pursuit D6.
  const fight = (choice?: string, extra: number[] = []) => {
    let s = setOrder(battle([blueInf, red]), 'blue-1', 'advance');
    if (choice) s = withGroup(s, 'blue-1', { afterRout: choice });
    const { ctx, events } = scriptedCtx(s, [6, 1, 1, 6, 6, 1, 1, 1, 3, ...extra]);
    const w = new Work(s, ctx);
    closeCombat(s, w);
    return { w, events };
  };
  const frontY = (w: Work) => w.unit('blue-1')!.stands[0]!.centre.y;
  it('by default infantry hold where they are', () => {
    const { w, events } = fight();
    expect(w.rs.groups['red-1']!.order).toBe('rout');
    expect(frontY(w)).toBeCloseTo(292.5, 1);
    expect(events.some((e) => e.type === 'MovedIntoVacatedSpace')).toBe(false);
  });
  it('"occupy": they step into the space the routers left (their 15mm depth), orders unchanged', () => {
    const { w, events } = fight('occupy');
    expect(frontY(w)).toBeCloseTo(307.5, 1);
    expect(events.some((e) => e.type === 'MovedIntoVacatedSpace')).toBe(true);
    expect(w.rs.groups['blue-1']!.pursuing).toBe(false);
  });
  it('"pursue": they pursue on Advance with the infantry first pursuit move, 14 + D6cm', () => {
    const { w, events } = fight('pursue', [3]);
    expect(rolls(events).find((x) => x.purpose.startsWith('First pursuit'))!.modified).toBe(17);
    expect(w.rs.groups['blue-1']!.pursuing).toBe(true);
    expect(frontY(w)).toBeGreaterThan(307.5);
  });
  it('the choice is a command of the owner; cavalry may not decline to pursue', () => {
    const s = battle([blueInf, { ...redInf }]);
    expect(apply(s, { type: 'setAfterRout', side: 'blue', group: 'blue-1', choice: 'occupy' }).state.ruleset.groups['blue-1']!.afterRout).toBe('occupy');
    const c = battle([{ ...blueInf, type: 'medium-cavalry', n: 3, depth: 30 }, redInf]);
    expect(rejection(c, { type: 'setAfterRout', side: 'blue', group: 'blue-1', choice: 'hold' })).toBe('cavalry-pursue');
  });
});

describe('(3) Generals p.5: "A CinC draws 3 random counters and chooses 1"', () => {
  const good = { training: 'average', psychology: 'brave', ability: 'competent' };
  const bad = { training: 'infantry', psychology: 'cautious', ability: 'incompetent' };
  const mid = { training: 'cavalry', psychology: 'none', ability: 'normal' };
  const plainC = { training: 'average', psychology: 'none', ability: 'normal' };
  const fresh = () => battle([blueInf, redInf], { chooseCounters: true, fields: { counterMix: { blue: [good, bad, mid], red: [plainC, plainC, plainC] } } });
  it('the game opens with each side choosing; the best is held provisionally', () => {
    const s = fresh();
    expect(s.position.step).toBe('chooseCounter');
    expect(s.ruleset.cincDraws!['blue-cinc']).toHaveLength(3);
    expect(s.ruleset.generals['blue-cinc']!.counter).toEqual(good);
  });
  it('the player may keep a worse counter: it is his, the other two go back into the deck, and it sets the CinC\'s orders (1 - 1 = 0)', () => {
    const s = fresh();
    const i = s.ruleset.cincDraws!['blue-cinc']!.findIndex((c) => c.ability === 'incompetent');
    let st = apply(s, { type: 'chooseCounter', side: 'blue', general: 'blue-cinc', index: i }).state;
    expect(st.ruleset.generals['blue-cinc']!.counter).toEqual(bad);
    expect([...st.ruleset.decks['blue']!].sort((a, b) => a.ability.localeCompare(b.ability))).toEqual([good, mid]);
    st = apply(st, { type: 'chooseCounter', side: 'red', general: 'red-cinc', index: 0 }).state;
    expect(st.position.step).toBe('commandChanges');
    expect(st.ruleset.generals['blue-cinc']!.attemptsLeft).toBe(0);
  });
  it('a side may not choose for the enemy, nor a counter it did not draw; the random player is offered all three', () => {
    const s = fresh();
    expect(rejection(s, { type: 'chooseCounter', side: 'blue', general: 'red-cinc', index: 0 })).toBe('bad-general');
    expect(rejection(s, { type: 'chooseCounter', side: 'blue', general: 'blue-cinc', index: 3 })).toBe('bad-index');
    expect(legalFor(SYW, s, 'blue', makeSampler(1)).filter((c) => c.type === 'chooseCounter')).toHaveLength(3);
  });
});

describe('(3) Visibility p.7: "If troops so hidden fire at troops who have approached their position to within 5cms, the target unit halts, and may return fire only after"', () => {
  const woodT = { id: 'w', kind: 'wood', name: 'Wood', polygon: [[700, 880], [1100, 880], [1100, 1100], [700, 1100]] };
  const blueA: U = { ...blueInf, y: 840 };
  const lights: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 900, y: 1150, facingDeg: -90, n: 2, depth: 20 };
  /** Red (the defender, one brigade: its last, 9 p.19) hides its lights 8cm inside the wood after blue has deployed (ambush set or not); blue's movement step follows. */
  const hidden = (ambush: boolean): St => {
    let s = battle([blueA, lights], { options: { hiddenDeployment: true }, terrain: [woodT] });
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'deploy', side: 'red', unit: 'red-1', x: 900, y: 960, facingDeg: -90, hidden: true }).state;
    if (ambush) s = apply(s, { type: 'setAmbush', side: 'red', unit: 'red-1', ambush: true }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    return setOrder(advanceTo(s, 'movement'), 'blue-1', 'advance');
  };
  const move = { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 100 }] };
  const front = (s: St) => s.battle.units.find((u) => u.id === 'blue-1')!.stands[0]!.centre.y + 7.5;
  it('without the choice the move is made whole and the hidden unit is merely spotted', () => {
    const r = apply(hidden(false), move);
    expect(front(r.state)).toBeCloseTo(940, 0);
    expect(r.state.ruleset.hidden['red-1']).toBeUndefined();
    expect(r.events.some((e) => e.type === 'AmbushFired')).toBe(false);
  });
  it('set to fire: the move is cut where it comes within 5cm, the hidden unit fires there and is revealed, and the target halts', () => {
    const s = hidden(true);
    expect(s.ruleset.hidden['red-1']).toBe('red');
    const r = apply(withDice(s, [3]), move);
    const gap = unitDistance(r.state.battle.units.find((u) => u.id === 'blue-1')!.stands, r.state.battle.units.find((u) => u.id === 'red-1')!.stands);
    expect(gap).toBeGreaterThan(49);
    expect(gap).toBeLessThan(51);
    expect(front(r.state)).toBeLessThan(910);
    expect(r.events.some((e) => e.type === 'AmbushFired')).toBe(true);
    expect(rolls(r.events)[0]!.purpose).toContain('red-1 shoots at blue-1');
    expect(r.state.ruleset.hidden['red-1']).toBeUndefined();
    expect(rejection(r.state, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 10 }] })).toBe('ambushed');
  });
  it('the cut falls exactly where the gap closes to 5cm ((3) Visibility p.7: "approached ... to within 5cms")', () => {
    const r = apply(withDice(hidden(true), [3]), move);
    const gap = unitDistance(r.state.battle.units.find((u) => u.id === 'blue-1')!.stands, r.state.battle.units.find((u) => u.id === 'red-1')!.stands);
    expect(Math.abs(gap - 50)).toBeLessThan(1e-6);
  });
  it('the target returns fire only afterwards (its own shooting step); the hidden unit does not fire again that phase', () => {
    const r = apply(withDice(hidden(true), [3]), move);
    const shootBack = advanceTo(r.state, 'shootingPhasing');
    expect(rejection(withDice(shootBack, [1]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' })).toBe('accepted');
    const theirs = advanceTo(shootBack, 'shootingNonPhasing');
    expect(rejection(theirs, { type: 'shoot', side: 'red', unit: 'red-1', target: 'blue-1' })).toBe('already-shot');
  });
  it('only hidden troops may be set to fire from hiding', () => {
    const s = battle([blueA, lights]);
    expect(rejection(s, { type: 'setAmbush', side: 'blue', unit: 'blue-1', ambush: true })).toBe('not-hidden');
  });
});

describe('7 Rout and Pursuit p.15: routers take "the most rapid route ... avoiding any enemy not in Retreat by 5cms"; without "a route free of enemies at least 10cms wide to their half of the table" they surrender', () => {
  // Red routers in blue's half (red's half is below the centreline, y >= 600) move at the start of blue's movement.
  const router: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 420, facingDeg: -90, n: 3, depth: 15, ranks: 1 };
  const wallUnit = (i: number): U => ({ ...blueInf, id: `blue-${i}`, x: 85 + 163 * i, y: 500 });
  // A second red unit far off keeps red in the game (house victory).
  const routed = (units: U[]) => advanceTo(setOrder(battle([...units, router, { ...redInf, id: 'red-2', x: 1500, y: 1100 }]), 'red-1', 'rout'), 'movement');
  const redStands = (s: St) => s.battle.units.find((u) => u.id === 'red-1')!.stands;
  it('an enemy straight in the way is gone round at 5cm or more, and the routers still gain ground home', () => {
    const blocker: U = { ...blueInf, id: 'blue-1', x: 900, y: 560 };
    const s = routed([blocker]);
    const st = redStands(s);
    expect(unitDistance(st, s.battle.units.find((u) => u.id === 'blue-1')!.stands)).toBeGreaterThanOrEqual(49.5);
    expect(st.reduce((a, x) => a + x.centre.y, 0) / st.length).toBeGreaterThan(450);
    expect(s.ruleset.units['red-1']!.surrendered).toBe(false);
  });
  it('a line of enemy across the table with no gap of 10cm: they surrender instead of routing', () => {
    const s = routed(Array.from({ length: 11 }, (_, i) => wallUnit(i)));
    expect(s.ruleset.units['red-1']!.surrendered).toBe(true);
    expect(redStands(s)[0]!.centre.y).toBeCloseTo(427.5, 1);
  });
  it('the same line with a 16cm gap ahead leaves them a lane: no surrender', () => {
    const s = routed(Array.from({ length: 11 }, (_, i) => wallUnit(i)).filter((u) => u.id !== 'blue-5'));
    expect(s.ruleset.units['red-1']!.surrendered).toBe(false);
  });
});

describe('(3) Orders p.6: units of a group "may never voluntarily end a move phase with more than 1cm between base edges of at least 1 other unit in the group"', () => {
  // Two battalions of one group on Reserve, 1cm apart (b 740-900, a 910-1070); a forms a 2-wide column about its
  // centre (950-1030): the gap between them opens to 5cm.
  const a: U = { ...blueInf, id: 'blue-a', x: 990, y: 300 };
  const b: U = { ...blueInf, id: 'blue-b', x: 820, y: 300 };
  const grouped = (extra: U[] = []) => advanceTo(setOrder(battle([a, b, redInf, ...extra], { groups: [{ id: 'g', units: ['blue-a', 'blue-b'] }] }), 'g', 'reserve'), 'movement');
  const span = (s: St, id: string) => { const xs = s.battle.units.find((u) => u.id === id)!.stands.map((x) => x.centre.x); return [Math.min(...xs) - 20, Math.max(...xs) + 20]; };
  it('a formation change that opens the gap makes the other unit close sideways to 1cm', () => {
    const r = apply(grouped(), { type: 'changeFormation', side: 'blue', unit: 'blue-a', formation: 'column', width: 2 });
    expect(span(r.state, 'blue-a')).toEqual([950, 1030]);
    expect(span(r.state, 'blue-b')).toEqual([780, 940]);
    expect(r.events.some((e) => e.type === 'GroupClosedUp')).toBe(true);
  });
  it('if the other unit cannot close (it is in contact with enemy), the change is refused', () => {
    const touching: U = { ...redInf, id: 'red-2', x: 820, y: 300 };
    expect(rejection(grouped([touching]), { type: 'changeFormation', side: 'blue', unit: 'blue-a', formation: 'column', width: 2 })).toBe('group-gap');
  });
});

describe('§4 Movement when in melee p.10 (b): cavalry and light infantry in melee "may move unengaged stands ... to form a rear rank behind a front rank stand in melee, or to form an overlap"', () => {
  // Blue cavalry, 4 squadrons 820-980 facing down, front at y=300; red light infantry 840-920 touching the first three.
  const cav: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 30 };
  const li: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 880, y: 300, facingDeg: -90, n: 2, depth: 20 };
  const start = (units: U[] = [cav, li]) => advanceTo(battle([...units, { ...redInf, id: 'red-9', x: 1500, y: 1100 }]), 'movement');
  const ids = (s: St) => s.battle.units.find((u) => u.id === 'blue-1')!.stands.map((x) => x.id);
  const at = (s: St, id: string) => s.battle.units.find((u) => u.id === 'blue-1')!.stands.find((x) => x.id === id)!.centre;
  it('the free squadron (940-980) forms a rear rank behind an engaged one', () => {
    const s = start();
    const byX = [...s.battle.units.find((u) => u.id === 'blue-1')!.stands].sort((a, b) => a.centre.x - b.centre.x);
    const free = byX[3]!.id, beside = byX[1]!.id;
    const r = apply(s, { type: 'moveMeleeStand', side: 'blue', unit: 'blue-1', stand: free, to: 'rear', beside });
    expect(at(r.state, free).x).toBeCloseTo(at(s, beside).x, 3);
    expect(at(r.state, free).y).toBeCloseTo(255, 3);
  });
  it('or an overlap beside the left-hand engaged squadron (780-820, 2cm from the enemy)', () => {
    const s = start();
    const byX = [...s.battle.units.find((u) => u.id === 'blue-1')!.stands].sort((a, b) => a.centre.x - b.centre.x);
    const free = byX[3]!.id, beside = byX[0]!.id;
    // "left"/"right" are the stand's own: facing down the table, its left is +x... so the outside here is its right.
    const r = apply(s, { type: 'moveMeleeStand', side: 'blue', unit: 'blue-1', stand: free, to: 'right', beside });
    expect(at(r.state, free)).toEqual({ x: 800, y: 285 });
  });
  it('engaged stands may not be moved, and massed infantry may not do it at all', () => {
    const s = start();
    const byX = [...s.battle.units.find((u) => u.id === 'blue-1')!.stands].sort((a, b) => a.centre.x - b.centre.x);
    expect(rejection(s, { type: 'moveMeleeStand', side: 'blue', unit: 'blue-1', stand: byX[0]!.id, to: 'rear', beside: byX[1]!.id })).toBe('engaged');
    const inf = start([{ ...blueInf, x: 900 }, li]);
    const st = ids(inf);
    expect(rejection(inf, { type: 'moveMeleeStand', side: 'blue', unit: 'blue-1', stand: st[3]!, to: 'rear', beside: st[1]! })).toBe('not-free-to-move');
  });
  it('a place touching the enemy is not an overlap', () => {
    const s = start();
    const byX = [...s.battle.units.find((u) => u.id === 'blue-1')!.stands].sort((a, b) => a.centre.x - b.centre.x);
    // The first squadron's inner side (its own left, 860-900) faces the enemy's front: touching it is melee, not overlap.
    expect(rejection(s, { type: 'moveMeleeStand', side: 'blue', unit: 'blue-1', stand: byX[3]!.id, to: 'left', beside: byX[0]!.id })).toBe('would-engage');
  });
});

describe('The table offers the new choices as unit actions ((3) p.6-7, 6 h))', () => {
  const T = sevenYearsWar.table!;
  const seen = (s: St, side: string) => viewFor(SYW, s, side) as unknown as SeenGame<SywState, Options, Tables>;
  it('lights get the evasion choice and infantry the after-rout choice in command changes', () => {
    const li: U = { id: 'blue-1', side: 'blue', type: 'light-infantry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 20 };
    const s = battle([li, redInf]);
    const types = T.actions!(seen(s, 'blue'), 'blue', 'blue-1').map((a) => a.command.type);
    expect(types).toContain('setEvasion');
    expect(types).toContain('setAfterRout');
  });
  it('a general in range is offered as a target in the shooting step', () => {
    const s = advanceTo(battle([blueInf, redInf], { generals: gens(360) }), 'shootingPhasing');
    expect(T.actions!(seen(s, 'blue'), 'blue', 'blue-1').some((a) => a.command.target === 'red-cinc')).toBe(true);
  });
});
