/** NW set-up: unit profiles, generals' ability (Generals §2), the initial ruleset state. */
import { z } from 'zod';
import type { Ctx, GameEvent, Problem, SetupInput, SetupResult } from '../../engine/ruleset';
import type { BattleSetup, TerrainFeature } from '../../engine/model';
import { jsonPath } from '../../engine/ids';
import { OFF_TABLE_RESERVE_MAX_FRACTION } from './tables/movement';
import { baselineOf } from './offTable';
import { nearestEdge, onTableEdge } from '../../geometry/tableEdge';
import { checkAgainstList } from './armySelection';
import { organisationProblems } from './organisation';
import { generateTerrain, MAX_PICKS, TERRAIN_PICK_TYPES, type TerrainPickType } from './terrainGen';
import { TERRAIN_PICK_CINC_SHIFT } from './tables/generals';

/** HOUSE: the picks a side makes when the scenario names none (NW §9 leaves them to the player). */
export const HOUSE_TERRAIN_PICKS: readonly TerrainPickType[] = ['low-hill', 'light', 'dense', 'village', 'hedge'];
import { pointInPolygon } from '../../geometry/vec';
import type { NwGeneral, NwOptions, NwState, NwUnit, OffTableUnit } from './types';
import type { NwTables } from './nwTables';
import { profileOf } from './profile';
import type { GeneralRating } from './tables/generals';
import { BASING } from './tables/troops';

export const ScenarioFieldsSchema = z
  .object({
    /** Points cost per stand by unit id or by arm (NW §10 needs points; the text gives none). */
    pointsPerStand: z.record(z.string(), z.number().positive()).optional(),
    /** Fix ratings instead of rolling (a scenario's historical generals). */
    generalRatings: z.record(z.string(), z.enum(['charismatic', 'exceptional', 'good', 'average', 'poor'])).optional(),
    /** NW Off-Table Reserves: units kept behind the baseline, with their marked arrival point (table mm). */
    reserves: z.array(z.object({ unit: z.string().min(1), at: z.object({ x: z.number().finite(), y: z.number().finite() }).strict() }).strict()).optional(),
    /** NW flank marchers: units off a table edge, rolling to arrive from `fromTurn` (default 2) on `arriveOn` (default the §9 return roll). */
    flankMarchers: z.array(z.object({
      unit: z.string().min(1),
      at: z.object({ x: z.number().finite(), y: z.number().finite() }).strict(),
      fromTurn: z.number().int().min(1).optional(),
      arriveOn: z.array(z.number().int().min(1).max(6)).min(1).optional(),
    }).strict()).optional(),
    /** NW §3 / §23: units hidden in ambush in a gully or ravine (not known enemy until sprung). */
    ambush: z.array(z.string().min(1)).optional(),
    /** NW §9 Terrain Generation (option generateTerrain): each side's picks, at most five, in order. */
    terrainPicks: z.record(z.string(), z.array(z.enum(TERRAIN_PICK_TYPES as [TerrainPickType, ...TerrainPickType[]])).max(MAX_PICKS)).optional(),
    /** NW §9: +1 or −1 on each placement roll, allowed to an Exceptional or Charismatic CinC only. */
    terrainShift: z.record(z.string(), z.union([z.literal(-1), z.literal(0), z.literal(1)])).optional(),
    /** NW Army Selection: the morale list each side was picked from (validated in validateSetup). */
    /** NW Organizing Your Army, Setting up Armies: check brigade/division sizes, generals, deployment depth and command range. */
    standardSetUp: z.boolean().optional(),
    armyLists: z.record(z.string(), z.object({ nation: z.enum(['france', 'britain', 'dutch-belgian', 'austria', 'russia', 'prussia']), year: z.number().int().min(1792).max(1815) }).strict()).optional(),
  })
  .strict();

export type NwScenarioFields = z.infer<typeof ScenarioFieldsSchema>;

/** NW §23 Obstacles: troops hide in ambush in gullies or ravines (obstacles marked so). */
export const isAmbushGround = (t: TerrainFeature): boolean =>
  t.props['gully'] === true || t.props['obstacle'] === 'gully' || t.props['obstacle'] === 'ravine' || t.props['type'] === 'gully' || t.props['type'] === 'ravine';

