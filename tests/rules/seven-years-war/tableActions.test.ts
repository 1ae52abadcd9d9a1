/**
 * Table actions for two SYW commands with no drag of their own: the CinC keeping one of his three
 * counters ((3) Generals p.5) and stands moved in melee (§4 Movement when in melee (b) p.10).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { viewFor, eventsFor } from '../../../src/engine/view';
import { applyCommand, createGame } from '../../../src/engine/game';
import { loadScenarioText } from '../../../src/scenario/load';
import { sevenYearsWar } from '../../../src/rules/seven-years-war';
import type { SeenGame } from '../../../src/engine/ruleset';
import type { SywState, Options } from '../../../src/rules/seven-years-war/state';
import type { Tables } from '../../../src/rules/seven-years-war/tablesSchema';
import { counterText, standNames } from '../../../src/rules/seven-years-war/tableActions';
import { SYW, battle, apply, advanceTo, rejection, type St, type U } from './build';

const T = sevenYearsWar.table!;
const seen = (s: St, side: string) => viewFor(SYW, s, side) as unknown as SeenGame<SywState, Options, Tables>;
const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };
const redInf: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('(3) Generals p.5 "A CinC draws 3 random counters and chooses 1", from the table', () => {
  const good = { training: 'average', psychology: 'brave', ability: 'competent' } as const;
  const bad = { training: 'infantry', psychology: 'cautious', ability: 'incompetent' } as const;
  const mid = { training: 'cavalry', psychology: 'none', ability: 'normal' } as const;
  const plain = { training: 'average', psychology: 'none', ability: 'normal' } as const;
  const fresh = () => battle([blueInf, redInf], { chooseCounters: true, fields: { counterMix: { blue: [good, bad, mid], red: [plain, plain, plain] } } });

  it('the CinC offers one button per draw, each naming training, psychology and ability', () => {
    const s = fresh();
    const draws = s.ruleset.cincDraws!['blue-cinc']!;
    const acts = T.actions!(seen(s, 'blue'), 'blue', 'blue-cinc');
    expect(acts.map((a) => a.command)).toEqual([0, 1, 2].map((index) => ({ type: 'chooseCounter', side: 'blue', general: 'blue-cinc', index })));
    acts.forEach((a, i) => {
      expect(a.label).toContain(counterText(draws[i]!));
      expect(a.rule).toBe('SYW (3) Generals (p.5)');
    });
    expect(acts.map((a) => a.label)).toContain('Keep: infantry general, cautious, incompetent');
    expect(acts[0]!.detail).toMatch(/^Counter 1 of 3 drawn by blue-cinc: /);
  });

  it('any of the side\'s pieces offers the same choice in that step, and the inspector lists the three draws', () => {
    const s = fresh();
    expect(T.actions!(seen(s, 'blue'), 'blue', 'blue-1').map((a) => a.command)).toEqual(T.actions!(seen(s, 'blue'), 'blue', 'blue-cinc').map((a) => a.command));
    const lines = T.inspect!(seen(s, 'blue'), 'blue-cinc');
    expect(lines.filter((l) => l.label.startsWith('Drawn counter')).map((l) => l.value)).toEqual(s.ruleset.cincDraws!['blue-cinc']!.map(counterText));
  });

  it('the enemy is offered none of them and sees neither the draws nor the deck they go back to', () => {
    const s = fresh();
    expect(T.actions!(seen(s, 'red'), 'red', 'blue-cinc')).toEqual([]);
    expect(T.actions!(seen(s, 'red'), 'red', 'red-cinc').every((a) => (a.command as unknown as { general: string }).general === 'red-cinc')).toBe(true);
    const red = viewFor(SYW, s, 'red').ruleset as SywState;
    expect(Object.keys(red.cincDraws ?? {})).toEqual(['red-cinc']);
    expect(Object.keys(red.decks)).toEqual(['red']);
    expect(T.inspect!(seen(s, 'red'), 'blue-cinc').some((l) => l.label.startsWith('Drawn counter'))).toBe(false);
    // Nor the counter he holds until he chooses (the best of his draws would tell one of them).
    expect(red.generals['blue-cinc']).toMatchObject({ counterUnknown: true, counter: plain });
    expect(T.inspect!(seen(s, 'red'), 'blue-cinc')).toContainEqual({ label: 'Counter', value: 'not chosen yet (3 drawn, 1 to keep)' });
    expect(T.markers!(seen(s, 'red'), 'blue-cinc')[0]!.title).toBe('Counter not chosen yet');
    const chosen = apply(s, { type: 'chooseCounter', side: 'blue', general: 'blue-cinc', index: 0 }).state;
    expect((viewFor(SYW, chosen, 'red').ruleset as SywState).generals['blue-cinc']!.counter).toEqual(chosen.ruleset.generals['blue-cinc']!.counter);
    // The hand-over screen's viewer is nobody: no one's draws.
    expect(Object.keys((viewFor(SYW, s, '(hand-over)').ruleset as SywState).cincDraws ?? {})).toEqual([]);
  });

  it('the set-up log keeps the CinC\'s draws (event and dice) to his own side; sub-generals\' counters are public', () => {
    const loaded = loadScenarioText(readFileSync('scenarios/seven-years-war-kolin-ridge.json', 'utf8'));
    if (!loaded.ok) throw new Error('scenario');
    const g = createGame(SYW, { setup: loaded.value, seed: 3 });
    if (!g.ok) throw new Error('game');
    const austria = eventsFor(g.events, 'austria');
    const about = (id: string) => (e: { type: string; general?: string; subjects?: readonly string[] }) => e.general === id || (e.subjects ?? []).includes(id);
    expect(austria.filter(about('pr-cinc') as never)).toEqual([]);
    expect(eventsFor(g.events, 'prussia').filter(about('pr-cinc') as never).map((e) => e.type)).toEqual(['DiceRolled', 'DiceRolled', 'DiceRolled', 'GeneralDrawn']);
    expect(austria.some((e) => e.type === 'GeneralDrawn' && (e as unknown as { general: string }).general === 'pr-gen-inf')).toBe(true);
  });

  it('the button\'s command keeps that counter, even a worse one; afterwards no choice is offered', () => {
    const s = fresh();
    const acts = T.actions!(seen(s, 'blue'), 'blue', 'blue-cinc');
    const i = s.ruleset.cincDraws!['blue-cinc']!.findIndex((c) => c.ability === 'incompetent');
    const r = apply(s, acts[i]!.command as never).state;
    expect(r.ruleset.generals['blue-cinc']!.counter).toEqual(bad);
    expect(T.actions!(seen(r, 'blue'), 'blue', 'blue-cinc')).toEqual([]);
    expect(T.inspect!(seen(r, 'blue'), 'blue-cinc')).toContainEqual({ label: 'Counter', value: 'infantry general, cautious, incompetent' });
  });
});

describe('§4 Movement when in melee (b) p.10: moving an unengaged stand, from the table', () => {
  // Blue cavalry, 4 squadrons 820-980 facing down the table, front at y=300; red lights 840-920 touching the first three.
  const cav: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 30 };
  const li: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 880, y: 300, facingDeg: -90, n: 2, depth: 20 };
  const far: U = { ...redInf, id: 'red-9', x: 1500, y: 1100 };
  const start = (units: U[] = [cav, li, far]) => advanceTo(battle(units), 'movement');
  const byX = (s: St) => [...s.battle.units.find((u) => u.id === 'blue-1')!.stands].sort((a, b) => a.centre.x - b.centre.x);
  const meleeActs = (s: St, side = 'blue', id = 'blue-1') => T.actions!(seen(s, side), side, id).filter((a) => a.command.type === 'moveMeleeStand');

  it('offers the free squadron behind each engaged one and as an overlap, each accepted by the engine', () => {
    const s = start();
    const [a, b, c, free] = byX(s);
    const acts = meleeActs(s);
    const cmds = acts.map((x) => x.command as unknown as { stand: string; to: string; beside: string });
    expect(cmds.every((x) => x.stand === free!.id)).toBe(true);
    for (const by of [a!, b!, c!]) expect(cmds).toContainEqual(expect.objectContaining({ to: 'rear', beside: by.id }));
    expect(cmds).toContainEqual(expect.objectContaining({ to: 'right', beside: a!.id }));
    // Its own left of the first squadron is where the second stands: not offered (the command refuses it).
    expect(cmds).not.toContainEqual(expect.objectContaining({ to: 'left', beside: a!.id }));
    for (const x of acts) {
      const r = applyCommand(SYW, s, x.command);
      expect('rejected' in r ? r.message : 'ok').toBe('ok');
      expect(x.rule).toBe('SYW §4 Movement when in melee (b) (p.10)');
    }
  });

  it('names stands by their place in the unit, from its own left (facing down the table its left is +x)', () => {
    const s = start();
    const names = standNames(s.battle.units.find((u) => u.id === 'blue-1')!);
    const xs = byX(s);
    expect(names.get(xs[3]!.id)).toBe('1st from left');
    expect(names.get(xs[0]!.id)).toBe('4th from left');
    const acts = meleeActs(s);
    expect(acts.find((x) => (x.command as unknown as { to: string; beside: string }).to === 'rear' && (x.command as unknown as { beside: string }).beside === xs[0]!.id)!.label).toBe('Move stand (1st from left) behind 4th from left (rear rank)');
  });

  it('is not offered to massed infantry, to the enemy, or outside the movement step', () => {
    expect(meleeActs(start([{ ...blueInf, x: 900 }, li, far]))).toEqual([]);
    const s = start();
    expect(meleeActs(s, 'red', 'red-1')).toEqual([]);
    expect(T.actions!(seen(advanceTo(s, 'shootingPhasing'), 'blue'), 'blue', 'blue-1').filter((a) => a.command.type === 'moveMeleeStand')).toEqual([]);
  });

  it('a gap left in a line in melee may be filled by a free stand (p.7 "to replace casualties")', () => {
    // Five squadrons 800-1000; lights 860-940 touch the 2nd-4th; the middle one (880-920) is lost and not replaced.
    const five: U = { ...cav, n: 5 };
    const lights: U = { ...li, x: 900 };
    const s0 = start([five, lights, far]);
    const [, second, middle, , last] = byX(s0);
    const s: St = { ...s0, battle: { ...s0.battle, units: s0.battle.units.map((u) => (u.id === 'blue-1' ? { ...u, stands: u.stands.filter((x) => x.id !== middle!.id) } : u)) } };
    // Facing down the table the unit's left is +x: the gap is on the second squadron's left.
    const cmd = { type: 'moveMeleeStand', side: 'blue', unit: 'blue-1', stand: last!.id, to: 'left', beside: second!.id };
    const r = apply(s, cmd).state;
    expect(r.battle.units.find((u) => u.id === 'blue-1')!.stands.find((x) => x.id === last!.id)!.centre.x).toBeCloseTo(900, 6);
    expect(meleeActs(s).map((x) => x.command)).toContainEqual(cmd);
    // Without the gap the same place is taken: refused.
    expect(rejection(s0, cmd)).not.toBe('accepted');
  });
});

describe('SYW 9 Deployment (p.19) from the table: dragging into place, hiding on the map, holding a brigade back', () => {
  const wood = { id: 'wood', kind: 'wood', name: 'Wood', polygon: [[500, 920], [900, 920], [900, 1180], [500, 1180]] };
  const blue: U = { ...blueInf, y: 250 };
  const red1: U = { ...redInf, x: 1100 };
  const red2: U = { ...redInf, id: 'red-2', x: 1450, brigade: 'red-bde-2' };
  const start = () => battle([blue, red1, red2], { options: { hiddenDeployment: true }, terrain: [wood] });
  const labels = (s: St, id: string) => T.actions!(seen(s, 'red'), 'red', id).map((a) => a.label);

  it('a drag in one\'s own deployment step is a deploy command, refused outside the zone with the reason', () => {
    const s = start();
    expect(s.position.step).toBe('deployDefender');
    const p = T.previewMove!(seen(s, 'red'), 'red', 'red-1', { dxMm: -400, dyMm: 50, dRad: 0 });
    expect(p.legal, p.reason).toBe(true);
    expect(p.command).toMatchObject({ type: 'deploy', side: 'red', unit: 'red-1', x: 700 });
    const r = apply(s, p.command as never).state;
    expect(r.battle.units.find((u) => u.id === 'red-1')!.stands[0]!.centre.y).toBeCloseTo(1057.5, 6);
    const out = T.previewMove!(seen(s, 'red'), 'red', 'red-1', { dxMm: 0, dyMm: -300, dRad: 0 });
    expect(out.legal).toBe(false);
    expect(out.reason).toMatch(/Deploy inside your zone/);
    expect(T.previewMove!(seen(s, 'blue'), 'blue', 'blue-1', { dxMm: 0, dyMm: 10, dRad: 0 }).legal).toBe(false);
  });

  it('a unit deep in the wood may be marked hidden, and shown again; in the open it may not be hidden', () => {
    let s = start();
    expect(labels(s, 'red-1')).not.toContain('Mark hidden on the map here');
    s = apply(s, T.previewMove!(seen(s, 'red'), 'red', 'red-1', { dxMm: -400, dyMm: 50, dRad: 0 }).command as never).state;
    const hide = T.actions!(seen(s, 'red'), 'red', 'red-1').find((a) => a.label === 'Mark hidden on the map here')!;
    s = apply(s, hide.command as never).state;
    expect(s.ruleset.hidden['red-1']).toBe('red');
    expect(labels(s, 'red-1')).toContain('Place in view here');
  });

  it('the defender may hold back another brigade (his first step only); the one held back offers no such button', () => {
    const s = start();
    expect(labels(s, 'red-2').some((l) => l.startsWith('Hold back'))).toBe(false);
    const hold = T.actions!(seen(s, 'red'), 'red', 'red-1').find((a) => a.label.startsWith('Hold back'))!;
    expect(hold.command).toEqual({ type: 'holdBackBrigade', side: 'red', brigade: 'red-bde' });
    const r = apply(s, hold.command as never).state;
    expect(r.ruleset.lastBrigade).toBe('red-bde');
    expect(T.previewMove!(seen(r, 'red'), 'red', 'red-1', { dxMm: -400, dyMm: 50, dRad: 0 }).reason).toMatch(/last brigade/);
  });
});
