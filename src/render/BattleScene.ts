/**
 * The battlefield scene: table, terrain, units, selection, driven by the stores. It renders
 * on demand only — a change to a store or the camera asks for one frame; an idle table
 * draws nothing.
 */
import { Application, Container, Graphics, Text } from 'pixi.js';
import type { GameStoreApi } from '../store/gameStore';
import { createFreeTable, formatDistance, type TableController } from '../store/table';
import { OverlayView, type ChipOnScreen, type MarkerItem } from './OverlayView';
import { boxOfCorners, type Box } from './markerLayout';
import { readTape, SightReader } from './measureSpan';
import { SpanTool } from './tools/spanTool';
import { frontCorner, generalAsUnit, unitCentre } from '../store/gameStore';
import type { UiStoreApi } from '../store/uiStore';
import type { Stand, Unit } from '../engine/model';
import { forward, rightOf } from '../geometry/footprint';
import { pt, type TablePoint } from '../geometry/types';
import { drawTerrain, terrainLabels } from './TerrainView';
import { loadTerrainArt, type TerrainArt } from './terrainArt';
import { UnitView } from './UnitView';
import { isOver, motionMs, posesDiffer, standsAt, type Motion } from './motion';
import { PALETTE } from './palette';
import { fitTable, frameBox, panBy, screenToTable, tableToScreen, zoomAt } from './camera';
import { unitAt, unitFacing, unitFrontCentre } from './hitTest';
import { SelectTool, type Hit, type PointerAt } from './tools/selectTool';

/** A piece's box on the table: the bounds of its stands' corners (mm). */
function pieceBox(u: Unit): Box {
  const corners: { x: number; y: number }[] = [];
  for (const s of u.stands) {
    const f = forward(s.facing), r = rightOf(s.facing);
    const hw = s.widthMm / 2, hd = s.depthMm / 2;
    for (const [a, b] of [[hd, -hw], [hd, hw], [-hd, hw], [-hd, -hw]] as const) corners.push({ x: s.centre.x + f.x * a + r.x * b, y: s.centre.y + f.y * a + r.y * b });
  }
  return boxOfCorners(corners);
}

/**
 * Input another mode (the scenario editor) sees first: `down` answers whether it took the
 * press; a press it took is its own until release. `move` sees every pointer move.
 */
export interface InputHook {
  down(at: PointerAt, hit: Hit): boolean;
  move(at: PointerAt, buttons: number): void;
  up(at: PointerAt): void;
  cancel(): void;
}

const HANDLE_OFFSET_PX = 22;
const HANDLE_RADIUS_PX = 8;
const WHEEL_HANDLE_PX = 6;

export class BattleScene {
  readonly app = new Application();
  private readonly world = new Container({ label: 'world' });
  private readonly tableLayer = new Container({ label: 'table' });
  private readonly unitLayer = new Container({ label: 'units' });
  /** World-space drawings of another mode (the editor's zones, handles and outlines), under the units. */
  readonly modeLayer = new Container({ label: 'mode' });
  private inputHook: InputHook | null = null;
  private hooked = false;
  private readonly selection = new Graphics({ label: 'selection' });
  /** Terrain names, in screen pixels (readable at any zoom), under the markers and read-outs. */
  private readonly terrainNames = new Container({ label: 'terrain-names' });
  private terrainNameAt: { text: Text; at: { x: number; y: number } }[] = [];
  private art: TerrainArt | null = null;
  private views = new Map<string, UnitView>();
  private drawn = new Map<string, { stands: readonly Stand[]; previewed: boolean }>();
  /** Pieces gliding from their old pose to their new one (motion.ts), with how to draw them. */
  private motions = new Map<string, { motion: Motion; arm: Unit['arm']; colour: string }>();
  /** The person asked the browser for reduced motion: changes are shown at once. */
  private readonly reducedMotion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
  private selectionKey: string | null = null;
  private selectionStands: readonly Stand[] | null = null;
  private terrainRevision: unknown = null;
  private framePending = false;
  private framesRendered = 0;
  /** Ring of the last frames' render times in ms (for the render benchmark). */
  private readonly frameMs = new Float64Array(512);
  private tool!: SelectTool;
  private tape!: SpanTool;
  private sightTool!: SpanTool;
  private readonly overlay = new OverlayView();
  private readonly sightReader = new SightReader();
  private unsubscribe: (() => void)[] = [];
  /** The marker tooltip: a DOM element over the canvas, its text set as text. */
  private readonly tip = document.createElement('div');
  private readonly game: GameStoreApi;
  /** Where the pointer last was on the table, and the enemy a drag would charge. */
  private lastPointer: TablePoint | null = null;
  private contactTarget: string | null = null;
  readonly controller: TableController;

