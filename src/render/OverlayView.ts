/**
 * What is drawn over the battle: the selected piece's ranges (firing arcs, command and
 * engagement radii, charge reach), the tape, the sight line, the live read-out of a drag,
 * and markers on pieces. Shapes live in table millimetres; text lives in screen pixels so it
 * stays readable at any zoom. Text here is the ruleset's and the engine's, and unit names are
 * drawn by pixi as glyphs (never parsed as HTML).
 *
 * Read-outs sit on a dark plate kept inside the view. Marker chips grow and shrink with the
 * zoom (within readable bounds) and are laid out beside their piece, never over another piece
 * (markerLayout.ts); `markerAt` answers which chip is under the pointer, for its tooltip.
 */
import { Container, Graphics, Text } from 'pixi.js';
import type { Marker, MovePreview, Overlay } from '../engine/ruleset';
import type { Camera, Span } from '../store/uiStore';
import type { TapeReading } from './measureSpan';
import type { SightAnswer } from '../geometry/lineOfSight';
import { tableToScreen } from './camera';
import { MARKER_KEY, OVERLAY_KEY, TABLE_KEY } from './legend';
import { layoutMarkerRows, type Box } from './markerLayout';
import { markerFontPx, placeInView, wrap } from './readoutLayout';

const LABEL_STYLE = { fontFamily: 'system-ui, sans-serif', fontSize: 13, fill: 0xffffff, lineHeight: 17 } as const;

/** Marker chips are built at this size and scaled to `markerFontPx(scale)`. */
const CHIP_FONT_PX = 14;

export interface MarkerItem {
  readonly pieceId: string;
  /** The piece's box on the table (mm). */
  readonly box: Box;
  readonly markers: readonly Marker[];
}

export interface ChipOnScreen {
  readonly pieceId: string;
  readonly marker: Marker;
  /** Canvas pixels. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A line or lines of text on a dark rounded plate, in screen pixels. */
class Plate {
  readonly root = new Container({ label: 'readout' });
  private readonly bg = new Graphics();
  private readonly text = new Text({ text: '', style: LABEL_STYLE });
  private shown = '';

  constructor(label: string) {
    this.root.label = label;
    this.root.addChild(this.bg, this.text);
    this.text.position.set(6, 4);
    this.root.visible = false;
  }

  /** Show `text` near (x, y), kept inside a view of `viewW` × `viewH` pixels. */
  show(text: string, fill: number, x: number, y: number, viewW: number, viewH: number): void {
    if (text !== this.shown || this.text.style.fill !== fill) {
      this.shown = text;
      this.text.text = text;
      this.text.style.fill = fill;
      this.bg.clear().roundRect(0, 0, this.text.width + 12, this.text.height + 8, 5).fill({ color: 0x15181d, alpha: 0.86 }).stroke({ width: 1, color: fill, alpha: 0.6 });
    }
    const at = placeInView(x, y, this.text.width + 12, this.text.height + 8, viewW, viewH);
    this.root.position.set(at.x, at.y);
    this.root.visible = text.length > 0;
  }

  hide(): void {
    this.root.visible = false;
  }

  get content(): string {
    return this.root.visible ? this.shown : '';
  }
}

export class OverlayView {
  /** In the world (table mm), under the pieces: the selected piece's ranges, so pieces stay crisp. */
  readonly areas = new Graphics({ label: 'overlay-areas' });
  /** In the world (table mm), over the pieces: the drag path, the tape, the sight line. */
  readonly shapes = new Graphics({ label: 'overlays' });
  /** In screen pixels, above everything. */
  readonly labels = new Container({ label: 'labels' });
  private readonly readout = new Plate('move-readout');
  private readonly tapeText = new Plate('tape-readout');
  private readonly sightText = new Plate('sight-readout');
  private readonly markerLayer = new Container({ label: 'markers' });

  constructor() {
    this.labels.addChild(this.markerLayer, this.readout.root, this.tapeText.root, this.sightText.root);
  }

  /** The move read-out as shown (empty when none), for tests. */
  get moveReadout(): string {
    return this.readout.content;
  }

