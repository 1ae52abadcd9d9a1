/** Set-up: groups, generals' counters, CinC ability and initiative (SYW (1) p.5, (3) p.5, 9 p.19). */
import { z } from 'zod';
import { jsonPath } from '../../engine/ids';
import type { Ctx, SetupInput, SetupResult, Problem } from '../../engine/ruleset';
import type { BattleSetup, TerrainFeature, Unit } from '../../engine/model';
import { TROOP_TYPES, UNIT_TABLE, UNIT_SIZES, BASES, baseDepthMm, type TroopType } from './tables/units';
import { CINC_DRAWS } from './tables/command';
import type { GeneralCounter } from './tables/command';
import { nationOf, isOttoman, INITIATIVE, CINC_ABILITY_RULE, NATION_COLUMN, POINTS_ADJUSTMENTS, TERRAIN_PURCHASE, DEPLOYMENT } from './tables/setup';
import { generateTerrain, buyPiece, purchaseCost, featuresOf, type Roll } from './terrainGen';
import type { SywState, Options, GroupState, UnitState, GeneralState } from './state';
import { qualitiesOf } from './state';
import type { Tables } from './tablesSchema';
import { nextCounter, bestCounter } from './generals';
import { groupShapeProblem } from './groupShape';
import { armyCost } from './armyCost';
import { sideWords } from '../words';
import { idRecord } from '../../engine/ids';

const counterSchema = z.object({ training: z.enum(['cavalry', 'average', 'infantry']), psychology: z.enum(['brave', 'cautious', 'none']), ability: z.enum(['competent', 'normal', 'incompetent']) }).strict();

export const scenarioFieldsSchema = z.object({
  /** Groups of units (p.5); units not listed are single-unit groups. */
  groups: z.array(z.object({ id: z.string(), units: z.array(z.string()).min(1), order: z.enum(['advance', 'reserve', 'stand', 'retreat']).optional() }).strict()).optional(),
  /** Units left uncommanded (p.4-5). */
  uncommanded: z.array(z.string()).optional(),
  /** Per side: a counter mix replacing the house default (p.5). */
  counterMix: z.record(z.string(), z.array(counterSchema).min(3)).optional(),
  /** Fix the attacker instead of rolling initiative. */
  attacker: z.string().optional(),
  /** Terrain bought by the defender once determined (9 Terrain Rules p.22); other sides' purchases are refused. */
  terrainPurchases: z.array(z.object({
    side: z.string(), kind: z.enum(['hill', 'wood', 'town']), level: z.number().int().min(0).max(6).optional(), large: z.boolean().optional(),
    sector: z.number().int().min(1).max(6), area: z.number().int().min(0).max(1).optional(), rotationAdjust: z.union([z.literal(-1), z.literal(0), z.literal(1)]).optional(),
  }).strict()).optional(),
}).strict();
export type ScenarioFields = z.infer<typeof scenarioFieldsSchema>;

/** Points of one unit (9 Points system p.20). */
export function unitPoints(t: Tables, u: Unit): number {
  const q = qualitiesOf(u);
  const per = (t.pointsPerStand[u.troopType] ?? 0)
    + (q.poorShots && !q.militia ? POINTS_ADJUSTMENTS.poorShots : 0)
    + (q.rifles && u.troopType !== 'riflemen' ? POINTS_ADJUSTMENTS.rifles : 0)
    + (q.drill === 'badly' && !q.militia ? POINTS_ADJUSTMENTS.badlyDrilled : 0)
    + (q.drill === 'well' ? POINTS_ADJUSTMENTS.wellDrilled : 0)
    + (q.morale === 'high' ? POINTS_ADJUSTMENTS.highMorale : q.morale === 'low' ? POINTS_ADJUSTMENTS.lowMorale : 0)
    + (q.militia && q.drill !== 'badly' ? POINTS_ADJUSTMENTS.militiaNormalDrill : 0)
    + (q.militia && !q.poorShots ? POINTS_ADJUSTMENTS.militiaNormalShots : 0);
  return per * u.stands.length;
}

