/**
 * The event log as one viewer may read it: the events of the battle's start, then for each
 * command in the history the command (masked when it was another side's secret) and the
 * events it caused that the viewer may see (`eventsFor`), automatic steps included. Newest last.
 */
import type { AnyEvent } from '../engine/command';
import type { DiceRolled } from '../engine/dice';
import type { History, HistoryEntry } from '../engine/history';
import type { AnyRuleset } from '../engine/ruleset';
import { commandFor, eventsFor, type Viewer } from '../engine/view';
import { describeCommandLine, describeEvent, formatDice, isDice, secretStepLine, withNames, type DiceLines, type Names } from './format';

/** Engine events about the sequence of play: shown small, as signposts. */
const SEQUENCE = new Set(['TurnStarted', 'TurnEnded', 'PhaseStarted', 'PhaseEnded', 'StepStarted', 'StepEnded', 'SideFinishedStep', 'GameStarted', 'GameEnded']);

export type LogItem =
  | { readonly kind: 'command'; readonly text: string; readonly side: string; readonly hidden: boolean }
  | { readonly kind: 'sequence'; readonly text: string; readonly eventType: string }
  | { readonly kind: 'event'; readonly text: string; readonly eventType: string; readonly rule?: string }
  | { readonly kind: 'dice'; readonly dice: DiceLines; readonly event: DiceRolled };

/** The secret step a SideFinishedStep ends, if it is one: its `secretDone` words. */
function secretDone(module: AnyRuleset | undefined, e: AnyEvent): string | undefined {
  if (e.type !== 'SideFinishedStep' || !module) return undefined;
  for (const p of module.sequence.phases) for (const st of p.steps) if (st.id === e.step && st.secret) return st.secretDone ?? 'acted in secret';
  return undefined;
}

export function eventItem(e: AnyEvent, names: Names, module?: AnyRuleset, earlier: readonly AnyEvent[] = []): LogItem {
  if (isDice(e)) return { kind: 'dice', dice: formatDice(e, names, module), event: e };
  // One line per side and secret step, in place of a line per secret command (which would count them).
  const done = secretDone(module, e);
  if (done !== undefined) return { kind: 'event', text: secretStepLine(names.side(String(e['side'])), done), eventType: e.type };
  const text = withNames((SEQUENCE.has(e.type) ? undefined : rulesetWords(module, e, names, earlier)) ?? describeEvent(e, names), names);
  if (SEQUENCE.has(e.type)) return { kind: 'sequence', text, eventType: e.type };
  return { kind: 'event', text, eventType: e.type, ...(typeof e.rule === 'string' ? { rule: e.rule } : {}) };
}

/**
 * Items for a run of events (one command's, as the viewer sees them), each given the events
 * before it. A rule cited by the item just before is not cited again.
 */
export function eventItems(events: readonly AnyEvent[], names: Names, module?: AnyRuleset): LogItem[] {
  const out: LogItem[] = [];
  let lastRule: string | undefined;
  events.forEach((e, i) => {
    let item = eventItem(e, names, module, events.slice(0, i));
    const rule = item.kind === 'dice' ? item.dice.rule : item.kind === 'event' ? item.rule : undefined;
    if (rule !== undefined && rule === lastRule) {
      if (item.kind === 'dice') item = { ...item, dice: { ...item.dice, rule: '' } };
      else if (item.kind === 'event') item = { kind: 'event', text: item.text, eventType: item.eventType };
    }
    if (item.kind !== 'sequence') lastRule = rule;
    out.push(item);
  });
  return out;
}

/** The ruleset's own sentence for one of its events, if it gives one (a failing describer falls back). */
function rulesetWords(module: AnyRuleset | undefined, e: AnyEvent, names: Names, earlier: readonly AnyEvent[]): string | undefined {
  try {
    return module?.describeEvent?.(e, names, earlier);
  } catch {
    return undefined;
  }
}

/**
 * Items for one history entry (a command and what followed it) as `viewer` may see them. Another
 * side's secret command gives no line of its own (not even 'a secret command': that would count
 * them); the side's line for ending the secret step stands for all of them. Such an entry may
 * have no items at all: a log shows nothing for it.
 */
export function entryItems(entry: HistoryEntry, viewer: Viewer, names: Names, module?: AnyRuleset): LogItem[] {
  const c = commandFor(entry.command, entry.secret, viewer);
  const own = module?.describeCommand ? describeWithRuleset(module, entry, names) : undefined;
  const items: LogItem[] = c.type === 'hidden' ? [] : [{ kind: 'command', text: withNames(describeCommandLine(c, names, own), names), side: c.side, hidden: false }];
  return [...items, ...eventItems(eventsFor(entry.events, viewer), names, module)];
}

/**
 * The ruleset's own words for a command it accepted. It is given the state after the command
 * (the one the history kept); it sees only the command, which the viewer may see anyway.
 */
function describeWithRuleset(module: AnyRuleset, entry: HistoryEntry, names: Names): (c: { type: string; side: string }) => string | undefined {
  return (c) => {
    try {
      return module.describeCommand!(entry.state, c as never, names);
    } catch {
      return undefined;
    }
  };
}

export interface LogModel {
  /** Items of the battle's start (setup rolls, first turn). */
  readonly initial: readonly LogItem[];
  /** Per history entry that shows anything to the viewer, in order. */
  readonly entries: readonly (readonly LogItem[])[];
}

export function buildLog(history: History, viewer: Viewer, names: Names, module?: AnyRuleset): LogModel {
  return {
    initial: eventItems(eventsFor(history.initialEvents, viewer), names, module),
    entries: history.entries.map((e) => entryItems(e, viewer, names, module)).filter((items) => items.length > 0),
  };
}

/** Every item as plain text, one line each (tests, copy to clipboard). */
export function logText(model: LogModel): string[] {
  const line = (i: LogItem): string => (i.kind === 'dice' ? `${i.dice.purpose}: ${i.dice.roll}; ${i.dice.outcome}` : i.text);
  return [...model.initial.map(line), ...model.entries.flatMap((items) => items.map(line))];
}
