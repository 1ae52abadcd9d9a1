/**
 * The scenario editor's table tool: a small state machine in the manner of selectTool.ts.
 *
 *  select mode:
 *   Idle ──down on a vertex handle──▶ DraggingVertex ──up──▶ Idle (move the vertex)
 *   Idle ──down on an edge's mid handle──▶ DraggingVertex (a new vertex, inserted on up)
 *   Idle ──down on terrain──▶ PointingTerrain ──moved──▶ DraggingTerrain ──up──▶ Idle (move the piece)
 *                                            └──up──▶ Idle (select it)
 *   a press on a unit, a handle or bare ground is not taken: the select tool moves, turns and pans.
 *  area / line / zone modes (drawing by clicking vertices):
 *   Idle ──click──▶ a point (snapped); a click on the first point closes an outline, a click on
 *   the last point again finishes (a double click does both); the pointer's place draws the
 *   next side.
 *  unit mode:
 *   Idle ──down──▶ Placing ──drag──▶ (facing toward the pointer) ──up──▶ Idle (the unit placed)
 *
 * It knows nothing of pixi or the DOM; the scene feeds it pointer positions and what was hit,
 * and it answers through the context.
 */
import type { Ring } from '../../scenario/editor/ops';
import type { XY } from '../../scenario/editor/shapes';
import type { Hit, PointerAt } from './selectTool';
import { DRAG_SLOP_PX } from './selectTool';

export type EditorMode = 'select' | 'area' | 'line' | 'zone' | 'unit';

export interface VertexRef {
  readonly id: string;
  readonly ring: Ring;
  readonly index: number;
}

export interface EditorToolContext {
  mode(): EditorMode;
  /** The vertex handle of the selected piece under a screen point. */
  vertexAt(at: PointerAt): VertexRef | null;
  /** The mid-edge handle under a screen point: a new vertex would go in at `index`. */
  midpointAt(at: PointerAt): VertexRef | null;
  /** The terrain piece under the pointer (topmost). */
  terrainAt(at: PointerAt): string | null;
  /** Where a point lands after snapping (vertices, edges, grid), leaving out `exceptId`. */
  snap(at: PointerAt, exceptId?: string): XY;
  /** Points drawn so far. */
  drawing(): readonly XY[];
  /** Within a click of a drawn point (screen px)? */
  near(at: PointerAt, p: XY): boolean;
  addPoint(p: XY): void;
  /** Finish the shape being drawn (closed: an outline was closed on its first point). */
  finish(closed: boolean): void;
  hover(p: XY | null): void;
  selectTerrain(id: string | null): void;
  previewVertex(v: VertexRef, to: XY, inserting: boolean): void;
  commitVertex(v: VertexRef, to: XY, inserting: boolean): void;
  previewMove(id: string, dx: number, dy: number): void;
  commitMove(id: string, dx: number, dy: number): void;
  clearPreview(): void;
  /** Unit mode: place the chosen unit at `at` facing `facingDeg` (preview: not yet). */
  placeUnit(at: XY, facingDeg: number, preview: boolean): void;
}

type State =
  | { name: 'idle' }
  | { name: 'dragging-vertex'; v: VertexRef; inserting: boolean; to: XY }
  | { name: 'pointing-terrain'; id: string; start: PointerAt }
  | { name: 'dragging-terrain'; id: string; start: PointerAt; dx: number; dy: number }
  | { name: 'clicking'; start: PointerAt }
  | { name: 'placing'; start: PointerAt; facingDeg: number };

export class EditorTool {
  private state: State = { name: 'idle' };
  constructor(private readonly ctx: EditorToolContext, private readonly defaultFacingDeg: () => number = () => -90) {}

  get stateName(): State['name'] {
    return this.state.name;
  }

