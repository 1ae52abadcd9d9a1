// Every NW table read back against the text of napoleonic-warfare.txt, citing the section.
import { describe, expect, it } from 'vitest';
import {
  ABILITY_TABLE, abilityFor, INITIATIVE_CINC_BONUS, TERRAIN_PICK_CINC_SHIFT, GENERAL_CASUALTIES, SCALE_DISTANCES, MOVEMENT, ROAD_COLUMN_FACTOR, WHEEL,
  SMALL_ARMS, smallArmsBand, SMALL_ARMS_MODIFIERS, SMALL_ARMS_DICE, ARTILLERY_RANGES_IN, ARTILLERY_TO_HIT, ARTILLERY_MODIFIERS, ARTILLERY_DICE, artilleryBand, ammoAfter,
  FIRING_ARC_DEG, COMBAT_GRADE_FACTOR, COMBAT_MODIFIERS, casualtySplit, TO_PASS, MORALE_MODIFIERS, failureOutcome, SUPPORT, MORALE_TRIGGERS,
  ARMY_LISTS, listGrade, TERRAIN_PLACEMENT, placementSector, TERRAIN_TYPES, ARMY_BREAK, LOSS_POINTS, victoryLevel, emulatedD10, roundUp,
  STRENGTH_PER_STAND, ORDERS, deployActionsAllowed, mayCountercharge, mayChargeTarget, FORD_SEARCH, RETURN_TO_TABLE, BUILDINGS, DISORDER_MARKERS,
} from '../../../src/rules/napoleonic-warfare/tables';
import { DEFAULT_TABLES, NwTablesSchema } from '../../../src/rules/napoleonic-warfare/nwTables';

describe('NW §6 Dice: the 2d6-for-d10 table', () => {
  it('coloured 1-3 reads the white die, 4-6 adds five, a white 6 is rerolled', () => {
    expect([1, 2, 3, 4, 5].map((w) => emulatedD10(w, 2))).toEqual([1, 2, 3, 4, 5]);
    expect([1, 2, 3, 4, 5].map((w) => emulatedD10(w, 5))).toEqual([6, 7, 8, 9, 10]);
    expect(emulatedD10(6, 1)).toBeUndefined();
  });
  it('NW §7 rounds fractions up (half of 3 is 2)', () => expect(roundUp(3 / 2)).toBe(2));
});

describe('NW Generals §2 Ability table', () => {
  it.each([
    [12, 'charismatic', 18, 12], [11, 'exceptional', 15, 10], [10, 'exceptional', 15, 10], [9, 'good', 12, 8], [7, 'good', 12, 8],
    [6, 'average', 9, 6], [4, 'average', 9, 6], [3, 'poor', 6, 4], [2, 'poor', 6, 4], [14, 'charismatic', 18, 12],
  ])('a roll of %i is %s with %i" (%i") command radius', (roll, rating, large, medium) => {
    const r = abilityFor(roll);
    expect(r.rating).toBe(rating);
    expect(r.commandRadiusIn).toEqual({ large, medium });
  });
  it('CinC adds +2, one re-roll a side (NW Generals §2); initiative +1/+2 (NW Sequence §3); terrain ±1 (NW §9)', () => {
    expect(ABILITY_TABLE.cincBonus).toBe(2);
    expect(ABILITY_TABLE.rerollsPerArmy).toBe(1);
    expect(INITIATIVE_CINC_BONUS).toMatchObject({ exceptional: 1, charismatic: 2, good: 0 });
    expect(TERRAIN_PICK_CINC_SHIFT).toMatchObject({ exceptional: 1, charismatic: 1, good: 0 });
    expect(GENERAL_CASUALTIES.hitsToRemove).toBe(2);
    expect(GENERAL_CASUALTIES.lossOn).toEqual([1]);
  });
});

