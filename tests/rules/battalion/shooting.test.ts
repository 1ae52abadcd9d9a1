/** BT Summery of Shooting Phase, step by step, with scripted dice; the opponent assigns the hits. */
import { describe, expect, it } from 'vitest';
import { battle, apply, rejection, advanceTo, withDice, withUnitState, unit, rolls, ofType, IN, type U, type St } from './build';

// Blue's line faces down the table; red's front edge 10" from it.
const blue: U = { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 300, n: 6 };
const red: U = { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 300 + 10 * IN, n: 6 };
const shootStep = (units: U[], opts: Parameters<typeof battle>[1] = {}): St => advanceTo(battle(units, opts), 'shootFirst');
const shoot = (unit = 'b1', target = 'r1', extra: Record<string, unknown> = {}) => ({ type: 'shoot', side: 'blue', unit, target, ...extra });

describe('BT Shooting 5-7: rate of fire, dice equal to it, the to-hit table', () => {
  it('a 6-stand line that has not moved: ROF 6 × 1 (house) +1 for Line 4 wide, 6+ to hit with +1 for not moving', () => {
    const { events } = apply(withDice(shootStep([blue, red]), [5, 5, 1, 1, 1, 1, 1]), shoot());
    const r = rolls(events)[0]!;
    expect(r.faces).toHaveLength(7);
    expect(r.purpose).toMatch(/ROF 7 = 6 stands firing × 1 \(house value\), \+1 In Line Formation 4 wide/);
    expect(r.target!.value).toBe(6);
    expect(r.modifiers.map((m) => [m.label, m.value])).toEqual([['Having not moved', 1]]);
    expect(r.successes).toBe(2);
  });
  it('every to-hit row of the Modifiers table that applies is listed: column +1, veteran +1, rifles +1', () => {
    const s = shootStep([{ ...blue, quality: 'veteran', extra: { rifles: true } }, { ...red, formation: 'column', ranks: 2 }]);
    const { events } = apply(withDice(s, Array(7).fill(1)), shoot());
    expect(rolls(events)[0]!.modifiers.map((m) => m.label)).toEqual(['At Column Formation', 'Rifles skill', 'With Veteran Skilled unit', 'Having not moved']);
  });
  it('square +2, loose -1, conscript -1', () => {
    const sq = shootStep([{ ...blue, quality: 'conscript' }, { ...red, formation: 'square' }]);
    expect(rolls(apply(withDice(sq, Array(7).fill(1)), shoot()).events)[0]!.modifiers.map((m) => m.value)).toEqual([2, -1, 1]);
    const lo = shootStep([blue, { ...red, type: 'light-infantry', n: 4, formation: 'loose' }]);
    expect(rolls(apply(withDice(lo, Array(7).fill(1)), shoot()).events)[0]!.modifiers.map((m) => m.label)).toContain('At a Loose formation Battalion');
  });
  it('having moved, the firer chooses: ROF halved, or -1 to hit', () => {
    const s = withUnitState(shootStep([blue, red]), 'b1', { moved: true, movedMm: 20 });
    const halved = rolls(apply(withDice(s, [1, 1, 1]), shoot('b1', 'r1', { moved: 'rof' })).events)[0]!;
    expect(halved.faces).toHaveLength(3);
    expect(halved.modifiers).toEqual([]);
    const minus = rolls(apply(withDice(s, Array(7).fill(1)), shoot('b1', 'r1', { moved: 'toHit' })).events)[0]!;
    expect(minus.modifiers.map((m) => m.value)).toEqual([-1]);
  });
  it('BT Column: only the front two companies fire, the command stand not counting', () => {
    const s = shootStep([{ ...blue, formation: 'column', ranks: 2 }, red]);
    expect(rolls(apply(withDice(s, [1, 1]), shoot()).events)[0]!.faces).toHaveLength(2);
  });
  it('Jaeger skill +1 ROF', () => {
    const s = shootStep([{ ...blue, type: 'light-infantry', n: 3, extra: { jaeger: true } }, red]);
    expect(rolls(apply(withDice(s, [1, 1, 1, 1]), shoot()).events)[0]!.purpose).toMatch(/ROF 4 .*Jaeger skill/);
  });
  it('cavalry fire at 6+ with no modifiers at all', () => {
    const s = shootStep([{ ...blue, type: 'light-cavalry', n: 4 }, red]);
    const r = rolls(apply(withDice(s, [1, 1, 1, 1]), shoot()).events)[0]!;
    expect(r.faces).toHaveLength(4);
    expect(r.modifiers).toEqual([]);
  });
  it('artillery: 4+, cannon ROF; grapeshot inside 12" within the 90° arc; over 16" -1', () => {
    const far = shootStep([{ id: 'g', side: 'blue', type: 'light-artillery', x: 900, y: 300, n: 2 }, { ...red, y: 300 + 20 * IN }]);
    const rf = rolls(apply(withDice(far, [1, 1, 1]), shoot('g')).events)[0]!;
    expect(rf.target!.value).toBe(4);
    expect(rf.purpose).toMatch(/cannon ROF 3/);
    expect(rf.modifiers.map((m) => m.label)).toEqual(['Having not moved', 'Over 16”']);
    const near = shootStep([{ id: 'g', side: 'blue', type: 'light-artillery', x: 900, y: 300, n: 2 }, red]);
    expect(rolls(apply(withDice(near, Array(6).fill(1)), shoot('g')).events)[0]!.purpose).toMatch(/grapeshot.*grape ROF 6/);
  });
  it('BT Horse Artillery: moved, it keeps its ROF and takes -1 to hit', () => {
    const s = withUnitState(shootStep([{ id: 'h', side: 'blue', type: 'horse-artillery', x: 900, y: 300, n: 2 }, { ...red, y: 300 + 15 * IN }]), 'h', { moved: true, movedMm: 50 });
    const r = rolls(apply(withDice(s, [1, 1]), shoot('h')).events)[0]!;
    expect(r.faces).toHaveLength(2);
    expect(r.modifiers.map((m) => m.value)).toEqual([-1]);
  });
});

