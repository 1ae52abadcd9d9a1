import { describe, expect, it } from 'vitest';
import {
  UNIT_TABLE, WEAPON_RANGES, BASES, baseDepthMm, weaponOf, countsTerrainLighter,
  SHOOTING_MODIFIERS, scoreResult, SHOOTING_RULES,
  MELEE_MODIFIERS, BREAKTHROUGH_MOVE, EVADE_MOVE, TURN_TO_FACE, ROUTER_COMBAT_VALUE,
  MORALE_MODIFIERS, casualtyResult, chargeResult, rallyResult, INFANTRY_CHARGE_PRETEST, OFF_TABLE,
  ORDER_RULES, ORDER_NUMBERS, COMMAND, ABILITY_D4_MODIFIER, effectiveCounter, HOUSE_COUNTER_MIX,
  TERRAIN_EFFECTS, effectiveTerrainType, INTERPENETRATION, ABATIS,
  wheelSpeedFactor, inclineSpeedFactor, formationChangeLetsMove, ROUT_MOVES, FORMATIONS,
  PHASE_STEPS, CINC_ABILITY, POINTS_PER_STAND, POINTS_ADJUSTMENTS, GENERAL_POINTS,
  TERRAIN_GENERATION, TERRAIN_ROTATION_DEG, TERRAIN_PURCHASE, woodCost, DEPLOYMENT, INITIATIVE,
} from '../../../src/rules/seven-years-war/tables';

describe('SYW §4 unit table (p.9): move cm, melee factor, ranges', () => {
  const rows: [string, keyof typeof UNIT_TABLE, number, number, number, 'massed' | 'light'][] = [
    ['Heavy Cavalry moves 30cm, melee 4 (3 v inf)', 'heavy-cavalry', 30, 4, 3, 'massed'],
    ['Medium Cavalry moves 30cm, melee 3', 'medium-cavalry', 30, 3, 3, 'massed'],
    ['Light Cavalry moves 40cm, melee 2, light', 'light-cavalry', 40, 2, 2, 'light'],
    ['Light Cavalry (a) moves 40cm, melee 2, massed', 'light-cavalry-a', 40, 2, 2, 'massed'],
    ['Heavy Infantry moves 20cm, melee 3 (4 v inf)', 'heavy-infantry', 20, 3, 4, 'massed'],
    ['Medium Infantry moves 20cm, melee 3', 'medium-infantry', 20, 3, 3, 'massed'],
    ['Militia moves 20cm, melee 2', 'militia', 20, 2, 2, 'massed'],
    ['Light Infantry moves 24cm, melee 2, light', 'light-infantry', 24, 2, 2, 'light'],
    ['Riflemen move 24cm, melee 1, light', 'riflemen', 24, 1, 1, 'light'],
    ['Heavy Artillery moves 20cm, melee 1', 'heavy-artillery', 20, 1, 1, 'massed'],
    ['Medium Artillery moves 20cm, melee 0', 'medium-artillery', 20, 0, 0, 'massed'],
    ['Howitzers move 20cm, melee 0', 'howitzers', 20, 0, 0, 'massed'],
    ['Light Artillery moves 24cm, melee 0', 'light-artillery', 24, 0, 0, 'massed'],
  ];
  for (const [name, type, move, melee, vsInf, dep] of rows) {
    it(name, () => {
      const r = UNIT_TABLE[type];
      expect([r.moveCm, r.meleeFactor, r.meleeFactorVsInfantry, r.deployment]).toEqual([move, melee, vsInf, dep]);
    });
  }
  const ranges: [string, keyof typeof UNIT_TABLE, (number | null)[]][] = [
    ['Heavy Inf short/long 5/10cm', 'heavy-infantry', [5, 10, null]],
    ['Medium Inf short/long 5/10cm', 'medium-infantry', [5, 10, null]],
    ['Militia long 10cm only', 'militia', [null, 10, null]],
    ['Light Inf long 10cm only', 'light-infantry', [null, 10, null]],
    ['Riflemen 8/15/20cm', 'riflemen', [8, 15, 20]],
    ['Heavy Art 15/40/60cm', 'heavy-artillery', [15, 40, 60]],
    ['Medium Art 10/30/60cm', 'medium-artillery', [10, 30, 60]],
    ['Howitzers 15/40/60cm', 'howitzers', [15, 40, 60]],
    ['Light Art 10/30cm, no extreme', 'light-artillery', [10, 30, null]],
    ['Heavy Cav has no missile weapon', 'heavy-cavalry', [null, null, null]],
  ];
  for (const [name, type, bands] of ranges) {
    it(name, () => {
      const w = WEAPON_RANGES[UNIT_TABLE[type].weapon];
      expect([w.shortCm, w.longCm, w.extremeCm]).toEqual(bands);
    });
  }
  it('Light Cavalry shoot only with bows: mounted bows 2/5cm (p.9, p.11, RULINGS)', () => {
    expect(weaponOf('light-cavalry', { bows: false, rifles: false })).toBe('none');
    expect(weaponOf('light-cavalry', { bows: true, rifles: false })).toBe('mounted-bow');
    expect([WEAPON_RANGES['mounted-bow'].shortCm, WEAPON_RANGES['mounted-bow'].longCm]).toEqual([2, 5]);
  });
  it('Rifle-armed infantry use rifle ranges (p.20)', () => {
    expect(weaponOf('light-infantry', { bows: false, rifles: true })).toBe('rifle');
  });
  it('Lights, including Light Cavalry (a), count terrain one grade lighter (p.9 NB)', () => {
    expect(countsTerrainLighter('light-cavalry-a')).toBe(true);
    expect(countsTerrainLighter('light-infantry')).toBe(true);
    expect(countsTerrainLighter('medium-infantry')).toBe(false);
  });
});