describe('NW §3/§5/§9 scale distances', () => {
  it('Engagement Range is 12" medium and 16" large (NW §3)', () => {
    expect(SCALE_DISTANCES.medium.engagementRangeIn).toBe(12);
    expect(SCALE_DISTANCES.large.engagementRangeIn).toBe(16);
  });
  it('deployment 6"/9", terrain 12"/16" max, 3"/5" min, roads 1"/2" (NW Setting up Armies; §9)', () => {
    expect([SCALE_DISTANCES.medium.deploymentDepthIn, SCALE_DISTANCES.large.deploymentDepthIn]).toEqual([6, 9]);
    expect([SCALE_DISTANCES.medium.terrainMaxDiameterIn, SCALE_DISTANCES.large.terrainMaxDiameterIn]).toEqual([12, 16]);
    expect([SCALE_DISTANCES.medium.terrainMinSizeIn, SCALE_DISTANCES.large.terrainMinSizeIn]).toEqual([3, 5]);
    expect([SCALE_DISTANCES.medium.roadWidthIn, SCALE_DISTANCES.large.roadWidthIn]).toEqual([1, 2]);
    expect([SCALE_DISTANCES.medium.pondMaxDiameterIn, SCALE_DISTANCES.large.pondMaxDiameterIn]).toEqual([8, 12]);
    expect([SCALE_DISTANCES.medium.returnWithinIn, SCALE_DISTANCES.large.returnWithinIn]).toEqual([4, 6]);
    expect([SCALE_DISTANCES.medium.squareMoveIn, SCALE_DISTANCES.large.squareMoveIn]).toEqual([1, 2]);
  });
  it('Basing: 15mm foot 1"x1", arty 1½"x1"; 25mm foot 1½"x1½", cavalry 1½"x1¾", arty 2½"x1¾"', () => {
    expect(SCALE_DISTANCES.medium.bases.foot).toEqual({ widthIn: 1, depthIn: 1 });
    expect(SCALE_DISTANCES.medium.bases.artillery).toEqual({ widthIn: 1.5, depthIn: 1 });
    expect(SCALE_DISTANCES.large.bases.foot).toEqual({ widthIn: 1.5, depthIn: 1.5 });
    expect(SCALE_DISTANCES.large.bases.cavalry).toEqual({ widthIn: 1.5, depthIn: 1.75 });
    expect(SCALE_DISTANCES.large.bases.artillery).toEqual({ widthIn: 2.5, depthIn: 1.75 });
  });
  it('NW §4 Strength: foot 4, cavalry 3, artillery 1 per gunner', () => {
    expect(STRENGTH_PER_STAND).toMatchObject({ foot: 4, cavalry: 3, artilleryPerGunner: 1, dismountedCavalry: 3 });
  });
});

describe('NW Movement §3 Movement Distances', () => {
  it('medium bases: foot 6/8, skirmish 8/12, light cav 12/16, other cav 8/12, line arty 6/8, horse arty 8/12', () => {
    const r = MOVEMENT.medium.rows;
    expect([r.foot.tacticalIn, r.foot.strategicIn, r.foot.skirmish?.tacticalIn, r.foot.skirmish?.strategicIn]).toEqual([6, 8, 8, 12]);
    expect([r['light-cavalry'].tacticalIn, r['light-cavalry'].strategicIn, r.cavalry.tacticalIn, r.cavalry.strategicIn]).toEqual([12, 16, 8, 12]);
    expect([r['line-artillery'].tacticalIn, r['line-artillery'].strategicIn, r['horse-artillery'].tacticalIn, r['horse-artillery'].strategicIn]).toEqual([6, 8, 8, 12]);
    expect([r.foot.fast, r['light-cavalry'].fast, r.cavalry.fast, r['line-artillery'].fast, r['horse-artillery'].fast]).toEqual([
      { baseIn: 3, d6: 1 }, { baseIn: 6, d6: 2 }, { baseIn: 3, d6: 2 }, { baseIn: 3, d6: 1 }, { baseIn: 3, d6: 2 },
    ]);
    expect(r.foot.denseDelay).toEqual({ baseIn: 0, d6: 1 });
    expect(r['light-cavalry'].denseDelay).toEqual({ baseIn: 0, d6: 3 });
    expect(r.cavalry.denseDelay).toBeUndefined();
    expect(MOVEMENT.medium.footColumnBonusIn).toEqual({ tacticalIn: 2, strategicIn: 1 });
    expect(MOVEMENT.medium.lightDelay).toEqual({ baseIn: 0, d6: 1 });
  });
  it('large bases: foot 9/12, skirmish 12/16, light cav 18/24, other cav 12/16, line arty 9/12, horse arty 12/16', () => {
    const r = MOVEMENT.large.rows;
    expect([r.foot.tacticalIn, r.foot.strategicIn, r.foot.skirmish?.tacticalIn, r.foot.skirmish?.strategicIn]).toEqual([9, 12, 12, 16]);
    expect([r['light-cavalry'].tacticalIn, r['light-cavalry'].strategicIn, r.cavalry.tacticalIn, r.cavalry.strategicIn]).toEqual([18, 24, 12, 16]);
    expect([r['line-artillery'].tacticalIn, r['horse-artillery'].tacticalIn, r['horse-artillery'].strategicIn]).toEqual([9, 12, 16]);
    expect([r.foot.fast, r['light-cavalry'].fast, r.cavalry.fast, r['line-artillery'].fast, r['horse-artillery'].fast]).toEqual([
      { baseIn: 6, d6: 1 }, { baseIn: 12, d6: 2 }, { baseIn: 6, d6: 2 }, { baseIn: 6, d6: 1 }, { baseIn: 6, d6: 2 },
    ]);
    expect(r.foot.denseDelay).toEqual({ baseIn: 2, d6: 1 });
    expect(r['light-cavalry'].denseDelay).toEqual({ baseIn: 3, d6: 3 });
    expect(MOVEMENT.large.footColumnBonusIn).toEqual({ tacticalIn: 2, strategicIn: 3 });
    expect(MOVEMENT.large.lightDelay).toEqual({ baseIn: 2, d6: 1 });
  });
  it('road column ×1½ (NW §23 Roads); wheels at most 45° counting double (NW §25); ford on a 6 (§23 Rivers); buildings 2 stands, half move', () => {
    expect(ROAD_COLUMN_FACTOR).toBe(1.5);
    expect(WHEEL).toMatchObject({ maxDeg: 45, distanceFactor: 2 });
    expect(FORD_SEARCH).toMatchObject({ findOn: 6, fordWidthStands: 2 });
    expect(BUILDINGS).toMatchObject({ standsPerBuilding: 2, enterExitCostFraction: 0.5 });
    expect(RETURN_TO_TABLE).toMatchObject({ mountedOn: [6], footOn: [5, 6] });
  });
});