  /**
   * `controller` says what a drag means (a free table by default). When given, the scene
   * draws its store and `game` is ignored.
   */
  constructor(game: GameStoreApi, private readonly ui: UiStoreApi, controller?: TableController) {
    this.controller = controller ?? createFreeTable(game);
    this.game = this.controller.store;
  }

  async mount(host: HTMLElement): Promise<void> {
    await this.app.init({
      background: PALETTE.background,
      antialias: true,
      autoStart: false,
      sharedTicker: false,
      width: host.clientWidth || 800,
      height: host.clientHeight || 600,
      resolution: Math.min(2, globalThis.devicePixelRatio || 1),
      autoDensity: true,
      preference: 'webgl',
    });
    this.app.ticker.stop();
    const canvas = this.app.canvas;
    canvas.setAttribute('aria-label', 'Battlefield');
    canvas.style.touchAction = 'none';
    host.appendChild(canvas);
    this.tip.setAttribute('role', 'tooltip');
    this.tip.dataset.testid = 'marker-tooltip';
    Object.assign(this.tip.style, {
      position: 'fixed', zIndex: '20', pointerEvents: 'none', maxWidth: '260px', padding: '4px 8px', borderRadius: '4px',
      background: '#15181d', color: '#f4f1e8', border: '1px solid #555', font: '13px/1.35 system-ui, sans-serif', boxShadow: '0 2px 6px #0008',
    } satisfies Partial<CSSStyleDeclaration>);
    this.tip.hidden = true;
    host.appendChild(this.tip);
    this.world.addChild(this.tableLayer, this.overlay.areas, this.modeLayer, this.unitLayer, this.overlay.shapes);
    this.app.stage.addChild(this.world, this.terrainNames, this.overlay.labels);
    this.art = await loadTerrainArt();

    const commit = (id: string, dx: number, dy: number, dRad: number) => {
      const target = this.contactTarget;
      this.contactTarget = null;
      const why = target ? this.controller.commitContact(id, target) : this.controller.commitMove(id, { dxMm: dx, dyMm: dy, dRad });
      this.ui.getState().setMovePreview(null);
      this.ui.getState().notify(why);
    };
    this.tool = new SelectTool({
      select: (id) => this.ui.getState().select(id),
      preview: (p) => {
        const ui = this.ui.getState();
        ui.setPreview(p);
        if (!p) {
          // The tool clears the preview just before it commits: keep the charge target for that.
          ui.setMovePreview(null);
          return;
        }
        // Dropping onto an enemy declares a charge at it; anywhere else is a move.
        const enemy = p.dRad === 0 ? this.enemyUnder(p.unitId) : null;
        const contact = enemy ? this.controller.previewContact(p.unitId, enemy) : null;
        this.contactTarget = contact ? enemy : null;
        const move = p.pivot ? { dxMm: 0, dyMm: 0, dRad: p.dRad, pivot: p.pivot } : { dxMm: p.dxMm, dyMm: p.dyMm, dRad: p.dRad };
        const answer = contact ?? this.controller.previewMove(p.unitId, move);
        ui.setMovePreview(answer);
        // The last refusal is stale once the piece is dragged somewhere it may go.
        if (answer?.legal && ui.notice) ui.notify(null);
      },
      commitMove: (id, dx, dy) => commit(id, dx, dy, 0),
      commitRotate: (id, d, pivot) => {
        if (!pivot) return commit(id, 0, 0, d);
        const why = this.controller.commitMove(id, { dxMm: 0, dyMm: 0, dRad: d, pivot });
        this.ui.getState().setMovePreview(null);
        this.ui.getState().notify(why);
      },
      pan: (dx, dy) => this.ui.getState().setCamera(panBy(this.ui.getState().camera, dx, dy)),
    });
    this.tape = new SpanTool({ set: (span) => this.ui.getState().setTape(span) });
    this.sightTool = new SpanTool({ set: (span) => this.ui.getState().setSightLine(span) });
    this.bindInput(canvas);

    const resize = new ResizeObserver(() => {
      this.app.renderer.resize(host.clientWidth, host.clientHeight);
      this.requestRender();
    });
    resize.observe(host);
    this.unsubscribe.push(() => resize.disconnect());
    this.unsubscribe.push(this.game.subscribe(() => this.sync()));
    this.unsubscribe.push(this.ui.subscribe(() => this.sync()));
    this.fit();
    this.sync();
  }

