/** NW set-up: unit profiles, generals' ability (Generals §2), the initial ruleset state. */
import { z } from 'zod';
import type { Ctx, Problem, SetupInput, SetupResult } from '../../engine/ruleset';
import type { BattleSetup } from '../../engine/model';
import type { NwGeneral, NwOptions, NwState, NwUnit } from './types';
import type { NwTables } from './nwTables';
import { profileOf } from './profile';
import type { GeneralRating } from './tables/generals';

export const ScenarioFieldsSchema = z
  .object({
    /** Points cost per stand by unit id or by arm (NW §10 needs points; the text gives none). */
    pointsPerStand: z.record(z.string(), z.number().positive()).optional(),
    /** Fix ratings instead of rolling (a scenario's historical generals). */
    generalRatings: z.record(z.string(), z.enum(['charismatic', 'exceptional', 'good', 'average', 'poor'])).optional(),
  })
  .strict();

export function validateSetup(setup: BattleSetup): Problem[] {
  const problems: Problem[] = [];
  setup.units.forEach((u, i) => {
    const side = setup.sides.find((s) => s.id === u.side);
    const p = profileOf(u, side?.nationality ?? '');
    if (typeof p === 'string') problems.push({ path: `$.units[${i}]`, message: p });
    if (u.stands.length < 1 || u.stands.length > 10) problems.push({ path: `$.units[${i}].stands`, message: 'an NW unit has 1 to 10 stands (NW §2 Units).' });
  });
  for (const s of setup.sides) if (!setup.generals.some((g) => g.side === s.id)) problems.push({ path: '$.generals', message: `side ${s.id} has no general: units without a general in range can never be ordered (NW Generals §1).` });
  return problems;
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
  return {
    ruleset: { scale: options.baseScale, units, generals, orders: {}, combats: [], rerollUsed, armyBroken: [], log: { turn: 0, phase: '' } },
    events: [{ type: 'ArmiesReady', scale: options.baseScale, rule: 'NW Preparing for Battle' }],
  };
}

function rate(tables: NwTables, total: number) {
  const t = Math.max(2, total);
  return tables.ability.rows.find((r) => t >= r.min && t <= r.max) ?? tables.ability.rows[0]!;
}