describe('NW Small Arms Fire Tables', () => {
  it('25mm: close 7+ (musket 2", rifle 5", carbine 1"), effective 8+ (6/9/3), long 10 (15/18/6)', () => {
    expect(SMALL_ARMS.large.bands.map((b) => [b.band, b.toHit, b.maxIn.musket, b.maxIn.rifle, b.maxIn.carbine])).toEqual([
      ['close', 7, 2, 5, 1], ['effective', 8, 6, 9, 3], ['long', 10, 15, 18, 6],
    ]);
  });
  it('15mm: close 7+ (1/3/½), effective 8+ (4/6/2), long 10 (10/12/4)', () => {
    expect(SMALL_ARMS.medium.bands.map((b) => [b.band, b.toHit, b.maxIn.musket, b.maxIn.rifle, b.maxIn.carbine])).toEqual([
      ['close', 7, 1, 3, 0.5], ['effective', 8, 4, 6, 2], ['long', 10, 10, 12, 4],
    ]);
    expect(smallArmsBand('medium', 'musket', 3)?.band).toBe('effective');
    expect(smallArmsBand('medium', 'musket', 11)).toBeUndefined();
  });
  it('modifiers to the To Hit number (plus is worse), decoded per rules/README.md', () => {
    const v = (k: keyof typeof SMALL_ARMS_MODIFIERS) => SMALL_ARMS_MODIFIERS[k].value;
    expect([v('disorder-marker'), v('moved-and-fired'), v('target-cavalry'), v('conscripts-firing'), v('target-uphill-or-light')]).toEqual([1, 1, 1, 1, 1]);
    expect([v('militia-firing'), v('target-dense-or-stone'), v('target-skirmish-or-unlimbered-artillery')]).toEqual([2, 2, 2]);
    expect([v('guard-elite-veteran-firing'), v('defend-orders-firing'), v('target-column-or-square'), v('target-charging')]).toEqual([-1, -1, -1, -1]);
    expect(SMALL_ARMS_DICE).toMatchObject({ perStand: 1, britishKglInLine: 1.5, enfiladeFactor: 2 });
  });
});