describe('SYW (1) Introduction (p.4): bases', () => {
  it('40mm frontage; depths cavalry 30, light inf 20, other inf 15, artillery 40, generals 15-40', () => {
    expect(BASES.frontageMm).toBe(40);
    expect([baseDepthMm('heavy-cavalry'), baseDepthMm('light-infantry'), baseDepthMm('medium-infantry'), baseDepthMm('howitzers')]).toEqual([30, 20, 15, 40]);
    expect(BASES.generalDepthMm).toEqual({ min: 15, max: 40 });
  });
});

describe('SYW (5) Shooting (p.11)', () => {
  it('modifiers: extreme -2; poor shots, moving/not Stand, long, cover, target LI, lights shooting, disordered -1', () => {
    const m = SHOOTING_MODIFIERS;
    expect(m.extremeRange.value).toBe(-2);
    for (const k of ['poorShots', 'movedOrNotStand', 'longRange', 'targetInCover', 'targetLightInfantry', 'lightShooters', 'shooterDisordered'] as const) expect(m[k].value).toBe(-1);
    for (const k of ['artilleryAtColumnOrSquare', 'artilleryClose', 'firstVolley', 'musketsShortRange', 'perExtraStand'] as const) expect(m[k].value).toBe(1);
  });
  it('results: 3 nothing, 4 disorganises, 5-6 kill 1, 7-9 kill 2, 10+ kill 3', () => {
    expect(scoreResult(3).result).toBe('none');
    expect(scoreResult(4)).toEqual({ result: 'disorganise', kills: 0, disorganises: true });
    expect([scoreResult(5).kills, scoreResult(6).kills, scoreResult(7).kills, scoreResult(9).kills, scoreResult(10).kills, scoreResult(14).kills]).toEqual([1, 1, 2, 2, 3, 3]);
  });
  it('rules (a)-(l): 45° arc, nearest within 15cm, howitzers +10cm unseen, woods 10/5cm, towns 5cm, chargers at 5cm, bounce 10cm', () => {
    expect([SHOOTING_RULES.artilleryArcDeg, SHOOTING_RULES.artilleryMustShootNearestWithinCm, SHOOTING_RULES.howitzerUnseenExtraCm]).toEqual([45, 15, 10]);
    expect([SHOOTING_RULES.woodVisibilityCm, SHOOTING_RULES.woodEdgeCm, SHOOTING_RULES.townVisibilityCm, SHOOTING_RULES.chargerRangeCm, SHOOTING_RULES.bounceThroughCm]).toEqual([10, 5, 5, 5, 10]);
  });
});