export function validateSetup(setup: BattleSetup, options?: NwOptions): Problem[] {
  const problems: Problem[] = [];
  setup.units.forEach((u, i) => {
    const side = setup.sides.find((s) => s.id === u.side);
    const p = profileOf(u, side?.nationality ?? '');
    if (typeof p === 'string') problems.push({ path: `$.units[${i}]`, message: p });
    if (u.stands.length < 1 || u.stands.length > 10) problems.push({ path: `$.units[${i}].stands`, message: 'an NW unit has 1 to 10 stands (NW §2 Units).' });
  });
  for (const s of setup.sides) if (!setup.generals.some((g) => g.side === s.id)) problems.push({ path: '$.generals', message: `side ${s.id} has no general: units without a general in range can never be ordered (NW Generals §1).` });
  const parsed = ScenarioFieldsSchema.safeParse(setup.rulesetFields['napoleonic-warfare'] ?? {});
  if (!parsed.success) {
    for (const i of parsed.error.issues) problems.push({ path: jsonPath(['rulesetFields', 'napoleonic-warfare', ...i.path]), message: i.message });
    return problems;
  }
  problems.push(...offTableProblems(setup, parsed.data), ...armyListProblems(setup, parsed.data), ...organisationProblems(setup, options ?? { baseScale: 'medium', d10Via2d6: false }, parsed.data));
  return problems;
}

/** NW Setting up Armies: reserves (at most ¼ of an army, on its own baseline), flank marchers (on a table edge), ambushers (in a gully or ravine). */
function offTableProblems(setup: BattleSetup, f: NwScenarioFields): Problem[] {
  const out: Problem[] = [];
  const P = jsonPath(['rulesetFields', 'napoleonic-warfare']);
  const seen = new Set<string>();
  const unitOf = (id: string, path: string) => {
    const u = setup.units.find((x) => x.id === id);
    if (!u) out.push({ path, message: `no unit ${id} in the scenario.` });
    else if (seen.has(id)) out.push({ path, message: `${id} is named twice among reserves, flank marchers and ambushers.` });
    seen.add(id);
    return u;
  };
  // A marker within 1 mm of an edge lies on it (geometry tableEdge.ts).
  const onEdge = (p: { x: number; y: number }) => onTableEdge(setup.table, p, 1);
  (f.reserves ?? []).forEach((r, i) => {
    const u = unitOf(r.unit, `${P}.reserves[${i}].unit`);
    if (!onEdge(r.at)) out.push({ path: `${P}.reserves[${i}].at`, message: 'the arrival marker must lie on a table edge (NW Off-Table Reserves: the baseline).' });
    else if (u && nearestEdge(setup.table, r.at) !== baselineOf(setup, u.side)) out.push({ path: `${P}.reserves[${i}].at`, message: `reserves arrive on their own baseline (${baselineOf(setup, u.side)} edge) (NW Off-Table Reserves).` });
  });
  for (const side of setup.sides) {
    const total = setup.units.filter((u) => u.side === side.id).length;
    const res = (f.reserves ?? []).filter((r) => setup.units.find((u) => u.id === r.unit)?.side === side.id).length;
    if (res > total * OFF_TABLE_RESERVE_MAX_FRACTION + 1e-9) out.push({ path: `${P}.reserves`, message: `${side.name} holds ${res} of ${total} units in reserve; at most a quarter may be (NW Off-Table Reserves).` });
  }
  (f.flankMarchers ?? []).forEach((m, i) => {
    const u = unitOf(m.unit, `${P}.flankMarchers[${i}].unit`);
    if (!onEdge(m.at)) out.push({ path: `${P}.flankMarchers[${i}].at`, message: 'flank marchers come on at a point on a table edge (NW §13 (2)).' });
    else if (u && nearestEdge(setup.table, m.at) === baselineOf(setup, u.side)) out.push({ path: `${P}.flankMarchers[${i}].at`, message: 'a flank march comes on from a flank or the enemy side, not the own baseline (use reserves for that).' });
  });
  (f.ambush ?? []).forEach((id, i) => {
    const u = unitOf(id, `${P}.ambush[${i}]`);
    if (u && !setup.terrain.some((t) => isAmbushGround(t) && u.stands.every((s) => pointInPolygon(s.centre, t.polygon)))) {
      out.push({ path: `${P}.ambush[${i}]`, message: `${id} must start inside a gully or ravine to lie in ambush (NW §23 Obstacles).` });
    }
  });
  return out;
}

