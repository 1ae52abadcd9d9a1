/**
 * `vedette`, the headless commander: play, replay, validate. Input and output go through an
 * `Io` so tests can run commands in-process; main.ts wires it to the real process.
 * Exit status: 0 done, 1 bad input (a broken file, a refused script command), 2 bad usage.
 */
import { randomBytes } from 'node:crypto';
import { Command as Cli, CommanderError } from 'commander';
import { isKey, keyFromBytes } from '../engine/seed';
import { isRejection, type AnyEvent, type Command } from '../engine/command';
import { createGame } from '../engine/game';
import { stateHash } from '../engine/hash';
import { commandLog, currentState, play, startHistory, type History } from '../engine/history';
import type { BattleSetup } from '../engine/model';
import type { AnyRuleset } from '../engine/ruleset';
import { describePosition } from '../engine/sequence';
import { playRandom } from '../ai/randomPlayer';
import { makeSampler, playerSeed } from '../ai/sampler';
import { isPlayerKind, makePlayer, PLAYER_KINDS, type PlayerKind } from '../ai/players';
import { playBattle } from '../ai/player';
import { RULESETS } from '../rules/registry';
import { victorySentence, withSideNames } from '../rules/words';
import { PLAYER_KINDS as BATCH_PLAYERS } from '../ai/batch/players';
import { simulateCommand, type SimulateOpts } from './simulate';
import { reportCommand } from './report';
import { battleReportCommand } from './battleReport';
import { describeProblems, parseJsonText, type InputProblem } from '../scenario/errors';
import { loadHouseRulesText, type HouseRulesFile } from '../scenario/houseRules';
import { loadScenario } from '../scenario/load';
import { loadSaveText, makeSave } from '../scenario/save';
import { validateText } from '../scenario/validate';

export interface Io {
  out(line: string): void;
  err(line: string): void;
  readFile(path: string): string;
  writeFile(path: string, text: string): void;
  /** Load extra ruleset modules (development and tests: `--with-ruleset <module>`). */
  importRulesets?(path: string): Promise<AnyRuleset[]>;
  /** Append to a file (a batch writes its battles as they finish). */
  appendFile?(path: string, text: string): void;
  /** Replace a file whole, atomically (a resumed batch is rewritten in index order). */
  replaceFile?(path: string, text: string): void;
  /** Fires on Ctrl-C: a batch stops and keeps its finished battles. */
  signal?: AbortSignal;
  /** A terminal for progress bars; without one, progress is plain lines on `err`. */
  terminal?: NodeJS.WritableStream;
  /** Called after each battle of a batch (battles done, battles in this shard). */
  onBattle?(done: number, total: number): void;
}

export class Exit extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

export const fail = (code: number, message: string): never => {
  throw new Exit(code, message);
};

export function readText(io: Io, path: string, what: string): string {
  try {
    return io.readFile(path);
  } catch (e) {
    return fail(1, `Cannot read the ${what} "${path}": ${e instanceof Error ? e.message : String(e)}`);
  }
}

export const problemsText = (file: string, problems: readonly InputProblem[]) => `${file} is not valid:\n${describeProblems(problems, 20).replace(/^/gm, '  ')}`;

function countOption(name: string, min = 1) {
  return (v: string): number => {
    if (!/^\d{1,7}$/.test(v) || Number(v) < min) throw new Exit(2, `${name} takes a whole number from ${min} to 9999999, not "${v}".`);
    return Number(v);
  };
}

export function parseSeed(v: string): number {
  if (!/^\d{1,10}$/.test(v) || Number(v) > 0xffffffff) throw new Exit(2, `--seed takes a whole number from 0 to 4294967295, not "${v}".`);
  return Number(v);
}

/** `--key`: 32 hex digits, or "random" for 16 bytes from node:crypto (engine seed.ts, seeding 4). */
export function parseKey(v: string): string {
  if (v === 'random') return keyFromBytes(randomBytes(16));
  const k = v.toLowerCase();
  if (!isKey(k)) throw new Exit(2, `--key takes 32 hexadecimal digits or "random", not "${v}".`);
  return k;
}