export function validateSetup(setup: BattleSetup): Problem[] {
  const out: Problem[] = [];
  setup.units.forEach((u, i) => {
    if (!TROOP_TYPES.includes(u.troopType as TroopType)) out.push({ path: `$.units[${i}].troopType`, message: `"${u.troopType}" is not a Seven Years War troop type (${TROOP_TYPES.join(', ')}).` });
    u.stands.forEach((s, j) => { if (Math.abs(s.widthMm - 40) > 0.5) out.push({ path: `$.units[${i}].stands[${j}].widthMm`, message: 'All stands have a 40mm frontage (SYW (1) p.4).' }); });
    if (!TROOP_TYPES.includes(u.troopType as TroopType)) return;
    // (1) p.4 base depths: cavalry 30, light infantry 20, other infantry 15, artillery 40mm.
    const depth = baseDepthMm(u.troopType as TroopType);
    u.stands.forEach((s, j) => { if (Math.abs(s.depthMm - depth) > 0.5) out.push({ path: `$.units[${i}].stands[${j}].depthMm`, message: `A ${u.troopType} stand is ${depth}mm deep (SYW (1) p.4).` }); });
    // (1) p.4 unit sizes: batteries of 1 base; battalions of 3-4 (6 if very large); lights 2-6; cavalry 1 base a squadron.
    const row = UNIT_TABLE[u.troopType as TroopType];
    const n = u.stands.length;
    const size = row.troopClass === 'artillery' ? UNIT_SIZES.artillery : row.troopClass === 'cavalry' ? { min: UNIT_SIZES.cavalry.min, max: Infinity } : row.deployment === 'light' ? UNIT_SIZES.lightInfantry : UNIT_SIZES.infantry;
    const ok = (n >= size.min && n <= (size.max ?? Infinity)) || (row.troopClass === 'infantry' && row.deployment === 'massed' && n === UNIT_SIZES.infantry.veryLarge);
    if (!ok) out.push({ path: `$.units[${i}].stands`, message: `A ${u.troopType} unit has ${row.troopClass === 'artillery' ? '1 base' : row.deployment === 'light' ? '2-6 bases' : '3-4 bases (6 if very large)'}, not ${n} (SYW (1) p.4).` });
  });
  setup.generals.forEach((g, i) => {
    const d = g.stand.depthMm;
    if (d < BASES.generalDepthMm.min - 0.5 || d > BASES.generalDepthMm.max + 0.5) out.push({ path: `$.generals[${i}].base.depthMm`, message: 'Generals have a 15-40mm depth (SYW (1) p.4).' });
  });
  // (1) Groups p.5: "composed of either Infantry, Cavalry, or Artillery exclusively".
  const f = (setup.rulesetFields['seven-years-war'] ?? {}) as ScenarioFields;
  // (1) Groups p.5: a unit belongs to one group. Units not listed are groups of one, named by
  // the unit's id, so a listed group may not take the id of a unit outside it either.
  const P = (...parts: (string | number)[]) => jsonPath(['rulesetFields', 'seven-years-war', ...parts]);
  const unitById = new Map(setup.units.map((u) => [u.id, u]));
  const groupOf = new Map<string, number>();
  const groupIds = new Map<string, number>();
  (f.groups ?? []).forEach((g, i) => {
    const prev = groupIds.get(g.id);
    if (prev !== undefined) out.push({ path: P('groups', i, 'id'), message: `the group id "${g.id}" is already used by group ${prev + 1}.` });
    else groupIds.set(g.id, i);
    if (unitById.has(g.id) && !g.units.includes(g.id)) out.push({ path: P('groups', i, 'id'), message: `"${g.id}" is the id of a unit outside this group.` });
    g.units.forEach((id, j) => {
      if (!unitById.has(id)) out.push({ path: P('groups', i, 'units', j), message: `there is no unit "${id}".` });
      const other = groupOf.get(id);
      if (other !== undefined) out.push({ path: P('groups', i, 'units', j), message: `"${id}" is already in group ${other + 1}; a unit belongs to one group (SYW (1) Groups p.5).` });
      else groupOf.set(id, i);
    });
  });
  (f.uncommanded ?? []).forEach((id, i) => {
    if (!unitById.has(id)) out.push({ path: P('uncommanded', i), message: `there is no unit "${id}".` });
  });
  (f.groups ?? []).forEach((g, i) => {
    const classes = new Set(g.units.map((id) => unitById.get(id)).filter((u): u is Unit => u !== undefined && TROOP_TYPES.includes(u.troopType as TroopType)).map((u) => UNIT_TABLE[u.troopType as TroopType].troopClass));
    if (classes.size > 1) out.push({ path: `$.rulesetFields["seven-years-war"].groups[${i}].units`, message: `A group is all infantry, all cavalry or all artillery, not ${[...classes].join(' and ')} (SYW (1) Groups p.5).` });
    const sides = new Set(g.units.map((id) => unitById.get(id)?.side).filter((x) => x !== undefined));
    if (sides.size > 1) out.push({ path: `$.rulesetFields["seven-years-war"].groups[${i}].units`, message: 'A group is of one side.' });
    // (3) Orders p.6-7: side by side or slightly echeloned (column of units on Reserve only), gaps up to 1cm.
    const members = g.units.map((id) => unitById.get(id)).filter((u): u is Unit => u !== undefined);
    const shape = groupShapeProblem(members, g.order ?? 'stand');
    if (shape) out.push({ path: `$.rulesetFields["seven-years-war"].groups[${i}]`, message: `${shape} (SYW (3) Orders p.6-7)` });
  });
  return out;
}