  /** Take the press? Presses the tool does not take go to the select tool. */
  down(at: PointerAt, hit: Hit): boolean {
    const mode = this.ctx.mode();
    if (mode === 'select') {
      const v = this.ctx.vertexAt(at);
      if (v) {
        this.state = { name: 'dragging-vertex', v, inserting: false, to: this.ctx.snap(at, v.id) };
        return true;
      }
      const m = this.ctx.midpointAt(at);
      if (m) {
        this.state = { name: 'dragging-vertex', v: m, inserting: true, to: this.ctx.snap(at, m.id) };
        this.ctx.previewVertex(m, this.state.to, true);
        return true;
      }
      if (hit.kind !== 'ground') {
        this.ctx.selectTerrain(null);
        return false;
      }
      const t = this.ctx.terrainAt(at);
      if (!t) {
        this.ctx.selectTerrain(null);
        return false;
      }
      this.state = { name: 'pointing-terrain', id: t, start: at };
      return true;
    }
    if (mode === 'unit') {
      this.state = { name: 'placing', start: at, facingDeg: this.defaultFacingDeg() };
      this.ctx.placeUnit(this.ctx.snap(at), this.state.facingDeg, true);
      return true;
    }
    this.state = { name: 'clicking', start: at };
    return true;
  }

  move(at: PointerAt, buttons: number): void {
    const s = this.state;
    switch (s.name) {
      case 'idle':
        if (buttons === 0 && this.ctx.mode() !== 'select' && this.ctx.mode() !== 'unit') this.ctx.hover(this.ctx.snap(at));
        return;
      case 'dragging-vertex':
        s.to = this.ctx.snap(at, s.v.id);
        this.ctx.previewVertex(s.v, s.to, s.inserting);
        return;
      case 'pointing-terrain':
        if (moved(s.start, at)) {
          this.ctx.selectTerrain(s.id);
          this.state = { name: 'dragging-terrain', id: s.id, start: s.start, dx: 0, dy: 0 };
          this.move(at, buttons);
        }
        return;
      case 'dragging-terrain':
        s.dx = at.table.x - s.start.table.x;
        s.dy = at.table.y - s.start.table.y;
        this.ctx.previewMove(s.id, s.dx, s.dy);
        return;
      case 'placing': {
        if (moved(s.start, at)) s.facingDeg = (Math.atan2(at.table.y - s.start.table.y, at.table.x - s.start.table.x) * 180) / Math.PI;
        this.ctx.placeUnit(this.ctx.snap(s.start), s.facingDeg, true);
        return;
      }
      case 'clicking':
        this.ctx.hover(this.ctx.snap(at));
        return;
    }
  }

  up(at: PointerAt): void {
    const s = this.state;
    this.state = { name: 'idle' };
    switch (s.name) {
      case 'dragging-vertex':
        this.ctx.clearPreview();
        this.ctx.commitVertex(s.v, this.ctx.snap(at, s.v.id), s.inserting);
        return;
      case 'pointing-terrain':
        this.ctx.selectTerrain(s.id);
        return;
      case 'dragging-terrain':
        this.ctx.clearPreview();
        this.ctx.commitMove(s.id, at.table.x - s.start.table.x, at.table.y - s.start.table.y);
        return;
      case 'placing':
        this.ctx.placeUnit(this.ctx.snap(s.start), s.facingDeg, false);
        return;
      case 'clicking': {
        const pts = this.ctx.drawing();
        const mode = this.ctx.mode();
        const closes = mode !== 'line' && pts.length >= 3 && this.ctx.near(at, pts[0]!);
        if (closes) return this.ctx.finish(true);
        const last = pts[pts.length - 1];
        if (last && this.ctx.near(at, last)) {
          if (pts.length >= (mode === 'line' ? 2 : 3)) this.ctx.finish(false);
          return;
        }
        this.ctx.addPoint(this.ctx.snap(at));
        return;
      }
      case 'idle':
        return;
    }
  }

  cancel(): void {
    if (this.state.name !== 'idle') this.ctx.clearPreview();
    this.state = { name: 'idle' };
  }
}

function moved(a: PointerAt, b: PointerAt): boolean {
  return Math.hypot(b.screen.x - a.screen.x, b.screen.y - a.screen.y) > DRAG_SLOP_PX;
}
