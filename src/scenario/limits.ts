/**
 * The bounds of a Vedette file. Whatever a file says, loading it takes bounded time and
 * memory: every count, size, length and depth below is checked before anything is built from
 * the file, and a file past one is refused with a problem that names the limit.
 *
 * - `tableMarginMm`: terrain, lines, crests and deployment zones may run up to this far past
 *   the table's edges (a road leaving the table), no further; stands and generals stand on
 *   the table itself. Sight and terrain grids are built over the table plus this margin, so a
 *   vertex a hundred kilometres away cannot make them huge.
 * - Stands are 5 to 500 mm a side, and no two stands overlap (not even two of one unit): a
 *   table holds only so many stands, which is what keeps the overlap check linear.
 */
import { isPrototypeName, jsonPath } from '../engine/ids';
import type { InputProblem } from './errors';

export const LIMITS = {
  /** A scenario or house-rules file, in characters of JSON text (about 10 MB). */
  scenarioChars: 10 * 1024 * 1024,
  /** A save (the scenario, its log and the rest), in characters (about 64 MB). */
  saveChars: 64 * 1024 * 1024,
  /** Values (objects, arrays, strings, numbers…) in one file. */
  nodes: 5_000_000,
  /** How deep objects and arrays may nest anywhere in a scenario (`extra`, `rulesetFields` included). */
  depth: 32,
  /** A save holds its scenario one level down, so that any scenario accepted can be saved. */
  saveDepth: 34,
  /** Characters in any one string. */
  stringChars: 10_000,
  /** Fields in any one object. */
  keys: 10_000,
  units: 2_000,
  standsPerUnit: 200,
  /** Stands of all units together (ten times the biggest battle the renderer is measured on). */
  stands: 10_000,
  generals: 1_000,
  formations: 5_000,
  terrain: 5_000,
  /** Vertices of one polygon, line or crest. */
  vertices: 10_000,
  /** Vertices of all terrain and deployment zones together. */
  totalVertices: 200_000,
  rulesets: 16,
  victory: 100,
  tableMarginMm: 300,
  standMinMm: 5,
  standMaxMm: 500,
  /** Widest road or river (a line's `widthMm`). */
  lineWidthMm: 1_000,
  /** Problems reported for one file: the first this many, then one line saying how many more. */
  problems: 100,
} as const;

const MB = (chars: number) => `${(chars / (1024 * 1024)).toFixed(1)} MB`;

/** A file's text past `maxChars` is refused before it is parsed. */
export function tooLong(text: string, maxChars: number, what: string): InputProblem | undefined {
  return text.length > maxChars ? { path: '$', message: `this ${what} is ${MB(text.length)}; the limit is ${MB(maxChars)}.` } : undefined;
}

/** A path kept as a chain (one small object per container, not an array per value). */
interface At {
  readonly up: At | undefined;
  readonly key: PropertyKey;
}
function pathOf(at: At | undefined, last?: PropertyKey): string {
  const parts: PropertyKey[] = last === undefined ? [] : [last];
  for (let a = at; a; a = a.up) parts.push(a.key);
  return jsonPath(parts.reverse());
}

/**
 * Walk a parsed file once, without recursion, before any schema sees it: its size in values,
 * its nesting depth, the length of each string, the fields of each object, and no key that is
 * a name `Object.prototype` has. A limit of size or depth stops the walk with one problem
 * naming it.
 */
