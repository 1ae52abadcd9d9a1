/**
 * NAPOLEONIC WARFARE (version dated 10-2-00) as a RulesetModule. Tables in tables/*.ts,
 * interpretations in RULINGS.md.
 */
import { z } from 'zod';
import { reject, type RulesetModule } from '../../engine/ruleset';
import type { NwOptions, NwState } from './types';
import { DEFAULT_TABLES, NwTablesSchema, type NwTables } from './nwTables';
import { COMMANDS } from './commands';
import { SEQUENCE } from './sequence';
import { nwSetup, validateSetup, ScenarioFieldsSchema } from './setup';
import { legalCommands } from './legal';
import { nwDeterminise } from './ai/determinise';
import { nwEvaluate } from './ai/evaluate';
import { nwMetrics } from './ai/metrics';
import { nwScripts } from './ai/scripts';
import { D10_FROM_2D6 } from './tables/dice';
import { resultFrom } from './victory';
import { NW_TABLE } from './table';
import { nwTally } from './turnTally';
import { describeNwCommand, describeNwEvent, describeNwTable } from './logText';
import { plansSeenBy, withStrategicPlanning } from './strategic';
import { withMoveOrder } from './moveOrder';
import { nwTerrainGenerator } from './editorTerrain';
import { entriesWhere, idRecord } from '../../engine/ids';

export const NwOptionsSchema = z
  .object({
    baseScale: z.enum(['medium', 'large']).default('medium'),
    d10Via2d6: z.boolean().default(false),
    generateTerrain: z.boolean().default(false),
  })
  .strict();

export const napoleonicWarfare: RulesetModule<NwState, NwOptions, NwTables> = {
  id: 'napoleonic-warfare',
  name: 'Napoleonic Warfare',
  version: '0.2.0',
  description: 'Battalion-level Napoleonic rules: hidden simultaneous orders, eight morale grades, d10 fire and morale, d6 close combat.',
  measure: { unit: 'in', mmPerUnit: 25.4 },
  terrainGenerator: nwTerrainGenerator,
  options: {
    schema: NwOptionsSchema as unknown as z.ZodType<NwOptions>,
    info: [
      { id: 'baseScale', label: 'Base scale', description: 'Medium (15mm) or large (25mm) stands: every distance, range, Engagement Range (12"/16") and command radius follows.', rule: 'NW §5 Stand Sizes', kind: 'choice', choices: [{ value: 'medium', label: 'Medium (15mm)' }, { value: 'large', label: 'Large (25mm)' }], default: 'medium' },
      { id: 'generateTerrain', label: 'Generate terrain', description: 'Place terrain by the Terrain Table: up to five picks a side, d10 placement into the six sectors, sizes and special placement rules (picks from the scenario, else house picks).', rule: 'NW §9 Terrain Generation', kind: 'boolean', default: false, optionalRule: true },
      { id: 'd10Via2d6', label: '2d6 for the d10', description: 'Roll a white and a coloured d6 for every d10.', rule: 'NW §6 Dice', kind: 'boolean', default: false, optionalRule: true },
    ],
  },
  tables: { defaults: DEFAULT_TABLES, schema: NwTablesSchema as unknown as z.ZodType<NwTables> },
  scenarioFields: ScenarioFieldsSchema,
  validateSetup: (setup, options) => validateSetup(setup, options),
  setup: nwSetup,
  sequence: SEQUENCE,
  // NW §2 simultaneous strategic moves (planned, then carried out together); §13 (4) order of moves.
  commands: withMoveOrder(withStrategicPlanning(COMMANDS)),
  legalCommands,
  ai: { determinise: nwDeterminise, evaluate: nwEvaluate, metrics: nwMetrics, scripts: nwScripts },
  // NW §6 Dice: with the option on, every d10 the rules roll through rollD10 is made from two d6.
  dieEmulation: (options) => (options.d10Via2d6 ? { 10: D10_FROM_2D6 } : undefined),
  /**
   * Face-down orders are hidden from the other side until turned over (NW §11). Once the
   * simultaneous placing is over, the other side sees that a marker lies on a unit, not which.
   */
  view: (state, viewer) => ({
    // NW §3 Known Enemy: the other side's ambushers are not on its table until sprung; off-table units are not shown.
    // PERF: with no ambusher hidden the view keeps the state's own units array and record (values,
    // never changed in place), so what is remembered by them (stand indexes, distances) serves the view too.
    battle: { ...state.battle, units: unlessShorter(state.battle.units, state.battle.units.filter((u) => u.side === viewer || !state.ruleset.units[u.id]?.ambush)) },
    ruleset: {
      ...state.ruleset,
      units: hiddenAmbusher(state.ruleset.units, viewer) ? idRecord(Object.entries(state.ruleset.units).filter(([, u]) => u.side === viewer || !u.ambush)) : state.ruleset.units,
      // PERF: a record the viewer sees whole is the state's own (entriesWhere), as the units are above.
      offTable: state.ruleset.offTable ? entriesWhere(state.ruleset.offTable, (_, id) => state.ruleset.units[id]?.side === viewer) : idRecord(),
      orders: entriesWhere(state.ruleset.orders, (o) => o.side === viewer || (o.revealed && !state.ruleset.units[o.unitId]?.ambush)),
      // NW §2: the other side's strategic plans stay secret until carried out.
      strategicPlans: plansSeenBy(state.ruleset, viewer),
      faceDown: state.position.step === 'place-orders' ? [] : Object.values(state.ruleset.orders).filter((o) => o.side !== viewer && !o.revealed && !state.ruleset.units[o.unitId]?.ambush).map((o) => o.unitId).sort(),
    },
  }),
  table: NW_TABLE,
  /** NW §10: a concession does not end the game at once; the current turn is played out first. */
  onConcede: (state, side, ctx) => {
    const rs = state.ruleset;
    if ((rs.conceded ?? []).includes(side)) return reject('already-conceded', 'That side has already conceded; the turn is being played out.', 'NW §10 Victory Conditions');
    ctx.emit({ type: 'Conceded', side, rule: 'NW §10 Victory Conditions: the current turn is played to completion, then Loss Points are counted' });
    return { ruleset: { ...rs, conceded: [...(rs.conceded ?? []), side] } };
  },
  atTurnLimit: (state) => resultFrom(state.ruleset, state.battle, 'The turn limit was reached.'),
  invariants: (state) => {
    const out: string[] = [];
    for (const u of Object.values(state.ruleset.units)) {
      if (u.casualties < 0) out.push(`${u.id} has negative casualties`);
      if (u.standsLost > u.startStands) out.push(`${u.id} lost more stands than it had`);
      if (u.status === 'active' && !state.battle.units.some((x) => x.id === u.id)) out.push(`${u.id} is active but not on the table`);
    }
    return out;
  },
  describeCommand: describeNwCommand,
  describeEvent: describeNwEvent,
  describeTable: describeNwTable,
  tally: nwTally,
};

export default napoleonicWarfare;

/** `all` itself when `kept` (a filter of it) lost nothing. */
const unlessShorter = <T>(all: readonly T[], kept: T[]): readonly T[] => (kept.length === all.length ? all : kept);

/** Does the record hold an ambusher of the other side (hidden from `viewer`)? */
function hiddenAmbusher(units: NwState['units'], viewer: string): boolean {
  for (const id in units) {
    const u = units[id];
    if (u && u.side !== viewer && u.ambush) return true;
  }
  return false;
}