/** `--auto scripted` (every side) or `--auto fr=search,au=scripted` (per side; sides not named play scripted). */
function parseAuto(v: string): { every?: PlayerKind; bySide: Record<string, PlayerKind> } {
  const kind = (k: string): PlayerKind => (isPlayerKind(k) ? k : fail(2, `--auto knows ${PLAYER_KINDS.join(', ')}, not "${k}".`));
  if (!v.includes('=')) return { every: kind(v), bySide: {} };
  const bySide: Record<string, PlayerKind> = {};
  for (const part of v.split(',')) {
    const [side, k] = part.split('=');
    if (!side || k === undefined) fail(2, `--auto takes a player or side=player pairs separated by commas, not "${v}".`);
    bySide[side!] = kind(k!);
  }
  return { bySide };
}

function parseBudget(v: string): number {
  if (!/^\d{1,6}$/.test(v) || Number(v) < 1) throw new Exit(2, `--budget takes whole milliseconds (1 or more), not "${v}".`);
  return Number(v);
}

function parseTurns(v: string): number {
  if (!/^\d{1,4}$/.test(v) || Number(v) < 1) throw new Exit(2, `--turns takes a whole number of turns (1 or more), not "${v}".`);
  return Number(v);
}

interface PlayOpts {
  ruleset?: string;
  seed: number;
  key?: string;
  script?: string;
  auto?: string;
  budget?: number;
  turns?: number;
  events?: boolean;
  save?: string;
  options?: string;
  houseRules?: string;
}

function eventLines(io: Io, events: readonly AnyEvent[], at: number): void {
  for (const e of events) io.out(JSON.stringify({ at, ...e }));
}

function summary(io: Io, module: AnyRuleset, h: History, title: string, seed: number, stoppedNote?: string): void {
  const s = currentState(h);
  const say = (line: string) => io.err(line);
  const rolls = s.dice.rolls;
  say(`${module.name} · "${title}" · seed ${seed}`);
  say(`Commands: ${h.entries.length} · dice rolls: ${rolls} · turn reached: ${s.position.turn}`);
  if (s.result) {
    const r = s.result;
    const winner = r.winner ? (s.battle.sides.find((x) => x.id === r.winner)?.name ?? r.winner) : undefined;
    const loser = r.level === 'concession' ? s.battle.sides.find((x) => x.id !== r.winner)?.name : undefined;
    if (winner && loser !== undefined) say(`Result: ${victorySentence(winner, r.level, false, loser)}.`);
    else say(`Result: ${winner ? victorySentence(winner, r.level) : r.level}. ${withSideNames(r.reason, s.battle.sides)}${r.rule ? ` (${r.rule})` : ''}`);
  } else {
    say(`No result yet${stoppedNote ? ` (${stoppedNote})` : ''}. Stands at: ${describePosition(module, s)}`);
  }
  say(`State hash: ${stateHash(s)}`);
}

/** Is this a save file ("format": "vedette-save")? False when it cannot be read (the command then says why). */
function isSaveFile(io: Io, path: string): boolean {
  try {
    return (JSON.parse(io.readFile(path)) as { format?: unknown } | null)?.format === 'vedette-save';
  } catch {
    return false;
  }
}

export async function rulesetsFor(io: Io, extra: readonly string[]): Promise<AnyRuleset[]> {
  const out = [...RULESETS];
  for (const p of extra) {
    if (!io.importRulesets) fail(2, '--with-ruleset is not available here.');
    const mods = await io.importRulesets!(p).catch((e: unknown) => fail(1, `Cannot load rulesets from "${p}": ${e instanceof Error ? e.message : String(e)}`));
    if (mods.length === 0) fail(1, `"${p}" exports no ruleset module.`);
    for (const m of mods) if (!out.some((r) => r.id === m.id)) out.push(m);
  }
  return out;
}

export interface GameInputs {
  readonly module: AnyRuleset;
  readonly setup: BattleSetup;
  /** The scenario file's JSON as read. */
  readonly scenario: unknown;
  readonly scenarioText: string;
  readonly options: Record<string, unknown>;
  readonly houseRules?: HouseRulesFile;
  readonly tables?: unknown;
}

