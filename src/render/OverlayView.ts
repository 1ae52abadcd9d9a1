/**
 * What is drawn over the battle: the selected piece's ranges (firing arcs, command and
 * engagement radii, charge reach), the tape, the sight line, the live read-out of a drag,
 * and markers on pieces. Shapes live in table millimetres; text lives in screen pixels so it
 * stays readable at any zoom. Text here is the ruleset's and the engine's, and unit names are
 * drawn by pixi as glyphs (never parsed as HTML).
 */
import { Container, Graphics, Text } from 'pixi.js';
import type { Marker, MovePreview, Overlay } from '../engine/ruleset';
import type { Camera, Span } from '../store/uiStore';
import type { TapeReading } from './measureSpan';
import type { SightAnswer } from '../geometry/lineOfSight';
import { tableToScreen } from './camera';

const OVERLAY_COLOURS: Record<Overlay['kind'], number> = {
  fire: 0xff7043,
  charge: 0xffd34d,
  command: 0x64b5f6,
  engagement: 0xba68c8,
  move: 0x81c784,
  zone: 0xb0bec5,
};

const LABEL_STYLE = { fontFamily: 'system-ui, sans-serif', fontSize: 13, fill: 0xffffff, stroke: { color: 0x111111, width: 3 } } as const;

export class OverlayView {
  /** In the world (table mm). */
  readonly shapes = new Graphics({ label: 'overlays' });
  /** In screen pixels, above everything. */
  readonly labels = new Container({ label: 'labels' });
  private readonly readout = new Text({ text: '', style: LABEL_STYLE });
  private readonly tapeText = new Text({ text: '', style: { ...LABEL_STYLE, fill: 0xffe082 } });
  private readonly sightText = new Text({ text: '', style: LABEL_STYLE });
  private readonly markerLayer = new Container({ label: 'markers' });

  constructor() {
    this.labels.addChild(this.markerLayer, this.readout, this.tapeText, this.sightText);
  }

  update(args: {
    camera: Camera;
    overlays: readonly Overlay[];
    tape: { span: Span; reading: TapeReading; text: string } | null;
    sight: { span: Span; answer: SightAnswer & { blockerName?: string }; text: string } | null;
    move: { preview: MovePreview | null; from: { x: number; y: number }; to: { x: number; y: number } } | null;
    markers: readonly { at: { x: number; y: number }; markers: readonly Marker[] }[];
  }): void {
    const { camera } = args;
    const px = 1 / camera.scale;
    const g = this.shapes.clear();
    for (const o of args.overlays) {
      if (o.polygon.length < 2) continue;
      const c = OVERLAY_COLOURS[o.kind];
      g.poly(o.polygon.flatMap((p) => [p.x, p.y])).fill({ color: c, alpha: 0.12 }).stroke({ width: 1.5 * px, color: c, alpha: 0.9 });
    }
    // Drag in progress: the path from where the piece was, and its read-out beside it.
    this.readout.visible = false;
    if (args.move) {
      const { from, to, preview } = args.move;
      const bad = preview !== null && !preview.legal;
      g.moveTo(from.x, from.y).lineTo(to.x, to.y).stroke({ width: 2 * px, color: bad ? 0xff5252 : 0xffffff, alpha: 0.9 });
      g.circle(from.x, from.y, 3 * px).fill({ color: 0xffffff });
      if (preview) {
        const lines = preview.readout.map((r) => `${r.label}: ${r.value}`);
        if (!preview.legal && preview.reason) lines.push(`✗ ${preview.reason}${preview.rule ? ` (${preview.rule})` : ''}`);
        this.readout.text = lines.join('\n');
        this.readout.style.fill = bad ? 0xff8a80 : 0xffffff;
        const s = tableToScreen(camera, to);
        this.readout.position.set(s.x + 18, s.y + 18);
        this.readout.visible = lines.length > 0;
      }
    }
    this.tapeText.visible = false;
    if (args.tape) {
      const { reading, text } = args.tape;
      g.moveTo(reading.from.x, reading.from.y).lineTo(reading.to.x, reading.to.y).stroke({ width: 2.5 * px, color: 0xffe082 });
      for (const p of [reading.from, reading.to]) g.circle(p.x, p.y, 4 * px).fill({ color: 0xffe082 });
      const m = tableToScreen(camera, { x: (reading.from.x + reading.to.x) / 2, y: (reading.from.y + reading.to.y) / 2 });
      this.tapeText.text = text;
      this.tapeText.position.set(m.x + 10, m.y - 22);
      this.tapeText.visible = true;
    }
    this.sightText.visible = false;
    if (args.sight) {
      const { span, answer, text } = args.sight;
      const colour = answer.visible ? 0x69f0ae : 0xff5252;
      const len = Math.hypot(span.to.x - span.from.x, span.to.y - span.from.y) || 1;
      const cut = answer.blockedBy ? Math.min(1, answer.blockedBy.atMm / len) : 1;
      const mid = { x: span.from.x + (span.to.x - span.from.x) * cut, y: span.from.y + (span.to.y - span.from.y) * cut };
      g.moveTo(span.from.x, span.from.y).lineTo(mid.x, mid.y).stroke({ width: 2.5 * px, color: 0x69f0ae });
      if (cut < 1) {
        g.moveTo(mid.x, mid.y).lineTo(span.to.x, span.to.y).stroke({ width: 2.5 * px, color: colour, alpha: 0.6 });
        g.circle(mid.x, mid.y, 5 * px).fill({ color: 0xff5252 });
      }
      const s = tableToScreen(camera, span.to);
      this.sightText.text = text;
      this.sightText.style.fill = colour;
      this.sightText.position.set(s.x + 12, s.y + 8);
      this.sightText.visible = true;
    }
    this.drawMarkers(args.markers, camera);
  }

  private markerItems: readonly { at: { x: number; y: number }; markers: readonly Marker[] }[] | null = null;
  private markerRows: { at: { x: number; y: number }; row: Container }[] = [];

  /**
   * PERF: chips are built only when the markers change (a new array); a pan or zoom only moves
   * each piece's row of chips to its new place on screen.
   */
  private drawMarkers(items: readonly { at: { x: number; y: number }; markers: readonly Marker[] }[], camera: Camera): void {
    if (items !== this.markerItems) {
      this.markerItems = items;
      for (const c of this.markerLayer.removeChildren()) c.destroy({ children: true });
      this.markerRows = [];
      for (const item of items) {
        if (item.markers.length === 0) continue;
        const row = new Container({ label: 'marker-row' });
        let x = 0;
        for (const m of item.markers) {
          const t = new Text({ text: m.text, style: { fontFamily: 'system-ui, sans-serif', fontSize: 11, fill: 0x111111 } });
          const bg = new Graphics().roundRect(-3, -1, t.width + 6, t.height + 2, 3).fill({ color: MARKER_COLOURS[m.kind] }).stroke({ width: 1, color: 0x111111 });
          const chip = new Container({ label: `marker:${m.kind}` });
          chip.addChild(bg, t);
          chip.position.set(x, -t.height - 6);
          row.addChild(chip);
          x += t.width + 10;
        }
        this.markerLayer.addChild(row);
        this.markerRows.push({ at: item.at, row });
      }
    }
    for (const { at, row } of this.markerRows) {
      const s = tableToScreen(camera, at);
      row.position.set(s.x, s.y);
    }
  }
}

const MARKER_COLOURS: Record<Marker['kind'], number> = {
  state: 0xff8a65,
  order: 0xfff59d,
  casualties: 0xef9a9a,
  ammunition: 0xb0bec5,
  general: 0x90caf9,
  other: 0xe0e0e0,
};