  /** Frame the whole table in the view. */
  fit(): void {
    const b = this.game.getState().battle;
    if (!b) return;
    this.ui.getState().setCamera(fitTable(b.table.widthMm, b.table.depthMm, this.app.screen.width, this.app.screen.height));
  }

  /** Bring a box of the table (mm) to the middle of the view, zooming in no closer than 2 px/mm unless already there. */
  frame(box: { x0: number; y0: number; x1: number; y1: number }): void {
    this.ui.getState().setCamera(frameBox(box, this.app.screen.width, this.app.screen.height, Math.max(2, this.ui.getState().camera.scale)));
  }

  get frames(): number {
    return this.framesRendered;
  }

  /** Render times (ms) of the most recent frames, oldest first. */
  recentFrameTimes(): number[] {
    const n = Math.min(this.framesRendered, this.frameMs.length);
    const out: number[] = [];
    for (let i = this.framesRendered - n; i < this.framesRendered; i++) out.push(this.frameMs[i % this.frameMs.length]!);
    return out;
  }

  /** Ask for one frame; many requests before it is drawn make one frame. */
  requestRender(): void {
    if (this.framePending) return;
    this.framePending = true;
    requestAnimationFrame(() => {
      this.framePending = false;
      const t0 = performance.now();
      const moving = this.stepMotions(t0);
      this.app.render();
      this.frameMs[this.framesRendered % this.frameMs.length] = performance.now() - t0;
      this.framesRendered++;
      // A glide draws frames until it ends; then the table is idle again.
      if (moving) this.requestRender();
    });
  }

  /** Draw every gliding piece where it is at `nowMs`; true while any glide goes on. */
  private stepMotions(nowMs: number): boolean {
    for (const [id, m] of this.motions) {
      const v = this.views.get(id);
      const stands = standsAt(m.motion, nowMs);
      if (v) v.draw(unitCentre({ stands } as Unit), stands, m.arm, m.colour);
      if (isOver(m.motion, nowMs)) this.motions.delete(id);
    }
    return this.motions.size > 0;
  }

  /** Pieces gliding now (the test hook reads it). */
  get gliding(): readonly string[] {
    return [...this.motions.keys()];
  }

  /** End every glide at once: each piece is drawn where it now stands (a click, a key, Escape). */
  skipMotion(): void {
    if (this.motions.size === 0) return;
    this.stepMotions(Number.POSITIVE_INFINITY);
    this.requestRender();
  }

  private allPieces(): Unit[] {
    const b = this.game.getState().battle;
    return b ? [...b.units, ...b.generals.map(generalAsUnit)] : [];
  }

