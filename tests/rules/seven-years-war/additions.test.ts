import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/view';
import { pt } from '../../../src/geometry/types';
import { Work } from '../../../src/rules/seven-years-war/work';
import { deploymentZone, spotHidden } from '../../../src/rules/seven-years-war/deployment';
import { meleeModifiers } from '../../../src/rules/seven-years-war/melee';
import { pursueTowards } from '../../../src/rules/seven-years-war/pursuit';
import { generatePieces, featuresOf, purchaseCost, buyPiece, rotationFor, subSectorCentre, type Roll } from '../../../src/rules/seven-years-war/terrainGen';
import { GENERATED_PIECE_CM, TERRAIN_GENERATION } from '../../../src/rules/seven-years-war/tables';
import { SYW, battle, withDice, apply, rejection, advanceTo, setOrder, rolls, scriptedCtx, type St, type U } from './build';
import { killStands } from '../../../src/rules/seven-years-war/losses';
import { blockedBy } from '../../../src/rules/seven-years-war/forcedMoves';

const unitOf = (s: St, id: string) => s.battle.units.find((u) => u.id === id)!;
const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 250, facingDeg: 90, n: 4, depth: 15, ranks: 1 };
const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };
const wood = { id: 'wood', kind: 'wood', name: 'Wood', polygon: [[500, 20], [900, 20], [900, 280], [500, 280]] };
const script = (faces: number[]): Roll => { let i = 0; return () => { const f = faces[i++]; if (f === undefined) throw new Error('out of dice'); return f; }; };

describe('SYW 9 Deployment (p.19): zones', () => {
  it('the defender deploys beyond 30cm of the centreline and 45cm from the side edges; the attacker not within 60cm of that', () => {
    const s = battle([blue, red]);
    expect(deploymentZone(s.battle, s.ruleset, 'red')).toEqual({ x0: 450, x1: 1350, y0: 900, y1: 1200 });
    expect(deploymentZone(s.battle, s.ruleset, 'blue')).toEqual({ x0: 450, x1: 1350, y0: 0, y1: 300 });
  });
  it('an attacker whose initiative beat the enemy\'s by 2 may use the 45cm side strips; Ottomans always do (p.20)', () => {
    const s = battle([blue, red]);
    const rs = { ...s.ruleset, initiative: { blue: 6, red: 4 } };
    expect(deploymentZone(s.battle, rs, 'blue')).toMatchObject({ x0: 0, x1: 1800 });
    expect(deploymentZone(s.battle, s.ruleset, 'red', true)).toMatchObject({ x0: 0, x1: 1800 });
  });
});

