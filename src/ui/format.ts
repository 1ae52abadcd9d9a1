/**
 * Words for the event log: a `DiceRolled` as lines a player can check against the rulebook
 * (dice, faces, every modifier with its rule, target, outcome), and any other event as a
 * sentence. Pure: names come from a `Names` lookup built from the viewer's view, so nothing
 * here can show what the viewer may not see.
 */
import type { AnyEvent } from '../engine/command';
import { parseDice, type DiceRolled, type EmulationDetail, type Modifier, type TableRef } from '../engine/dice';
import type { AnyRuleset } from '../engine/ruleset';
import type { Command } from '../engine/command';
import { sideWords, singulars, victorySentence } from '../rules/words';

/** Looks up names for ids; unknown ids are shown as they are. */
export interface Names {
  side(id: string): string;
  piece(id: string): string;
  phase(id: string): string;
  step(phaseId: string, stepId: string): string;
  /** Every piece id the lookup knows with its name: ids left in a ruleset's free text are replaced. */
  readonly known?: ReadonlyMap<string, string>;
  /**
   * Every side id with its name. A roll's words ('Initiative: fr', 'Terrain: fr places …') name
   * sides by id; only those short phrases are given side names (a sentence may use a side's id as
   * an ordinary word), together with the pieces.
   */
  readonly sides?: ReadonlyMap<string, string>;
}

// PERF: the pieces and sides in one map per lookup, built once (a log has thousands of rolls).
const withSides = new WeakMap<Names, Names>();
/** The lookup a roll's own words are named with: pieces and sides. */
function diceNames(names: Names | undefined): Names | undefined {
  if (!names?.sides || names.sides.size === 0) return names;
  let n = withSides.get(names);
  if (!n) withSides.set(names, (n = { ...names, known: new Map([...names.sides, ...(names.known ?? [])]) }));
  return n;
}

const idPatterns = new WeakMap<ReadonlyMap<string, string>, RegExp | null>();

/** `text` with every known piece id (a whole word, hyphens included) replaced by its name. */
export function withNames(text: string, names?: Names): string {
  const known = names?.known;
  if (!known || known.size === 0) return singulars(text);
  let re = idPatterns.get(known);
  if (re === undefined) {
    const ids = [...known].filter(([id, name]) => id !== name && id.length > 1).map(([id]) => id).sort((a, b) => b.length - a.length);
    re = ids.length ? new RegExp(`(?<![\\w-])(?:${ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w-])`, 'g') : null;
    idPatterns.set(known, re);
  }
  return singulars(re ? text.replace(re, (id) => known.get(id) ?? id) : text);
}

export const plainNames: Names = { side: (s) => s, piece: (p) => p, phase: (p) => p, step: (_p, s) => s };

export interface DiceLines {
  /** What the roll was for: 'Fire: 1/45e at IR 4'. */
  readonly purpose: string;
  /** '2d6 → 3 + 5 = 8'. */
  readonly roll: string;
  /** The faces as rolled, for drawing dice. */
  readonly faces: readonly number[];
  /** One line per modifier: '+1 veteran (NW §19)'. Target modifiers say so. */
  readonly modifiers: readonly string[];
  /** 'Modified 9 against To pass 7 (needs ≥ 8 after modifiers)'; absent without a target. */
  readonly target?: string;
  /** 'Table hitOn, row d6'. */
  readonly table?: string;
  /** 'Outcome: pass'. */
  readonly outcome: string;
  readonly passed?: boolean;
  readonly rule: string;
  /** A ruleset's die emulation, a line a die: 'd10 #1: white 6, 2; coloured 5 → 7' (NW §6). */
  readonly emulation: readonly string[];
}

/** A side's name as the subject of a sentence, with the verb forms that agree (rules/words.ts). */
export const sideSubject = sideWords;

/** '<Side> have placed their orders.' for a side ending a secret step (`StepSpec.secretDone`). */
export function secretStepLine(sideName: string, done: string): string {
  const s = sideWords(sideName);
  const words = s.plural ? done : done.replace(/\btheir\b/g, 'its').replace(/\bthemselves\b/g, 'itself');
  return `${s.subject} ${s.verb('have', 'has')} ${words}.`;
}

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

const PASS_WORDS: Record<string, string> = { atLeast: '≥', atMost: '≤', above: '>', below: '<' };

export function modifierLine(m: Modifier): string {
  const onTarget = m.appliesTo === 'target' ? ' to the target' : '';
  return `${signed(m.value)} ${m.label}${onTarget} (${m.rule})`;
}

