/**
 * Death or Glory! (Dominic Goh), Napoleonic rules for division / corps battles, as a
 * RulesetModule. Wiring only: each rule lives where the text puts it (sequence/, command/ for
 * orders, messengers and rally, movement/, charge/, fire/, melee/, morale/, setup/), tables as
 * data in tables/, readings and house values in RULINGS.md. Written orders and what messengers
 * carry are hidden from the other side (`view`), not even counted.
 */
import type { z } from 'zod';
import type { RulesetModule } from '../../engine/ruleset';
import type { DogState } from './state';
import { optionsSchema, OPTION_INFO, type DogOptions } from './options';
import { tablesSchema, DEFAULT_TABLES, type DogTables } from './tables';
import { SEQUENCE } from './sequence/turn';
import { writeOrder } from './command/orders';
import { moveUnit, changeFormation, moveGeneral, refuseFlank, refaceBattery } from './movement/commands';
import { declareCharge, reactToCharge } from './charge/charges';
import { fire } from './fire/fire';
import { reinforceMelee } from './melee/reinforce';
import { setupDog, validateSetup } from './setup/setup';
import { victory, atTurnLimit } from './victory';
import { dogLegal } from './ai/legal';
import { dogScripts } from './ai/scripts';
import { dogEvaluate } from './ai/evaluate';
import { dogMetrics } from './ai/metrics';
import { dogDeterminise } from './ai/determinise';
import { dogTable } from './table/table';
import { describeDogEvent, describeDogTable } from './logText';
import { idRecord } from '../../engine/ids';

/** What `viewer` may see: its own brigades' orders only; the other side's messengers without what they carry. */
export function dogView(rs: DogState, viewer: string): DogState {
  return {
    ...rs,
    orders: idRecord(Object.entries(rs.orders).filter(([, o]) => o.side === viewer)),
    messengers: rs.messengers.map((m) => (m.side === viewer ? m : { id: m.id, side: m.side, brigade: m.brigade, at: m.at, sent: m.sent })),
  };
}

export const deathOrGlory: RulesetModule<DogState, DogOptions, DogTables> = {
  id: 'death-or-glory',
  name: 'Death or Glory!',
  version: '0.1.0',
  description: 'Napoleonic rules for division and corps battles (Dominic Goh): written orders carried by messengers, percentage morale, casualty charts by figures firing, fatigue, control tests, nationality tables. 1 mm = 1 m.',
  measure: { unit: 'mm', mmPerUnit: 1 },
  options: { schema: optionsSchema as unknown as z.ZodType<DogOptions>, info: OPTION_INFO },
  tables: { defaults: DEFAULT_TABLES, schema: tablesSchema as unknown as z.ZodType<DogTables> },
  validateSetup: (setup) => validateSetup(setup),
  setup: setupDog,
  sequence: SEQUENCE,
  commands: { writeOrder, moveUnit, changeFormation, refuseFlank, refaceBattery, moveGeneral, reinforceMelee, declareCharge, reactToCharge, fire },
  legalCommands: dogLegal,
  ai: { determinise: dogDeterminise, evaluate: dogEvaluate, metrics: dogMetrics, scripts: dogScripts },
  view: (state, viewer) => ({ battle: state.battle, ruleset: dogView(state.ruleset, viewer) }),
  describeEvent: (e, names) => describeDogEvent(e, names),
  describeTable: describeDogTable,
  table: dogTable,
  victory,
  atTurnLimit,
  invariants: (s) => {
    const out: string[] = [];
    for (const u of s.battle.units) {
      if (u.stands.length === 0) out.push(`${u.id} has no stands`);
      if (!s.ruleset.units[u.id]) out.push(`${u.id} has no Death or Glory! state`);
      if (u.stands.some((st) => (st.figures ?? 0) <= 0)) out.push(`${u.id} has a stand with no figures`);
      const st = s.ruleset.units[u.id];
      if (st && st.menLost < 0) out.push(`${u.id} has negative casualties`);
    }
    for (const m of s.ruleset.melees) if (!s.battle.units.some((u) => u.id === m.a) || !s.battle.units.some((u) => u.id === m.b)) out.push(`a melee names a unit no longer on the table (${m.a}, ${m.b})`);
    return out;
  },
};
