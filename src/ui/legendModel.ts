/**
 * The legend as data, apart from the DOM (tested in node): which marker chips are on the table
 * now and what each means, which ranges the selected piece shows, which terrain the battle has.
 * Markers come from the table controller, which asks the ruleset for the viewer's view, so the
 * legend lists only what the viewer may see.
 */
import type { Marker, Overlay } from '../engine/ruleset';
import { MARKER_KEY, OVERLAY_KEY, TABLE_KEY, type KeyEntry } from '../render/legend';

export interface MarkerLine {
  readonly kind: Marker['kind'];
  readonly text: string;
  readonly title: string;
  readonly colour: number;
  /** How many pieces carry it. */
  readonly count: number;
}

export interface LegendModel {
  readonly markers: readonly MarkerLine[];
  /** Every overlay kind, with whether the selected piece shows it now. */
  readonly overlays: readonly (KeyEntry & { readonly kind: Overlay['kind']; readonly shown: boolean })[];
  readonly table: readonly KeyEntry[];
  readonly terrain: readonly TerrainLine[];
}

export interface TerrainLine {
  readonly kind: 'wood' | 'hill' | 'crest' | 'village' | 'water' | 'road' | 'marsh' | 'field' | 'rough';
  readonly label: string;
  readonly names: readonly string[];
}

const TERRAIN_LABEL: Record<TerrainLine['kind'], string> = {
  hill: 'Hill (outline and contours)',
  crest: 'Crest line, hachures down each slope',
  wood: 'Wood',
  village: 'Village or buildings',
  water: 'Stream, river or lake',
  road: 'Road',
  marsh: 'Marsh',
  field: 'Field',
  rough: 'Rough ground',
};

const terrainKind = (k: string): TerrainLine['kind'] | null =>
  k === 'hill' ? 'hill'
  : k === 'wood' ? 'wood'
  : k === 'village' || k === 'building' ? 'village'
  : k === 'stream' || k === 'river' || k === 'lake' || k === 'ford' ? 'water'
  : k === 'road' || k === 'bridge' ? 'road'
  : k === 'marsh' ? 'marsh'
  : k === 'field' ? 'field'
  : k === 'rough' ? 'rough'
  : null;

export function legendModel(args: {
  readonly pieceIds: readonly string[];
  readonly markersOf: (id: string) => readonly Marker[];
  readonly selectedOverlays: readonly Overlay[];
  readonly terrain: readonly { readonly kind: string; readonly name: string; readonly crest?: readonly unknown[] }[];
}): LegendModel {
  // One line per distinct chip (kind, text, meaning), in the order of MARKER_KEY's kinds.
  const lines = new Map<string, { kind: Marker['kind']; text: string; title: string; count: number }>();
  for (const id of args.pieceIds) {
    for (const m of args.markersOf(id)) {
      const key = `${m.kind}\u0000${m.text}\u0000${m.title}`;
      const l = lines.get(key);
      if (l) l.count++;
      else lines.set(key, { kind: m.kind, text: m.text, title: m.title, count: 1 });
    }
  }
  const kinds = Object.keys(MARKER_KEY) as Marker['kind'][];
  const markers = [...lines.values()]
    .sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || a.text.localeCompare(b.text))
    .map((l) => ({ ...l, colour: MARKER_KEY[l.kind].colour }));
  const shownKinds = new Set(args.selectedOverlays.map((o) => o.kind));
  const overlays = (Object.keys(OVERLAY_KEY) as Overlay['kind'][]).map((kind) => ({ ...OVERLAY_KEY[kind], kind, shown: shownKinds.has(kind) }));
  const byKind = new Map<TerrainLine['kind'], string[]>();
  for (const t of args.terrain) {
    const k = terrainKind(t.kind);
    if (!k) continue;
    const names = byKind.get(k) ?? [];
    if (t.name && !names.includes(t.name)) names.push(t.name);
    byKind.set(k, names);
    if (k === 'hill' && t.crest && t.crest.length >= 2 && !byKind.has('crest')) byKind.set('crest', []);
  }
  const order = Object.keys(TERRAIN_LABEL) as TerrainLine['kind'][];
  const terrain = order.filter((k) => byKind.has(k)).map((kind) => ({ kind, label: TERRAIN_LABEL[kind], names: byKind.get(kind)! }));
  return { markers, overlays, table: Object.values(TABLE_KEY), terrain };
}