/** NW Army Selection: each unit's grade must be its troop type's grade on its nation's list for the year. */
function armyListProblems(setup: BattleSetup, f: NwScenarioFields): Problem[] {
  const out: Problem[] = [];
  for (const [sideId, pick] of Object.entries(f.armyLists ?? {})) {
    if (!setup.sides.some((s) => s.id === sideId)) {
      out.push({ path: jsonPath(['rulesetFields', 'napoleonic-warfare', 'armyLists', sideId]), message: `no side ${sideId}.` });
      continue;
    }
    setup.units.forEach((u, i) => {
      if (u.side !== sideId) return;
      const side = setup.sides.find((s) => s.id === u.side);
      const p = profileOf(u, side?.nationality ?? '');
      if (typeof p === 'string') return;
      const listed = typeof u.extra['listEntry'] === 'string' ? (u.extra['listEntry'] as string) : undefined;
      const check = checkAgainstList(pick.nation, pick.year, { arm: p.artillery ? 'artillery' : p.mounted ? 'cavalry' : 'infantry', troopType: u.troopType, listEntry: listed, grade: p.grade });
      if (check) out.push({ path: `$.units[${i}]`, message: check });
    });
  }
  return out;
}

/** The side's Commander in Chief: `extra.cinc`, else the general of the top formation. */
function cincOf(setup: BattleSetup, side: string): string | undefined {
  const gens = setup.generals.filter((g) => g.side === side);
  const flagged = gens.find((g) => g.extra['cinc'] === true);
  if (flagged) return flagged.id;
  const top = gens.find((g) => !setup.formations.find((f) => f.id === g.commands)?.parent);
  return (top ?? gens[0])?.id;
}