export function checkShape(data: unknown, maxDepth: number = LIMITS.depth): InputProblem[] {
  const problems: InputProblem[] = [];
  const stack: [object, number, At | undefined][] = [];
  let nodes = 0;
  const visit = (v: unknown, depth: number, at: At | undefined, key: PropertyKey | undefined): string | undefined => {
    if (++nodes > LIMITS.nodes) return `the file holds more than ${LIMITS.nodes.toLocaleString('en')} values (the limit).`;
    if (typeof v === 'string') {
      if (v.length > LIMITS.stringChars) problems.push({ path: pathOf(at, key), message: `this text is ${v.length.toLocaleString('en')} characters long; the limit is ${LIMITS.stringChars.toLocaleString('en')}.` });
    } else if (v !== null && typeof v === 'object') {
      if (depth > maxDepth) return `this is nested more than ${maxDepth} levels deep (the limit).`;
      stack.push([v, depth, key === undefined ? at : { up: at, key }]);
    }
    return undefined;
  };
  const stop = visit(data, 0, undefined, undefined);
  if (stop) return [{ path: '$', message: stop }];
  while (stack.length > 0 && problems.length <= LIMITS.problems) {
    const [v, depth, at] = stack.pop()!;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const s = visit(v[i], depth + 1, at, i);
        if (s) return [{ path: pathOf(at, i), message: s }];
      }
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > LIMITS.keys) return [{ path: pathOf(at), message: `this object has ${keys.length.toLocaleString('en')} fields; the limit is ${LIMITS.keys.toLocaleString('en')}.` }];
    for (const k of keys) {
      if (isPrototypeName(k)) {
        problems.push({ path: pathOf(at, k), message: `"${k}" cannot be a field name: it is a name every JavaScript object already has.` });
        continue;
      }
      const s = visit((v as Record<string, unknown>)[k], depth + 1, at, k);
      if (s) return [{ path: pathOf(at, k), message: s }];
    }
  }
  return problems;
}

/**
 * How deep the JSON text nests, read from the text without parsing it (a parser's recursion
 * would be the first thing a file nested a million deep breaks). Returns the character offset
 * where the limit is passed, or -1.
 */
export function nestingPastLimit(text: string, limit: number = LIMITS.depth): number {
  let depth = 0;
  let inString = false;
  // One plain pass over the characters. (Jumping through strings with indexOf was tried: after a
  // process had scanned smaller files, V8 ran it on a 5.6 MB save in 160 s instead of 60 ms.)
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit + 1) return i;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return -1;
}

const arr = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);
const field = (v: unknown, k: string): unknown => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined);

/**
 * The counts of a scenario, read from the raw file before the schema parses it (the schema
 * would otherwise build every one of a million points first): units, stands in all, terrain
 * features, formations, generals, vertices in all.
 */
export function checkScenarioCounts(data: unknown): InputProblem[] {
  const out: InputProblem[] = [];
  const count = (key: string, max: number, what: string) => {
    const n = arr(field(data, key)).length;
    if (n > max) out.push({ path: jsonPath([key]), message: `the file has ${n.toLocaleString('en')} ${what}; the limit is ${max.toLocaleString('en')}.` });
  };
  count('units', LIMITS.units, 'units');
  count('terrain', LIMITS.terrain, 'terrain features');
  count('formations', LIMITS.formations, 'formations');
  count('generals', LIMITS.generals, 'generals');
  count('rulesets', LIMITS.rulesets, 'rulesets listed');
  count('victory', LIMITS.victory, 'victory conditions');
  if (out.length > 0) return out;
  const stands = arr(field(data, 'units')).reduce<number>((a, u) => a + arr(field(u, 'stands')).length, 0);
  if (stands > LIMITS.stands) out.push({ path: '$.units', message: `the units have ${stands.toLocaleString('en')} stands in all; the limit is ${LIMITS.stands.toLocaleString('en')}.` });
  let vertices = 0;
  for (const t of arr(field(data, 'terrain'))) vertices += arr(field(t, 'polygon')).length + arr(field(t, 'line')).length + arr(field(t, 'crest')).length;
  for (const sd of arr(field(data, 'sides'))) vertices += arr(field(sd, 'deploymentZone')).length;
  if (vertices > LIMITS.totalVertices) out.push({ path: '$.terrain', message: `the terrain and zones have ${vertices.toLocaleString('en')} points in all; the limit is ${LIMITS.totalVertices.toLocaleString('en')}.` });
  return out;
}

/** The first `LIMITS.problems` problems, then one line saying how many more there were. */
export function capProblems(problems: readonly InputProblem[]): InputProblem[] {
  if (problems.length <= LIMITS.problems) return [...problems];
  return [...problems.slice(0, LIMITS.problems), { path: '$', message: `…and ${(problems.length - LIMITS.problems).toLocaleString('en')} more problems.` }];
}