  private sync(): void {
    const b = this.game.getState().battle;
    const { camera, preview, selected } = this.ui.getState();
    this.world.scale.set(camera.scale);
    this.world.position.set(camera.x, camera.y);
    if (!b) return;
    if (this.terrainRevision !== b.terrain) {
      this.terrainRevision = b.terrain;
      this.tableLayer.removeChildren().forEach((c) => c.destroy({ children: true }));
      const table = new Graphics({ label: 'table-top' })
        .rect(0, 0, b.table.widthMm, b.table.depthMm)
        .fill({ color: PALETTE.table })
        .stroke({ width: 6, color: PALETTE.tableEdge });
      this.tableLayer.addChild(table, drawTerrain(b.terrain, this.art));
      for (const c of this.terrainNames.removeChildren()) c.destroy();
      this.terrainNameAt = terrainLabels(b.terrain).map((l) => {
        const text = new Text({
          text: l.name,
          style: { fontFamily: 'Georgia, serif', fontStyle: 'italic', fontSize: l.kind === 'hill' ? 15 : 13, fill: 0x1d1a10, stroke: { color: 0xf4f1e8, width: 3 }, letterSpacing: 0.5 },
          anchor: 0.5,
          alpha: 0.9,
        });
        this.terrainNames.addChild(text);
        return { text, at: l.at };
      });
    }
    for (const { text, at } of this.terrainNameAt) {
      const p = tableToScreen(camera, at);
      text.position.set(Math.round(p.x), Math.round(p.y + text.height / 2 + 3));
    }
    // PERF: redraw only the pieces whose objects changed (the stores replace what they
    // change and keep the rest), so a pan, a zoom or a drag preview redraws no stands.
    const colours = new Map(b.sides.map((s) => [s.id, s.colour]));
    const seen = new Set<string>();
    for (const u of this.allPieces()) {
      seen.add(u.id);
      let v = this.views.get(u.id);
      if (!v) {
        v = new UnitView(u.id);
        this.views.set(u.id, v);
        this.unitLayer.addChild(v.root);
      }
      const drawn = this.drawn.get(u.id);
      const moving = preview?.unitId === u.id;
      if (drawn?.stands !== u.stands || moving || drawn.previewed) {
        const c = unitCentre(u);
        const colour = colours.get(u.side) ?? '#888888';
        if (drawn?.stands !== u.stands) {
          // A change not made by a drag glides from where the piece is drawn now (motion.ts).
          const now = performance.now();
          const glide = this.motions.get(u.id);
          const from = glide ? standsAt(glide.motion, now) : drawn?.stands;
          if (from && !moving && !drawn?.previewed && !this.reducedMotion?.matches && posesDiffer(from, u.stands)) {
            this.motions.set(u.id, { motion: { from, to: u.stands, startMs: now, durationMs: motionMs(from, u.stands) }, arm: u.arm, colour });
          } else {
            this.motions.delete(u.id);
            v.draw(c, u.stands, u.arm, colour);
          }
        }
        if (moving) v.preview(c, preview.dxMm, preview.dyMm, preview.dRad);
        else v.preview(c, 0, 0, 0);
        this.drawn.set(u.id, { stands: u.stands, previewed: moving });
      }
    }
    for (const [id, v] of this.views) if (!seen.has(id)) { v.destroy(); this.views.delete(id); this.drawn.delete(id); this.motions.delete(id); }
    const selKey = selected ? `${selected}|${camera.scale}|${this.drawn.get(selected)?.stands.length}` : null;
    const selUnit = selected ? this.allPieces().find((u) => u.id === selected) ?? null : null;
    if (selKey !== this.selectionKey || (selUnit && this.selectionStands !== selUnit.stands)) {
      this.selectionKey = selKey;
      this.selectionStands = selUnit?.stands ?? null;
      this.drawSelection(selUnit, camera.scale);
    }
    this.updateOverlay();
    this.requestRender();
  }

  /** What the tape and the sight line read now, as shown on the table. */
  readouts(): { tape: string | null; sight: string | null } {
    return { ...this.lastReadouts };
  }
  private lastReadouts: { tape: string | null; sight: string | null } = { tape: null, sight: null };
  private markersRevision = -1;
  private markers: MarkerItem[] = [];
  /** The piece last tinted by a drag preview. */
  private tinted: UnitView | null = null;
  private pieceBoxes: { id: string; box: Box }[] = [];

