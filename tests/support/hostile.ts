/**
 * A generator of hostile Vedette files: the shapes an adversary tries (far vertices, ids that
 * are names every object has, deep nesting, stacked stands, duplicate lists, huge logs, a
 * byte-order mark, tiny and huge bases, tampered saves…), each built from a real scenario or
 * save, plus harmless variations that must stay playable. `hostileFile(i)` is deterministic:
 * file i is the same on every run. `judge(file)` validates it as the app does and, when it is
 * accepted, plays it for 200 commands with the random player, checking the engine's invariants,
 * hashing and saving it. The corpus test runs a few hundred; `npx tsx scripts/hostile.ts`
 * runs 10,000 and prints the figures.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGame } from '../../src/engine/game';
import { currentState, startHistory, commandLog, type History } from '../../src/engine/history';
import { checkInvariants } from '../../src/engine/invariants';
import { stateHash } from '../../src/engine/hash';
import { PROTOTYPE_NAMES } from '../../src/engine/ids';
import type { AnyRuleset } from '../../src/engine/ruleset';
import { playRandom } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import { RULESETS, findRuleset } from '../../src/rules/registry';
import { loadScenarioText } from '../../src/scenario/load';
import { loadSaveText, makeSave } from '../../src/scenario/save';
import { validateText, type FileKind } from '../../src/scenario/validate';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const BASES = ['default.json', 'napoleonic-warfare-eckmuhl-ridge.json', 'seven-years-war-kolin-ridge.json'].map((f) => ({
  file: f,
  text: readFileSync(join(ROOT, 'scenarios', f), 'utf8'),
}));

/** mulberry32: a small deterministic generator for the corpus. */
function rng(seed: number): { n: (k: number) => number; f: () => number; pick: <T>(xs: readonly T[]) => T } {
  let a = seed >>> 0;
  const f = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { f, n: (k) => Math.floor(f() * k), pick: (xs) => xs[Math.floor(f() * xs.length)]! };
}

const PROTO = [...PROTOTYPE_NAMES];
const FAR = [1e3, 5e3, 1e5, 1e8, 1e15, 1e300, -1e8, -500, 2e4];

/**
 * A value nested `depth` deep. Past 1,000 levels it is a placeholder string, swapped for the
 * nested JSON text when the file is written (`JSON.stringify` itself overflows the stack there).
 */
function deep(depth: number, leaf: unknown = 1): unknown {
  if (depth > 1000) return `@@DEEP:${depth}@@`;
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}
const write = (d: unknown): string =>
  JSON.stringify(d).replace(/"@@DEEP:(\d+)@@"/g, (_m, n: string) => {
    const k = Math.floor(Number(n) / 2);
    return '{"a":['.repeat(k) + '1' + ']}'.repeat(k);
  });

/** Build a save of a short random game on a base scenario (cached per base and seed). */
const saveCache = new Map<string, Doc>();
function baseSave(b: (typeof BASES)[number], seed: number): Doc {
  const key = `${b.file}/${seed}`;
  const hit = saveCache.get(key);
  if (hit) return JSON.parse(JSON.stringify(hit)) as Doc;
  const doc = JSON.parse(b.text) as Doc;
  const module = findRuleset(doc.rulesets[0])!;
  const l = loadScenarioText(b.text);
  if (!l.ok) throw new Error(`base ${b.file} does not load`);
  const g = createGame(module, { setup: l.value, seed });
  if (!g.ok) throw new Error(`base ${b.file} does not start`);
  const game = playRandom(module, startHistory(g.state, g.events), makeSampler(seed), { maxCommands: 40 });
  const save = makeSave({ module, scenario: doc, seed, log: commandLog(game.history), state: currentState(game.history) }) as unknown as Doc;
  saveCache.set(key, save);
  return JSON.parse(JSON.stringify(save)) as Doc;
}

export interface HostileFile {
  readonly i: number;
  readonly shape: string;
  readonly text: string;
}

type Shaper = (d: Doc, r: ReturnType<typeof rng>) => void;