describe('SYW 6 Melee chart (p.14) and moves (pp.13-15)', () => {
  it('+1 high morale, flank/rear, square/deep column v cav, overlap, per extra stand; -1 per lower factor', () => {
    const m = MELEE_MODIFIERS;
    for (const k of ['highMorale', 'vsFlankOrRear', 'squareOrDeepColumnVsCavalry', 'overlap', 'perExtraStand'] as const) expect(m[k].value).toBe(1);
    expect(m.perLowerFactor.value).toBe(-1);
  });
  it('-1 disorganised, poor morale, massed in type 1-3, Reserve/Retreat or flank, enemy defended/uphill, cavalry charged at Stand', () => {
    for (const k of ['disorganised', 'poorMorale', 'massedInTerrain', 'reserveRetreatOrFlank', 'enemyDefendedOrUphill', 'cavalryChargedAtStand'] as const) expect(MELEE_MODIFIERS[k].value).toBe(-1);
  });
  it('breakthrough 6+D6cm, evade D12 (LC) / D6 (LI), routers fight at 0', () => {
    expect(BREAKTHROUGH_MOVE.dice).toEqual({ count: 1, faces: 6, plus: 6 });
    expect(EVADE_MOVE.lightCavalry.faces).toBe(12);
    expect(EVADE_MOVE.lightInfantry.faces).toBe(6);
    expect(ROUTER_COMBAT_VALUE).toBe(0);
  });
  it('turning to face (§4 p.10): 3+ well, 4+ normal, 5+ poorly drilled, 6+ artillery/militia', () => {
    expect(TURN_TO_FACE).toEqual({ well: 3, normal: 4, badly: 5, artilleryOrMilitia: 6 });
  });
  it('rout moves (7 p.15): cavalry 30+D10, infantry 16+D6; pursuit 28+D10 / 14+D6; pursuit stops on 1-3', () => {
    expect(ROUT_MOVES.firstRout.cavalry).toEqual({ count: 1, faces: 10, plus: 30 });
    expect(ROUT_MOVES.firstRout.infantry).toEqual({ count: 1, faces: 6, plus: 16 });
    expect(ROUT_MOVES.firstPursuit.cavalry).toEqual({ count: 1, faces: 10, plus: 28 });
    expect(ROUT_MOVES.firstPursuit.infantry).toEqual({ count: 1, faces: 6, plus: 14 });
    expect(ROUT_MOVES.pursuitStopsOnOrBelow).toBe(3);
  });
});