  private updateOverlay(): void {
    const ui = this.ui.getState();
    const b = this.game.getState().battle;
    if (!b) return;
    const pieces = this.allPieces();
    const measure = this.controller.measure();
    let tape = null;
    if (ui.tape) {
      const reading = readTape(ui.tape, pieces);
      tape = { span: ui.tape, reading, text: formatDistance(reading.distanceMm, measure) };
    }
    let sight = null;
    if (ui.sightLine) {
      const policy = this.controller.sight();
      const answer = this.sightReader.read(ui.sightLine, b.terrain, policy.rule, pieces, policy.standsBlock, policy.minGapMm);
      const text = answer.visible
        ? `In sight (${formatDistance(answer.lengthMm, measure)})`
        : `Blocked by ${answer.blockerName ?? answer.blockedBy?.id ?? 'terrain'} at ${formatDistance(answer.blockedBy?.atMm ?? 0, measure)}: ${answer.blockedBy?.reason ?? ''}`;
      sight = { span: ui.sightLine, answer, text };
    }
    let move = null;
    // A refused drag's red tint goes with the drag: the piece stands where it was, unrefused.
    if (this.tinted && this.tinted.root.destroyed === false && this.tinted.id !== ui.preview?.unitId) this.tinted.root.tint = 0xffffff;
    if (!ui.preview) this.tinted = null;
    if (ui.preview) {
      const u = pieces.find((p) => p.id === ui.preview!.unitId);
      if (u) {
        const c = unitCentre(u);
        move = { preview: ui.movePreview, from: c, to: { x: c.x + ui.preview.dxMm, y: c.y + ui.preview.dyMm } };
        const view = this.views.get(u.id);
        if (view) {
          view.root.tint = ui.movePreview && !ui.movePreview.legal ? 0xff6060 : 0xffffff;
          this.tinted = view;
        }
      }
    }
    this.lastReadouts = { tape: tape?.text ?? null, sight: sight?.text ?? null };
    const overlays = ui.selected ? this.controller.overlays(ui.selected) : [];
    // PERF: markers depend on the game, not the camera: ask the ruleset again only when the game changes.
    const revision = this.game.getState().revision;
    if (revision !== this.markersRevision) {
      this.markersRevision = revision;
      this.pieceBoxes = pieces.map((u) => ({ id: u.id, box: pieceBox(u) }));
      this.markers = this.pieceBoxes.map(({ id, box }) => ({ pieceId: id, box, markers: this.controller.markers(id) }));
    }
    const view = { width: this.app.screen.width, height: this.app.screen.height };
    // Marker rows keep off the pieces and off the terrain names (whose size on the table depends on the zoom).
    const names = this.terrainNameAt.map(({ text, at }, i) => {
      const w = text.width / ui.camera.scale, h = (text.height + 6) / ui.camera.scale;
      return { id: `name:${i}`, box: { minX: at.x - w / 2, minY: at.y, maxX: at.x + w / 2, maxY: at.y + h } };
    });
    // ...and off the selected piece's handles, which must stay in sight to be grabbed.
    const selUnit = ui.selected ? pieces.find((u) => u.id === ui.selected) : undefined;
    const handles = selUnit
      ? [this.handlePosition(selUnit, ui.camera.scale), ...this.wheelHandles(selUnit, ui.camera.scale).map((w) => w.at)].map((h, i) => {
          const r = (HANDLE_RADIUS_PX + 2) / ui.camera.scale;
          return { id: `handle:${i}`, box: { minX: h.x - r, minY: h.y - r, maxX: h.x + r, maxY: h.y + r } };
        })
      : [];
    const obstacles = names.length || handles.length ? [...this.pieceBoxes, ...names, ...handles] : this.pieceBoxes;
    const layoutKey = selUnit ? `${selUnit.id}|${this.markersRevision}` : `${this.markersRevision}`;
    this.overlay.update({ camera: ui.camera, view, overlays, tape, sight, move, markers: this.markers, pieces: obstacles, layoutKey });
  }

  private drawSelection(u: Unit | null, scale: number): void {
    const g = this.selection.clear();
    if (!u) { g.removeFromParent(); return; }
    const view = this.views.get(u.id)!;
    view.root.addChild(g);
    // The selected piece on top, so that no neighbour hides its handles.
    this.unitLayer.setChildIndex(view.root, this.unitLayer.children.length - 1);
    const c = unitCentre(u);
    for (const s of u.stands) {
      const f = forward(s.facing);
      const hw = s.widthMm / 2 + 3 / scale, hd = s.depthMm / 2 + 3 / scale;
      const r = rightOf(s.facing);
      const cx = s.centre.x - c.x, cy = s.centre.y - c.y;
      const at = (a: number, b: number) => [cx + f.x * a + r.x * b, cy + f.y * a + r.y * b];
      g.poly([...at(hd, -hw), ...at(hd, hw), ...at(-hd, hw), ...at(-hd, -hw)]).stroke({ width: 2 / scale, color: PALETTE.selection });
    }
    const h = this.handlePosition(u, scale);
    const front = unitFrontCentre(u, c);
    g.moveTo(front.x - c.x, front.y - c.y).lineTo(h.x - c.x, h.y - c.y).stroke({ width: 1.5 / scale, color: PALETTE.handle });
    g.circle(h.x - c.x, h.y - c.y, HANDLE_RADIUS_PX / scale).fill({ color: PALETTE.handle }).stroke({ width: 1.5 / scale, color: 0x222222 });
    // Wheel handles at the front corners: dragging one wheels the unit about the other corner.
    for (const w of this.wheelHandles(u, scale)) {
      const k = WHEEL_HANDLE_PX / scale;
      g.rect(w.at.x - c.x - k, w.at.y - c.y - k, 2 * k, 2 * k).fill({ color: PALETTE.handle }).stroke({ width: 1.5 / scale, color: 0x222222 });
    }
  }