  update(args: {
    camera: Camera;
    view: { width: number; height: number };
    overlays: readonly Overlay[];
    tape: { span: Span; reading: TapeReading; text: string } | null;
    sight: { span: Span; answer: SightAnswer & { blockerName?: string }; text: string } | null;
    move: { preview: MovePreview | null; from: { x: number; y: number }; to: { x: number; y: number } } | null;
    markers: readonly MarkerItem[];
    /** What marker rows keep off (pieces, names, handles), and a key that changes when it does beyond the zoom. */
    pieces: readonly { id: string; box: Box }[];
    layoutKey?: string;
  }): void {
    const { camera, view } = args;
    const px = 1 / camera.scale;
    const a = this.areas.clear();
    for (const o of args.overlays) {
      if (o.polygon.length < 2) continue;
      const c = OVERLAY_KEY[o.kind].colour;
      a.poly(o.polygon.flatMap((p) => [p.x, p.y])).fill({ color: c, alpha: 0.12 }).stroke({ width: 1.5 * px, color: c, alpha: 0.9 });
    }
    const g = this.shapes.clear();
    // Drag in progress: the path from where the piece was, and its read-out beside it.
    this.readout.hide();
    if (args.move) {
      const { from, to, preview } = args.move;
      const bad = preview !== null && !preview.legal;
      g.moveTo(from.x, from.y).lineTo(to.x, to.y).stroke({ width: 2 * px, color: bad ? TABLE_KEY.illegal.colour : TABLE_KEY.path.colour, alpha: 0.9 });
      g.circle(from.x, from.y, 3 * px).fill({ color: TABLE_KEY.path.colour });
      if (preview) {
        const lines = preview.readout.map((r) => `${r.label}: ${r.value}`);
        if (!preview.legal && preview.reason) lines.push(`✗ ${preview.reason}${preview.rule ? ` (${preview.rule})` : ''}`);
        const s = tableToScreen(camera, to);
        this.readout.show(wrap(lines, view.width), bad ? 0xff8a80 : 0xffffff, s.x + 18, s.y + 18, view.width, view.height);
      }
    }
    this.tapeText.hide();
    if (args.tape) {
      const { reading, text } = args.tape;
      const c = TABLE_KEY.tape.colour;
      g.moveTo(reading.from.x, reading.from.y).lineTo(reading.to.x, reading.to.y).stroke({ width: 2.5 * px, color: c });
      for (const p of [reading.from, reading.to]) g.circle(p.x, p.y, 4 * px).fill({ color: c });
      const m = tableToScreen(camera, { x: (reading.from.x + reading.to.x) / 2, y: (reading.from.y + reading.to.y) / 2 });
      this.tapeText.show(text, c, m.x + 10, m.y - 30, view.width, view.height);
    }
    this.sightText.hide();
    if (args.sight) {
      const { span, answer, text } = args.sight;
      const colour = answer.visible ? TABLE_KEY.sight.colour : TABLE_KEY.blocked.colour;
      const len = Math.hypot(span.to.x - span.from.x, span.to.y - span.from.y) || 1;
      const cut = answer.blockedBy ? Math.min(1, answer.blockedBy.atMm / len) : 1;
      const mid = { x: span.from.x + (span.to.x - span.from.x) * cut, y: span.from.y + (span.to.y - span.from.y) * cut };
      g.moveTo(span.from.x, span.from.y).lineTo(mid.x, mid.y).stroke({ width: 2.5 * px, color: TABLE_KEY.sight.colour });
      if (cut < 1) {
        dashed(g, mid, span.to, 8 * px, 6 * px).stroke({ width: 2.5 * px, color: colour, alpha: 0.8 });
        g.circle(mid.x, mid.y, 5 * px).fill({ color: colour });
      }
      const s = tableToScreen(camera, span.to);
      this.sightText.show(wrap([text], view.width), colour === TABLE_KEY.sight.colour ? colour : 0xff8a80, s.x + 12, s.y + 8, view.width, view.height);
    }
    this.drawMarkers(args.markers, args.pieces, camera, args.layoutKey ?? '');
  }