describe('SYW 8 Morale (pp.17-18)', () => {
  it('modifiers +2/+1/-1/-2/-3 as headed', () => {
    const m = MORALE_MODIFIERS;
    expect([m.wonMeleeCasualties.value, m.lightsChargingLights.value]).toEqual([2, 2]);
    expect([m.generalNear.value, m.highMorale.value, m.uphillOrCover.value, m.perMeleeWon.value]).toEqual([1, 1, 1, 1]);
    expect([m.shortRangeArtillery.value, m.per20PercentLost.value, m.halfDisordered.value, m.poorMoraleOrMilitiaInOpen.value]).toEqual([-1, -1, -1, -1]);
    expect([m.chargingHigherFactor.value, m.lightsChargedByCavalryInOpen.value, m.chargedInFlankOrRear.value, m.perMeleeLost.value, m.rallyingFromRout.value]).toEqual([-2, -2, -2, -2, -2]);
    expect(m.halfStrength.value).toBe(-3);
  });
  it('casualties / being charged: 6+ OK, 4-5 massed stay / lights retreat 10cm, 3 massed Advance->Stand, 1-2 massed retreat 20cm / artillery killed / lights rout, 0 rout', () => {
    expect(casualtyResult(6, 'massed', 'advance', false).order).toBeNull();
    expect(casualtyResult(5, 'massed', 'advance', false).order).toBeNull();
    expect(casualtyResult(4, 'light', 'stand', false)).toMatchObject({ order: 'retreat', fallBackCm: 10 });
    expect(casualtyResult(4, 'light', 'reserve', false).order).toBeNull();
    expect(casualtyResult(3, 'massed', 'advance', false).order).toBe('stand');
    expect(casualtyResult(3, 'massed', 'reserve', false).order).toBeNull();
    expect(casualtyResult(3, 'light', 'reserve', false)).toMatchObject({ order: 'retreat', fallBackCm: 10 });
    expect(casualtyResult(2, 'massed', 'stand', false)).toMatchObject({ order: 'retreat', fallBackCm: 20 });
    expect(casualtyResult(1, 'massed', 'stand', true).artilleryKilled).toBe(true);
    expect(casualtyResult(2, 'light', 'stand', false)).toMatchObject({ order: 'rout', routNow: true });
    expect(casualtyResult(0, 'massed', 'stand', false)).toMatchObject({ order: 'rout', routNow: true });
  });
  it('charging: 6+ charges, 4-5 massed keep orders / lights Stand, up to 3 Stand', () => {
    expect(chargeResult(6, 'massed').charges).toBe(true);
    expect(chargeResult(5, 'massed')).toMatchObject({ charges: false, order: null });
    expect(chargeResult(4, 'light')).toMatchObject({ charges: false, order: 'stand' });
    expect(chargeResult(3, 'massed')).toMatchObject({ charges: false, order: 'stand' });
  });
  it('rally: 6+ any, 5 massed only', () => {
    expect(rallyResult(6, 'light').rallied).toBe(true);
    expect(rallyResult(5, 'massed').rallied).toBe(true);
    expect(rallyResult(5, 'light').rallied).toBe(false);
    expect(rallyResult(4, 'massed').rallied).toBe(false);
  });
  it('infantry charge pre-test: heavy or v cover 5-6, others 6', () => {
    expect([INFANTRY_CHARGE_PRETEST.heavyOrVsCover, INFANTRY_CHARGE_PRETEST.otherInfantry]).toEqual([5, 6]);
  });
  it('off table: return within 10cm on 5+ (unpursued/flank march), 6 (pursued/routers)', () => {
    expect([OFF_TABLE.returnWithinCm, OFF_TABLE.returnUnpursued, OFF_TABLE.returnFlankMarch, OFF_TABLE.returnPursuedOrRouters]).toEqual([10, 5, 5, 6]);
  });
});

