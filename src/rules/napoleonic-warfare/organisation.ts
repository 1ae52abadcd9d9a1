/**
 * NW Organizing Your Army and Generals §1/§2, Setting up Armies: the checks that apply to a battle
 * set up by the book (`rulesetFields['napoleonic-warfare'].standardSetUp: true`). A historical
 * scenario allocates its own troops and ground ("allocated by the scenario"), so they are opt-in
 * (RULINGS.md).
 */
import type { BattleSetup, Formation, Unit } from '../../engine/model';
import type { Problem } from '../../engine/ruleset';
import type { NwOptions } from './types';
import type { NwScenarioFields } from './setup';
import { SCALE_DISTANCES } from './tables/scale';
import { ABILITY_TABLE } from './tables/generals';
import { baselineOf } from './offTable';
import { hypot } from '../../geometry/math';

const IN = 25.4;
export const BRIGADE_UNITS = { min: 2, max: 8 } as const;
export const DIVISION_BRIGADES = { min: 2, max: 5 } as const;
export const DIVISION_MIN_GENERALS = 2;

/** The division a formation belongs to (itself, or the nearest division above it). */
function divisionOf(setup: BattleSetup, f: Formation | undefined): Formation | undefined {
  for (let x = f, i = 0; x && i < 20; x = setup.formations.find((y) => y.id === x!.parent), i++) if (x.level === 'division') return x;
  return undefined;
}

export function organisationProblems(setup: BattleSetup, options: NwOptions, f: NwScenarioFields): Problem[] {
  if (!f.standardSetUp) return [];
  const out: Problem[] = [];
  const fi = (id: string) => setup.formations.findIndex((x) => x.id === id);
  const away = new Set([...(f.reserves ?? []).map((r) => r.unit), ...(f.flankMarchers ?? []).map((r) => r.unit), ...(f.ambush ?? [])]);
  for (const br of setup.formations.filter((x) => x.level === 'brigade')) {
    const n = setup.units.filter((u) => u.parent === br.id).length;
    if (n < BRIGADE_UNITS.min || n > BRIGADE_UNITS.max) out.push({ path: `$.formations[${fi(br.id)}]`, message: `brigade ${br.name} has ${n} units; a brigade has 2 to 8 (NW Organizing Your Army; Generals §1).` });
  }
  for (const dv of setup.formations.filter((x) => x.level === 'division')) {
    const brigades = setup.formations.filter((x) => x.level === 'brigade' && x.parent === dv.id);
    if (brigades.length < DIVISION_BRIGADES.min || brigades.length > DIVISION_BRIGADES.max) out.push({ path: `$.formations[${fi(dv.id)}]`, message: `division ${dv.name} has ${brigades.length} brigades; a division has 2 to 5 (NW Organizing Your Army; Generals §1).` });
    const gens = setup.generals.filter((g) => g.commands === dv.id || brigades.some((b) => b.id === g.commands));
    if (gens.length < DIVISION_MIN_GENERALS) out.push({ path: `$.formations[${fi(dv.id)}]`, message: `division ${dv.name} has ${gens.length} general${gens.length === 1 ? '' : 's'}; each division has at least 2 (NW Organizing Your Army).` });
  }
  // Every unit must belong to a brigade of a division (NW Generals §1: all units are allocated to a General).
  setup.units.forEach((u, i) => {
    const own = setup.formations.find((x) => x.id === u.parent);
    if (own?.level !== 'brigade' || !divisionOf(setup, own)) out.push({ path: `$.units[${i}].parent`, message: `${u.name} is not in a brigade of a division (NW Organizing Your Army: units are grouped into brigades, brigades into divisions).` });
  });
  // Setting up Armies: within 6" (medium) / 9" (large) of the own baseline.
  const depthMm = SCALE_DISTANCES[options.baseScale].deploymentDepthIn * IN;
  const battleLike = { ...setup, units: setup.units.filter((u) => !away.has(u.id)) } as unknown as Parameters<typeof baselineOf>[0];
  setup.units.forEach((u, i) => {
    if (away.has(u.id)) return;
    const edge = baselineOf(battleLike, u.side);
    const worst = Math.max(...u.stands.map((s) => (edge === 'top' ? s.centre.y + s.depthMm / 2 : setup.table.depthMm - (s.centre.y - s.depthMm / 2))));
    if (worst > depthMm + 0.5) out.push({ path: `$.units[${i}]`, message: `${u.name} stands ${(worst / IN).toFixed(1)}" from its baseline; units deploy within ${depthMm / IN}" of it (NW Setting up Armies).` });
  });
  // Generals §1: each unit starts within Command Range of its division's general (checkable when ratings are fixed).
  setup.units.forEach((u: Unit, i) => {
    if (away.has(u.id)) return;
    const dv = divisionOf(setup, setup.formations.find((x) => x.id === u.parent));
    const g = dv && setup.generals.find((x) => x.commands === dv.id);
    const rating = g && f.generalRatings?.[g.id];
    if (!g || !rating) return;
    const radiusMm = ABILITY_TABLE.rows.find((r) => r.rating === rating)!.commandRadiusIn[options.baseScale] * IN;
    const near = Math.min(...u.stands.map((s) => hypot(s.centre.x - g.stand.centre.x, s.centre.y - g.stand.centre.y) - Math.max(s.widthMm, s.depthMm) / 2));
    if (near > radiusMm + 0.5) out.push({ path: `$.units[${i}]`, message: `${u.name} starts ${(near / IN).toFixed(1)}" from ${g.name}, beyond his ${radiusMm / IN}" Command Range (NW Generals §1: each unit starts within Command Range).` });
  });
  return out;
}
