/**
 * Seven Years War: (3) Generals pp.5–6 — generals shot or at risk near a unit under fire, replaced at random, the CinC's three counters, and cavalry generals commanding infantry.
 */
import { legalFor } from '../../../src/engine/lookahead';
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { makeSampler } from '../../../src/ai/sampler';
import { SYW, battle, withDice, apply, rejection, advanceTo, rolls, scriptedCtx, type U, type St } from './build';
import { killGeneral } from '../../../src/rules/seven-years-war/generals';
import { moraleModifiers } from '../../../src/rules/seven-years-war/moraleTests';

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

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

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

const work = (s: St, faces: number[] = []) => new Work(s, scriptedCtx(s, faces).ctx);

describe('(3) p.5 Training "Cavalry Generals ... if commanding any Infantry, they count as Cautious and Incompetent" with (2) p.6 "Brave: +1 to morale die results if within 5cms of the testing group"', () => {
  const s0 = (training: 'cavalry' | 'average') => {
    const s = battle([inf('blue-1', 'blue', 900, 400, 90), inf('red-1', 'red', 900, 1000, -90)], {
      generals: [{ id: 'blue-cinc', side: 'blue', x: 20, y: 20 }, { id: 'blue-gen', side: 'blue', x: 900, y: 370, commands: 'blue-bde' }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }],
    });
    const gs = s.ruleset.generals['blue-gen']!;
    return { ...s, ruleset: { ...s.ruleset, generals: { ...s.ruleset.generals, 'blue-gen': { ...gs, counter: { training, psychology: 'brave', ability: 'normal' } } } } } as St;
  };
  const labels = (s: St) => {
    expect(s.ruleset.groups['blue-1']!.general).toBe('blue-gen');
    // The D4 for "General within D4 x 5cm".
    return moraleModifiers(work(s, [4]), s.ruleset.groups['blue-1']!, 'casualties', []).map((m) => m.label);
  };
  it('a brave average general within 5cm gives +1', () => {
    expect(labels(s0('average'))).toContain('Brave general within 5cm');
  });
  it('a brave cavalry general commanding infantry counts Cautious: no Brave +1', () => {
    const l = labels(s0('cavalry'));
    expect(l).not.toContain('Brave general within 5cm');
    expect(l).toContain('Group\'s general or CinC within D4 x 5cm');
  });
});