/** Scenario shapes: each changes a parsed scenario in place. */
const SCENARIO_SHAPES: Record<string, Shaper> = {
  farVertex: (d, r) => {
    const t: Doc[] = d.terrain.filter((x: Doc) => x.polygon || x.line);
    if (t.length === 0) return;
    const f = r.pick(t);
    const pts = f.polygon ?? f.line;
    const k = r.n(pts.length);
    pts[k] = r.f() < 0.5 ? [pts[k][0], r.pick(FAR)] : [r.pick(FAR), pts[k][1]];
  },
  farZone: (d, r) => {
    d.sides[r.n(2)].deploymentZone = [[0, 0], [r.pick(FAR), 0], [0, r.pick(FAR)]];
  },
  protoId: (d, r) => {
    const name = r.pick(PROTO);
    const where = r.n(7);
    if (where === 0) d.units[r.n(d.units.length)].id = name;
    else if (where === 1) d.units[r.n(d.units.length)].stands[0].id = name;
    else if (where === 2) d.formations[r.n(d.formations.length)].id = name;
    else if (where === 3 && d.generals.length) d.generals[r.n(d.generals.length)].id = name;
    else if (where === 4) d.sides[r.n(2)].id = name;
    else if (where === 5) d.units[r.n(d.units.length)].parent = name;
    else if (d.terrain.length) d.terrain[0].id = name;
    else d.units[0].side = name;
  },
  protoKey: (d, r) => {
    const name = r.pick(PROTO);
    const where = r.n(3);
    if (where === 0) d.units[r.n(d.units.length)].extra = { ...(d.units[0].extra ?? {}), [name]: { x: 1 } };
    else if (where === 1) d.rulesetFields = { ...(d.rulesetFields ?? {}), [name]: {} };
    else d[name] = 1;
  },
  deepNesting: (d, r) => {
    const depth = r.pick([8, 20, 31, 33, 40, 200, 2200, 20_000]);
    if (r.f() < 0.5) d.units[r.n(d.units.length)].extra = { deep: deep(depth) };
    else d.rulesetFields = { ...(d.rulesetFields ?? {}), deep: deep(depth) };
  },
  stackedStands: (d, r) => {
    const units = r.pick([2, 10, 60, 300]);
    const per = r.pick([1, 4, 50, 200]);
    const u0 = d.units[0];
    const at = { x: 100 + r.n(1500), y: 100 + r.n(1000), facingDeg: r.n(360) };
    d.units = Array.from({ length: units }, (_, i) => ({ ...u0, id: `stack${i}`, name: `Stack ${i}`, stands: Array.from({ length: per }, () => ({ widthMm: u0.stands[0].widthMm, depthMm: u0.stands[0].depthMm, at })) }));
  },
  duplicateRulesets: (d, r) => {
    d.rulesets = Array.from({ length: r.pick([2, 17, 1000, 100_000]) }, () => d.rulesets[0]);
  },
  duplicateUnits: (d, r) => {
    const u = d.units[r.n(d.units.length)];
    d.units.push(JSON.parse(JSON.stringify(u)));
  },
  generalStandId: (d) => {
    if (d.generals.length) d.units[0].stands[0].id = `${d.generals[0].id}.stand`;
  },
  sywTwoGroups: (d, r) => {
    const f = d.rulesetFields?.['seven-years-war'];
    if (!f?.groups?.length) return void (d.units[0].extra = { ...(d.units[0].extra ?? {}) });
    f.groups.push({ id: `again${r.n(9)}`, units: [f.groups[0].units[0]] });
  },
  hugeString: (d, r) => {
    d.units[r.n(d.units.length)].name = 'x'.repeat(r.pick([199, 201, 10_001, 2_000_000]));
  },
  baseSize: (d, r) => {
    const s = d.units[r.n(d.units.length)].stands[0];
    s[r.f() < 0.5 ? 'widthMm' : 'depthMm'] = r.pick([1e-9, 0.5, 4.9, 501, 1e6, 1e300]);
  },
  tableSize: (d, r) => {
    d.table.widthMm = r.pick([1, 10, 20_000, 20_001, 1e300]);
  },
  manyVertices: (d, r) => {
    const n = r.pick([100, 10_001, 250_000]);
    d.terrain.push({ id: 'many', kind: 'wood', name: 'Many', polygon: Array.from({ length: n }, (_, k) => [500 + 100 * Math.cos(k), 500 + 100 * Math.sin(k)]) });
  },
  manyUnits: (d, r) => {
    const n = r.pick([2_001, 6_000]);
    const u0 = d.units[0];
    d.units = Array.from({ length: n }, (_, i) => ({ ...u0, id: `m${i}`, at: { x: 50 + (i % 40) * 40, y: 50 + Math.floor(i / 40) * 20, facingDeg: 0 } }));
  },
  wideObject: (d, r) => {
    d.units[r.n(d.units.length)].extra = Object.fromEntries(Array.from({ length: r.pick([100, 10_001]) }, (_, k) => [`k${k}`, k]));
  },
  // Harmless variations: these must be accepted and play.
  nudgeUnits: (d, r) => {
    for (const u of d.units) if (r.f() < 0.3) u.name = `${u.name} (${r.n(100)})`;
    d.title = `${d.title} — variant ${r.n(1000)}`;
  },
  moveUnits: (d, r) => {
    for (const u of d.units) if (r.f() < 0.3) u.at = { ...u.at, x: u.at.x + r.n(11) - 5, y: u.at.y + r.n(11) - 5 };
  },
  legalExtra: (d, r) => {
    d.units[r.n(d.units.length)].extra = { ...(d.units[0].extra ?? {}), note: deep(r.n(20), 'fine') };
  },
};

