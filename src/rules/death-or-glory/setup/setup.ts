/**
 * DoG set-up: the scenario's units checked against the nationality tables and the basing
 * (DoG Basing and Scale: infantry 11 mm a figure, cavalry 33 mm, artillery 10 mm a gun), the
 * commanders' ratings (DoG Command Ratings: given, or one fire die each), every brigade's
 * general order (DoG Orders: written at the beginning; attack until its side writes otherwise).
 */
import type { BattleSetup, Unit } from '../../../engine/model';
import type { Ctx, Problem, SetupInput, SetupResult } from '../../../engine/ruleset';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import { DEFAULT_TABLES, CALIBRES, fireDie, FIRE_DIE_RULE, EXCEPTIONAL_CINC, SUPREME_CINC, CINC_BONUS } from '../tables';
import type { DogState, GeneralState, UnitState, BrigadeOrder } from '../state';
import { QUALITIES, figuresOf } from '../state';
import { formationsOf, layoutFor } from '../movement/formations';
import { withPoses } from '../movement/moves';
import { idRecord } from '../../../engine/ids';

export const BASING_RULE = 'DoG Basing and Scale';
export const FIGURE_MM = { infantry: 11, cavalry: 33, artillery: 10 } as const;

/** Why a stand's figures do not fit its base, or undefined (DoG Basing and Scale). */
export function basingProblem(arm: Unit['arm'], widthMm: number, figures: number | undefined): string | undefined {
  if (arm === 'general') return undefined;
  if (figures === undefined || figures < 1) return 'has no figures: every stand counts its figures (each 30 men, or a gun)';
  const per = FIGURE_MM[arm];
  const perRank = widthMm / per;
  if (Math.abs(perRank - Math.round(perRank)) > 1e-6 || perRank < 1) return `is ${widthMm} mm wide, not a whole number of ${arm === 'artillery' ? 'guns' : 'figures'} at ${per} mm each`;
  const n = Math.round(perRank);
  if (arm === 'artillery') return figures === n ? undefined : `${widthMm} mm is ${n} gun${n === 1 ? '' : 's'} (10 mm a gun), but it counts ${figures}`;
  const ranks = figures / n;
  if (!Number.isInteger(ranks) || ranks > (arm === 'infantry' ? 3 : 2)) return `${figures} figures do not fill ${n} a rank on a ${widthMm} mm base in whole ranks (at most ${arm === 'infantry' ? 3 : 2})`;
  return undefined;
}

export function validateSetup(setup: BattleSetup): Problem[] {
  const out: Problem[] = [];
  const tables = DEFAULT_TABLES;
  setup.units.forEach((u, i) => {
    const p = `$.units[${i}]`;
    const nation = tables.nations[u.nationality];
    if (!nation) { out.push({ path: `${p}.nationality`, message: `"${u.nationality}" is not a nation of the Death or Glory! tables (${Object.keys(tables.nations).join(', ')}).` }); return; }
    const rows = nation.troops[u.arm as 'infantry'];
    if (!rows || !rows[u.troopType]) out.push({ path: `${p}.troopType`, message: `${nation.name} has no ${u.arm} "${u.troopType}" (it has ${Object.keys(rows ?? {}).join(', ')}).` });
    if (!(QUALITIES as readonly string[]).includes(u.quality)) out.push({ path: `${p}.quality`, message: `"${u.quality}" is not a quality Death or Glory! names (${QUALITIES.join(', ')}).` });
    if (!formationsOf(u).includes(u.formation)) out.push({ path: `${p}.formation`, message: `${u.arm} cannot be in "${u.formation}" (it may take ${formationsOf(u).join(', ')}).` });
    u.stands.forEach((s, j) => { const b = basingProblem(u.arm, s.widthMm, s.figures); if (b) out.push({ path: `${p}.stands[${j}].figures`, message: `Stand ${j + 1} of ${u.name} ${b} (${BASING_RULE}).` }); });
    if (u.arm === 'artillery' && !(CALIBRES as readonly string[]).includes(String(u.extra['calibre']))) out.push({ path: `${p}.extra.calibre`, message: `A battery needs its calibre, one of ${CALIBRES.join(', ')} pdr (DoG Artillery Ranges).` });
  });
  setup.generals.forEach((g, i) => {
    const r = g.extra['rating'];
    if (r !== undefined && (typeof r !== 'number' || !Number.isInteger(r) || r < 0 || r > 10)) out.push({ path: `$.generals[${i}].extra.rating`, message: 'A command rating is a whole number from 0 to 10 (DoG Command Ratings).' });
    const b = g.extra['cincBonus'];
    if (b !== undefined && (typeof b !== 'number' || !Number.isInteger(b) || b < 1 || b > 3)) out.push({ path: `$.generals[${i}].extra.cincBonus`, message: 'A C-in-C\'s bonus to fire and melee is 1, 2 (exceptional) or 3 (DoG Command Ratings).' });
  });
  for (const side of setup.sides) if (!setup.generals.some((g) => g.side === side.id && setup.formations.find((f) => f.id === g.commands)?.level === 'army'))
    out.push({ path: '$.generals', message: `${side.name} has no Commander in Chief (a general commanding a formation of level "army": DoG Command Ratings).` });
  return out;
}