  /** Handles at the front corners, just outside the unit; each wheels about the opposite corner. */
  private wheelHandles(u: Unit, scale: number): { at: TablePoint; pivot: TablePoint; pivotKind: 'left' | 'right' }[] {
    const f = forward(unitFacing(u) as Parameters<typeof forward>[0]);
    const r = { x: -f.y, y: f.x };
    const fl = frontCorner(u, 'left'), fr = frontCorner(u, 'right');
    const off = HANDLE_OFFSET_PX / 2 / scale;
    return [
      { at: pt(fr.x + (r.x + f.x) * off, fr.y + (r.y + f.y) * off), pivot: fl, pivotKind: 'left' },
      { at: pt(fl.x + (-r.x + f.x) * off, fl.y + (-r.y + f.y) * off), pivot: fr, pivotKind: 'right' },
    ];
  }

  /** Screen positions of the selected unit's wheel handles (for tests): the one that pivots on `pivot`. */
  wheelHandleOnScreen(pivot: 'left' | 'right'): { x: number; y: number } | null {
    const { selected, camera } = this.ui.getState();
    const u = selected ? this.allPieces().find((p) => p.id === selected) : undefined;
    const w = u ? this.wheelHandles(u, camera.scale).find((h) => h.pivotKind === pivot) : undefined;
    return w ? tableToScreen(camera, w.at) : null;
  }

  /** Screen position of the selected unit's rotate handle, if any (for tests and tooltips). */
  handleOnScreen(): { x: number; y: number } | null {
    const { selected, camera } = this.ui.getState();
    const u = selected ? this.allPieces().find((p) => p.id === selected) : undefined;
    return u ? tableToScreen(camera, this.handlePosition(u, camera.scale)) : null;
  }

  /** The rotate handle sits a fixed number of pixels in front of the unit's front edge. */
  private handlePosition(u: Unit, scale: number) {
    const c = unitCentre(u);
    const front = unitFrontCentre(u, c);
    const f = forward(unitFacing(u) as Parameters<typeof forward>[0]);
    return pt(front.x + (f.x * HANDLE_OFFSET_PX) / scale, front.y + (f.y * HANDLE_OFFSET_PX) / scale);
  }

  /** Marker chips on screen (canvas pixels), each with its text and meaning, for tests. */
  markerChips(): ChipOnScreen[] {
    return this.overlay.chipsOnScreen();
  }

  /** Hover a marker chip: its meaning beside the pointer, as text. */
  private showTip(chip: ChipOnScreen | null, e: { clientX: number; clientY: number } | null): void {
    if (!chip || !e) {
      this.tip.hidden = true;
      return;
    }
    const text = `${chip.marker.text} — ${chip.marker.title}`;
    if (this.tip.textContent !== text) this.tip.textContent = text;
    this.tip.hidden = false;
    const w = this.tip.offsetWidth, h = this.tip.offsetHeight;
    const x = e.clientX + 14 + w > window.innerWidth ? e.clientX - w - 10 : e.clientX + 14;
    const y = e.clientY + 18 + h > window.innerHeight ? e.clientY - h - 10 : e.clientY + 18;
    this.tip.style.left = `${Math.max(2, x)}px`;
    this.tip.style.top = `${Math.max(2, y)}px`;
  }

  private pointer(canvas: HTMLCanvasElement, e: { clientX: number; clientY: number }): PointerAt {
    const r = canvas.getBoundingClientRect();
    const screen = { x: e.clientX - r.left, y: e.clientY - r.top };
    return { screen, table: screenToTable(this.ui.getState().camera, screen.x, screen.y) };
  }