describe('BT Shooting 2-4: targets, line of sight, range', () => {
  it('muskets reach 12"', () => {
    expect(rejection(shootStep([blue, { ...red, y: 300 + 12.5 * IN }]), shoot())).toBe('range');
  });
  it('a unit between them blocks sight', () => {
    const s = shootStep([blue, red, { id: 'r2', side: 'red', type: 'line-infantry', x: 900, y: 300 + 5 * IN, n: 8 }]);
    expect(rejection(s, shoot())).toBe('no-sight');
  });
  it('BT Loose Formation: friends fire through their own light infantry in loose order at -1', () => {
    const s = shootStep([blue, red, { id: 'b2', side: 'blue', type: 'light-infantry', x: 900, y: 300 + 5 * IN, n: 4, formation: 'loose' }]);
    const r = rolls(apply(withDice(s, Array(7).fill(1)), shoot()).events)[0]!;
    expect(r.modifiers.map((m) => m.label)).toContain('Through a friendly Skirmish line');
  });
  it('a unit shoots once a phase', () => {
    const s = apply(withDice(shootStep([blue, red]), Array(7).fill(1)), shoot()).state;
    expect(rejection(s, shoot())).toBe('fired');
  });
});

describe('BT Shooting 8-11: the opponent assigns the hits, rolls saves, stands come off, then the fall back roll', () => {
  const hit2 = () => apply(withDice(shootStep([blue, red]), [5, 5, 1, 1, 1, 1, 1]), shoot()).state;
  it('two hits wait for red: red acts, blue cannot shoot meanwhile', () => {
    const s = hit2();
    expect(s.ruleset.pending).toMatchObject({ kind: 'hits', owner: 'red', target: 'r1', hits: 2, assigned: [] });
    expect(s.position.actors).toEqual(['red']);
    expect(rejection(s, { type: 'assignHit', side: 'blue', stand: 'r1.s1' })).toBe('not-your-turn');
  });
  it('each hit on a different stand; the saves (infantry 3+) are rolled when all are assigned; the failed stand comes off', () => {
    let s = hit2();
    s = apply(s, { type: 'assignHit', side: 'red', stand: 'r1.s6' }).state;
    expect(rejection(s, { type: 'assignHit', side: 'red', stand: 'r1.s6' })).toBe('already-hit');
    // Saves: s6 rolls 2 (lost), s5 rolls 3 (saved); motivation 5 (passes: -0 below full strength).
    const { state, events } = apply(withDice(s, [2, 3, 5]), { type: 'assignHit', side: 'red', stand: 'r1.s5' });
    const rs = rolls(events);
    expect(rs.slice(0, 2).map((r) => [r.target!.value, r.outcome])).toEqual([[3, 'lost'], [3, 'saved']]);
    expect(unit(state, 'r1')!.stands.map((x) => x.id)).not.toContain('r1.s6');
    expect(unit(state, 'r1')!.stands).toHaveLength(5);
    expect(rs[2]!.purpose).toMatch(/motivation check/);
    expect(state.position.actors).toEqual(['blue']);
    expect(state.ruleset.pending).toBeUndefined();
  });
  it('BT Fallbacks: failing the motivation check it falls back D3 × casualties, away from the shooter', () => {
    let s = hit2();
    s = apply(s, { type: 'assignHit', side: 'red', stand: 'r1.s6' }).state;
    const c0 = unit(s, 'r1')!.stands[0]!.centre;
    // Saves 1, 1 (both lost); motivation 2 fails; D3 reads a 5 as 3: 3 × 2 = 6".
    const { state, events } = apply(withDice(s, [1, 1, 2, 5]), { type: 'assignHit', side: 'red', stand: 'r1.s5' });
    expect(ofType(events, 'FellBack')[0]!['distanceIn']).toBeCloseTo(6, 6);
    const c1 = unit(state, 'r1')!.stands[0]!.centre;
    expect(Math.hypot(c1.x - c0.x, c1.y - c0.y)).toBeCloseTo(6 * IN, 3);
    expect(c1.y).toBeGreaterThan(c0.y);
    expect(state.ruleset.units['r1']!.fallBacks).toBe(1);
  });
  it('BT Officers Falling: the command stand lost, the officer has fallen', () => {
    let s = hit2();
    const cmd = unit(s, 'r1')!.commandStandId;
    const other = unit(s, 'r1')!.stands.find((x) => x.id !== cmd)!.id;
    s = apply(s, { type: 'assignHit', side: 'red', stand: cmd }).state;
    const { state, events } = apply(withDice(s, [1, 6, 6]), { type: 'assignHit', side: 'red', stand: other });
    expect(state.ruleset.units['r1']!.officerDead).toBe(true);
    expect(ofType(events, 'OfficerFell')).toHaveLength(1);
  });
  it('a side that ends its part takes the default: the hits fall on the stands nearest the firer, the officer last', () => {
    const s0 = apply(hit2(), { type: 'endStep', side: 'red' }).state;
    // Blue acts again; its next command settles red's hits first (here: ending its step).
    expect(s0.position.actors).toEqual(['blue']);
    const s = hit2();
    const { state, events } = apply(withDice(s0, [1, 1, 6]), { type: 'endStep', side: 'blue' });
    expect(state.ruleset.pending).toBeUndefined();
    expect(state.position.step).toBe('shootSecond');
    const assigned = ofType(events, 'HitsAssigned')[0]!['stands'] as string[];
    expect(assigned).toHaveLength(2);
    expect(assigned).not.toContain(unit(s, 'r1')!.commandStandId);
  });
});

