/**
 * The select/move tool: a small state machine in the manner of tldraw's tools.
 *
 *   Idle ──down on unit──▶ PointingUnit ──moved > slop──▶ DraggingUnit ──up──▶ Idle (commit move)
 *   Idle ──down on handle─▶ Rotating ──up──▶ Idle (commit rotation)
 *   Idle ──down on ground─▶ PointingGround ──moved > slop──▶ Panning ──up──▶ Idle
 *   PointingUnit ──up──▶ Idle (select);  PointingGround ──up──▶ Idle (deselect)
 *
 * It knows nothing of pixi or the DOM: the scene feeds it pointer positions (screen px and
 * table mm) and what was hit; it answers through the context.
 */
import type { UnitId } from '../../engine/model';
import type { TablePoint } from '../../geometry/types';
import { normaliseAngle } from '../../geometry/types';

/** What a turn pivots on: the centre (the rotate handle) or a front corner (a wheel handle). */
export type PivotKind = 'centre' | 'left' | 'right';

export type Hit =
  | { kind: 'unit'; unitId: UnitId }
  | { kind: 'rotate-handle'; unitId: UnitId; pivot: TablePoint; pivotKind?: PivotKind; centre?: TablePoint }
  | { kind: 'ground' };

/** A drag in progress as the table shows it: the centre moved by (dx, dy) and turned by dRad. */
export interface ToolPreview {
  readonly unitId: UnitId;
  readonly dxMm: number;
  readonly dyMm: number;
  readonly dRad: number;
  /** For a wheel: the front corner it pivots on (dx, dy then follow from the turn). */
  readonly pivot?: 'left' | 'right';
}

export interface PointerAt {
  readonly screen: { x: number; y: number };
  readonly table: TablePoint;
}

export interface ToolContext {
  select(id: UnitId | null): void;
  preview(p: ToolPreview | null): void;
  commitMove(id: UnitId, dxMm: number, dyMm: number): void;
  commitRotate(id: UnitId, dRad: number, pivot?: 'left' | 'right'): void;
  pan(dxPx: number, dyPx: number): void;
}

type State =
  | { name: 'idle' }
  | { name: 'pointing-unit'; unitId: UnitId; start: PointerAt }
  | { name: 'dragging-unit'; unitId: UnitId; start: PointerAt; dx: number; dy: number }
  | { name: 'rotating'; unitId: UnitId; pivot: TablePoint; pivotKind: PivotKind; centre: TablePoint; startAngle: number; d: number }
  | { name: 'pointing-ground'; start: PointerAt; last: PointerAt }
  | { name: 'panning'; last: PointerAt };

/** Pixels a pointer may wander before a press becomes a drag. */
export const DRAG_SLOP_PX = 4;

export class SelectTool {
  private state: State = { name: 'idle' };
  constructor(private readonly ctx: ToolContext) {}

  get stateName(): State['name'] {
    return this.state.name;
  }

  down(at: PointerAt, hit: Hit): void {
    if (hit.kind === 'unit') {
      this.state = { name: 'pointing-unit', unitId: hit.unitId, start: at };
    } else if (hit.kind === 'rotate-handle') {
      const a = Math.atan2(at.table.y - hit.pivot.y, at.table.x - hit.pivot.x);
      this.state = { name: 'rotating', unitId: hit.unitId, pivot: hit.pivot, pivotKind: hit.pivotKind ?? 'centre', centre: hit.centre ?? hit.pivot, startAngle: a, d: 0 };
    } else {
      this.state = { name: 'pointing-ground', start: at, last: at };
    }
  }

  move(at: PointerAt): void {
    const s = this.state;
    switch (s.name) {
      case 'pointing-unit':
        if (moved(s.start, at)) {
          this.ctx.select(s.unitId);
          this.state = { name: 'dragging-unit', unitId: s.unitId, start: s.start, dx: 0, dy: 0 };
          this.move(at);
        }
        return;
      case 'dragging-unit': {
        s.dx = at.table.x - s.start.table.x;
        s.dy = at.table.y - s.start.table.y;
        this.ctx.preview({ unitId: s.unitId, dxMm: s.dx, dyMm: s.dy, dRad: 0 });
        return;
      }
      case 'rotating': {
        const a = Math.atan2(at.table.y - s.pivot.y, at.table.x - s.pivot.x);
        s.d = normaliseAngle(a - s.startAngle);
        this.ctx.preview(turnPreview(s.unitId, s.d, s.pivot, s.pivotKind, s.centre));
        return;
      }
      case 'pointing-ground':
        if (moved(s.start, at)) {
          this.ctx.pan(at.screen.x - s.last.screen.x, at.screen.y - s.last.screen.y);
          this.state = { name: 'panning', last: at };
        }
        return;
      case 'panning':
        this.ctx.pan(at.screen.x - s.last.screen.x, at.screen.y - s.last.screen.y);
        s.last = at;
        return;
      case 'idle':
        return;
    }
  }

  up(at: PointerAt): void {
    const s = this.state;
    this.state = { name: 'idle' };
    switch (s.name) {
      case 'pointing-unit':
        this.ctx.select(s.unitId);
        return;
      case 'dragging-unit':
        this.ctx.preview(null);
        this.ctx.commitMove(s.unitId, at.table.x - s.start.table.x, at.table.y - s.start.table.y);
        return;
      case 'rotating':
        this.ctx.preview(null);
        if (s.d !== 0) this.ctx.commitRotate(s.unitId, s.d, s.pivotKind === 'centre' ? undefined : s.pivotKind);
        return;
      case 'pointing-ground':
        this.ctx.select(null);
        return;
      case 'panning':
      case 'idle':
        return;
    }
  }

  /** The pointer was lost (window blur, pointercancel): abandon any preview. */
  cancel(): void {
    if (this.state.name === 'dragging-unit' || this.state.name === 'rotating') this.ctx.preview(null);
    this.state = { name: 'idle' };
  }
}

/** A turn by d about `pivot`, shown as the centre's displacement plus the turn. */
function turnPreview(unitId: UnitId, d: number, pivot: TablePoint, kind: PivotKind, centre: TablePoint): ToolPreview {
  if (kind === 'centre') return { unitId, dxMm: 0, dyMm: 0, dRad: d };
  const c = Math.cos(d), s = Math.sin(d);
  const rx = centre.x - pivot.x, ry = centre.y - pivot.y;
  return { unitId, dxMm: pivot.x + rx * c - ry * s - centre.x, dyMm: pivot.y + rx * s + ry * c - centre.y, dRad: d, pivot: kind };
}

function moved(a: PointerAt, b: PointerAt): boolean {
  return Math.hypot(b.screen.x - a.screen.x, b.screen.y - a.screen.y) > DRAG_SLOP_PX;
}