describe('SYW 9 Deployment (p.19): hidden deployment on a map, in the order of the text', () => {
  const start = () => battle([blue, { ...red, id: 'red-1' }], { options: { hiddenDeployment: true }, terrain: [wood] });
  it('the game opens with the attacker deploying (red, the defender, has one brigade: its last, placed after); a placement outside the zone is refused', () => {
    const s = start();
    expect(s.position.step).toBe('deployAttacker');
    expect(s.position.actors).toEqual(['blue']);
    expect(rejection(s, { type: 'deploy', side: 'blue', unit: 'blue-1', x: 900, y: 500, facingDeg: 90 })).toBe('outside-zone');
  });
  it('a unit in the open cannot be hidden: it is visible from the enemy\'s table edge', () => {
    expect(rejection(start(), { type: 'deploy', side: 'blue', unit: 'blue-1', x: 900, y: 150, facingDeg: 90, hidden: true })).toBe('visible');
  });
  it('a unit hidden deep in a wood never reaches the enemy\'s view, during or after the step; its own side sees it', () => {
    let s = apply(start(), { type: 'deploy', side: 'blue', unit: 'blue-1', x: 700, y: 150, facingDeg: 90, hidden: true }).state;
    // While blue deploys red sees none of it; red's last brigade is not on blue's table yet.
    expect(viewFor(SYW, s, 'red').battle.units.map((u) => u.id)).toEqual(['red-1']);
    expect(viewFor(SYW, s, 'blue').battle.units.map((u) => u.id)).toEqual(['blue-1']);
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    const placed = apply(s, { type: 'deploy', side: 'red', unit: 'red-1', x: 900, y: 1000, facingDeg: -90 }).state;
    expect(viewFor(SYW, placed, 'red').battle.units.map((u) => u.id)).toEqual(['red-1']);
    expect(viewFor(SYW, placed, 'blue').battle.units.map((u) => u.id)).toEqual(['blue-1']);
    s = apply(placed, { type: 'endStep', side: 'red' }).state;
    expect(s.position.step).toBe('commandChanges');
    const redView = viewFor(SYW, s, 'red');
    expect(redView.battle.units.map((u) => u.id)).toEqual(['red-1']);
    expect(JSON.stringify(redView)).not.toContain('blue-1');
    expect(viewFor(SYW, s, 'blue').battle.units.map((u) => u.id).sort()).toEqual(['blue-1', 'red-1']);
  });
  it('an enemy may not shoot at or charge a unit it has not spotted', () => {
    let s = apply(start(), { type: 'deploy', side: 'blue', unit: 'blue-1', x: 700, y: 150, facingDeg: 90, hidden: true }).state;
    s = apply(apply(s, { type: 'endStep', side: 'blue' }).state, { type: 'endStep', side: 'red' }).state;
    expect(s.ruleset.hidden['blue-1']).toBe('blue');
    s = advanceTo(s, 'shootingNonPhasing');
    expect(rejection(s, { type: 'shoot', side: 'red', unit: 'red-1', target: 'blue-1' })).toBe('unseen');
  });
});