describe('SYW (3) Command and orders (pp.4-8)', () => {
  it('D4 attempts, ability +1/-1, D6 x10cm (x5 out of sight), 6 succeeds, 1 fails, twice per group, general 40cm', () => {
    expect(COMMAND.attemptsDie).toEqual({ count: 1, faces: 4, plus: 0 });
    expect(ABILITY_D4_MODIFIER).toEqual({ competent: 1, normal: 0, incompetent: -1 });
    expect([COMMAND.cmPerPipInSight, COMMAND.cmPerPipOutOfSight, COMMAND.alwaysSucceeds, COMMAND.alwaysFails, COMMAND.maxPromptsPerGroup, COMMAND.generalMoveCm]).toEqual([10, 5, 6, 1, 2, 40]);
    expect(COMMAND.cautiousAdvanceDistanceFactor).toBe(2);
  });
  it('cavalry general commanding infantry counts Cautious and Incompetent (p.5)', () => {
    const c = effectiveCounter({ training: 'cavalry', psychology: 'brave', ability: 'competent' }, { infantry: true, cavalry: true });
    expect(c).toMatchObject({ psychology: 'cautious', ability: 'incompetent' });
    expect(effectiveCounter({ training: 'average', psychology: 'brave', ability: 'competent' }, { infantry: true, cavalry: true }).ability).toBe('competent');
  });
  it('house counter mix holds every combination once (RULINGS: no mix printed)', () => {
    expect(HOUSE_COUNTER_MIX).toHaveLength(27);
  });
  it('orders: Advance line only; column only on Reserve; square on Stand or Reserve; artillery fires only on Stand', () => {
    expect(ORDER_RULES.advance.formations).toEqual(['line']);
    expect(ORDER_RULES.reserve.formations).toContain('column');
    expect(ORDER_RULES.stand.formations).toContain('square');
    expect(ORDER_RULES.stand.formations).not.toContain('column');
    expect(Object.values(ORDER_RULES).filter((o) => o.artilleryMayFire).map((o) => o.order)).toEqual(['stand']);
  });
  it('order numbers: halt 10cm, no approach inside 20cm, Stand moves 5cm, rout +2cm, uncommanded 4+ within 20cm, group gap 1cm', () => {
    const n = ORDER_NUMBERS;
    expect([n.advanceHaltCm, n.reserveNoApproachCm, n.standMoveCm, n.routExtraCm, n.uncommandedEnemyCm, n.uncommandedRoll, n.groupGapCm, n.columnReserveInfantryCm]).toEqual([10, 20, 5, 2, 20, 4, 1, 24]);
  });
  it('sequence (2) p.5: command, movement, shooting phasing then non-phasing, charges, close combat', () => {
    expect(PHASE_STEPS.map((s) => s.id)).toEqual(['commandChanges', 'movement', 'shootingPhasing', 'shootingNonPhasing', 'chargeMoves', 'closeCombat']);
  });
});

describe('SYW §4 Movement (pp.9-10)', () => {
  it('terrain: type 0 -D4cm (artillery half), 1 -1/4 (artillery half), 2 -1/2, 3 -3/4 (no artillery)', () => {
    expect(TERRAIN_EFFECTS[0].speedLossDice).toEqual({ count: 1, faces: 4, plus: 0 });
    expect([TERRAIN_EFFECTS[1].speedLossFraction, TERRAIN_EFFECTS[2].speedLossFraction, TERRAIN_EFFECTS[3].speedLossFraction]).toEqual([0.25, 0.5, 0.75]);
    expect([TERRAIN_EFFECTS[0].artilleryFraction, TERRAIN_EFFECTS[1].artilleryFraction, TERRAIN_EFFECTS[2].artilleryFraction, TERRAIN_EFFECTS[3].artilleryFraction]).toEqual([0.5, 0.5, null, null]);
    expect(effectiveTerrainType(0, true)).toBe(-1);
    expect(effectiveTerrainType(2, true)).toBe(1);
  });
  it('interpenetration: routers put the other to Stand disordered; massed through massed only routing/breaking through/artillery at Stand', () => {
    expect(INTERPENETRATION.routingThroughAny).toMatchObject({ otherOrder: 'stand', otherDisordered: true, moverDisordered: false });
    expect(INTERPENETRATION.massedThroughMassed.allowed).toBe('routingOrBreakthroughOrArtilleryAtStand');
    expect(INTERPENETRATION.retreatingThroughAny.moverDisordered).toBe('unlessLight');
    expect(INTERPENETRATION.lightThroughLight.moverDisordered).toBe(false);
  });
  it('abatis: infantry only, 2D4cm', () => expect(ABATIS.infantryMove).toEqual({ count: 2, faces: 4, plus: 0 }));
  it('wheel half speed for badly drilled/militia; incline full well drilled, half normal/cavalry, none badly/militia', () => {
    expect([wheelSpeedFactor('badly', false), wheelSpeedFactor('normal', true), wheelSpeedFactor('well', false)]).toEqual([0.5, 0.5, 1]);
    expect([inclineSpeedFactor('well', false, false), inclineSpeedFactor('normal', false, false), inclineSpeedFactor('well', false, true), inclineSpeedFactor('badly', false, false), inclineSpeedFactor('normal', true, false)]).toEqual([1, 0.5, 0.5, 0, 0]);
  });
  it('drill (p.8): well any change and move; normal flank column and move; badly change or move', () => {
    expect(formationChangeLetsMove('well', 'other')).toBe(true);
    expect(formationChangeLetsMove('normal', 'lineToFlankColumn')).toBe(true);
    expect(formationChangeLetsMove('normal', 'other')).toBe(false);
    expect(formationChangeLetsMove('badly', 'lineToFlankColumn')).toBe(false);
  });
  it('formations (p.9): massed infantry line 2 deep and square; cavalry/lights no square', () => {
    expect(FORMATIONS.massedInfantry.line.maxRanks).toBe(2);
    expect(FORMATIONS.cavalryAndLights.square).toBe(false);
  });
});