describe('BT Fallbacks at the end of the whole shooting phase', () => {
  it('6 or more hits: a motivation check, failing which it falls back 3" and is disorientated', () => {
    let s = withUnitState(shootStep([blue, red]), 'r1', { hitsThisPhase: 6 });
    s = advanceTo(s, 'shootSecond');
    const { state, events } = apply(withDice(s, [1]), { type: 'endStep', side: 'red' });
    expect(ofType(events, 'FellBack')[0]!['distanceIn']).toBeCloseTo(3, 6);
    expect(state.ruleset.units['r1']!.disorientated).toBe(true);
  });
  it('falling back more than once in the phase disorientates', () => {
    let s = withUnitState(shootStep([blue, red]), 'r1', { fallBacks: 2 });
    s = advanceTo(s, 'shootSecond');
    expect(apply(s, { type: 'endStep', side: 'red' }).state.ruleset.units['r1']!.disorientated).toBe(true);
  });
});

describe('BT Howitzers and Rocket Battery: templates', () => {
  it('each howitzer hit places a 3" template on a target stand; stands under it are wounded on 4+ (FPW), then save; the unit is disorientated', () => {
    const s = shootStep([{ id: 'hw', side: 'blue', type: 'howitzers', x: 900, y: 300, n: 1 }, red]);
    // ROF 1 per stand: to hit 4+ (+1 not moved): 4 hits. Template on r1.s3: it and its two neighbours (40mm apart) are under a 38mm-radius circle.
    const { state, events } = apply(withDice(s, [4, 6, 1, 1, 1, 6]), shoot('hw', 'r1', { templates: ['r1.s3'] }));
    expect(ofType(events, 'TemplatePlaced')).toHaveLength(1);
    const fp = rolls(events).filter((r) => /Template 1/.test(r.purpose));
    expect(fp.map((r) => r.target!.value)).toEqual([4, 4, 4]);
    expect(state.ruleset.units['r1']!.disorientated).toBe(true);
    expect(unit(state, 'r1')!.stands).toHaveLength(5);
  });
  it('rockets: 2 per stand, 6+ on the template; horses hit fall back without casualty rolls', () => {
    const cav: U = { id: 'rc', side: 'red', type: 'heavy-cavalry', x: 900, y: 300 + 20 * IN, n: 4 };
    const s = shootStep([{ id: 'rk', side: 'blue', type: 'rockets', x: 900, y: 300, n: 1 }, cav]);
    // 2 dice, 4+ (+1 not moved, -1 over 16"): one hit; the horses fall back D3 (a 3 reads 2).
    const { state, events } = apply(withDice(s, [4, 1, 3]), shoot('rk', 'rc'));
    expect(rolls(events)[0]!.faces).toHaveLength(2);
    expect(ofType(events, 'FellBack')[0]!['distanceIn']).toBeCloseTo(2, 6);
    expect(unit(state, 'rc')!.stands).toHaveLength(4);
    expect(state.ruleset.units['rc']!.disorientated).toBe(true);
  });
});