describe('Spotting hidden troops (9 p.19, (3) Visibility p.7)', () => {
  it('a hidden unit in plain sight of an enemy is detected at the next step', () => {
    const s0 = battle([blue, red]);
    const s = { ...s0, ruleset: { ...s0.ruleset, hidden: { 'blue-1': 'blue' } } };
    const next = advanceTo(s, 'movement');
    expect(next.ruleset.hidden).toEqual({});
  });
  it('a hidden unit deep in a wood stays hidden; an enemy within 5cm detects it', () => {
    const inWood: U = { ...blue, x: 700, y: 150 };
    const s0 = battle([inWood, red], { terrain: [wood] });
    const s = { ...s0, ruleset: { ...s0.ruleset, hidden: { 'blue-1': 'blue' } } };
    expect(advanceTo(s, 'movement').ruleset.hidden).toEqual({ 'blue-1': 'blue' });
    const close = battle([inWood, { ...red, x: 700, y: 180 }], { terrain: [wood] });
    const { ctx, events } = scriptedCtx(close, []);
    const w = new Work({ ...close, ruleset: { ...close.ruleset, hidden: { 'blue-1': 'blue' } } }, ctx);
    spotHidden(w);
    expect(w.rs.hidden).toEqual({});
    expect(events.find((e) => e.type === 'UnitSpotted')).toMatchObject({ unit: 'blue-1', why: expect.stringMatching(/within 5cm/) });
  });
  it('a hidden unit that shoots is revealed (p.19)', () => {
    const s0 = battle([{ ...blue, y: 300 }, { ...red, y: 360 }]);
    let s = advanceTo(s0, 'shootingPhasing');
    s = { ...s, ruleset: { ...s.ruleset, hidden: { 'blue-1': 'blue' } } };
    const r = apply(withDice(s, [1]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' });
    expect(r.state.ruleset.hidden).toEqual({});
  });
});

describe('Ottoman flank marches (9 p.20)', () => {
  it('only a side allowed flank marches may send one; the group leaves the table and returns on a 5 at the enemy flank zone edge', () => {
    const s0 = battle([blue, { ...blue, id: 'blue-2', x: 1200 }, red], { options: { hiddenDeployment: true } });
    expect(rejection(s0, { type: 'flankMarch', side: 'blue', group: 'blue-1', edge: 'left' })).toBe('no-flank-march');
    const s1 = { ...s0, ruleset: { ...s0.ruleset, flankMarchSides: ['blue'] } };
    let s = apply(s1, { type: 'flankMarch', side: 'blue', group: 'blue-1', edge: 'left' }).state;
    expect(s.ruleset.groups['blue-1']!.offTable).toMatchObject({ x: 0, y: 1050, flankMarch: true });
    s = apply(apply(s, { type: 'endStep', side: 'blue' }).state, { type: 'endStep', side: 'red' }).state;
    s = advanceTo(s, 'commandChanges');
    const r = apply(withDice(s, [5]), { type: 'endStep', side: 'blue' });
    expect(rolls(r.events).find((x) => x.purpose.includes('return'))!.faces).toEqual([5]);
    expect(r.state.ruleset.groups['blue-1']!.offTable).toBeNull();
    expect(Math.min(...unitOf(r.state, 'blue-1').stands.map((st) => st.centre.x))).toBeLessThan(200);
  });
});

describe('Ottoman flank-march qualification, diced at set-up (9 p.19-20)', () => {
  // Set-up rolls, in order: each CinC draws 3 counters (a d100 = two d10 each: 12 faces), the CinC
  // ability D6 per side (blue Prussian, red Ottoman: the "Others" column), then the initiative D4s.
  const counters = Array.from({ length: 12 }, () => 1);
  const game = (blueAbility: number, redAbility: number, blueD4: number, redD4: number) =>
    battle([blue, { ...blue, id: 'blue-2', x: 1200 }, red, { ...red, id: 'red-2', x: 1200 }], { nationality: { red: 'Ottoman' }, fields: { attacker: undefined }, setupDice: [...counters, blueAbility, redAbility, blueD4, redD4] });
  it('the scripted set-up dice are the ones read: CinC ability by nation, then D4 + ability', () => {
    const s = game(1, 6, 4, 1);
    // Prussian D6 1 -> ability 1; Others D6 6 -> ability 4 (9 p.19 table).
    expect(s.ruleset.cincAbility).toEqual({ blue: 1, red: 4 });
    expect(s.ruleset.initiative).toEqual({ blue: 5, red: 5 });
  });
  it('an Ottoman army whose initiative beats the enemy\'s by exactly 1 may flank march, and the deployment step opens for it', () => {
    const s = game(1, 1, 2, 3); // blue 1+2 = 3, red 1+3 = 4
    expect(s.ruleset.initiative).toEqual({ blue: 3, red: 4 });
    expect(s.ruleset.attacker).toBe('red');
    expect(s.ruleset.flankMarchSides).toEqual(['red']);
    // Blue, the defender, has one brigade (its last): the attacker's step opens the deployment.
    expect(s.position.step).toBe('deployAttacker');
    const r = apply(s, { type: 'flankMarch', side: 'red', group: 'red-2', edge: 'right' });
    expect(r.state.ruleset.groups['red-2']!.offTable).toMatchObject({ x: 1800, flankMarch: true });
    expect(r.state.ruleset.groups['red-2']!.order).toBe('reserve');
    const blueStep = apply(r.state, { type: 'endStep', side: 'red' }).state;
    expect(blueStep.position.step).toBe('deployLastBrigade');
    expect(rejection(blueStep, { type: 'flankMarch', side: 'blue', group: 'blue-2', edge: 'left' })).toBe('no-flank-march');
  });
  it('an Ottoman army that loses the initiative may not flank march; without hidden deployment there is no deployment step', () => {
    const lost = game(1, 1, 3, 2);
    expect(lost.ruleset.attacker).toBe('blue');
    expect(lost.ruleset.flankMarchSides).toEqual([]);
    expect(lost.position.step).toBe('commandChanges');
    expect(rejection(lost, { type: 'flankMarch', side: 'red', group: 'red-2', edge: 'right' })).toBe('not-now');
  });
  it('a non-Ottoman army that wins the initiative by 2 gets no flank march (only the side strips)', () => {
    const s = battle([blue, red], { fields: { attacker: undefined }, setupDice: [...counters, 1, 1, 4, 1] });
    expect(s.ruleset.initiative).toEqual({ blue: 5, red: 2 });
    expect(s.ruleset.flankMarchSides).toEqual([]);
    expect(deploymentZone(s.battle, s.ruleset, 'blue')).toMatchObject({ x0: 0, x1: 1800 });
  });
});

describe('SYW 9 Terrain Rules (p.22): generation by sectors and sub-sectors', () => {
  it('reads back the house piece sizes and the large-table split', () => {
    expect(GENERATED_PIECE_CM.hill).toEqual({ normal: [30, 20], large: [50, 30] });
    expect([TERRAIN_GENERATION.largeTableWidthCm, TERRAIN_GENERATION.largeOn]).toEqual([180, 5]);
  });
  it('rotation D6: 1 45° right, 2 90° right, 3 45° left, 4 90° left, 5-6 none; bought terrain adjusts the die by 1', () => {
    expect([1, 2, 3, 4, 5, 6].map((d) => rotationFor(d))).toEqual([45, 90, -45, -90, 0, 0]);
    expect(rotationFor(5, -1)).toBe(-90);
    expect(rotationFor(6, 1)).toBe(0);
  });
  it('sector 1 sub-sector 1 is the top-left ninth of the top-left sixth; sector 6 sub-sector 6 the bottom-right', () => {
    const a = { x0: 0, y0: 0, w: 1800, h: 1200 };
    expect(subSectorCentre(a, 1, 1)).toEqual({ x: 100, y: 150 });
    expect(subSectorCentre(a, 6, 6)).toEqual({ x: 1700, y: 1050 });
  });
  it('When D3+1 gives 3 hills: 2 level 0, 1 level 1; a hill in an occupied sub-sector is discarded and raises the other; D4-1 woods; a stream; no town', () => {
    const faces = [
      2, // hills: D3 2 -> 3
      1, 3, 2, 5, // hill 1: size 1 (not large), sector 3, sub 2, rotation 5 (none) - level 0
      2, 3, 2, 1, // hill 2: size 2, sector 3 sub 2 again -> discarded, hill 1 up a level
      4, 4, 2, // hill 3 (1 left: no size roll): level 1, sector 4 sub 4, rotation 90° right
      2, // woods: D4 2 -> 1
      1, 1, 6, // wood (1 left: no size roll): sector 1 sub 1, no rotation
      3, // marshes/streams: D4 3 -> 1
      6, 5, 2, 2, // stream (6): sector 5 sub 2, rotation 90° right
      4, // town: no
    ];
    const pieces = generatePieces({ widthMm: 1800, depthMm: 1200 }, script(faces));
    expect(pieces.map((p) => [p.kind, p.level, p.sector, p.subSector, p.rotationDeg])).toEqual([
      ['hill', 1, 3, 2, 0], ['hill', 1, 4, 4, 90], ['wood', 2, 1, 1, 0], ['stream', 1, 5, 2, 90],
    ]);
    const feats = featuresOf(pieces, { widthMm: 1800, depthMm: 1200 });
    expect(feats.map((f) => [f.kind, f.props.sywType])).toEqual([['hill', 1], ['hill', 1], ['wood', 2], ['stream', 1]]);
    // The stream turned 90° runs right across the table, edge to edge.
    expect(feats[3]!.line!.map((p) => Math.round(p.x))).toEqual([1800, 0]);
  });
  it('large tables (over 180cm) are diced in two halves', () => {
    const pieces = generatePieces({ widthMm: 2400, depthMm: 1200 }, script([1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 4]));
    expect(new Set(pieces.map((p) => p.area))).toEqual(new Set([0, 1]));
  });
  it('buying terrain: hills 25 (35 large), woods 15 per level (+10 large), towns 50; chosen sector, diced sub-sector and rotation', () => {
    expect([purchaseCost({ kind: 'hill', sector: 1 }), purchaseCost({ kind: 'hill', large: true, sector: 1 }), purchaseCost({ kind: 'wood', level: 2, sector: 1 }), purchaseCost({ kind: 'wood', level: 2, large: true, sector: 1 }), purchaseCost({ kind: 'town', sector: 1 })]).toEqual([25, 35, 30, 40, 50]);
    const p = buyPiece({ widthMm: 1800, depthMm: 1200 }, { kind: 'town', sector: 2, rotationAdjust: 1 }, script([5, 4]));
    expect([p.sector, p.subSector, p.rotationDeg, p.widthMm]).toEqual([2, 5, 0, 400]);
  });
  it('with the generateTerrain option set-up replaces the scenario terrain; the defender\'s purchases are placed and costed, the attacker\'s refused', () => {
    const s = battle([blue, red], { options: { generateTerrain: true }, fields: { terrainPurchases: [{ side: 'red', kind: 'wood', level: 2, sector: 5 }, { side: 'blue', kind: 'hill', sector: 2 }] }, terrain: [wood] });
    expect(s.battle.terrain.some((f) => f.id === 'wood')).toBe(false);
    expect(s.battle.terrain.every((f) => f.id.startsWith('syw-gen') || f.id.startsWith('syw-bought'))).toBe(true);
    expect(s.battle.terrain.filter((f) => f.id.startsWith('syw-bought'))).toHaveLength(1);
    expect(s.ruleset.terrainPoints).toEqual({ blue: 0, red: 30 });
  });
});

describe('SYW (3) Order interpretation (p.8): artillery on Advance may opt to go to Stand', () => {
  const gun: U = { id: 'blue-gun', side: 'blue', type: 'medium-artillery', x: 900, y: 300, facingDeg: 90, n: 1, depth: 40 };
  it('within range of enemy, not having started the turn at Stand: it goes to Stand', () => {
    const s = advanceTo(setOrder(battle([gun, { ...red, y: 700 }]), 'blue-gun', 'advance'), 'movement');
    expect(apply(s, { type: 'artilleryToStand', side: 'blue', group: 'blue-gun' }).state.ruleset.groups['blue-gun']!.order).toBe('stand');
  });
  it('out of range (60cm) it may not; nor if it started the turn at Stand', () => {
    const far = advanceTo(setOrder(battle([gun, { ...red, y: 1150 }]), 'blue-gun', 'advance'), 'movement');
    expect(rejection(far, { type: 'artilleryToStand', side: 'blue', group: 'blue-gun' })).toBe('out-of-range');
    const s0 = advanceTo(battle([gun, { ...red, y: 700 }]), 'movement');
    const g = s0.ruleset.groups['blue-gun']!;
    const s = { ...s0, ruleset: { ...s0.ruleset, groups: { ...s0.ruleset.groups, 'blue-gun': { ...g, order: 'advance' as const, orderAtPhaseStart: 'stand' as const } } } };
    expect(rejection(s, { type: 'artilleryToStand', side: 'blue', group: 'blue-gun' })).toBe('started-at-stand');
  });
});

describe('Gap closing when stands are lost (p.7, p.6)', () => {
  it('When a 1-rank line loses its middle stand to shooting the stands on one side close inwards to contact', () => {
    // Shooters' centre is at x=900: the nearest front stand of the target (x 880 or 920) is lost.
    const s = advanceTo(battle([{ ...blue, y: 300, ranks: 2 }, { ...red, y: 340 }]), 'shootingPhasing');
    const r = apply(withDice(s, [3]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' });
    const xs = unitOf(r.state, 'red-1').stands.map((st) => st.centre.x).sort((a, b) => a - b);
    expect(xs).toHaveLength(3);
    expect(xs[1]! - xs[0]!).toBeCloseTo(40, 6);
    expect(xs[2]! - xs[1]!).toBeCloseTo(40, 6);
    expect(r.events.some((e) => e.type === 'GapFilled')).toBe(true);
  });
  it('When a 2-rank line loses a front stand a rear-rank stand steps into the gap', () => {
    const s = advanceTo(battle([{ ...blue, y: 300, ranks: 2 }, { ...red, y: 340, ranks: 2 }]), 'shootingPhasing');
    const before = unitOf(s, 'red-1').stands;
    const r = apply(withDice(s, [3]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' });
    const after = unitOf(r.state, 'red-1').stands;
    const frontY = Math.min(...before.map((st) => st.centre.y));
    expect(after.filter((st) => Math.abs(st.centre.y - frontY) < 0.5)).toHaveLength(2);
    expect(r.events.find((e) => e.type === 'GapFilled')).toMatchObject({ how: 'from the rear rank' });
  });
  it('When a unit of a group loses its inner end stand its neighbour slides over to keep the 1cm group gap', () => {
    const a: U = { id: 'r-a', side: 'red', type: 'medium-infantry', x: 775, y: 1000, facingDeg: -90, n: 3, depth: 15 };
    const b: U = { id: 'r-b', side: 'red', type: 'medium-infantry', x: 905, y: 1000, facingDeg: -90, n: 3, depth: 15 };
    const s = battle([blue, a, b], { groups: [{ id: 'reds', units: ['r-a', 'r-b'] }] });
    const { ctx } = scriptedCtx(s, []);
    const w = new Work(s, ctx);
    // r-a spans x 715-835, r-b 845-965 (a 1cm gap); r-a loses its stand nearest (840, 1000).
    killStands(w, 'r-a', 1, 'test', 'test', pt(840, 1000));
    const span = (id: string) => { const xs = w.unit(id)!.stands.map((st) => st.centre.x); return [Math.min(...xs) - 20, Math.max(...xs) + 20]; };
    expect(span('r-b')).toEqual([845, 965]);
    expect(span('r-a')[1]).toBeCloseTo(835, 6);
    expect(span('r-b')[0]! - span('r-a')[1]!).toBeCloseTo(10, 6);
  });
});

describe('Turning to face a flank charge as a 1-wide column (§4 Movement when in melee p.10)', () => {
  const line: U = { ...red, x: 900, y: 700 };
  const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 1050, y: 690, facingDeg: 180, n: 2, depth: 30 };
  it('When a Reserve line charged in its right flank passes and rolls a 4 (normal drill) its stands turn to face in a 1-wide column', () => {
    let s = advanceTo(setOrder(setOrder(battle([cav, line]), 'blue-cav', 'advance'), 'red-1', 'reserve'), 'movement');
    // Charger: D4, 2D6 3+3; target: D4, 2D6 6+6 (-2 flank = 10), then the turn D6 4.
    const r = apply(withDice(s, [1, 3, 3, 1, 6, 6, 4]), { type: 'declareCharge', side: 'blue', group: 'blue-cav', target: 'red-1' });
    s = r.state;
    const st = unitOf(s, 'red-1').stands;
    expect(st.every((x) => Math.abs(x.facing) < 1e-9)).toBe(true);
    expect(st.map((x) => x.centre.x).sort((a, b) => b - a)).toEqual([960, 945, 930, 915]);
    expect(new Set(st.map((x) => x.centre.y)).size).toBe(1);
    expect(unitOf(s, 'red-1').formation).toBe('column');
    expect(s.ruleset.units['red-1']!.turnedFrom).toHaveLength(4);
  });
  it('When massed infantry on Stand is charged in flank by cavalry and passes, it forms square instead', () => {
    const s = advanceTo(setOrder(battle([cav, line]), 'blue-cav', 'advance'), 'movement');
    const r = apply(withDice(s, [1, 3, 3, 1, 6, 6, 4]), { type: 'declareCharge', side: 'blue', group: 'blue-cav', target: 'red-1' });
    expect(unitOf(r.state, 'red-1').formation).toBe('square');
    expect(r.events.some((e) => e.type === 'UnitFormedSquare')).toBe(true);
  });
  it('a failed turning roll routs the unit', () => {
    const s = advanceTo(setOrder(setOrder(battle([cav, line]), 'blue-cav', 'advance'), 'red-1', 'reserve'), 'movement');
    const r = apply(withDice(s, [1, 3, 3, 1, 6, 6, 3, 1]), { type: 'declareCharge', side: 'blue', group: 'blue-cav', target: 'red-1' });
    expect(r.state.ruleset.groups['red-1']!.order).toBe('rout');
  });
});

describe('Overlaps count against one enemy unit per combat phase (p.14)', () => {
  it('a stand beside two melees gives its overlap to the first only', () => {
    // One-stand units: cavalry squadrons (a massed infantry battalion has 3-4 bases, (1) p.4).
    const mk = (id: string, side: 'blue' | 'red', x: number): U => ({ id, side, type: 'medium-cavalry', x, y: 600, facingDeg: side === 'blue' ? 90 : -90, n: 1, depth: 30 });
    const s = battle([mk('A', 'blue', 870), mk('X', 'blue', 910), mk('B', 'blue', 950), mk('E1', 'red', 860), mk('E2', 'red', 960)]);
    const { ctx } = scriptedCtx(s, []);
    const w = new Work(s, ctx);
    const u = (id: string) => w.unit(id)!;
    const bout = (a: string, b: string) => ({ a: u(a), b: u(b), aContact: [...u(a).stands], faceOfB: 'front' as const, faceOfA: 'front' as const });
    const has = (m: { label: string }[]) => m.some((x) => x.label === 'At least 1 overlap in support');
    const shared = new Map<string, string>();
    expect(has(meleeModifiers(w, bout('A', 'E1'), new Set(), shared))).toBe(true);
    expect(has(meleeModifiers(w, bout('B', 'E2'), new Set(), shared))).toBe(false);
    expect(has(meleeModifiers(w, bout('B', 'E2'), new Set(), new Map()))).toBe(true);
  });
});

describe('SYW (5) Shooting rules (h) (p.12): towns', () => {
  it('shooting within a town is part of melee and is refused', () => {
    const town = { id: 'town', kind: 'village', name: 'Town', polygon: [[700, 250], [1100, 250], [1100, 450], [700, 450]] };
    const s = advanceTo(battle([{ ...blue, y: 300 }, { ...red, y: 340 }], { terrain: [town] }), 'shootingPhasing');
    expect(rejection(s, { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' })).toBe('town-melee');
  });
});

describe('Fresh enemy met in pursuit (7 (b) p.16)', () => {
  const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 30 };
  it('artillery in the way is passed through: it tests as being charged, goes to Reserve, and the pursuit carries on beyond it', () => {
    const gun: U = { id: 'red-gun', side: 'red', type: 'medium-artillery', x: 900, y: 420, facingDeg: -90, n: 1, depth: 40 };
    const s = battle([cav, gun, { ...red, y: 800 }]);
    const { ctx, events } = scriptedCtx(s, [1, 6, 6]);
    const w = new Work(s, ctx);
    pursueTowards(w, 'blue-cav', { x: 900, y: 900 }, 300);
    expect(events.find((e) => e.type === 'FreshEnemyMet')).toMatchObject({ enemy: 'red-gun' });
    expect(w.rs.groups['red-gun']!.order).toBe('reserve');
    expect(Math.min(...w.unit('blue-cav')!.stands.map((x) => x.centre.y))).toBeGreaterThan(460);
    expect(blockedBy(w, 'blue-cav', w.unit('blue-cav')!.stands)).toHaveLength(0);
  });
  it('fresh infantry met stops the pursuers in contact and tests as being charged', () => {
    const s = battle([cav, { ...red, y: 450 }]);
    const { ctx, events } = scriptedCtx(s, [1, 6, 6]);
    const w = new Work(s, ctx);
    pursueTowards(w, 'blue-cav', { x: 900, y: 900 }, 300);
    expect(events.some((e) => e.type === 'DiceRolled' && String(e.purpose).startsWith('Being charged: red-1'))).toBe(true);
    const gap = Math.min(...w.unit('red-1')!.stands.map((r) => Math.min(...w.unit('blue-cav')!.stands.map((b) => Math.abs(r.centre.y - b.centre.y) - 22.5))));
    expect(gap).toBeLessThanOrEqual(1.5);
  });
});