export function setupRuleset(input: SetupInput<Options, Tables>, ctx: Ctx): SetupResult<SywState> {
  let b = input.battle;
  const TR = 'SYW 9 Terrain Rules (p.22)';
  const roll: Roll = (faces, purpose) => ctx.roll({ dice: `d${faces}`, purpose, rule: TR }).total;
  // "Once terrain has been decided, dice for which side is the attacker" (p.19): generate first.
  if (input.options.generateTerrain) {
    const gen = generateTerrain(b.table, roll);
    b = { ...b, terrain: gen.features };
    ctx.emit({ type: 'TerrainGenerated', pieces: gen.pieces.map((p) => ({ kind: p.kind, level: p.level, large: p.large, area: p.area, sector: p.sector, subSector: p.subSector, rotationDeg: p.rotationDeg })), rule: TR });
  }
  const f = (b.rulesetFields['seven-years-war'] ?? {}) as ScenarioFields;
  const t = input.tables;
  const sides = b.sides.map((s) => s.id);
  // Generals: the CinC draws 3 and keeps 1; others draw 1 (p.5).
  const decks: Record<string, GeneralCounter[]> = idRecord();
  const generals: Record<string, GeneralState> = idRecord();
  const formationParent = new Map(b.formations.map((x) => [x.id, x.parent]));
  const levelOf = new Map(b.formations.map((x) => [x.id, x.level]));
  for (const side of sides) decks[side] = [...(f.counterMix?.[side] ?? t.counterMix)];
  const cincDraws: Record<string, GeneralCounter[]> = idRecord();
  for (const gen of b.generals) {
    const cinc = gen.extra.cinc === true || levelOf.get(gen.commands) === 'army';
    // (3) p.5: the CinC's three draws are his side's secret until he keeps one (dice and event alike).
    const secret = cinc ? { visibleTo: [gen.side] } : {};
    const pick = (n: number) => ctx.roll({ dice: 'd100', purpose: `Draw a general's counter for ${gen.name}`, rule: 'SYW (3) Generals (p.5)', subjects: [gen.id], ...secret }).total % n;
    const draws: GeneralCounter[] = [];
    for (let i = 0; i < (cinc ? CINC_DRAWS : 1); i++) {
      const [c, d] = nextCounter(decks[gen.side]!, t.counterMix, pick);
      decks[gen.side] = d;
      draws.push(c);
    }
    const counter = cinc ? bestCounter(draws) : draws[0]!;
    if (cinc) {
      // The two counters not kept go back into the deck.
      const rest = [...draws];
      rest.splice(rest.indexOf(counter), 1);
      decks[gen.side] = [...decks[gen.side]!, ...rest];
      // The side chooses which to keep in the first step of the game (chooseCounter); the best is kept until then.
      cincDraws[gen.id] = draws;
    }
    generals[gen.id] = { counter, cinc, attemptsLeft: 0, movedMm: 0, killed: false };
    ctx.emit({ type: 'GeneralDrawn', general: gen.id, cinc, counter, drawn: draws, rule: 'SYW (3) Generals (p.5)', ...secret });
  }
  // The general of a unit: the nearest general whose formation is an ancestor of the unit's parent; the CinC if none.
  const generalFor = (u: Unit): string | null => {
    let fid: string | undefined = u.parent;
    while (fid) {
      const g = b.generals.find((x) => x.commands === fid && x.side === u.side && !generals[x.id]!.cinc);
      if (g) return g.id;
      fid = formationParent.get(fid);
    }
    return b.generals.find((x) => x.side === u.side && generals[x.id]!.cinc)?.id ?? null;
  };
  const groups: Record<string, GroupState> = idRecord();
  const listed = new Set<string>();
  const uncommanded = new Set(f.uncommanded ?? []);
  const mk = (id: string, unitIds: string[], order: GroupState['order']): void => {
    const units = unitIds.map((x) => b.units.find((u) => u.id === x)).filter((u): u is Unit => u !== undefined);
    if (units.length === 0) return;
    const un = units.some((u) => uncommanded.has(u.id));
    groups[id] = {
      id, side: units[0]!.side, units: units.map((u) => u.id), order, orderAtPhaseStart: order, general: un ? null : generalFor(units[0]!), uncommanded: un,
      prompts: {}, movedMm: 0, moved: false, halted: false, pursuing: false, offTable: null, casualtiesThisPhase: 0, inflictedThisPhase: 0,
      meleesWon: 0, meleesLost: 0, underShortRangeArtillery: false, sawFriendsRout: false, startStands: units.reduce((a, u) => a + u.stands.length, 0),
    };
    for (const u of units) listed.add(u.id);
  };
  // "All units begin the game on Stand orders" (p.6).
  for (const g of f.groups ?? []) mk(g.id, g.units, g.order ?? 'stand');
  for (const u of b.units) if (!listed.has(u.id)) mk(u.id, [u.id], 'stand');
  const units: Record<string, UnitState> = idRecord();
  for (const u of b.units) units[u.id] = { disordered: false, terrainDisorder: false, firedToday: false, shotThisStep: false, lastMovedPhase: -10, turnedToFaceThisPhase: false, surrendered: false, mayShootAtChargers: true, startStands: u.stands.length, standsShot: 0, mayNotShoot: false, firedPhase: -10, turnedFrom: null, chargeContact: false };
  // CinC ability (p.19) and initiative: D4 + ability, +1 for twice the enemy's light cavalry stands.
  const cincAbility: Record<string, number> = idRecord();
  const score: Record<string, number> = idRecord();
  const lc = (side: string) => b.units.filter((u) => u.side === side && (u.troopType === 'light-cavalry' || u.troopType === 'light-cavalry-a')).reduce((a, u) => a + u.stands.length, 0);
  for (const s of b.sides) {
    const nation = nationOf(s.nationality);
    const row = t.cincAbility[nation];
    const r = ctx.roll({ dice: 'd6', purpose: `CinC ability: ${sideWords(s.name).noun} (${NATION_COLUMN[nation]} column)`, rule: CINC_ABILITY_RULE, table: { id: 'cincAbility', column: nation }, outcome: (v) => ({ outcome: `ability ${row[v.faces[0]! - 1]}`, row: String(v.faces[0]) }) });
    cincAbility[s.id] = row[r.faces[0]! - 1]!;
  }
  let attacker = f.attacker && sides.includes(f.attacker) ? f.attacker : undefined;
  for (let tries = 0; !attacker && tries < 20; tries++) {
    for (const s of b.sides) {
      const other = sides.find((x) => x !== s.id)!;
      const mods = [{ label: 'CinC ability', value: cincAbility[s.id]!, rule: CINC_ABILITY_RULE }];
      if (lc(s.id) > 0 && lc(s.id) >= 2 * lc(other)) mods.push({ label: 'Twice the enemy light cavalry stands', value: INITIATIVE.lightCavalryBonus, rule: INITIATIVE.rule });
      score[s.id] = ctx.roll({ dice: 'd4', purpose: `Initiative: ${s.name}`, rule: INITIATIVE.rule, modifiers: mods }).modified;
    }
    const [a, d] = sides as [string, string];
    if (score[a]! !== score[d]!) attacker = score[a]! > score[d]! ? a : d;
    else if (cincAbility[a]! !== cincAbility[d]!) attacker = cincAbility[a]! > cincAbility[d]! ? a : d;
  }
  attacker ??= sides[0]!;
  const defender = sides.find((x) => x !== attacker)!;
  ctx.emit({ type: 'AttackerDecided', attacker, scores: score, rule: INITIATIVE.rule });
  // Buying terrain (p.22): only the defender, once determined; the cost is points swapped for troops.
  const terrainPoints: Record<string, number> = idRecord(sides.map((x) => [x, 0]));
  const bought: TerrainFeature[] = [];
  for (const p of f.terrainPurchases ?? []) {
    if (p.side !== defender) { ctx.emit({ type: 'TerrainPurchaseRefused', side: p.side, why: 'only the defender buys terrain', rule: TERRAIN_PURCHASE.rule }); continue; }
    const piece = buyPiece(b.table, { kind: p.kind, sector: p.sector, ...(p.level !== undefined ? { level: p.level } : {}), ...(p.large !== undefined ? { large: p.large } : {}), ...(p.area !== undefined ? { area: p.area } : {}), ...(p.rotationAdjust !== undefined ? { rotationAdjust: p.rotationAdjust } : {}) }, roll);
    const cost = purchaseCost(p);
    terrainPoints[p.side] = (terrainPoints[p.side] ?? 0) + cost;
    bought.push(...featuresOf([piece], b.table, `syw-bought-${bought.length + 1}`));
    ctx.emit({ type: 'TerrainBought', side: p.side, kind: p.kind, cost, sector: piece.sector, subSector: piece.subSector, rotationDeg: piece.rotationDeg, rule: TERRAIN_PURCHASE.rule });
  }
  if (bought.length > 0) b = { ...b, terrain: [...b.terrain, ...bought] };
  // Ottoman flank marches (p.20): an Ottoman army beating the enemy's initiative by 1 or more.
  const flankMarchSides = b.sides.filter((s) => isOttoman(s.nationality) && score[s.id] !== undefined && score[s.id]! - (score[sides.find((x) => x !== s.id)!] ?? 0) >= DEPLOYMENT.ottomanFlankMarchMargin).map((s) => s.id);
  const startPoints: Record<string, number> = idRecord();
  for (const s of sides) startPoints[s] = b.units.filter((u) => u.side === s).reduce((a, u) => a + unitPoints(t, u), 0);
  // 9 p.20: the army's cost (troops, sub-generals 25 each, abatis/barricades 1 per 4cm, bought terrain), reported at set-up.
  const cincIds = new Set(Object.entries(generals).filter(([, g]) => g.cinc).map(([id]) => id));
  for (const s of sides) ctx.emit({ type: 'ArmyCosted', side: s, ...armyCost(b, s, startPoints[s]!, cincIds, terrainPoints[s] ?? 0), rule: 'SYW 9 Points system (p.20)' });
  return {
    ruleset: { attacker, defender, cincAbility, groups, units, generals, decks, charges: [], phaseCounter: 0, standsLost: idRecord(sides.map((s) => [s, 0])), pointsLost: idRecord(sides.map((s) => [s, 0])), startPoints, routedThisPhase: [], hidden: {}, hiddenIn: {}, initiative: { ...score }, flankMarchSides, terrainPoints, cincDraws },
    ...(b !== input.battle ? { battle: b } : {}),
  };
}