describe('NW Artillery Fire Table', () => {
  it('ranges: 25mm 9/18/36/48/90, 15mm 6/12/24/36/60', () => {
    expect(ARTILLERY_RANGES_IN.large).toEqual({ killing: 9, close: 18, effective: 36, long: 48, extreme: 90 });
    expect(ARTILLERY_RANGES_IN.medium).toEqual({ killing: 6, close: 12, effective: 24, long: 36, extreme: 60 });
    expect(artilleryBand('medium', 13)).toBe('effective');
  });
  it('to hit: 12# 3/5/7/8/10, 8-10# 4/6/8/9/-, 6-7# 4/7/9/10/-, 4# 5/7/10/-/-', () => {
    expect(ARTILLERY_TO_HIT.heavy).toEqual({ killing: 3, close: 5, effective: 7, long: 8, extreme: 10 });
    expect(ARTILLERY_TO_HIT.medium).toEqual({ killing: 4, close: 6, effective: 8, long: 9, extreme: null });
    expect(ARTILLERY_TO_HIT.light).toEqual({ killing: 4, close: 7, effective: 9, long: 10, extreme: null });
    expect(ARTILLERY_TO_HIT.horse).toEqual({ killing: 5, close: 7, effective: 10, long: null, extreme: null });
  });
  it('modifiers: +1 conscript/militia, prolonge, light cover/uphill, 2 gunners, disorder; +2 dense, skirmish, unlimbered target, unlimbered this turn; −1 elite, defend, column, 4 gunners, charging; −2 square, Old Guard', () => {
    const v = (k: keyof typeof ARTILLERY_MODIFIERS) => ARTILLERY_MODIFIERS[k].value;
    expect(['conscript-militia-artillery', 'prolonge-handpush-fire', 'target-light-cover-or-uphill', 'two-gunners', 'disorder-marker'].map((k) => v(k as never))).toEqual([1, 1, 1, 1, 1]);
    expect(['target-dense-or-stone', 'target-skirmish-foot', 'target-unlimbered-artillery', 'unlimbered-this-turn'].map((k) => v(k as never))).toEqual([2, 2, 2, 2]);
    expect(['guard-elite-veteran-artillery', 'defend-orders-firing', 'target-column', 'four-gunners', 'target-charging'].map((k) => v(k as never))).toEqual([-1, -1, -1, -1, -1]);
    expect([v('target-square'), v('old-guard-artillery')]).toEqual([-2, -2]);
    expect(ARTILLERY_DICE).toMatchObject({ canister: 2, enfilade: 3, square: 2 });
  });
  it('NW Fire §28: a 10 is Low, two 10s or a Low while Low is Out; arcs 45° / 22.5° (§29)', () => {
    expect(ammoAfter('stocked', 1)).toBe('low');
    expect(ammoAfter('stocked', 2)).toBe('out');
    expect(ammoAfter('low', 1)).toBe('out');
    expect(ammoAfter('stocked', 0)).toBe('stocked');
    expect(FIRING_ARC_DEG).toMatchObject({ foot: 45, artillery: 22.5 });
  });
});

describe('NW Close Combat: Combat Score Tables', () => {
  it('grades: VG +4, G +3, E +2, V +1, line 0, 2nd −1, conscript −2, militia −3', () => {
    expect(COMBAT_GRADE_FACTOR).toEqual({ 'veteran-guard': 4, guard: 3, elite: 2, veteran: 1, 'line-1st': 0, 'line-2nd': -1, conscript: -2, militia: -3 });
  });
  it('circumstances as printed', () => {
    expect(COMBAT_MODIFIERS['foot-charging'].dice).toEqual({ d6: 1, sign: 1, half: true });
    expect(COMBAT_MODIFIERS['mounted-charging'].dice).toEqual({ d6: 1, sign: 1 });
    expect([COMBAT_MODIFIERS['heavy-cavalry-charge'].value, COMBAT_MODIFIERS['cavalry-pushback-pursue'].value]).toEqual([3, 3]);
    expect([COMBAT_MODIFIERS['medium-cavalry-charge'].value, COMBAT_MODIFIERS['general-with-unit'].value, COMBAT_MODIFIERS['foot-pushback-pursue'].value, COMBAT_MODIFIERS['enemy-artillerymen'].value]).toEqual([2, 2, 2, 2]);
    expect([COMBAT_MODIFIERS['deeper-formation'].value, COMBAT_MODIFIERS['superior-order'].value, COMBAT_MODIFIERS['light-cavalry-charge'].value, COMBAT_MODIFIERS['lancers-charging'].value, COMBAT_MODIFIERS.overlap.value]).toEqual([1, 1, 1, 1, 1]);
    expect(COMBAT_MODIFIERS['square-vs-mounted'].dice).toEqual({ d6: 2, sign: -1 });
    expect([COMBAT_MODIFIERS['enemy-defend-orders'].value, COMBAT_MODIFIERS['lancers-subsequent-round'].value, COMBAT_MODIFIERS['enemy-superior-position'].value]).toEqual([-1, -1, -2]);
  });
  it('NW §5: 16 casualties doubled to 3.2 is 3 and a fourth on 1-2; the minimum is 10% per stand', () => {
    expect(casualtySplit(4, 4, true)).toEqual({ whole: 3, extraOnOrBelow: 2, raw: 3.2 });
    expect(casualtySplit(4, 6, false)).toEqual({ whole: 2, extraOnOrBelow: 4, raw: 2.4 });
    expect(casualtySplit(3, -2, false)).toEqual({ whole: 0, extraOnOrBelow: 3, raw: 0.3 });
  });
});