describe('SYW 9 Deployment and points (pp.19-22)', () => {
  it('CinC ability by D6: Prussian 1,2,2,3,4,5; Austrian 1,2,2,2,3,4; Russian/French 1,2,2,2,3,3; Others 1,2,2,3,3,4', () => {
    expect(CINC_ABILITY.prussian).toEqual([1, 2, 2, 3, 4, 5]);
    expect(CINC_ABILITY.austrian).toEqual([1, 2, 2, 2, 3, 4]);
    expect(CINC_ABILITY.russian).toEqual([1, 2, 2, 2, 3, 3]);
    expect(CINC_ABILITY.french).toEqual([1, 2, 2, 2, 3, 3]);
    expect(CINC_ABILITY.others).toEqual([1, 2, 2, 3, 3, 4]);
  });
  it('initiative D4 +1 for double light cavalry; deployment 30/45/60cm', () => {
    expect(INITIATIVE.die.faces).toBe(4);
    expect([DEPLOYMENT.defenderFromCentrelineCm, DEPLOYMENT.sideEdgeCm, DEPLOYMENT.attackerFromEnemyAreaCm, DEPLOYMENT.attackerSideZoneMargin]).toEqual([30, 45, 60, 2]);
  });
  it('points per stand', () => {
    expect(POINTS_PER_STAND).toMatchObject({ 'heavy-cavalry': 5, 'medium-cavalry': 4, 'light-cavalry': 3, 'light-cavalry-a': 3, 'heavy-artillery': 15, 'medium-artillery': 10, howitzers: 10, 'light-artillery': 8, 'heavy-infantry': 4, 'medium-infantry': 3, 'light-infantry': 2, militia: 2 });
    expect(POINTS_ADJUSTMENTS).toMatchObject({ poorShots: -0.25, rifles: 0.25, badlyDrilled: -0.25, wellDrilled: 0.25, highMorale: 0.5, lowMorale: -0.5, militiaNormalDrill: 0.25 });
    expect(GENERAL_POINTS).toMatchObject({ cinc: 0, subGeneral: 25 });
  });
  it('terrain generation: D3+1 hills, D4-1 woods, D4-2 marshes/streams (stream on 5-6), town on 6, 6x6 sectors', () => {
    expect(TERRAIN_GENERATION.hills).toEqual({ count: 1, faces: 3, plus: 1 });
    expect(TERRAIN_GENERATION.woods).toEqual({ count: 1, faces: 4, plus: -1 });
    expect(TERRAIN_GENERATION.marshesOrStreams).toEqual({ count: 1, faces: 4, plus: -2 });
    expect([TERRAIN_GENERATION.streamOn, TERRAIN_GENERATION.townOn, TERRAIN_GENERATION.sectors, TERRAIN_GENERATION.subSectors]).toEqual([5, 6, 6, 6]);
    expect(TERRAIN_ROTATION_DEG).toEqual([45, 90, -45, -90, 0, 0]);
  });
  it('buying terrain: hills 25/35, woods 15 per level +10 large, towns 50', () => {
    expect([TERRAIN_PURCHASE.hill, TERRAIN_PURCHASE.largeHill, TERRAIN_PURCHASE.town]).toEqual([25, 35, 50]);
    expect([woodCost(2, true), woodCost(4, false)]).toEqual([40, 60]);
  });
});
