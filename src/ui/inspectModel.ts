/**
 * The unit inspector's lines, from the viewer's view only: the ruleset's own `table.inspect`
 * when it has one, else the shared model's fields plus any ruleset state kept under the
 * piece's id (which the ruleset's `view` has already filtered for this viewer).
 */
import type { Unit } from '../engine/model';
import type { AnyRuleset, PieceAction, ReadOut } from '../engine/ruleset';
import type { GameView } from '../engine/view';
import { humanise } from './format';

export interface Inspection {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly sideName: string;
  readonly lines: readonly ReadOut[];
  /** Whether the lines are the ruleset's own (else the fallback). */
  readonly fromRuleset: boolean;
}

const scalar = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? (Number.isInteger(v) ? String(v) : (Math.round(v * 100) / 100).toString()) : typeof v === 'boolean' ? (v ? 'yes' : 'no') : undefined;

const MAX_STATE_LINES = 14;

/** Ruleset state filed under the piece's id (`{units: {id: {...}}, orders: {id: ...}}`), as seen. */
export function rulesetLinesFor(rulesetView: unknown, id: string): ReadOut[] {
  const out: ReadOut[] = [];
  if (typeof rulesetView !== 'object' || rulesetView === null) return out;
  for (const [key, table] of Object.entries(rulesetView as Record<string, unknown>)) {
    if (typeof table !== 'object' || table === null || Array.isArray(table)) continue;
    const v = (table as Record<string, unknown>)[id];
    if (v === undefined) continue;
    const s = scalar(v);
    if (s !== undefined) {
      out.push({ label: humanise(key), value: s });
      continue;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) continue;
    for (const [f, fv] of Object.entries(v as Record<string, unknown>)) {
      if (f === 'id' || f === 'side') continue;
      const t = scalar(fv);
      if (t !== undefined && out.length < MAX_STATE_LINES) out.push({ label: humanise(f), value: t });
    }
  }
  return out;
}

export function findPiece(view: Pick<GameView, 'battle'>, id: string): Unit | undefined {
  const b = view.battle;
  const u = b.units.find((x) => x.id === id);
  if (u) return u;
  const g = b.generals.find((x) => x.id === id);
  return g
    ? { id: g.id, name: g.name, side: g.side, parent: g.commands, arm: 'general', troopType: 'general', quality: '', nationality: '', formation: 'single', stands: [g.stand], commandStandId: g.stand.id, extra: g.extra }
    : undefined;
}

export function inspect(module: AnyRuleset, view: GameView, id: string): Inspection | undefined {
  const piece = findPiece(view, id);
  if (!piece) return undefined;
  const sideName = view.battle.sides.find((s) => s.id === piece.side)?.name ?? piece.side;
  const own = module.table?.inspect;
  if (own) {
    try {
      return { id, name: piece.name, side: piece.side, sideName, lines: own(view as never, id), fromRuleset: true };
    } catch {
      // fall through to the model's fields: the inspector must never break the page
    }
  }
  const lines: ReadOut[] = [{ label: 'Side', value: sideName }];
  if (piece.arm === 'general') lines.push({ label: 'Type', value: 'General' });
  else {
    lines.push({ label: 'Type', value: humanise(piece.troopType) }, { label: 'Arm', value: humanise(piece.arm) });
    if (piece.quality) lines.push({ label: 'Quality', value: humanise(piece.quality) });
    lines.push({ label: 'Formation', value: humanise(piece.formation) }, { label: 'Strength', value: `${piece.stands.length} stand${piece.stands.length === 1 ? '' : 's'}` });
  }
  for (const [k, v] of Object.entries(piece.extra ?? {})) {
    const s = scalar(v);
    if (s !== undefined) lines.push({ label: humanise(k), value: s });
  }
  lines.push(...rulesetLinesFor(view.ruleset, id));
  return { id, name: piece.name, side: piece.side, sideName, lines, fromRuleset: false };
}

/** What `side` may do with the piece now, from the ruleset's table adapter (none without one). */
export function pieceActions(module: AnyRuleset, view: GameView, side: string, id: string): readonly PieceAction[] {
  const f = module.table?.actions;
  if (!f) return [];
  try {
    return f(view as never, side, id);
  } catch {
    return [];
  }
}

/** Choices for the whole of `side` now (the phase bar), from the table adapter (none without one). */
export function sideActions(module: AnyRuleset, view: GameView, side: string): readonly PieceAction[] {
  const f = module.table?.sideActions;
  if (!f) return [];
  try {
    return f(view as never, side);
  } catch {
    return [];
  }
}

/** Why the piece lacks an action the player would expect now, in the ruleset's words; undefined when there is nothing to say. */
export function whyNot(module: AnyRuleset, view: GameView, side: string, id: string): string | undefined {
  const f = module.table?.whyNot;
  if (!f) return undefined;
  try {
    return f(view as never, side, id);
  } catch {
    return undefined;
  }
}