/** Read and check a scenario, pick its ruleset, parse options and house rules (play, simulate). */
export async function loadInputs(io: Io, scenarioPath: string, o: { ruleset?: string; options?: string; houseRules?: string }, extra: readonly string[]): Promise<GameInputs> {
  const rulesets = await rulesetsFor(io, extra);
  const scenarioText = readText(io, scenarioPath, 'scenario');
  const parsed = parseJsonText(scenarioText);
  if (!parsed.ok) return fail(1, problemsText(scenarioPath, parsed.problems));
  const loaded = loadScenario(parsed.value);
  if (!loaded.ok) return fail(1, problemsText(scenarioPath, loaded.problems));
  const setup = loaded.value;
  const usable = setup.rulesets.filter((id) => rulesets.some((r) => r.id === id));
  let id = o.ruleset;
  if (id === undefined) {
    if (setup.rulesets.length !== 1) fail(2, `The scenario supports ${setup.rulesets.join(', ')}: choose one with --ruleset.`);
    id = setup.rulesets[0]!;
  }
  const module = rulesets.find((r) => r.id === id);
  if (!module) return fail(1, `There is no ruleset "${id}" installed (installed: ${rulesets.map((r) => r.id).join(', ') || 'none'}).`);
  if (!setup.rulesets.includes(module.id)) fail(1, `The scenario does not support "${module.id}"; it supports ${setup.rulesets.join(', ')}${usable.length ? '' : ' (none installed)'}.`);

  let options: Record<string, unknown> = {};
  if (o.options !== undefined) {
    const p = parseJsonText(o.options);
    if (!p.ok || typeof p.value !== 'object' || p.value === null || Array.isArray(p.value)) fail(2, '--options takes a JSON object, e.g. \'{"emulateD10": true}\'.');
    else options = p.value as Record<string, unknown>;
  }
  let houseRules: HouseRulesFile | undefined;
  let tables: unknown;
  if (o.houseRules !== undefined) {
    const h = loadHouseRulesText(readText(io, o.houseRules, 'house rules'), rulesets);
    if (!h.ok) return fail(1, problemsText(o.houseRules, h.problems));
    if (h.value.module.id !== module.id) fail(1, `${o.houseRules} is for "${h.value.module.id}", not "${module.id}".`);
    houseRules = h.value.file;
    tables = h.value.tables;
  }

  return { module, setup, scenario: parsed.value, scenarioText, options, ...(houseRules ? { houseRules } : {}), ...(tables !== undefined ? { tables } : {}) };
}

