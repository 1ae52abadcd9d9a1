/**
 * The battalion rules (an untitled battalion-level Napoleonic set: initiative, alternating
 * movement / shooting / assault, rate-of-fire dice, to-hit then saves, motivation checks, fall
 * backs, howitzer templates) as a RulesetModule. Wiring only: each rule lives where the text puts
 * it (sequence/, movement/, shooting/, assault/, motivation/, special/, setup/), tables as data in
 * tables/, readings and house values in RULINGS.md.
 */
import type { z } from 'zod';
import type { RulesetModule } from '../../engine/ruleset';
import type { BtState } from './state';
import { optionsSchema, OPTION_INFO, type BtOptions } from './options';
import { tablesSchema, DEFAULT_TABLES, type BtTables } from './tables';
import { SEQUENCE, chooseFirst } from './sequence/turn';
import { moveUnit, changeFormation, moveCommander, sendAdjutant } from './movement/commands';
import { shoot, assignHit } from './shooting/shoot';
import { assault, reactCommand } from './assault/assault';
import { setupBattalion, validateSetup } from './setup/setup';
import { victory, atTurnLimit } from './victory';
import { describeBtEvent, describeBtCommand } from './logText';
import { btLegal } from './ai/legal';
import { btDeterminise } from './ai/determinise';
import { btEvaluate } from './ai/evaluate';
import { btMetrics } from './ai/metrics';
import { btScripts } from './ai/scripts';
import { btTable } from './table/table';
import { btTally } from './table/tally';

export const battalion: RulesetModule<BtState, BtOptions, BtTables> = {
  id: 'battalion',
  name: 'Battalion (rate of fire, motivation)',
  version: '0.1.0',
  description: 'An untitled battalion-level Napoleonic set: initiative each turn, sides alternating in movement, shooting and assault, rate-of-fire dice, to-hit then saves, motivation checks and fall backs, howitzer templates.',
  measure: { unit: 'in', mmPerUnit: 25.4 },
  options: { schema: optionsSchema as unknown as z.ZodType<BtOptions>, info: OPTION_INFO },
  tables: { defaults: DEFAULT_TABLES, schema: tablesSchema as unknown as z.ZodType<BtTables> },
  validateSetup: (setup) => validateSetup(setup),
  setup: setupBattalion,
  sequence: SEQUENCE,
  commands: { chooseFirst, moveUnit, changeFormation, moveCommander, sendAdjutant, shoot, assignHit, assault, react: reactCommand },
  legalCommands: btLegal,
  ai: { determinise: btDeterminise, evaluate: btEvaluate, metrics: btMetrics, scripts: btScripts },
  describeEvent: (e, names) => describeBtEvent(e, names),
  describeCommand: (_s, c, names) => (names ? describeBtCommand(c, names) : undefined),
  table: btTable,
  tally: btTally,
  victory,
  atTurnLimit,
  invariants: (s) => {
    const out: string[] = [];
    for (const u of s.battle.units) {
      if (u.stands.length === 0) out.push(`${u.id} has no stands`);
      if (!s.ruleset.units[u.id]) out.push(`${u.id} has no battalion state`);
    }
    const p = s.ruleset.pending;
    if (p && p.kind === 'hits' && p.assigned.length >= p.hits) out.push('a hits choice is complete but still pending');
    return out;
  },
};