describe('NW Morale §19', () => {
  it('To Pass by grade: VG 0, G 1, E 2, V 3, 1st 4, 2nd 5, conscript 6, militia 7', () => {
    expect(TO_PASS).toEqual({ 'veteran-guard': 0, guard: 1, elite: 2, veteran: 3, 'line-1st': 4, 'line-2nd': 5, conscript: 6, militia: 7 });
  });
  it('modifiers +1, +2, −1, −2 as listed', () => {
    const v = (k: keyof typeof MORALE_MODIFIERS) => MORALE_MODIFIERS[k].value;
    expect(['defend-orders', 'in-square', 'superior-position-or-cover', 'general-within-half-er', 'french-russian-foot-column', 'british-foot-line'].map((k) => v(k as never))).toEqual([1, 1, 1, 1, 1, 1]);
    expect(['pushing-back-or-pursuing', 'general-with-unit', 'square-vs-mounted', 'outside-er'].map((k) => v(k as never))).toEqual([2, 2, 2, 2]);
    expect(['general-lost-within-half-er', 'stand-lost', 'disorder-marker', 'charging-superior-position', 'unsupported', 'austrian-foot-line', 'prussian-foot-column'].map((k) => v(k as never))).toEqual([-1, -1, -1, -1, -1, -1, -1]);
    expect([v('enemy-on-flank-or-rear'), v('cinc-lost-within-er')]).toEqual([-2, -2]);
    expect(SUPPORT).toMatchObject({ needed: 2, rangeFractionOfER: 1 / 3, flankArcDeg: 45 });
    expect(Object.keys(MORALE_TRIGGERS)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(DISORDER_MARKERS).toEqual({ good: 0, disordered: 1, fragmented: 2, routed: 3 });
  });
  it('failure table: charging and otherwise, by 1 to 6+', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => failureOutcome(true, n))).toEqual([
      { kind: 'halt-short', disordered: false }, { kind: 'halt', disordered: true, beforeMoving: true }, { kind: 'retreat', state: 'disordered' },
      { kind: 'retreat', state: 'fragmented' }, { kind: 'rout', standsLost: 1 }, { kind: 'rout', standsLost: 2 },
    ]);
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => failureOutcome(false, n))).toEqual([
      { kind: 'halt', disordered: true }, { kind: 'retreat', state: 'disordered' }, { kind: 'retreat', state: 'fragmented' },
      { kind: 'rout', standsLost: 1 }, { kind: 'rout', standsLost: 2 }, { kind: 'disperse-or-surrender' }, { kind: 'disperse-or-surrender' },
    ]);
  });
});

