/**
 * The tape and the sight line: press on a point or a piece, drag to another, release; the
 * span stays on the table until the next one (or Escape). A small state machine:
 *   Idle ──down──▶ Spanning ──move──▶ Spanning ──up──▶ Idle (span kept)
 */
import type { TablePoint } from '../../geometry/types';
import type { Span } from '../../store/uiStore';

export interface SpanContext {
  set(span: Span | null): void;
}

export class SpanTool {
  private from: { p: TablePoint; piece?: string } | null = null;
  constructor(private readonly ctx: SpanContext) {}

  get active(): boolean {
    return this.from !== null;
  }

  down(p: TablePoint, piece?: string): void {
    this.from = { p, ...(piece ? { piece } : {}) };
    this.ctx.set(span(this.from, p, undefined));
  }

  move(p: TablePoint, piece?: string): void {
    if (this.from) this.ctx.set(span(this.from, p, piece));
  }

  up(p: TablePoint, piece?: string): void {
    if (!this.from) return;
    this.ctx.set(span(this.from, p, piece));
    this.from = null;
  }

  cancel(): void {
    this.from = null;
    this.ctx.set(null);
  }
}

function span(from: { p: TablePoint; piece?: string }, to: TablePoint, toPiece: string | undefined): Span {
  return {
    from: { x: from.p.x, y: from.p.y },
    to: { x: to.x, y: to.y },
    ...(from.piece ? { fromPiece: from.piece } : {}),
    ...(toPiece && toPiece !== from.piece ? { toPiece } : {}),
  };
}
