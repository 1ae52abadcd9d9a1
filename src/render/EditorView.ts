/**
 * The scenario editor on the battle scene: its tool sees the pointer first (BattleScene's input
 * hook) and its drawings live in the scene's mode layer — deployment zones, the selected
 * piece's vertex and mid-edge handles, the shape being drawn, drags in progress and the piece a
 * problem points at. Units and generals are moved and turned by the scene's own select tool,
 * whose table controller turns the release into an editor edit (store/editorStore.ts).
 */
import { Graphics } from 'pixi.js';
import type { BattleScene } from './BattleScene';
import type { EditorStoreApi } from '../store/editorStore';
import type { UiStoreApi } from '../store/uiStore';
import { tableToScreen } from './camera';
import { EditorTool, type EditorToolContext, type VertexRef } from './tools/editorTool';
import type { PointerAt } from './tools/selectTool';
import { snapPoint, snapTargetsOf, type XY } from '../scenario/editor/shapes';
import { drawnArea, drawnLine, placedUnit, templatesForSide } from '../scenario/editor/place';
import { freshId, type Ring } from '../scenario/editor/ops';
import type { TerrainSpec } from '../scenario/schema';
import { pointInPolygon, pointSegmentDistance } from '../geometry/vec';
import { pt } from '../geometry/types';
import { forward, rightOf } from '../geometry/footprint';
import { sideColours } from './palette';

const HANDLE_PX = 7;
const SNAP_PX = 9;
const CLICK_PX = 10;
const RINGS: readonly Ring[] = ['polygon', 'line', 'crest'];

export class EditorView {
  private readonly g = new Graphics({ label: 'editor' });
  private readonly tool: EditorTool;
  private readonly off: (() => void)[] = [];

  constructor(private readonly scene: BattleScene, private readonly editor: EditorStoreApi, private readonly ui: UiStoreApi) {
    scene.modeLayer.addChild(this.g);
    this.tool = new EditorTool(this.context(), () => (this.editor.getState().unitSide === 0 ? this.sideFacing(0) : this.sideFacing(1)));
    scene.setInputHook(this.tool);
    this.off.push(editor.subscribe(() => this.draw()), ui.subscribe((s, prev) => {
      if (s.camera !== prev.camera || s.preview !== prev.preview) this.draw();
      // A unit or general picked on the table is the editor's selection too.
      if (s.selected !== prev.selected && s.selected) {
        const d = this.editor.getState().history.draft;
        const kind = d.units.some((u) => u.id === s.selected) ? 'unit' : 'general';
        this.editor.getState().select({ kind, id: s.selected });
      }
    }));
    this.draw();
  }

  /** Facing a new unit of a side takes: toward the enemy's zone, else up or down the table. */
  private sideFacing(i: 0 | 1): number {
    const d = this.editor.getState().history.draft;
    const cy = (z: readonly XY[] | undefined) => (z && z.length ? z.reduce((s, p) => s + p[1], 0) / z.length : undefined);
    const own = cy(d.sides[i]!.deploymentZone), other = cy(d.sides[1 - i]!.deploymentZone);
    if (own !== undefined && other !== undefined) return own > other ? -90 : 90;
    return i === 0 ? -90 : 90;
  }

  private terrain(): readonly TerrainSpec[] {
    return this.editor.getState().history.draft.terrain;
  }

  private selectedTerrain(): TerrainSpec | undefined {
    const sel = this.editor.getState().selected;
    return sel?.kind === 'terrain' ? this.terrain().find((t) => t.id === sel.id) : undefined;
  }

  private screenOf(p: XY) {
    return tableToScreen(this.ui.getState().camera, { x: p[0], y: p[1] });
  }