/**
 * A roll as lines. Dice checked each on its own (`successes`: one die per firing stand) are
 * shown face by face and never summed: their total means nothing. Ids a ruleset left in its
 * purpose or outcome text are replaced by names when `names` knows them.
 */
/** A ruleset's short phrase (a roll's purpose, a result's reason) with piece and side ids named. */
export function phraseWithNames(text: string, names: Names | undefined): string {
  return withNames(text, diceNames(names));
}

/** An id in words for a reader: `cincAbility` → `cinc ability`, `morale.rally` → `morale rally`. */
const spelt = (id: string): string => id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[._-]+/g, ' ').toLowerCase();

/**
 * The table a roll was read from, in words: the ruleset's own (`describeTable`: 'CinC ability
 * table, Prussian column'), else the ids spelt out. Never the ids as written in the code.
 */
export function tableLine(t: TableRef, module?: Pick<AnyRuleset, 'describeTable'>): string {
  let own: string | undefined;
  try {
    own = module?.describeTable?.(t);
  } catch {
    own = undefined;
  }
  if (own) return own.charAt(0).toUpperCase() + own.slice(1);
  const words = spelt(t.id);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} table${t.row !== undefined ? `, row ${t.row}` : ''}${t.column !== undefined ? `, column ${t.column}` : ''}`;
}

export function formatDice(e: DiceRolled, pieceNames?: Names, module?: Pick<AnyRuleset, 'describeTable'>): DiceLines {
  const names = diceNames(pieceNames);
  const each = e.successes !== undefined;
  const rollMods = e.modifiers.filter((m) => (m.appliesTo ?? 'roll') === 'roll');
  const rollMod = rollMods.reduce((n, m) => n + m.value, 0);
  const sum = e.faces.length > 1 && !e.dice.endsWith('d100') ? `${e.faces.join(' + ')} = ${e.total}` : `${e.total}`;
  const roll = each
    ? `${e.dice} → ${e.faces.join(', ')}${rollMod !== 0 ? ` (modified ${e.faces.map((f) => f + rollMod).join(', ')})` : ''}`
    : `${e.dice} → ${e.faces.length > 1 && e.dice.endsWith('d100') ? `${e.faces.join(' ')} = ` : ''}${sum}`;
  let target: string | undefined;
  if (e.target) {
    const t = e.target;
    const name = t.label ?? 'Target';
    const sign = PASS_WORDS[t.pass] ?? t.pass;
    const moved = t.modifiedValue !== t.value ? ` (${t.value} modified to ${t.modifiedValue})` : '';
    if (each) target = `Each die${rollMods.length > 0 ? ', modified,' : ''} against ${name} ${t.value}${moved}: needs ${sign} ${t.modifiedValue} (each die; ${e.successes} succeeded)`;
    else target = `${rollMods.length > 0 ? `Modified roll ${e.modified}` : `Roll ${e.modified}`} against ${name} ${t.value}${moved}: needs ${sign} ${t.modifiedValue}`;
  } else if (rollMods.length > 0 && !each) {
    target = `Modified roll ${e.modified}`;
  }
  const table = e.table ? tableLine(e.table, module) : undefined;
  const die = `d${parseDice(e.dice)?.sides ?? '?'}`;
  const throws = (x: EmulationDetail) => Object.entries(x).map(([name, v]) => `${name} ${typeof v === 'number' ? v : v.join(', ')}`).join('; ');
  const emulation = (e.emulated ?? []).map((x, i) => `${die} #${i + 1}: ${throws(x)} → ${e.faces[i] ?? '?'}`);
  return {
    purpose: withNames(e.purpose, names),
    roll,
    faces: e.faces,
    modifiers: e.modifiers.map((m) => withNames(modifierLine(m), names)),
    ...(target !== undefined ? { target } : {}),
    ...(table !== undefined ? { table } : {}),
    outcome: `Outcome: ${withNames(e.outcome, names)}`,
    ...(e.passed !== undefined ? { passed: e.passed } : {}),
    rule: e.rule,
    emulation,
  };
}

/** The whole roll as plain text lines (copying, tooltips, tests). */
export function diceText(e: DiceRolled, module?: Pick<AnyRuleset, 'describeTable'>): string[] {
  const d = formatDice(e, undefined, module);
  return [`${d.purpose} (${d.rule})`, d.roll, ...d.emulation, ...d.modifiers, ...(d.target ? [d.target] : []), ...(d.table ? [d.table] : []), d.outcome];
}

