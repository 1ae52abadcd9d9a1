/**
 * The published JSON Schema of scenario files, generated from the zod schema (the single
 * source of truth). `npm run schema` writes scenarios/scenario.schema.json; a test checks the
 * committed file is up to date.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { z } from 'zod';
import { ScenarioSchema } from '../scenario/schema';

export const SCHEMA_PATH = 'scenarios/scenario.schema.json';

/** The schema as a file author writes (input side: defaults make fields optional). */
export function scenarioJsonSchema(): string {
  const schema = z.toJSONSchema(ScenarioSchema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  const withMeta = {
    ...schema,
    $id: 'https://vedette.invalid/scenario.schema.json',
    title: 'Vedette scenario file, version 1',
    description: 'A battle for Vedette: table, terrain, sides, command tree, generals, units and stands (millimetres; angles in degrees clockwise from +x, y down). Generated from src/scenario/schema.ts by `npm run schema`; do not edit.',
  };
  return `${JSON.stringify(withMeta, null, 2)}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), '../../..');
  writeFileSync(resolve(root, SCHEMA_PATH), scenarioJsonSchema());
  console.log(`wrote ${SCHEMA_PATH}`);
}