  private markerItems: readonly MarkerItem[] | null = null;
  private markerLayoutKey = '';
  private markerRows: { item: MarkerItem; row: Container; chips: { marker: Marker; x: number; width: number; height: number }[]; at: { x: number; y: number } }[] = [];

  /**
   * PERF: chips are built only when the markers change (a new array) and laid out again only
   * when the zoom or the selection changes; a pan only moves each row to its new place on screen.
   */
  private drawMarkers(items: readonly MarkerItem[], pieces: readonly { id: string; box: Box }[], camera: Camera, key: string): void {
    if (items !== this.markerItems) {
      this.markerItems = items;
      this.markerLayoutKey = '';
      for (const c of this.markerLayer.removeChildren()) c.destroy({ children: true });
      this.markerRows = [];
      for (const item of items) {
        if (item.markers.length === 0) continue;
        const row = new Container({ label: `marker-row:${item.pieceId}` });
        const chips: (typeof this.markerRows)[number]['chips'] = [];
        let x = 0;
        for (const m of item.markers) {
          const t = new Text({ text: m.text, style: { fontFamily: 'system-ui, sans-serif', fontSize: CHIP_FONT_PX, fontWeight: '600', fill: 0x111111 }, resolution: 2 });
          t.position.set(4, 1);
          const w = t.width + 8, h = t.height + 2;
          const bg = new Graphics().roundRect(0, 0, w, h, 4).fill({ color: MARKER_KEY[m.kind].colour }).stroke({ width: 1.2, color: 0x111111 });
          const chip = new Container({ label: `marker:${m.kind}` });
          chip.addChild(bg, t);
          chip.position.set(x, 0);
          row.addChild(chip);
          chips.push({ marker: m, x, width: w, height: h });
          x += w + 3;
        }
        this.markerLayer.addChild(row);
        this.markerRows.push({ item, row, chips, at: { x: item.box.minX, y: item.box.minY } });
      }
    }
    const layoutKey = `${camera.scale}|${key}`;
    if (layoutKey !== this.markerLayoutKey) {
      this.markerLayoutKey = layoutKey;
      const k = markerFontPx(camera.scale) / CHIP_FONT_PX;
      const rows = this.markerRows.map((r) => {
        r.row.scale.set(k);
        const last = r.chips[r.chips.length - 1]!;
        return { pieceId: r.item.pieceId, box: r.item.box, widthMm: ((last.x + last.width) * k) / camera.scale, heightMm: (last.height * k) / camera.scale };
      });
      const placed = layoutMarkerRows(rows, pieces, 3 / camera.scale);
      for (const r of this.markerRows) r.at = placed.get(r.item.pieceId) ?? r.at;
    }
    for (const { at, row } of this.markerRows) {
      const s = tableToScreen(camera, at);
      row.position.set(Math.round(s.x), Math.round(s.y));
    }
  }

  /** Every marker chip on screen, in canvas pixels (for tooltips and tests). */
  chipsOnScreen(): ChipOnScreen[] {
    const out: ChipOnScreen[] = [];
    for (const r of this.markerRows) {
      const k = r.row.scale.x;
      for (const c of r.chips) out.push({ pieceId: r.item.pieceId, marker: c.marker, x: r.row.x + c.x * k, y: r.row.y, width: c.width * k, height: c.height * k });
    }
    return out;
  }

  /** The chip under a canvas point, if any (the last drawn wins, as it is on top). */
  markerAt(x: number, y: number): ChipOnScreen | null {
    const chips = this.chipsOnScreen();
    for (let i = chips.length - 1; i >= 0; i--) {
      const c = chips[i]!;
      if (x >= c.x && x <= c.x + c.width && y >= c.y && y <= c.y + c.height) return c;
    }
    return null;
  }
}

/** A dashed segment from a to b. */
function dashed(g: Graphics, a: { x: number; y: number }, b: { x: number; y: number }, dash: number, gap: number): Graphics {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (len === 0) return g;
  const ux = (b.x - a.x) / len, uy = (b.y - a.y) / len;
  for (let d = 0; d < len; d += dash + gap) {
    const e = Math.min(len, d + dash);
    g.moveTo(a.x + ux * d, a.y + uy * d).lineTo(a.x + ux * e, a.y + uy * e);
  }
  return g;
}
