/**
 * What the Forces panel says about each side beside the live problems: SYW points (9 Points
 * system p.20, the module's own `unitPoints` on its default tables) and the NW army list a side
 * is checked against (NW Preparing for Battle §1; the check itself is the ruleset's
 * validateSetup, so an illegal unit appears in the problem list with the list's reason).
 */
import { unitPoints } from '../../rules/seven-years-war/setup';
import { sevenYearsWar } from '../../rules/seven-years-war';
import { ARMY_LISTS, type Nation } from '../../rules/napoleonic-warfare/tables/armyLists';
import type { Draft, EditOp } from './ops';
import { draftBattle } from './problems';

export const NW_NATIONS: readonly { id: Nation; name: string }[] = (Object.keys(ARMY_LISTS) as Nation[]).map((id) => ({ id, name: ARMY_LISTS[id].name }));

/** SYW points of each side's units, or null when the scenario is not for SYW. */
export function sywPoints(d: Draft): Record<string, number> | null {
  if (!d.rulesets.includes('seven-years-war')) return null;
  const b = draftBattle(d);
  const out: Record<string, number> = Object.fromEntries(d.sides.map((s) => [s.id, 0]));
  for (const u of b.units) out[u.side] = (out[u.side] ?? 0) + unitPoints(sevenYearsWar.tables.defaults, u);
  return out;
}

type NwFields = { armyLists?: Record<string, { nation: Nation; year: number }> } & Record<string, unknown>;

export function nwArmyList(d: Draft, sideId: string): { nation: Nation; year: number } | undefined {
  return ((d.rulesetFields?.['napoleonic-warfare'] ?? {}) as NwFields).armyLists?.[sideId];
}

/** The edit that checks a side against a nation's list for a year (null: against none). */
export function setNwArmyList(d: Draft, sideId: string, pick: { nation: Nation; year: number } | null): EditOp {
  const fields = { ...((d.rulesetFields?.['napoleonic-warfare'] ?? {}) as NwFields) };
  const lists = { ...(fields.armyLists ?? {}) };
  if (pick) lists[sideId] = pick;
  else delete lists[sideId];
  if (Object.keys(lists).length) fields.armyLists = lists;
  else delete fields.armyLists;
  return { op: 'setRulesetFields', rulesetId: 'napoleonic-warfare', value: Object.keys(fields).length ? fields : undefined };
}