/** A name compared without case or accents, "ue" read as "u" (Blücher, Bluecher, Napoléon). */
const plain = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/ue/g, 'u');

/** DoG Command Ratings: the C-in-C's fire/melee bonus by name — +3 Napoleon or Wellington, +2 the exceptional named, else +1. */
export function cincBonus(name: string): number {
  const n = plain(name);
  if (SUPREME_CINC.some((x) => n.includes(plain(x)))) return CINC_BONUS.supreme;
  if (EXCEPTIONAL_CINC.some((x) => n.includes(plain(x)))) return CINC_BONUS.exceptional;
  return CINC_BONUS.ordinary;
}

export function setupDog(input: SetupInput<DogOptions, DogTables>, ctx: Ctx): SetupResult<DogState> {
  const battle0 = input.battle;
  const units: Record<string, UnitState> = idRecord();
  for (const u of battle0.units) {
    units[u.id] = {
      startFigures: typeof u.extra['startFigures'] === 'number' ? (u.extra['startFigures'] as number) : figuresOf(u),
      menLost: 0, lostThisTurn: 0, tenthsTested: 0, order: 'formed', morale: 'steady', fatigue: 0, meleeRounds: 0, exhaustedActs: 0, idleTurns: 0,
      movedMm: 0, moved: false, fired: false, firingTurns: 0, initialVolleyUsed: false, underFire: false, underFireLastTurn: false, busyUntil: 0, changedFormation: false, meleeWins: [], routTurns: 0, halted: false,
    };
  }
  const battle = { ...battle0, units: battle0.units.map((u) => (u.formation === 'square' || u.formation === 'skirmish' ? { ...u, stands: withPoses(u.stands, layoutFor(u, u.formation)) } : u)) };
  const generals: Record<string, GeneralState> = idRecord();
  for (const g of battle.generals) {
    const level = battle.formations.find((f) => f.id === g.commands)?.level;
    const kind = level === 'army' || level === 'corps' ? 'cinc' : level === 'division' ? 'division' : 'brigade';
    let rating = typeof g.extra['rating'] === 'number' ? (g.extra['rating'] as number) : undefined;
    if (rating === undefined) {
      // DoG Command Ratings: "Otherwise, roll 1 fire die for each commander."
      const r = ctx.roll({ dice: 'd10', purpose: `${g.name}: command rating`, rule: 'DoG Command Ratings', outcome: (v) => `rating ${fireDie(v.total)} (fire die: ${FIRE_DIE_RULE})`, subjects: [g.id] });
      rating = fireDie(r.total);
    }
    const given = g.extra['cincBonus'];
    generals[g.id] = { kind, rating, ...(kind === 'cinc' ? { cincBonus: typeof given === 'number' ? given : cincBonus(g.name) } : {}), at: g.stand.centre, moved: false };
  }
  const fields = (battle0 as unknown as { rulesetFields?: Record<string, unknown> }).rulesetFields;
  void fields;
  const orders: Record<string, BrigadeOrder> = idRecord();
  for (const f of battle.formations) if (battle.units.some((u) => u.parent === f.id)) orders[f.id] = { side: f.side, order: 'attack' };
  return { battle, ruleset: { units, generals, orders, messengers: [], nextMessenger: 1, charges: [], reactions: {}, melees: [], gone: {}, firstOrders: [] } };
}
