/**
 * What happened in a turn, side by side: units lost, routed and rallied, ground taken and
 * casualties, from the turn's events as one viewer may see them (`eventsFor`: nothing hidden
 * from that viewer counts, not even as a number). The ruleset says what each of its events
 * counts for (`RulesetModule.tally`); this module only adds up and names. Pure: the dialog
 * shown at the turn change renders it.
 */
import type { AnyEvent } from '../engine/command';
import type { History } from '../engine/history';
import type { SideId } from '../engine/model';
import type { AnyRuleset, Tally } from '../engine/ruleset';
import { eventsFor, type GameView, type Viewer } from '../engine/view';
import type { Names } from './format';

export interface SideSummary {
  readonly side: SideId;
  readonly name: string;
  /** Names, each once, in the order it happened. */
  readonly lost: readonly string[];
  readonly routed: readonly string[];
  readonly rallied: readonly string[];
  readonly ground: readonly string[];
  /** '12 casualties', '3 stands': one line per kind of loss the ruleset counts. */
  readonly casualties: readonly string[];
}

export interface TurnSummary {
  readonly turn: number;
  readonly sides: readonly SideSummary[];
  /** Nothing at all to report for either side. */
  readonly quiet: boolean;
}

export interface SummaryContext {
  readonly module: AnyRuleset;
  /** The viewer's game now (the ruleset reads groups and sides from it). */
  readonly game: GameView;
  readonly names: Names;
  /** The side of a piece no longer on the table (from the scenario's setup). */
  readonly sideOf: (pieceId: string) => SideId | undefined;
}

/** The events of game turn `turn` (from its TurnStarted to its TurnEnded) in a history. */
export function turnEvents(history: History, turn: number): AnyEvent[] {
  const out: AnyEvent[] = [];
  let inside = false;
  const scan = (events: readonly AnyEvent[]) => {
    for (const e of events) {
      if (e.type === 'TurnStarted' && turnOf(e) === turn) inside = true;
      if (inside) out.push(e);
      if (e.type === 'TurnEnded' && turnOf(e) === turn) inside = false;
    }
  };
  scan(history.initialEvents);
  for (const entry of history.entries) scan(entry.events);
  return out;
}

/** The last game turn that has ended in the history, if any (0 when none has). */
export function lastEndedTurn(history: History): number {
  for (let i = history.entries.length - 1; i >= 0; i--) {
    const events = history.entries[i]!.events;
    for (let j = events.length - 1; j >= 0; j--) if (events[j]!.type === 'TurnEnded') return turnOf(events[j]!);
  }
  for (let j = history.initialEvents.length - 1; j >= 0; j--) if (history.initialEvents[j]!.type === 'TurnEnded') return turnOf(history.initialEvents[j]!);
  return 0;
}

const turnOf = (e: AnyEvent): number => Number((e as { turn?: unknown }).turn);
const plural = (n: number, one: string): string => `${n} ${n === 1 ? one : one === 'casualty' ? 'casualties' : `${one}s`}`;

export function turnSummary(events: readonly AnyEvent[], viewer: Viewer, ctx: SummaryContext): TurnSummary {
  const seen = eventsFor(events, viewer);
  const turnEv = seen.find((e) => e.type === 'TurnStarted' || e.type === 'TurnEnded');
  const onTable = new Map<string, SideId>([...ctx.game.battle.units, ...ctx.game.battle.generals].map((p) => [p.id, p.side] as const));
  const tallies: Tally[] = [];
  for (const e of seen) {
    try {
      tallies.push(...(ctx.module.tally?.(e, ctx.game as never) ?? []));
    } catch {
      // A ruleset that cannot tally an event leaves it out of the summary.
    }
  }
  const sides = ctx.game.battle.sides.map((s): SideSummary => {
    const mine = tallies.filter((t) => (t.side ?? onTable.get(t.piece) ?? ctx.sideOf(t.piece)) === s.id);
    const names = (kind: Tally['kind']) => [...new Set(mine.filter((t) => t.kind === kind).map((t) => ctx.names.piece(t.piece)))];
    const counts = new Map<string, number>();
    for (const t of mine) if (t.kind === 'casualties' && t.count) counts.set(t.noun ?? 'casualty', (counts.get(t.noun ?? 'casualty') ?? 0) + t.count);
    return {
      side: s.id,
      name: s.name,
      lost: names('lost'),
      routed: names('routed'),
      rallied: names('rallied'),
      ground: names('ground'),
      casualties: [...counts].map(([noun, n]) => plural(n, noun)),
    };
  });
  const quiet = sides.every((s) => s.lost.length + s.routed.length + s.rallied.length + s.ground.length + s.casualties.length === 0);
  return { turn: turnEv ? turnOf(turnEv) : 0, sides, quiet };
}

/** The summary as lines of text (tests, copying): one heading per side, then what it suffered and did. */
export function summaryText(s: TurnSummary): string[] {
  const out = [`Turn ${s.turn}`];
  for (const x of s.sides) {
    out.push(`${x.name}:`);
    if (x.casualties.length) out.push(`  losses: ${x.casualties.join(', ')}`);
    if (x.lost.length) out.push(`  units lost: ${x.lost.join(', ')}`);
    if (x.routed.length) out.push(`  routed: ${x.routed.join(', ')}`);
    if (x.rallied.length) out.push(`  rallied: ${x.rallied.join(', ')}`);
    if (x.ground.length) out.push(`  ground taken: ${x.ground.join(', ')}`);
  }
  return out;
}