/** Text shapes: applied to the JSON text. */
const TEXT_SHAPES: Record<string, (text: string, r: ReturnType<typeof rng>) => string> = {
  bom: (t) => `\uFEFF${t}`,
  truncated: (t, r) => t.slice(0, r.n(t.length)),
  protoKeyText: (t) => `{"__proto__":{"polluted":true},${t.trimStart().slice(1)}`,
  deepText: (t, r) => {
    const n = r.pick([100, 100_000, 3_000_000]);
    return t.replace('"units"', `"zzz":${'['.repeat(n)}${']'.repeat(n)},"units"`);
  },
};

/** Save shapes: each changes a save document in place. */
const SAVE_SHAPES: Record<string, Shaper> = {
  hugeLog: (d, r) => {
    const n = r.pick([1_000, 100_000, 400_000]);
    const sides = d.scenario.sides.map((s: Doc) => s.id);
    d.log = [...d.log, ...Array.from({ length: n }, (_, i) => ({ type: r.f() < 0.9 ? 'endStep' : 'concede', side: sides[i % 2] }))];
  },
  tamperedHash: (d, r) => {
    d.hash = `fnv1a64:${r.n(0xffffffff).toString(16).padStart(16, '0')}`;
  },
  wrongSeeding: (d, r) => {
    d.seeding = r.pick([1, 2, 3, 4, 0, '3']);
  },
  protoCommand: (d, r) => {
    if (d.log.length) d.log[r.n(d.log.length)].unit = r.pick(PROTO);
  },
  deepCommand: (d, r) => {
    if (d.log.length) d.log[r.n(d.log.length)].extra = deep(r.pick([10, 40, 5000]));
  },
  badScenario: (d, r) => {
    SCENARIO_SHAPES[r.pick(['farVertex', 'protoId', 'stackedStands', 'generalStandId'])]!(d.scenario, r);
  },
  optionsProto: (d, r) => {
    d.options = { [r.pick(PROTO)]: true };
  },
  untouched: () => undefined,
};

const SHAPES = [...Object.keys(SCENARIO_SHAPES).map((k) => ['scenario', k] as const), ...Object.keys(TEXT_SHAPES).map((k) => ['text', k] as const), ...Object.keys(SAVE_SHAPES).map((k) => ['save', k] as const)];

/** Hostile file number `i` (deterministic). */
export function hostileFile(i: number): HostileFile {
  const r = rng(0x9e3779b9 ^ i);
  const [kind, shape] = SHAPES[i % SHAPES.length]!;
  const base = BASES[r.n(BASES.length)]!;
  if (kind === 'save') {
    const d = baseSave(base, 1 + r.n(3));
    SAVE_SHAPES[shape]!(d, r);
    return { i, shape: `save:${shape}`, text: write(d) };
  }
  if (kind === 'text') return { i, shape: `text:${shape}`, text: TEXT_SHAPES[shape]!(base.text, r) };
  const d = JSON.parse(base.text) as Doc;
  SCENARIO_SHAPES[shape]!(d, r);
  return { i, shape: `scenario:${shape}`, text: write(d) };
}

export interface Verdict {
  readonly outcome: 'accepted' | 'error' | 'crash';
  /** Milliseconds `validateText` took (the rest of the time is play). */
  readonly validateMs: number;
  /** Why a crash: the exception, an ill-formed problem, or what broke in play. */
  readonly detail?: string;
  readonly commandsPlayed: number;
}

const wellFormedProblems = (ps: readonly { path: string; message: string }[]): boolean => ps.length > 0 && ps.every((p) => typeof p.path === 'string' && p.path.startsWith('$') && typeof p.message === 'string' && p.message.length > 3);

