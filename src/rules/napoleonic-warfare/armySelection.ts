/**
 * NW Preparing for Battle §1 Army Selection against the Preliminary Army Morale Lists: a pure
 * check of one unit (its arm, troop type and grade) against a nation's list for a year. Used by
 * the module's validateSetup when a scenario names each side's list (`armyLists`).
 */
import { ARMY_LISTS, listGrade, type ArmyListEntry, type Nation } from './tables/armyLists';
import type { Grade } from './tables/troops';

export interface ListedUnit {
  readonly arm: 'infantry' | 'cavalry' | 'artillery';
  readonly troopType: string;
  /** The list entry by its name (`extra.listEntry`), when the troop type alone is ambiguous. */
  readonly listEntry?: string | undefined;
  readonly grade: Grade;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** Words in a scenario troop type that name a list row (RULINGS: the scenario vocabulary). */
const ALIASES: readonly [RegExp, string][] = [
  [/old guard/, 'old guard'], [/middle guard/, 'middle guard'], [/young guard/, 'young guard'],
  [/hussar|chasseur|uhlan|lancer|cossack|light cav|light horse|chevau/, 'light cavalry'],
  [/cuirass|carabin|heavy cav|heavy horse/, 'heavy cavalry'],
  [/dragoon|medium cav/, 'medium cavalry'],
  [/jager|jaeger|rifle|grenz|light inf|legere|voltigeur|light/, 'light'],
  [/grenadier/, 'grenadier'], [/landwehr|militia|levy/, 'landwehr militia'],
  [/line|musketeer|fusilier|regular/, 'line'],
  [/horse art/, 'horse artillery'], [/foot art|artillery|battery|guns/, 'artillery'],
];

/** The list rows a unit could be (exact `listEntry` first, else by troop-type words within its arm). */
export function candidateEntries(nation: Nation, u: Pick<ListedUnit, 'arm' | 'troopType' | 'listEntry'>): ArmyListEntry[] {
  const rows = ARMY_LISTS[nation].entries.filter((e) => e.arm === u.arm);
  if (u.listEntry) return rows.filter((e) => norm(e.troop) === norm(u.listEntry!));
  const tt = norm(u.troopType);
  const guard = /guard/.test(tt);
  const keys = ALIASES.filter(([re]) => re.test(tt)).map(([, k]) => k);
  const scored = rows
    .filter((e) => /guard/.test(norm(e.troop)) === guard || u.arm === 'artillery')
    .map((e) => ({ e, hits: keys.filter((k) => k.split(' ').some((w) => norm(e.troop).split(' ').includes(w))).length }))
    .filter((x) => x.hits > 0);
  const best = Math.max(0, ...scored.map((x) => x.hits));
  return scored.filter((x) => x.hits === best).map((x) => x.e);
}

/**
 * Why a unit does not fit the list, or undefined when it does. A two-grade entry accepts either
 * grade (RULINGS); a troop type the list lacks, or that matches several rows, must be named with
 * `extra.listEntry`.
 */
export function checkAgainstList(nation: Nation, year: number, u: ListedUnit): string | undefined {
  const list = ARMY_LISTS[nation];
  const rows = candidateEntries(nation, u);
  const R = 'NW Army Selection; Preliminary Army Morale Lists';
  if (rows.length === 0) return `${u.troopType} (${u.arm}) is not on the ${list.name} list${u.listEntry ? ` (no entry "${u.listEntry}")` : ''}; name its row in extra.listEntry (${R}).`;
  const fits = rows.filter((e) => {
    const g = listGrade(nation, e.troop, year);
    return g === u.grade || e.alternative === u.grade;
  });
  if (fits.length > 0) return undefined;
  const allowed = rows.map((e) => `${e.troop}: ${listGrade(nation, e.troop, year) ?? `not available in ${year}`}${e.alternative ? ` or ${e.alternative}` : ''}`).join('; ');
  return `${u.troopType} graded ${u.grade} does not match the ${list.name} list for ${year} (${allowed}) (${R}).`;
}