describe('NW Orders §1: the eight orders', () => {
  it('has eight orders; Defend only on foot (and guns); Fire and Flee only artillery; Form Square only foot', () => {
    expect(Object.keys(ORDERS)).toHaveLength(8);
    expect(ORDERS.defend.allowed.cavalry).toBe(false);
    expect(ORDERS['fire-and-flee'].allowed).toEqual({ foot: false, cavalry: false, artillery: true });
    expect(ORDERS['form-square'].allowed).toEqual({ foot: true, cavalry: false, artillery: false });
    expect(ORDERS.charge.fragmented).toBe(false);
    expect(ORDERS.retreat.fire).toBe('none');
    expect([ORDERS.retreat.inCloseCombat, ORDERS.deploy.inCloseCombat, ORDERS.advance.inCloseCombat]).toEqual([true, true, false]);
  });
  it('Deploy gives two actions only to steady non-militia/conscript units out of combat', () => {
    const base = { inCloseCombat: false, beingCharged: false, disordered: false, militiaOrConscript: false };
    expect(deployActionsAllowed(base)).toBe(2);
    expect(deployActionsAllowed({ ...base, disordered: true })).toBe(1);
    expect(deployActionsAllowed({ ...base, militiaOrConscript: true })).toBe(1);
  });
  it('charge and countercharge eligibility (NW Orders/Advance, Charge)', () => {
    const foot = { mounted: false, foot: true, skirmish: false }, horse = { mounted: true, foot: false, skirmish: false }, skir = { mounted: false, foot: true, skirmish: true };
    expect(mayChargeTarget(foot, horse)).toBe(false);
    expect(mayChargeTarget(skir, foot)).toBe(false);
    expect(mayChargeTarget(horse, foot)).toBe(true);
    expect(mayCountercharge(horse, foot)).toBe(true);
    expect(mayCountercharge(foot, horse)).toBe(false);
    expect(mayCountercharge(skir, skir)).toBe(true);
  });
});

describe('NW Army Morale Lists', () => {
  it('covers every nation listed, with periods', () => {
    expect(Object.keys(ARMY_LISTS)).toEqual(['france', 'britain', 'dutch-belgian', 'austria', 'russia', 'prussia']);
    expect(listGrade('france', 'Line Infantry', 1806)).toBe('veteran');
    expect(listGrade('france', 'Line Infantry', 1810)).toBe('line-1st');
    expect(listGrade('france', 'Line Infantry', 1813)).toBe('line-2nd');
    expect(listGrade('france', 'Line Infantry', 1815)).toBe('veteran');
    expect(listGrade('france', 'Old Guard Infantry', 1812)).toBe('veteran-guard');
    expect(listGrade('britain', 'Rifles', 1812)).toBe('elite');
    expect(listGrade('austria', 'Landwehr', 1809)).toBe('militia');
    expect(listGrade('austria', 'Line Infantry', 1809)).toBe('line-1st');
    expect(listGrade('russia', 'Grenadiers', 1812)).toBe('elite');
    expect(listGrade('prussia', 'Line Infantry (up to 1809)', 1806)).toBe('line-2nd');
    expect(listGrade('prussia', 'Silesian Landwehr', 1813)).toBe('line-1st');
    expect(listGrade('dutch-belgian', 'Line Infantry', 1815)).toBe('line-2nd');
  });
});

describe('NW §9 Terrain Generation and §10 Victory', () => {
  it('placement d10: 1-2 discard, 3-4 friendly left, 5 centre, 6-7 right, 8/9/10 enemy left/centre/right', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(placementSector)).toEqual([
      'discard', 'discard', 'friendly-left', 'friendly-left', 'friendly-centre', 'friendly-right', 'friendly-right', 'enemy-left', 'enemy-centre', 'enemy-right',
    ]);
    expect(TERRAIN_PLACEMENT).toHaveLength(7);
    expect(TERRAIN_TYPES.map((t) => t.name)).toContain('Natural Obstacle or Road');
  });
  it('an army breaks at a third of its units; Loss Points ×1, ×2, ×½; levels +1..+5', () => {
    expect(ARMY_BREAK.fractionOfUnits).toBeCloseTo(1 / 3);
    expect(LOSS_POINTS).toMatchObject({ killedOrRouted: 1, captured: 2, neverArrivedOrLeftAndNotReturned: 0.5 });
    expect([0, 1, 2, 3, 4, 5, 7, -2].map(victoryLevel)).toEqual(['draw', 'marginal', 'tactical', 'strategic', 'decisive', 'overwhelming', 'overwhelming', 'tactical']);
  });
});

describe('the tables in force', () => {
  it('the defaults pass the schema a house-rules file must pass', () => {
    expect(NwTablesSchema.safeParse(DEFAULT_TABLES).success).toBe(true);
    expect(NwTablesSchema.safeParse({ ...DEFAULT_TABLES, toPass: { ...DEFAULT_TABLES.toPass, militia: 'seven' } }).success).toBe(false);
  });
});