export const isDice = (e: AnyEvent): e is DiceRolled => e.type === 'DiceRolled';

/** 'CasualtiesInflicted' → 'Casualties inflicted'. */
export function humanise(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Fields that name a piece, a side or a general, shown with names rather than ids. */
const PIECE_FIELDS = new Set(['unit', 'unitId', 'target', 'targetId', 'general', 'generalId', 'attacker', 'defender', 'a', 'b', 'after', 'against', 'winner', 'loser']);
const SIDE_FIELDS = new Set(['side', 'by', 'initiative', 'phasing']);
const SKIP_FIELDS = new Set(['type', 'rule', 'visibleTo']);

function valueText(key: string, v: unknown, names: Names): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return PIECE_FIELDS.has(key) ? names.piece(v) : SIDE_FIELDS.has(key) ? names.side(v) : v;
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 10) / 10);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number'))
    return v.map((x) => (typeof x === 'string' ? valueText(key, x, names) : valueText(key, x, names))).join(', ');
  return undefined; // nested objects: too much for one line
}

/** One line for an event that is not a roll. Sequence events get sentences of their own. */
export function describeEvent(e: AnyEvent, names: Names): string {
  const f = e as Record<string, unknown>;
  const s = (k: string) => (typeof f[k] === 'string' ? (f[k] as string) : '');
  switch (e.type) {
    case 'GameStarted':
      return 'The battle begins.';
    case 'TurnStarted':
      return `Turn ${String(f.turn)} begins.`;
    case 'TurnEnded':
      return `Turn ${String(f.turn)} ends.`;
    case 'PhaseStarted':
      return `${names.phase(s('phase'))} begins.`;
    case 'PhaseEnded':
      return `${names.phase(s('phase'))} ends.`;
    case 'StepStarted': {
      const actors = Array.isArray(f.actors) ? (f.actors as string[]) : [];
      const who = actors.length === 0 ? 'the engine plays it' : `${actors.map((a) => names.side(a)).join(' and ')} to act`;
      return `${names.step(s('phase'), s('step'))} — ${who}.`;
    }
    case 'StepEnded':
      return `${names.step(s('phase'), s('step'))} ends.`;
    case 'SideFinishedStep':
      return `${names.side(s('side'))} ended the step.`;
    case 'GameEnded': {
      const r = (f.result ?? {}) as { winner?: string; level?: string; reason?: string };
      const reason = phraseWithNames(r.reason ?? '', names);
      if (!r.winner) return `The battle is over: ${r.level && r.level !== 'draw' ? r.level : 'a draw'}. ${reason}`.trim();
      // A concession names who conceded ('the Austrians concede; the Prussians win'), which is all its reason says.
      const loser = r.level === 'concession' ? [...(names.sides?.keys() ?? [])].find((id) => id !== r.winner) : undefined;
      if (loser !== undefined) return `The battle is over: ${victorySentence(names.side(r.winner), 'concession', true, names.side(loser))}.`;
      return `The battle is over: ${victorySentence(names.side(r.winner), r.level ?? '', true)}. ${reason}`.trim();
    }
    default: {
      const parts: string[] = [];
      for (const [k, v] of Object.entries(f)) {
        if (SKIP_FIELDS.has(k)) continue;
        const t = valueText(k, v, names);
        if (t !== undefined && t !== '') parts.push(`${k} ${t}`);
      }
      return `${humanise(e.type)}${parts.length ? `: ${parts.join(', ')}` : ''}.`;
    }
  }
}

/** A command as the log shows it: the ruleset's own words when it gives them. */
export function describeCommandLine(c: Command, names: Names, ruleset?: (c: Command) => string | undefined): string {
  if (c.type === 'hidden') return `${names.side(c.side)} gave a secret command.`;
  if (c.type === 'endStep') return `${names.side(c.side)}: end of step.`;
  if (c.type === 'concede') {
    const w = sideWords(names.side(c.side));
    return `${w.subject} ${w.verb('concede', 'concedes')}.`;
  }
  const own = ruleset?.(c);
  if (own) return own;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(c)) {
    if (k === 'type' || k === 'side') continue;
    const t = valueText(k, v, names);
    if (t !== undefined) parts.push(`${k} ${t}`);
  }
  return `${names.side(c.side)}: ${humanise(c.type).toLowerCase()}${parts.length ? ` (${parts.join(', ')})` : ''}.`;
}
