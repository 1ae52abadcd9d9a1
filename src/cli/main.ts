/**
 * Entry point: `npm run cli -- <command>` or the `vedette` bin (bin/vedette.mjs).
 * See src/cli/README.md.
 */
import { readFileSync, writeFileSync, appendFileSync, renameSync } from 'node:fs';
import { runCli } from './program';
import { importRulesets } from './rulesetImport';

// Ctrl-C asks a running batch to stop and keep what is finished; a second Ctrl-C quits at once.
const interrupt = new AbortController();
process.on('SIGINT', () => {
  if (interrupt.signal.aborted) process.exit(130);
  interrupt.abort();
});

const code = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readFile: (path) => readFileSync(path, 'utf8'),
  writeFile: (path, text) => writeFileSync(path, text),
  appendFile: (path, text) => appendFileSync(path, text),
  replaceFile: (path, text) => {
    writeFileSync(`${path}.part`, text);
    renameSync(`${path}.part`, path);
  },
  importRulesets,
  signal: interrupt.signal,
  terminal: process.stderr.isTTY ? process.stderr : undefined,
});
process.exitCode = code;