  private context(): EditorToolContext {
    const ed = () => this.editor.getState();
    const near = (at: PointerAt, p: XY, px: number) => {
      const s = this.screenOf(p);
      return Math.hypot(s.x - at.screen.x, s.y - at.screen.y) <= px;
    };
    return {
      mode: () => ed().tool,
      vertexAt: (at) => {
        const t = this.selectedTerrain();
        if (!t) return null;
        for (const ring of RINGS) {
          const ps = t[ring];
          const i = ps ? ps.findIndex((p) => near(at, p, HANDLE_PX + 3)) : -1;
          if (i >= 0) return { id: t.id, ring, index: i };
        }
        return null;
      },
      midpointAt: (at) => {
        const t = this.selectedTerrain();
        if (!t) return null;
        for (const ring of RINGS) {
          const ps = t[ring];
          if (!ps) continue;
          const n = ring === 'polygon' ? ps.length : ps.length - 1;
          for (let i = 0; i < n; i++) {
            const a = ps[i]!, b = ps[(i + 1) % ps.length]!;
            if (near(at, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], HANDLE_PX)) return { id: t.id, ring, index: i + 1 };
          }
        }
        return null;
      },
      terrainAt: (at) => {
        const scale = this.ui.getState().camera.scale;
        const ts = this.terrain();
        for (let i = ts.length - 1; i >= 0; i--) {
          const t = ts[i]!;
          if (t.polygon && pointInPolygon(at.table, t.polygon.map(([x, y]) => pt(x, y)))) return t.id;
          if (t.line) {
            const tol = (t.widthMm ?? 0) / 2 + 4 / scale;
            for (let k = 0; k + 1 < t.line.length; k++) {
              const a = t.line[k]!, b = t.line[k + 1]!;
              if (pointSegmentDistance(at.table, pt(a[0], a[1]), pt(b[0], b[1])) <= tol) return t.id;
            }
          }
        }
        return null;
      },
      snap: (at, exceptId) => {
        const { gridMm, history, drawing } = ed();
        const d = history.draft;
        const W = d.table.widthMm, D = d.table.depthMm;
        const base = snapTargetsOf(this.terrain(), gridMm, exceptId);
        // The table's corners and edges, the zones and the points drawn so far snap too.
        const corners: XY[] = [[0, 0], [W, 0], [W, D], [0, D]];
        const zones = d.sides.flatMap((s) => s.deploymentZone ?? []);
        const targets = {
          vertices: [...base.vertices, ...corners, ...zones, ...drawing],
          edges: [...base.edges, ...corners.map((c, i): [XY, XY] => [c, corners[(i + 1) % 4]!])],
          gridMm,
        };
        return snapPoint([at.table.x, at.table.y], targets, SNAP_PX / this.ui.getState().camera.scale).point;
      },
      drawing: () => ed().drawing,
      near: (at, p) => near(at, p, CLICK_PX),
      addPoint: (p) => ed().addPoint(p),
      hover: (p) => ed().set({ hover: p }),
      finish: () => this.finish(),
      selectTerrain: (id) => {
        ed().select(id ? { kind: 'terrain', id } : null);
        if (id) this.ui.getState().select(null);
      },
      previewVertex: (v: VertexRef, to, inserting) => ed().set({ preview: { kind: 'vertex', id: v.id, ring: v.ring, index: v.index, to, inserting } }),
      commitVertex: (v, to, inserting) => {
        ed().apply(inserting ? { op: 'insertVertex', id: v.id, ring: v.ring, index: v.index, at: to } : { op: 'moveVertex', id: v.id, ring: v.ring, index: v.index, to });
      },
      previewMove: (id, dx, dy) => ed().set({ preview: { kind: 'move', id, dxMm: dx, dyMm: dy } }),
      commitMove: (id, dx, dy) => {
        ed().apply({ op: 'moveTerrain', id, dxMm: dx, dyMm: dy }, { kind: 'terrain', id });
      },
      clearPreview: () => ed().set({ preview: null }),
      placeUnit: (at, facingDeg, preview) => {
        if (preview) return ed().set({ preview: { kind: 'place', at, facingDeg } });
        ed().set({ preview: null });
        const s = ed();
        const d = s.history.draft;
        const templates = templatesForSide(d, s.unitSide);
        const template = templates.find((t) => t.key === s.unitTemplate) ?? templates[0];
        if (!template) return ed().notify(`Not done: no unit table for the ruleset "${d.rulesets[0]}".`);
        const { ops, id } = placedUnit(d, template, s.unitSide, at, Math.round(facingDeg));
        if (ed().apply(ops, { kind: 'unit', id })) this.ui.getState().select(id);
      },
    };
  }

  /** The shape drawn so far becomes a piece, or a zone; kept if refused, so it can be mended. */
  finish(): void {
    const s = this.editor.getState();
    const d = s.history.draft;
    const points = s.drawing;
    let done = false;
    if (s.tool === 'area') {
      const ops = drawnArea(d, s.areaKind, points);
      const id = ops[0]?.op === 'addTerrain' ? ops[0].piece.id : freshId(d, s.areaKind);
      done = s.apply(ops, { kind: 'terrain', id });
    } else if (s.tool === 'line') {
      const ops = drawnLine(d, s.lineKind, points);
      const first = ops[0]!;
      const id = first.op === 'addTerrain' ? first.piece.id : first.op === 'extendLine' ? first.id : '';
      done = s.apply(ops, { kind: 'terrain', id });
    } else if (s.tool === 'zone') {
      done = s.apply({ op: 'setZone', index: s.zoneSide, zone: points }, { kind: 'side', id: d.sides[s.zoneSide]!.id });
    }
    if (done) this.editor.setState({ drawing: [], hover: null });
  }

  private draw(): void {
    const s = this.editor.getState();
    const scale = this.ui.getState().camera.scale;
    const d = s.history.draft;
    const g = this.g.clear();
    const px = (n: number) => n / scale;
    const flat = (ps: readonly XY[]) => ps.flatMap((p) => [p[0], p[1]]);
    // Deployment zones: each side's colour, faint, with its edge.
    for (const side of d.sides) {
      if (!side.deploymentZone) continue;
      const { fill } = sideColours(side.colour);
      g.poly(flat(side.deploymentZone)).fill({ color: fill, alpha: 0.16 }).stroke({ width: px(2), color: fill, alpha: 0.85 });
    }
    const sel = this.selectedTerrain();
    const preview = s.preview;
    const shapeOf = (t: TerrainSpec): TerrainSpec => {
      if (!preview || preview.kind === 'place' || preview.id !== t.id) return t;
      if (preview.kind === 'move') {
        const sh = (ps?: readonly XY[]) => ps?.map((p): [number, number] => [p[0] + preview.dxMm, p[1] + preview.dyMm]);
        return { ...t, ...(t.polygon ? { polygon: sh(t.polygon) } : {}), ...(t.line ? { line: sh(t.line) } : {}), ...(t.crest ? { crest: sh(t.crest) } : {}) };
      }
      const ps = (t[preview.ring] ?? []).map((p): [number, number] => [p[0], p[1]]);
      if (preview.inserting) ps.splice(preview.index, 0, [preview.to[0], preview.to[1]]);
      else ps[preview.index] = [preview.to[0], preview.to[1]];
      return { ...t, [preview.ring]: ps };
    };
    const outline = (t: TerrainSpec, color: number, width: number) => {
      if (t.polygon) g.poly(flat(t.polygon)).stroke({ width: px(width), color });
      for (const l of [t.line, t.crest]) {
        if (!l || l.length < 2) continue;
        g.moveTo(l[0]![0], l[0]![1]);
        l.slice(1).forEach((p) => g.lineTo(p[0], p[1]));
      }
      if (t.line || t.crest) g.stroke({ width: px(width), color });
    };
    if (sel) {
      const t = shapeOf(sel);
      outline(t, 0xffd34d, 2.5);
      for (const ring of RINGS) {
        const ps = t[ring];
        if (!ps) continue;
        const n = ring === 'polygon' ? ps.length : ps.length - 1;
        for (let i = 0; i < n; i++) {
          const a = ps[i]!, b = ps[(i + 1) % ps.length]!;
          g.circle((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, px(4)).fill({ color: 0xffffff, alpha: 0.8 }).stroke({ width: px(1), color: 0x333333 });
        }
        for (const p of ps) g.rect(p[0] - px(HANDLE_PX / 2 + 1), p[1] - px(HANDLE_PX / 2 + 1), px(HANDLE_PX + 2), px(HANDLE_PX + 2)).fill({ color: 0xffd34d }).stroke({ width: px(1.5), color: 0x222222 });
      }
    } else if (preview && preview.kind !== 'place') {
      const t = this.terrain().find((x) => x.id === preview.id);
      if (t) outline(shapeOf(t), 0xffd34d, 2.5);
    }
    // The piece a problem points at: a red ring around it.
    const h = s.highlighted;
    if (h) {
      const red = 0xe0322b;
      if (h.kind === 'terrain') {
        const t = this.terrain().find((x) => x.id === h.id);
        if (t) outline(t, red, 4);
      } else if (h.kind === 'unit' || h.kind === 'general') {
        const b = this.scene.controller.store.getState().battle;
        const u = b?.units.find((x) => x.id === h.id);
        const stands = u ? u.stands : b?.generals.filter((x) => x.id === h.id).map((x) => x.stand) ?? [];
        for (const st of stands) {
          const f = forward(st.facing), r = rightOf(st.facing);
          const hw = st.widthMm / 2 + px(4), hd = st.depthMm / 2 + px(4);
          const c = (a: number, bb: number) => [st.centre.x + f.x * a + r.x * bb, st.centre.y + f.y * a + r.y * bb];
          g.poly([...c(hd, -hw), ...c(hd, hw), ...c(-hd, hw), ...c(-hd, -hw)]).stroke({ width: px(3), color: red });
        }
      } else if (h.kind === 'side') {
        const z = d.sides.find((x) => x.id === h.id)?.deploymentZone;
        if (z) g.poly(flat(z)).stroke({ width: px(4), color: red });
      }
    }
    // The shape being drawn, with the next side to the pointer.
    if (s.tool !== 'select' && s.tool !== 'unit' && (s.drawing.length || s.hover)) {
      const ps = [...s.drawing, ...(s.hover ? [s.hover] : [])];
      if (ps.length > 1) {
        g.moveTo(ps[0]![0], ps[0]![1]);
        ps.slice(1).forEach((p) => g.lineTo(p[0], p[1]));
        g.stroke({ width: px(2), color: 0xffffff, alpha: 0.9 });
      }
      s.drawing.forEach((p, i) => g.circle(p[0], p[1], px(i === 0 ? 6 : 4)).fill({ color: i === 0 ? 0xffd34d : 0xffffff }).stroke({ width: px(1.5), color: 0x222222 }));
    }
    if (preview?.kind === 'place') {
      const a = (preview.facingDeg * Math.PI) / 180;
      const [x, y] = preview.at;
      g.circle(x, y, px(6)).fill({ color: 0xffffff }).stroke({ width: px(1.5), color: 0x222222 });
      g.moveTo(x, y).lineTo(x + Math.cos(a) * px(40), y + Math.sin(a) * px(40)).stroke({ width: px(3), color: 0xffffff });
    }
    this.scene.requestRender();
  }

  destroy(): void {
    this.off.forEach((f) => f());
    this.scene.setInputHook(null);
    this.g.destroy();
  }
}
