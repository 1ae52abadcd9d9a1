/**
 * Advanced Shako (Jan 2001): clarifications and amendments to Arty Conliffe's SHAKO, on a
 * SHAKO-compatible core. Wiring only: each rule lives where the text puts it (sequence/, orders/,
 * movement/, fire/, melee/, morale/, setup/), the base book's numbers as editable tables in tables/
 * (house values labelled), readings and house values in RULINGS.md.
 */
import type { z } from 'zod';
import type { RulesetModule } from '../../engine/ruleset';
import type { ShState } from './state';
import { optionsSchema, OPTION_INFO, type ShOptions } from './options';
import { tablesSchema, DEFAULT_TABLES, houseTables, TABLE_LABELS, type ShTables } from './tables';
import { SEQUENCE, coordinate } from './sequence/turn';
import { moveUnit, changeFormation, charge, driveOff } from './movement/commands';
import { fire } from './fire/fire';
import { recallCmd, withdrawToSquare } from './melee/melee';
import { breakthrough } from './melee/breakthrough';
import { recrew } from './movement/recrew';
import { detachSkirmishers, rejoinSkirmishers } from './movement/skirmishers';
import { sendOrders } from './orders/orders';
import { setupShako, validateSetup } from './setup/setup';
import { victory, atTurnLimit } from './victory';
import { shView } from './view';
import { shLegal } from './ai/legal';
import { describeShEvent, describeShTable } from './logText';
import { shScripts } from './ai/scripts';
import { shEvaluate } from './ai/evaluate';
import { shMetrics } from './ai/metrics';
import { shDeterminise } from './ai/determinise';
import { shTable } from './table/table';
import { shTally } from './table/tally';
import { mrOf } from './state';

export const advancedShako: RulesetModule<ShState, ShOptions, ShTables> = {
  id: 'advanced-shako',
  name: 'Advanced Shako',
  version: '0.1.0',
  description: 'ADVANCED SHAKO (Jan 2001): clarifications and amendments to Arty Conliffe\'s SHAKO, on a SHAKO-compatible core — divisions on Attack or Defend orders carried by ADCs, initiative by division, MR tests, staggers and kills. The base rulebook\'s numbers are editable tables shipped with labelled house values.',
  measure: { unit: 'in', mmPerUnit: 25.4 },
  options: { schema: optionsSchema as unknown as z.ZodType<ShOptions>, info: OPTION_INFO },
  tables: {
    defaults: DEFAULT_TABLES,
    schema: tablesSchema as unknown as z.ZodType<ShTables>,
    houseValues: (t) => houseTables(t).map((id) => ({ id, label: `${TABLE_LABELS[id as keyof ShTables]} — house value`, note: t[id as keyof ShTables].note })),
  },
  validateSetup: (setup) => validateSetup(setup),
  setup: setupShako,
  sequence: SEQUENCE,
  commands: { coordinate, moveUnit, changeFormation, charge, driveOff, recrew, detachSkirmishers, rejoinSkirmishers, fire, recall: recallCmd, withdrawToSquare, breakthrough, sendOrders },
  legalCommands: shLegal,
  ai: { determinise: shDeterminise, evaluate: shEvaluate, metrics: shMetrics, scripts: shScripts },
  table: shTable,
  tally: shTally,
  view: shView,
  describeEvent: (e, names) => describeShEvent(e, names),
  describeTable: describeShTable,
  victory,
  atTurnLimit,
  invariants: (s) => {
    const out: string[] = [];
    for (const u of s.battle.units) {
      const st = s.ruleset.units[u.id];
      if (!st) { out.push(`${u.id} has no Shako state`); continue; }
      if (st.kills < 0 || st.kills >= mrOf(s.tables, u)) out.push(`${u.id} has ${st.kills} kills against MR ${mrOf(s.tables, u)} and is still on the table`);
    }
    return out;
  },
};
