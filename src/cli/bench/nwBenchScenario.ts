/**
 * A plain Napoleonic Warfare battle for the benches: open ground of the given size, one army a
 * side, a general in each far corner, and line-infantry units of 1" stands where the bench puts them.
 */
export const IN = 25.4;

export interface BenchUnit { id: string; side: 'fr' | 'au'; x: number; y: number; facingDeg: number; stands: number }

export function nwBenchScenario(id: string, title: string, widthIn: number, depthIn: number, units: readonly BenchUnit[]): Record<string, unknown> {
  return {
    format: 'vedette-scenario', version: 1, id, title, rulesets: ['napoleonic-warfare'],
    table: { widthMm: widthIn * IN, depthMm: depthIn * IN }, terrain: [],
    sides: [{ id: 'fr', name: 'French', nationality: 'French', colour: '#2b4c9b' }, { id: 'au', name: 'Austrians', nationality: 'Austrian', colour: '#eeeeee' }],
    formations: [{ id: 'fr-army', name: 'fr', side: 'fr', level: 'army' }, { id: 'au-army', name: 'au', side: 'au', level: 'army' }],
    generals: [
      { id: 'g-fr', name: 'g-fr', side: 'fr', commands: 'fr-army', at: { x: 2 * IN, y: 2 * IN, facingDeg: 0 }, base: { widthMm: IN, depthMm: IN } },
      { id: 'g-au', name: 'g-au', side: 'au', commands: 'au-army', at: { x: (widthIn - 2) * IN, y: (depthIn - 2) * IN, facingDeg: 0 }, base: { widthMm: IN, depthMm: IN } },
    ],
    units: units.map((u) => ({
      id: u.id, name: u.id, side: u.side, parent: `${u.side}-army`, arm: 'infantry', troopType: 'line-infantry', quality: 'line-1st', formation: 'line', ranks: 1,
      at: { x: u.x * IN, y: u.y * IN, facingDeg: u.facingDeg }, stands: Array.from({ length: u.stands }, () => ({ widthMm: IN, depthMm: IN, figures: 4 })),
    })),
    rulesetFields: { 'napoleonic-warfare': { generalRatings: { 'g-fr': 'good', 'g-au': 'good' } } },
  };
}