export function nwSetup(input: SetupInput<NwOptions, NwTables>, ctx: Ctx): SetupResult<NwState> {
  const { battle, options, tables } = input;
  const fields = ScenarioFieldsSchema.safeParse(battle.rulesetFields['napoleonic-warfare'] ?? {});
  const sf = fields.success ? fields.data : {};
  const units: Record<string, NwUnit> = {};
  for (const u of battle.units) {
    const side = battle.sides.find((s) => s.id === u.side)!;
    const p = profileOf(u, side.nationality);
    if (typeof p === 'string') throw new Error(`${u.id}: ${p}`);
    const arm = u.arm === 'general' ? 'general' : u.arm;
    units[u.id] = {
      id: u.id, side: u.side, profile: p, status: 'active', morale: 'good', casualties: 0, startStands: u.stands.length, standsLost: 0,
      ammo: 'stocked', limbered: u.formation === 'limbered', rallyChanceUsed: false, movedThisTurn: false, movedStrategic: false,
      startedOutsideER: false, unlimberedThisTurn: false, charging: false, countercharging: false, retreatedLastTurn: false,
      pointsPerStand: sf.pointsPerStand?.[u.id] ?? sf.pointsPerStand?.[arm] ?? tables.pointsPerStand[arm],
      ...(u.extra['detachedCompany'] === true && BASING.detachedCompanyCountsAsLostStand ? { detachedCompany: true } : {}),
    };
  }
  const generals: Record<string, NwGeneral> = {};
  const rerollUsed: Record<string, boolean> = {};
  for (const side of battle.sides) {
    const cinc = cincOf(battle, side.id);
    const rolls: { id: string; total: number }[] = [];
    for (const g of battle.generals.filter((x) => x.side === side.id)) {
      const isCinC = g.id === cinc;
      const fixed = sf.generalRatings?.[g.id];
      let total: number;
      if (fixed) {
        total = tables.ability.rows.find((r) => r.rating === fixed)!.min;
        ctx.emit({ type: 'GeneralRatingFixed', general: g.id, rating: fixed, rule: 'NW Generals §2 Ability (scenario)' });
      } else {
        const r = ctx.roll({
          dice: '2d6', purpose: `Ability of ${g.name}${isCinC ? ' (Commander in Chief)' : ''}`, rule: tables.ability.rule,
          modifiers: isCinC ? [{ label: 'Commander in Chief', value: tables.ability.cincBonus, rule: tables.ability.rule }] : [],
          table: { id: 'ability' }, subjects: [g.id],
          outcome: (v) => { const row = rate(tables, v.modified); return { outcome: `${row.name}: command radius ${row.commandRadiusIn[options.baseScale]}"`, row: row.rating }; },
        });
        total = r.modified;
        rolls.push({ id: g.id, total });
      }
      const row = rate(tables, total);
      generals[g.id] = {
        id: g.id, side: side.id, isCinC, rating: row.rating as GeneralRating, abilityRoll: total, commandRadiusIn: row.commandRadiusIn[options.baseScale],
        hits: 0, lost: false, routed: false,
        ...(typeof g.extra['withUnit'] === 'string' ? { withUnit: g.extra['withUnit'] as string } : {}),
      };
    }
    // One re-roll per army, which must be accepted (NW Generals §2). RULINGS: the module spends it on the lowest roll below 7.
    const worst = [...rolls].sort((a, b) => a.total - b.total)[0];
    rerollUsed[side.id] = false;
    if (worst && worst.total < 7) {
      const g = battle.generals.find((x) => x.id === worst.id)!;
      const isCinC = generals[g.id]!.isCinC;
      const r = ctx.roll({
        dice: '2d6', purpose: `Re-roll of ${g.name}'s ability (must be accepted)`, rule: tables.ability.rule,
        modifiers: isCinC ? [{ label: 'Commander in Chief', value: tables.ability.cincBonus, rule: tables.ability.rule }] : [],
        table: { id: 'ability' }, subjects: [g.id], outcome: (v) => rate(tables, v.modified).name,
      });
      const row = rate(tables, r.modified);
      Object.assign(generals[g.id]!, { rating: row.rating, abilityRoll: r.modified, commandRadiusIn: row.commandRadiusIn[options.baseScale] });
      rerollUsed[side.id] = true;
    }
  }
  // NW Generals §2 then §9: abilities are rolled before the terrain is placed (the CinC's shift needs his rating).
  let terrain = battle.terrain;
  if (options.generateTerrain) {
    const gen = generateTerrain({
      widthMm: battle.table.widthMm, depthMm: battle.table.depthMm, scale: options.baseScale,
      sides: battle.sides.slice(0, 2).map((s) => {
        const cinc = Object.values(generals).find((g) => g.side === s.id && g.isCinC);
        const may = !!cinc && TERRAIN_PICK_CINC_SHIFT[cinc.rating] !== 0;
        const want = sf.terrainShift?.[s.id] ?? 0;
        if (want !== 0 && !may) ctx.emit({ type: 'TerrainShiftRefused', side: s.id, rule: 'NW §9 Terrain Generation: only an Exceptional or Charismatic CinC adds or deducts 1' });
        return { id: s.id, name: s.name, baseline: baselineOf(battle, s.id) === 'top' ? 'top' : 'bottom', picks: sf.terrainPicks?.[s.id] ?? HOUSE_TERRAIN_PICKS, placementShift: may ? want : 0 };
      }) as unknown as Parameters<typeof generateTerrain>[0]['sides'],
    }, (dice, purpose, rule, modifier) => ctx.roll({ dice, purpose, rule, ...(modifier ? { modifiers: [{ label: 'CinC Exceptional/Charismatic', value: modifier, rule }] } : {}) }).total);
    terrain = [...terrain, ...gen.features];
    ctx.emit({ type: 'TerrainGenerated', firstPlayer: gen.firstPlayer, steps: gen.steps, features: gen.features.map((f) => f.id), rule: 'NW §9 Terrain Generation' });
  }
  // NW Setting up Armies: "all units except those in ambush, in off-table reserve or off-table flank marchers are placed on the table".
  const offTable: Record<string, OffTableUnit> = {};
  const events: GameEvent[] = [];
  for (const r of sf.reserves ?? []) {
    const u = battle.units.find((x) => x.id === r.unit);
    if (!u) continue;
    offTable[u.id] = { kind: 'reserve', unit: u, at: r.at };
    units[u.id]!.status = 'off-table';
    events.push({ type: 'HeldOffTable', unit: u.id, kind: 'reserve', rule: 'NW Setting up Armies: Off-Table Reserves' });
  }
  for (const m of sf.flankMarchers ?? []) {
    const u = battle.units.find((x) => x.id === m.unit);
    if (!u) continue;
    offTable[u.id] = { kind: 'flank-march', unit: u, at: m.at, fromTurn: m.fromTurn ?? 2, ...(m.arriveOn ? { arriveOn: m.arriveOn } : {}) };
    units[u.id]!.status = 'off-table';
    events.push({ type: 'HeldOffTable', unit: u.id, kind: 'flank-march', rule: 'NW Setting up Armies; §13 (2) Flank Marchers' });
  }
  for (const id of sf.ambush ?? []) if (units[id]) units[id]!.ambush = true;
  const onTable = { ...battle, terrain, units: battle.units.filter((u) => !offTable[u.id]) };
  return {
    battle: onTable,
    ruleset: { scale: options.baseScale, units, generals, orders: {}, combats: [], rerollUsed, armyBroken: [], log: { turn: 0, phase: '' }, ...(Object.keys(offTable).length > 0 ? { offTable } : {}) },
    events: [{ type: 'ArmiesReady', scale: options.baseScale, rule: 'NW Preparing for Battle' }, ...events],
  };
}

function rate(tables: NwTables, total: number) {
  const t = Math.max(2, total);
  return tables.ability.rows.find((r) => t >= r.min && t <= r.max) ?? tables.ability.rows[0]!;
}
