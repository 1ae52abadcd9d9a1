import type { Grade } from './troops';

/**
 * NW Preliminary Army Morale Lists: the grade of every troop type by nation and period.
 * Years are inclusive; a row without years holds for the whole period (1805–1815).
 */
export type Nation = 'france' | 'britain' | 'dutch-belgian' | 'austria' | 'russia' | 'prussia';
export type ListArm = 'infantry' | 'cavalry' | 'artillery';

export interface ArmyListEntry {
  readonly troop: string;
  readonly arm: ListArm;
  readonly periods: readonly { readonly from?: number; readonly to?: number; readonly grade: Grade }[];
  /** Where the list gives two grades ("Veterans/1st Rate"), the second; RULINGS.md: the player's choice. */
  readonly alternative?: Grade;
}

const e = (troop: string, arm: ListArm, grade: Grade, alternative?: Grade): ArmyListEntry =>
  alternative ? { troop, arm, periods: [{ grade }], alternative } : { troop, arm, periods: [{ grade }] };
const p = (troop: string, arm: ListArm, periods: ArmyListEntry['periods']): ArmyListEntry => ({ troop, arm, periods });

export const ARMY_LISTS: Readonly<Record<Nation, { readonly name: string; readonly entries: readonly ArmyListEntry[] }>> = {
  france: {
    name: 'France',
    entries: [
      e('Guard Heavy Cavalry', 'cavalry', 'guard'),
      e('Guard Light Cavalry', 'cavalry', 'guard'),
      e('Young Guard Cavalry', 'cavalry', 'veteran', 'line-1st'),
      e('Heavy Cavalry', 'cavalry', 'elite'),
      e('Medium Cavalry', 'cavalry', 'veteran'),
      e('Light Cavalry', 'cavalry', 'veteran', 'line-1st'),
      e('Old Guard Infantry', 'infantry', 'veteran-guard'),
      e('Middle Guard Infantry', 'infantry', 'guard'),
      p('Young Guard Infantry', 'infantry', [{ from: 1806, to: 1812, grade: 'elite' }, { from: 1812, to: 1815, grade: 'veteran' }]),
      p('Line Infantry', 'infantry', [
        { from: 1805, to: 1808, grade: 'veteran' },
        { from: 1809, to: 1812, grade: 'line-1st' },
        { from: 1813, to: 1814, grade: 'line-2nd' },
        { from: 1815, to: 1815, grade: 'veteran' },
      ]),
      p('Light Infantry', 'infantry', [
        { from: 1805, to: 1808, grade: 'elite' },
        { from: 1809, to: 1812, grade: 'veteran' },
        { from: 1813, to: 1814, grade: 'line-1st' },
        { from: 1815, to: 1815, grade: 'veteran' },
      ]),
      p('Converged Grenadier/Light Infantry', 'infantry', [
        { from: 1805, to: 1808, grade: 'elite' },
        { from: 1809, to: 1812, grade: 'veteran' },
        { from: 1813, to: 1814, grade: 'line-1st' },
        { from: 1815, to: 1815, grade: 'veteran' },
      ]),
      e('Guard Foot/Horse Artillery', 'artillery', 'guard'),
      e('Line Foot/Horse Artillery', 'artillery', 'veteran'),
    ],
  },
  britain: {
    name: 'Britain (including KGL)',
    entries: [
      e('Household Cavalry', 'cavalry', 'elite'),
      e('Heavy Cavalry', 'cavalry', 'veteran'),
      e('Medium Cavalry', 'cavalry', 'veteran'),
      e('Light Cavalry', 'cavalry', 'veteran'),
      e('Foot Guards', 'infantry', 'guard'),
      e('Line', 'infantry', 'veteran'),
      e('Light', 'infantry', 'veteran'),
      e('Rifles', 'infantry', 'elite'),
      e('Foot/Horse Artillery', 'artillery', 'veteran'),
    ],
  },
  'dutch-belgian': {
    name: 'Dutch-Belgian',
    entries: [
      e('Heavy Cavalry', 'cavalry', 'line-2nd'),
      e('Light Cavalry', 'cavalry', 'line-2nd'),
      e('Line Infantry', 'infantry', 'line-2nd'),
      e('Light Infantry', 'infantry', 'line-2nd'),
      e('Foot/Horse Artillery', 'artillery', 'line-2nd'),
    ],
  },
  austria: {
    name: 'Austria',
    entries: [
      e('Heavy Cavalry', 'cavalry', 'elite'),
      e('Medium Cavalry', 'cavalry', 'veteran'),
      e('Light Cavalry', 'cavalry', 'veteran'),
      p('Line Infantry', 'infantry', [
        // The list gives 1805-06; 1807 is not listed (RULINGS.md: it stays 2nd Rate until the 1808 reform).
        { from: 1805, to: 1807, grade: 'line-2nd' },
        { from: 1808, to: 1812, grade: 'line-1st' },
        { from: 1813, to: 1815, grade: 'line-2nd' },
      ]),
      e('Grenzer Infantry', 'infantry', 'veteran'),
      e('Light/Jaeger', 'infantry', 'veteran'),
      e('Freikorps', 'infantry', 'line-2nd'),
      e('Landwehr', 'infantry', 'militia'),
      e('Foot/Horse Artillery', 'artillery', 'line-1st'),
    ],
  },
  russia: {
    name: 'Russia',
    entries: [
      e('Guard Heavy Cavalry', 'cavalry', 'elite'),
      e('Guard Light Cavalry', 'cavalry', 'veteran'),
      e('Heavy Cavalry', 'cavalry', 'line-1st'),
      e('Medium Cavalry', 'cavalry', 'line-1st'),
      e('Light Cavalry', 'cavalry', 'line-1st'),
      e('Guard Foot', 'infantry', 'guard'),
      e('Guard Jaeger', 'infantry', 'guard'),
      e('Grenadiers', 'infantry', 'elite'),
      e('Converged Grenadiers', 'infantry', 'veteran'),
      e('Line', 'infantry', 'line-1st'),
      e('Jaeger', 'infantry', 'line-1st'),
      e('Militia', 'infantry', 'militia'),
      e('Guard Foot/Horse Artillery', 'artillery', 'veteran'),
      e('Line/Horse Artillery', 'artillery', 'line-1st'),
    ],
  },
  prussia: {
    name: 'Prussia',
    entries: [
      e('Heavy Cavalry', 'cavalry', 'veteran'),
      e('Medium Cavalry', 'cavalry', 'veteran'),
      e('Light Cavalry', 'cavalry', 'veteran'),
      e('Landwehr Cavalry', 'cavalry', 'line-1st'),
      e('Guards/Grenadiers', 'infantry', 'elite'),
      p('Line Infantry (up to 1809)', 'infantry', [{ to: 1809, grade: 'line-2nd' }]),
      e('Line (Regiments 1-12)', 'infantry', 'veteran'),
      e('Reserve Regiments', 'infantry', 'line-1st'),
      e('Lights/Rifles', 'infantry', 'veteran'),
      e('Silesian Landwehr', 'infantry', 'line-1st'),
      e('Landwehr', 'infantry', 'line-2nd'),
      e('Foot/Horse Artillery', 'artillery', 'veteran'),
    ],
  },
};

/** The grade a list gives a troop type in a year (first matching period), or undefined. */
export function listGrade(nation: Nation, troop: string, year: number): Grade | undefined {
  const entry = ARMY_LISTS[nation].entries.find((x) => x.troop === troop);
  return entry?.periods.find((q) => (q.from === undefined || year >= q.from) && (q.to === undefined || year <= q.to))?.grade;
}