/** Play an accepted game for `n` commands, checking invariants and that it hashes and saves. */
function playChecked(module: AnyRuleset, h: History, scenario: unknown, seed: number, n: number): { played: number; broke?: string } {
  const broken: string[] = [];
  let played = 0;
  const game = playRandom(module, h, makeSampler(seed), {
    maxCommands: n,
    onApplied: (_c, applied) => {
      played++;
      if (broken.length === 0) broken.push(...checkInvariants(module, applied.state));
    },
  });
  if (broken.length > 0) return { played, broke: `invariant: ${broken[0]}` };
  if (game.internalErrors.length > 0) return { played, broke: `internal error in play: ${game.internalErrors[0]!.message}` };
  const state = currentState(game.history);
  stateHash(state);
  const save = makeSave({ module, scenario, seed, log: commandLog(game.history), state });
  const back = loadSaveText(JSON.stringify(save), RULESETS);
  if (!back.ok) return { played, broke: `its own save does not load: ${back.problems[0]!.message}` };
  return { played };
}

/** A file's fingerprint: its verdict depends on its text alone (`judge`), so equal texts are judged once. */
export const textKey = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Validate a file as the app does; if accepted, play it. Never throws. The verdict is a function
 * of the text alone (the random player's seed comes from the text's fingerprint), so a caller
 * judging many files may pass `played`: an accepted text already played there is validated
 * again (its time is its own) but not played again — the play would repeat move for move.
 */
export function judge(f: HostileFile, commands = 200, clock: () => number = () => 0, played?: Map<string, Omit<Verdict, 'validateMs'>>): Verdict {
  let validateMs = 0;
  const verdict = (v: Omit<Verdict, 'validateMs'>): Verdict => ({ ...v, validateMs });
  try {
    const t0 = clock();
    const v = validateText(f.text);
    validateMs = clock() - t0;
    if (!v.ok) return wellFormedProblems(v.problems) ? verdict({ outcome: 'error', commandsPlayed: 0 }) : verdict({ outcome: 'crash', detail: `ill-formed problems: ${JSON.stringify(v.problems.slice(0, 2))}`, commandsPlayed: 0 });
    const key = played ? `${commands}:${textKey(f.text)}` : '';
    const before = played?.get(key);
    if (before) return verdict({ ...before, commandsPlayed: 0 });
    const after = playAccepted(f, v.kind, commands);
    played?.set(key, after);
    return verdict(after);
  } catch (e) {
    return verdict({ outcome: 'crash', detail: `threw: ${e instanceof Error ? e.message : String(e)}`, commandsPlayed: 0 });
  }
}

/** Play a file `validateText` accepted (`kind`), from its own text. Never throws. */
function playAccepted(f: HostileFile, kind: FileKind | undefined, commands: number): Omit<Verdict, 'validateMs'> {
  type Played = Omit<Verdict, 'validateMs'>;
  const verdict = (v: Played): Played => v;
  const seed = 1 + (parseInt(textKey(f.text).slice(0, 8), 16) % 1000);
  try {
    const text = f.text.charCodeAt(0) === 0xfeff ? f.text.slice(1) : f.text;
    const doc = JSON.parse(text) as Doc;
    if (kind === 'save') {
      const l = loadSaveText(f.text, RULESETS);
      if (!l.ok) return verdict({ outcome: 'crash', detail: 'validated save does not load', commandsPlayed: 0 });
      const p = playChecked(l.value.module, l.value.history, l.value.save.scenario, l.value.save.seed, commands);
      return verdict(p.broke ? { outcome: 'crash', detail: p.broke, commandsPlayed: p.played } : { outcome: 'accepted', commandsPlayed: p.played });
    }
    if (kind !== 'scenario') return verdict({ outcome: 'accepted', commandsPlayed: 0 });
    const l = loadScenarioText(f.text);
    if (!l.ok) return verdict({ outcome: 'crash', detail: 'validated scenario does not load', commandsPlayed: 0 });
    let played = 0;
    for (const id of l.value.rulesets) {
      const module = findRuleset(id);
      if (!module) continue;
      const g = createGame(module, { setup: l.value, seed });
      if (!g.ok) return verdict({ outcome: 'crash', detail: `validated scenario does not start: ${g.problems[0]!.message}`, commandsPlayed: played });
      const p = playChecked(module, startHistory(g.state, g.events), doc, seed, commands);
      played += p.played;
      if (p.broke) return verdict({ outcome: 'crash', detail: p.broke, commandsPlayed: played });
    }
    return verdict({ outcome: 'accepted', commandsPlayed: played });
  } catch (e) {
    return verdict({ outcome: 'crash', detail: `threw: ${e instanceof Error ? e.message : String(e)}`, commandsPlayed: 0 });
  }
}

export const SHAPE_COUNT = SHAPES.length;