  private hit(at: PointerAt): Hit {
    const { selected, camera } = this.ui.getState();
    const pieces = this.allPieces();
    const sel = selected ? pieces.find((u) => u.id === selected) : undefined;
    if (sel) {
      const h = tableToScreen(camera, this.handlePosition(sel, camera.scale));
      if (Math.hypot(h.x - at.screen.x, h.y - at.screen.y) <= HANDLE_RADIUS_PX + 4) {
        return { kind: 'rotate-handle', unitId: sel.id, pivot: unitCentre(sel) };
      }
      for (const w of this.wheelHandles(sel, camera.scale)) {
        const ws = tableToScreen(camera, w.at);
        if (Math.hypot(ws.x - at.screen.x, ws.y - at.screen.y) <= WHEEL_HANDLE_PX + 4) {
          return { kind: 'rotate-handle', unitId: sel.id, pivot: w.pivot, pivotKind: w.pivotKind, centre: unitCentre(sel) };
        }
      }
    }
    const u = unitAt(pieces, at.table);
    return u ? { kind: 'unit', unitId: u.id } : { kind: 'ground' };
  }

  /** The enemy piece under the pointer while `id` is dragged, if any. */
  private enemyUnder(id: string): string | null {
    if (!this.lastPointer) return null;
    const pieces = this.allPieces();
    const side = pieces.find((u) => u.id === id)?.side;
    const under = unitAt(pieces.filter((u) => u.id !== id && u.side !== side), this.lastPointer);
    return under?.id ?? null;
  }

  private pieceAt(at: PointerAt): string | undefined {
    return unitAt(this.allPieces(), at.table)?.id;
  }

  private spanTool(): SpanTool | null {
    const t = this.ui.getState().tool;
    return t === 'tape' ? this.tape : t === 'sight' ? this.sightTool : null;
  }

  /** Let another mode see the input first (null: the play tools only). */
  setInputHook(h: InputHook | null): void {
    this.inputHook = h;
  }

  /** The piece under a table point (units and generals), for other modes' tools. */
  pieceIdAt(p: TablePoint): string | undefined {
    return unitAt(this.allPieces(), p)?.id;
  }

  /** A key pressed ends any glide (the person wants to act on where pieces stand). */
  private readonly onKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Shift' && e.key !== 'Control' && e.key !== 'Alt' && e.key !== 'Meta') this.skipMotion();
  };

  private bindInput(canvas: HTMLCanvasElement): void {
    window.addEventListener('keydown', this.onKey);
    canvas.addEventListener('pointerdown', (e) => {
      this.showTip(null, null);
      // A press on the table ends any glide first: the person acts on where pieces stand.
      this.skipMotion();
      if (e.button !== 0) return;
      canvas.setPointerCapture(e.pointerId);
      const at = this.pointer(canvas, e);
      if (this.inputHook?.down(at, this.hit(at))) {
        this.hooked = true;
        return;
      }
      const span = this.spanTool();
      if (span) span.down(at.table, this.pieceAt(at));
      else this.tool.down(at, this.hit(at));
    });
    canvas.addEventListener('pointermove', (e) => {
      const at = this.pointer(canvas, e);
      this.showTip(e.buttons === 0 ? this.overlay.markerAt(at.screen.x, at.screen.y) : null, e);
      this.lastPointer = at.table;
      this.inputHook?.move(at, e.buttons);
      if (this.hooked) return;
      const span = this.spanTool();
      if (span) span.move(at.table, this.pieceAt(at));
      else this.tool.move(at);
    });
    canvas.addEventListener('pointerup', (e) => {
      const at = this.pointer(canvas, e);
      if (this.hooked) {
        this.hooked = false;
        this.inputHook?.up(at);
        return;
      }
      const span = this.spanTool();
      if (span) span.up(at.table, this.pieceAt(at));
      else this.tool.up(at);
    });
    canvas.addEventListener('pointerleave', () => this.showTip(null, null));
    canvas.addEventListener('pointercancel', () => {
      if (this.hooked) {
        this.hooked = false;
        this.inputHook?.cancel();
      }
      this.tool.cancel();
      this.contactTarget = null;
      this.ui.getState().setMovePreview(null);
    });
    canvas.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const at = this.pointer(canvas, e);
        // A notch of the wheel (≈100 px) zooms by ~15%; trackpads send smaller deltas.
        const factor = Math.exp(-e.deltaY * 0.0015);
        this.ui.getState().setCamera(zoomAt(this.ui.getState().camera, at.screen.x, at.screen.y, factor));
      },
      { passive: false },
    );
  }

  destroy(): void {
    window.removeEventListener('keydown', this.onKey);
    this.unsubscribe.forEach((f) => f());
    this.app.destroy(true, { children: true });
  }
}
