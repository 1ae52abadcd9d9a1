/**
 * Entry point: `npm run cli -- <command>` or the `vedette` bin (bin/vedette.mjs).
 * See src/cli/README.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyRuleset } from '../engine/ruleset';
import { runCli } from './program';

const isRuleset = (x: unknown): x is AnyRuleset => {
  const m = x as Partial<AnyRuleset> | null;
  return typeof m === 'object' && m !== null && typeof m.id === 'string' && typeof m.setup === 'function' && typeof m.legalCommands === 'function' && Array.isArray(m.sequence?.phases);
};

const code = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readFile: (path) => readFileSync(path, 'utf8'),
  writeFile: (path, text) => writeFileSync(path, text),
  importRulesets: async (path) => {
    const mod = (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
    return [...new Set(Object.values(mod).filter(isRuleset))];
  },
});
process.exitCode = code;