async function playCommand(io: Io, scenarioPath: string, o: PlayOpts, extra: readonly string[]): Promise<number> {
  if ((o.script === undefined) === (o.auto === undefined)) fail(2, 'play needs exactly one of --script <commands.json> or --auto random|scripted|search.');
  const autoKinds = o.auto !== undefined ? parseAuto(o.auto) : undefined;
  const { module, setup, scenario, options, houseRules, tables } = await loadInputs(io, scenarioPath, o, extra);
  const created = createGame(module, { setup, options, seed: o.seed, ...(o.key !== undefined ? { key: o.key } : {}), ...(tables !== undefined ? { tables } : {}) });
  if (!created.ok) return fail(1, problemsText(scenarioPath, created.problems));
  // A random key is said once, so that the battle can be replayed (it is in the save too).
  if (o.key !== undefined) io.err(`Dice key: ${o.key}`);
  if (o.events) eventLines(io, created.events, 0);
  let h = startHistory(created.state, created.events);
  let note: string | undefined;

  if (o.script !== undefined) {
    const sp = parseJsonText(readText(io, o.script, 'script'));
    if (!sp.ok) return fail(1, problemsText(o.script, sp.problems));
    const list: unknown = Array.isArray(sp.value) ? sp.value : (sp.value as { commands?: unknown } | null)?.commands;
    if (!Array.isArray(list)) return fail(1, `${o.script} is not valid:\n  $: a script is a JSON array of commands (or {"commands": [...]}).`);
    for (let i = 0; i < list.length; i++) {
      const cur = currentState(h);
      if (cur.result) {
        note = `the battle ended before command ${i + 1} of ${list.length}`;
        break;
      }
      if (o.turns !== undefined && cur.position.turn > o.turns) {
        note = `stopped after turn ${o.turns}`;
        break;
      }
      const r = play(module, h, list[i] as Command);
      if (isRejection(r)) {
        summary(io, module, h, setup.title, o.seed);
        return fail(1, `Script command ${i + 1} (${JSON.stringify(list[i])}) was refused [${r.code}]: ${r.message} (${r.rule})`);
      }
      h = r.history;
      if (o.events) eventLines(io, r.applied.events, h.entries.length);
    }
  } else if (autoKinds && !(autoKinds.every === 'random' && Object.keys(autoKinds.bySide).length === 0)) {
    // The AI players (src/ai players.ts), each side its own; the search player thinks on the wall clock.
    const sides = currentState(h).battle.sides.map((x) => x.id);
    for (const named of Object.keys(autoKinds.bySide)) if (!sides.includes(named)) fail(2, `--auto names side "${named}", but the sides are ${sides.join(', ')}.`);
    const clock = { now: () => performance.now() };
    const players = Object.fromEntries(sides.map((side, i) => [side, makePlayer(autoKinds.bySide[side] ?? autoKinds.every ?? 'scripted', { seed: playerSeed(o.seed, i), clock, ...(o.budget !== undefined ? { budgetMs: o.budget } : {}) })]));
    let at = 0;
    const game = playBattle(module, h, players, {
      ...(o.turns !== undefined ? { maxTurns: o.turns } : {}),
      maxCommands: 200_000,
      ...(o.events ? { onApplied: (_s: string, _c: Command, a: { events: readonly AnyEvent[] }) => eventLines(io, a.events, ++at) } : {}),
    });
    h = game.history;
    if (game.stoppedBy === 'turns') note = `stopped after turn ${o.turns}`;
    else if (game.stoppedBy !== 'result') note = `the players stopped: ${game.stoppedBy}`;
    if (game.refused.length > 0) io.err(`Warning: the rules refused ${game.refused.length} command(s) from the players: ${game.refused[0]!.rejection.message}`);
  } else {
    const sampler = makeSampler(playerSeed(o.seed));
    let at = 0;
    const game = playRandom(module, h, sampler, {
      ...(o.turns !== undefined ? { maxTurns: o.turns } : {}),
      maxCommands: 200_000,
      ...(o.events ? { onApplied: (_c: Command, a: { events: readonly AnyEvent[] }) => eventLines(io, a.events, ++at) } : {}),
    });
    h = game.history;
    if (game.stoppedBy === 'turns') note = `stopped after turn ${o.turns}`;
    else if (game.stoppedBy !== 'result') note = `the random player stopped: ${game.stoppedBy}`;
    if (game.internalErrors.length > 0) io.err(`Warning: the ruleset failed ${game.internalErrors.length} time(s): ${game.internalErrors[0]!.message}`);
  }
  if (o.save !== undefined) {
    const file = makeSave({ module, scenario, options, ...(houseRules ? { houseRules } : {}), seed: o.seed, log: commandLog(h), state: currentState(h) });
    try {
      io.writeFile(o.save, `${JSON.stringify(file, null, 1)}\n`);
    } catch (e) {
      return fail(1, `Cannot write the save "${o.save}": ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  summary(io, module, h, setup.title, o.seed, note);
  if (o.save !== undefined) io.err(`Saved to ${o.save}`);
  return 0;
}

async function replayCommand(io: Io, path: string, o: { events?: boolean }, extra: readonly string[]): Promise<number> {
  const rulesets = await rulesetsFor(io, extra);
  const r = loadSaveText(readText(io, path, 'save'), rulesets);
  if (!r.ok) return fail(1, problemsText(path, r.problems));
  const { history, module, setup, save } = r.value;
  if (o.events) {
    eventLines(io, history.initialEvents, 0);
    history.entries.forEach((e, i) => eventLines(io, e.events, i + 1));
  }
  summary(io, module, history, setup.title, save.seed);
  io.out(r.value.hash);
  return 0;
}

async function validateCommand(io: Io, path: string, extra: readonly string[]): Promise<number> {
  const rulesets = await rulesetsFor(io, extra);
  const v = validateText(readText(io, path, 'file'), rulesets);
  for (const n of v.notes) io.err(`Note: ${n}`);
  if (!v.ok) return fail(1, problemsText(path, v.problems));
  io.out(`${path}: valid ${v.kind}${v.summary ? ` — ${v.summary}` : ''}`);
  return 0;
}

/** Run the CLI with `args` (without node and script). Resolves to the exit status. */
export async function runCli(args: readonly string[], io: Io): Promise<number> {
  const program = new Cli('vedette')
    .description('Vedette, headless: play, replay and validate battles.')
    .option('--with-ruleset <module>', 'load an extra ruleset module (development and tests)', (v: string, prev: string[]) => [...prev, v], [] as string[])
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
  let status = 0;
  const extra = () => program.opts<{ withRuleset: string[] }>().withRuleset;
  program
    .command('play')
    .description('play a battle and print a summary with the result')
    .argument('<scenario>', 'scenario file (JSON)')
    .option('--ruleset <id>', 'ruleset to play (optional when the scenario supports one)')
    .requiredOption('--seed <n>', 'seed, 0..4294967295: the dice key is derived from it (the same seed gives the same battle) unless --key is given; it also seeds the built-in players', parseSeed)
    .option('--key <hex>', 'the dice\'s secret key: 32 hex digits, or "random" for a fresh one from the system\'s random source', parseKey)
    .option('--script <commands>', 'JSON array of commands to apply in order')
    .option('--auto <player>', 'let built-in players command the sides: "random", "scripted" or "search" for both, or per side "fr=search,au=scripted"')
    .option('--budget <ms>', 'thinking time of the search player per decision, in milliseconds (default 100)', parseBudget)
    .option('--turns <n>', 'stop when this many turns have been played', parseTurns)
    .option('--events', 'print the event log as JSON lines on stdout (the summary goes to stderr)')
    .option('--save <file>', 'write a save file at the end')
    .option('--options <json>', 'ruleset options as a JSON object')
    .option('--house-rules <file>', 'house-rules file overriding tables')
    .action(async (scenario: string, o: PlayOpts) => {
      status = await playCommand(io, scenario, o, extra());
    });
  program
    .command('simulate')
    .description('play a batch of battles headless and write one JSON line per battle')
    .argument('<scenario>', 'scenario file (JSON)')
    .option('--ruleset <id>', 'ruleset to play (optional when the scenario supports one)')
    .option('-n, --battles <n>', 'battles in the batch (all shards)', countOption('--battles'), 100)
    .option('--seed <n>', 'master seed, 0..4294967295: each battle\'s seed is derived from it', parseSeed, 1)
    .option('--players <a[,b]>', `players for the first and second side: ${BATCH_PLAYERS.join(', ')} (search@n: n playouts a decision)`, 'random')
    .option('--workers <n>', 'worker threads (default: one per core; 0 plays in this thread)', countOption('--workers', 0))
    .option('--out <file>', 'write the batch here (default: standard output)')
    .option('--resume', 'continue the batch in --out after an interruption')
    .option('--shard <i/n>', 'play only the i-th of n disjoint slices of the batch (for many machines)')
    .option('--options <json>', 'ruleset options as a JSON object')
    .option('--house-rules <file>', 'house-rules file overriding tables')
    .option('--report <file>', 'when the batch is complete, write its balance report (.html: the page with charts; else text)')
    .action(async (scenario: string, o: SimulateOpts) => {
      status = (await simulateCommand(io, scenario, o, extra())).status;
    });
  program
    .command('report')
    .description('a battle report of a save (report <save> --out report.html), or the balance report of a batch (report <scenario> <batches…>)')
    .argument('<file>', 'a save file, or the scenario file a batch was played on')
    .argument('[batches...]', 'batch files (JSON lines from simulate), for a balance report')
    .option('--out <file>', 'battle report: write the self-contained HTML page here')
    .option('--viewer <side>', 'battle report: as one side saw the battle (default both, once the battle is over)')
    .option('--html <file>', 'also write the report as a self-contained HTML page with charts')
    .action(async (file: string, batches: string[], o: { html?: string; out?: string; viewer?: string }) => {
      // A save and no batches: the battle report; otherwise the balance report of a batch.
      status = batches.length === 0 && isSaveFile(io, file) ? await battleReportCommand(io, file, o, extra()) : await reportCommand(io, file, batches, o, extra());
    });
  program
    .command('replay')
    .description('replay a save, verify its state hash, print the final hash')
    .argument('<save>', 'save file (JSON)')
    .option('--events', 'print the event log as JSON lines')
    .action(async (path: string, o: { events?: boolean }) => {
      status = await replayCommand(io, path, o, extra());
    });
  program
    .command('validate')
    .description('check a scenario, save or house-rules file')
    .argument('<file>', 'file to check (JSON)')
    .action(async (path: string) => {
      status = await validateCommand(io, path, extra());
    });
  try {
    await program.parseAsync([...args], { from: 'user' });
    return status;
  } catch (e) {
    if (e instanceof Exit) {
      io.err(e.message);
      return e.code;
    }
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    io.err(`Unexpected failure: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return 70;
  }
}
