/**
 * NW Preparing for Battle §9 Terrain Generation as a procedure: a pure function of the table, the
 * scale, each side's picks and a die roller. The roller is the only source of chance, so a
 * seeded roller (the engine's ctx.roll in set-up) makes the layout reproducible and logged.
 * Decisions the text leaves to the players are taken by rolls or fixed readings, each in
 * RULINGS.md (§9 Terrain Generation).
 */
import type { TerrainFeature } from '../../engine/model';
import type { SideId } from '../../engine/model';
import { polylineOutline } from '../../geometry/polyline';
import { inches, mm, pt, type TablePoint } from '../../geometry/types';
import { bentLineAcross, clipToTable, dicePointInRect, faceFraction, firstClash, gridRect, linesCrossAt, ovalOutline, shiftOntoTable, spaceFromParallels, tableArea } from '../../geometry/terrainGen';
import type { Scale } from './tables/scale';
import { cos, sin } from '../../geometry/math';
import { sideWords } from '../words';

export type TerrainPickType = 'none' | 'clear' | 'dense' | 'light' | 'low-hill' | 'village' | 'stream' | 'wall' | 'hedge' | 'gully' | 'road' | 'river' | 'pond' | 'lake';
export const TERRAIN_PICK_TYPES: readonly TerrainPickType[] = ['none', 'clear', 'dense', 'light', 'low-hill', 'village', 'stream', 'wall', 'hedge', 'gully', 'road', 'river', 'pond', 'lake'];

/** Each pick in the Terrain Table's words (NW §9), as a noun ('low hill') and as what is placed ('a low hill'). */
const PICK_NOUN: Readonly<Record<TerrainPickType, string>> = {
  none: 'no terrain', clear: 'clear terrain', dense: 'dense terrain', light: 'light terrain', 'low-hill': 'low hill', village: 'village', stream: 'stream',
  wall: 'wall', hedge: 'hedge', gully: 'gully', road: 'road', river: 'river', pond: 'pond', lake: 'lake',
};
const MASS_NOUNS: ReadonlySet<TerrainPickType> = new Set(['none', 'clear', 'dense', 'light']);
const placed = (p: TerrainPickType): string => (MASS_NOUNS.has(p) ? PICK_NOUN[p] : `a ${PICK_NOUN[p]}`);
const the = (p: TerrainPickType): string => (MASS_NOUNS.has(p) ? PICK_NOUN[p] : `the ${PICK_NOUN[p]}`);

/** A die the procedure asks for; returns the face. `purpose` and `rule` go to the log. */
export type TerrainRoller = (dice: 'd6' | 'd10', purpose: string, rule: string, modifier?: number) => number;

export interface TerrainGenSide {
  readonly id: SideId;
  /** The side's name, for the dice's purposes ('Terrain: the French place a low hill'); the id without. */
  readonly name?: string;
  /** The player's own baseline (NW: the table is split into the two halves, three sectors each). */
  readonly baseline: 'top' | 'bottom';
  /** Up to five picks, in the order the player will make them (NW §9). */
  readonly picks: readonly TerrainPickType[];
  /** ±1 on each placement d10, only for an Exceptional or Charismatic CinC (NW §9). */
  readonly placementShift: -1 | 0 | 1;
}

export interface TerrainGenInput {
  readonly widthMm: number;
  readonly depthMm: number;
  readonly scale: Scale;
  readonly sides: readonly [TerrainGenSide, TerrainGenSide];
}

export type SectorName = 'friendly-left' | 'friendly-centre' | 'friendly-right' | 'enemy-left' | 'enemy-centre' | 'enemy-right';

export interface TerrainGenStep {
  readonly side: SideId;
  readonly pick: TerrainPickType;
  readonly placementRoll?: number;
  readonly sector?: SectorName;
  readonly placed?: string;
  readonly discarded?: string;
}

export interface TerrainLayout {
  readonly features: TerrainFeature[];
  readonly steps: TerrainGenStep[];
  readonly firstPlayer: SideId;
}

const R = 'NW §9 Terrain Generation';
export const MAX_PICKS = 5;

/** NW §9: "1 or a 2 is a discard; 3-4 friendly left; 5 friendly centre; 6-7 friendly right; 8 enemy left; 9 enemy centre; 10 enemy right". */
export function sectorFor(roll: number): SectorName | undefined {
  const r = Math.min(10, Math.max(1, roll));
  if (r <= 2) return undefined;
  if (r <= 4) return 'friendly-left';
  if (r === 5) return 'friendly-centre';
  if (r <= 7) return 'friendly-right';
  if (r === 8) return 'enemy-left';
  if (r === 9) return 'enemy-centre';
  return 'enemy-right';
}

/** Sizes by scale (NW §9 Special Terrain Placement Rules; table A/B column). */
export const TERRAIN_SIZES: Readonly<Record<Scale, { maxDiameterIn: number; minIn: number; pondMaxIn: number; linearWidthIn: number; lakeMaxWidthIn: number; roadSpacingIn: number }>> = {
  medium: { maxDiameterIn: 12, minIn: 3, pondMaxIn: 8, linearWidthIn: 1, lakeMaxWidthIn: 12, roadSpacingIn: 6 },
  large: { maxDiameterIn: 16, minIn: 5, pondMaxIn: 12, linearWidthIn: 2, lakeMaxWidthIn: 12, roadSpacingIn: 6 },
};

/** NW §9 "medium-sized stands on a small table" (RULINGS): a small table is no bigger than 6' x 4' (72" x 48", either way round). */
export const SMALL_TABLE_IN = { long: 72, short: 48 } as const;
export function isSmallTable(widthMm: number, depthMm: number): boolean {
  const long = Math.max(widthMm, depthMm) / 25.4, short = Math.min(widthMm, depthMm) / 25.4;
  return long <= SMALL_TABLE_IN.long + 1e-6 && short <= SMALL_TABLE_IN.short + 1e-6;
}

/**
 * NW §9 Maximum and Minimum Terrain Size: "If you are using medium-sized stands on a small table,
 * use the unparenthesized ... figures. Otherwise, use the parenthesized figures" — so medium stands
 * on a bigger table take the parenthesized (large) sizes too (RULINGS).
 */
export function terrainSizesFor(scale: Scale, widthMm: number, depthMm: number): (typeof TERRAIN_SIZES)[Scale] {
  return TERRAIN_SIZES[scale === 'medium' && isSmallTable(widthMm, depthMm) ? 'medium' : 'large'];
}

/**
 * The sector rectangle for `side` (columns are the side's own left/centre/right as it faces the
 * enemy; "enemy left" is the enemy's own left flank — RULINGS).
 */
export function sectorRect(input: TerrainGenInput, side: TerrainGenSide, s: SectorName): { x0: number; x1: number; y0: number; y1: number; column: 0 | 1 | 2 } {
  const friendly = s.startsWith('friendly');
  const half = friendly === (side.baseline === 'bottom') ? 1 : 0; // row 1 = bottom half
  const flank = s.endsWith('left') ? 'left' : s.endsWith('right') ? 'right' : 'centre';
  // Facing up the table (baseline bottom) a player's left is screen-left; facing down it is screen-right.
  const facingUp = friendly ? side.baseline === 'bottom' : side.baseline !== 'bottom';
  const column = flank === 'centre' ? 1 : (flank === 'left') === facingUp ? 0 : 2;
  return { ...gridRect(tableArea(input), 3, 2, column, half), column: column as 0 | 1 | 2 };
}

/** An octagon with flat sides square to the table. */
const octagon = (c: TablePoint, rx: number, ry: number): TablePoint[] => ovalOutline(c, rx, ry, 8, Math.PI / 8);

/** Map a d10 face to a fraction in [0, 1]. */
const frac = (d10: number) => faceFraction(d10, 10);

/** The overlap exceptions of NW §9: what may lie on what. */
function mayOverlap(a: TerrainFeature, b: TerrainFeature): boolean {
  const linear = (t: TerrainFeature) => t.kind === 'road' || t.kind === 'bridge' || t.kind === 'ford';
  if (linear(a) || linear(b)) {
    const other = linear(a) ? b : a;
    // Roads cross rivers, streams, low hills, light or dense terrain — never buildings, ponds or lakes.
    return other.kind === 'river' || other.kind === 'stream' || other.kind === 'hill' || other.kind === 'wood' || other.kind === 'rough' || other.kind === 'marsh' || other.kind === 'road' || linear(other) || other.kind === 'obstacle';
  }
  const onHill = (t: TerrainFeature) => t.kind === 'wood' || t.kind === 'rough' || t.kind === 'village' || t.kind === 'building';
  return (a.kind === 'hill' && onHill(b)) || (b.kind === 'hill' && onHill(a));
}


/**
 * Run the whole procedure (NW §9). Each side makes up to five picks; who rolls first is diced
 * (d6 each, ties re-rolled); the sides alternate; each pick is placed by a d10 (± the CinC shift,
 * kept within 1-10) into a sector, sized and positioned by further d10s (RULINGS), and checked
 * against the special placement rules. Returns the features and a step log.
 */
export function generateTerrain(input: TerrainGenInput, roll: TerrainRoller): TerrainLayout {
  const sz = terrainSizesFor(input.scale, input.widthMm, input.depthMm);
  const [a, b] = input.sides;
  let first: TerrainGenSide = a;
  for (let i = 0; i < 20; i++) {
    const ra = roll('d6', `Terrain: who rolls first (${sideWords(a.name ?? a.id).noun})`, R), rb = roll('d6', `Terrain: who rolls first (${sideWords(b.name ?? b.id).noun})`, R);
    if (ra !== rb) {
      first = ra > rb ? a : b;
      break;
    }
  }
  const second = first === a ? b : a;
  const queue: { side: TerrainGenSide; pick: TerrainPickType }[] = [];
  for (let i = 0; i < MAX_PICKS; i++) {
    for (const s of [first, second]) if (s.picks[i] !== undefined) queue.push({ side: s, pick: s.picks[i]! });
  }
  const features: TerrainFeature[] = [];
  const steps: TerrainGenStep[] = [];
  // NW §9 Terrain Table "River or Water Feature: No more than 1 of each per table" (stricter than the
  // bullets' "one ... per player", so it governs: one river and one water feature on the table, RULINGS).
  let rivers = 0, waters = 0;
  let n = 0;
  for (const { side, pick } of queue) {
    if (pick === 'none') {
      steps.push({ side: side.id, pick, discarded: 'no terrain is placed' });
      continue;
    }
    const who = sideWords(side.name ?? side.id);
    const raw = roll('d10', `Terrain: ${who.noun} ${who.verb('place', 'places')} ${placed(pick)}`, R, side.placementShift);
    const placementRoll = Math.min(10, Math.max(1, raw + side.placementShift));
    const sector = sectorFor(placementRoll);
    if (!sector) {
      steps.push({ side: side.id, pick, placementRoll, discarded: 'a 1 or 2 is a discard' });
      continue;
    }
    const rect = sectorRect(input, side, sector);
    const id = `gen-${++n}-${pick}`;
    const fail = (why: string) => steps.push({ side: side.id, pick, placementRoll, sector, discarded: why });
    if ((pick === 'river' || pick === 'stream') && rect.column === 1) {
      fail('no rivers or streams may run through the centre two sectors');
      continue;
    }
    if (pick === 'river' && rivers >= 1) {
      fail('only one river may be placed on the table (no more than 1 per table)');
      continue;
    }
    if ((pick === 'pond' || pick === 'lake') && waters >= 1) {
      fail('only one water feature may be placed on the table (no more than 1 per table)');
      continue;
    }
    if (pick === 'lake' && features.some((f) => f.kind === 'lake' && f.props['edge'] !== undefined)) {
      fail('a lake, sea or major river runs along a flank edge: there is room for one');
      continue;
    }
    let feature = onTable(shapeFor(input, sz, id, pick, rect, roll), input);
    // NW §9 Roads: "may not be placed parallel to any other road within 6" of each other".
    if (feature.kind === 'road') feature = onTable(spaceRoad(feature, features, inches(sz.roadSpacingIn), input), input);
    // Overlapping terrain: shrink to the minimum size once; still on top of something: discarded (RULINGS).
    const clash = (f: TerrainFeature) => firstClash(f, features, mayOverlap);
    if (clash(feature) && (pick !== 'road' && pick !== 'river' && pick !== 'lake')) feature = onTable(shapeFor(input, sz, id, pick, rect, roll, true), input);
    const c = clash(feature);
    if (c) {
      fail(`it would lie on ${c.name}, which the placement rules forbid`);
      continue;
    }
    features.push(feature);
    if (pick === 'river') rivers++;
    if (pick === 'pond' || pick === 'lake') waters++;
    steps.push({ side: side.id, pick, placementRoll, sector, placed: feature.id });
  }
  // NW §9 / §23 Rivers: a Bridge (or Ford) one stand wide wherever a Road crosses a River (RULINGS: a bridge).
  for (const road of features.filter((f) => f.kind === 'road')) {
    for (const river of features.filter((f) => f.kind === 'river')) {
      const x = linesCrossAt(road.line ?? [], river.line ?? []);
      if (!x) continue;
      const half = inches(sz.linearWidthIn) * 1.5;
      features.push({ id: `bridge-${road.id}-${river.id}`, kind: 'bridge', name: `Bridge (${road.name} over ${river.name})`, polygon: clipToTable(octagon(x, half, half), input), props: {} });
    }
  }
  return { features, steps, firstPlayer: first.id };
}

type Rect = ReturnType<typeof sectorRect>;

/**
 * NW §9: "The table is divided into 6 equal sectors" and each piece "is placed in" one of them,
 * so every piece lies on the table (RULINGS). A piece diced near an edge is slid onto the table
 * by the least move, keeping its rolled size; a road or river runs edge to opposite edge, so its
 * outline is cut at the edges its centre line ends on.
 */
function onTable(f: TerrainFeature, t: TerrainGenInput): TerrainFeature {
  if (f.kind === 'road' || f.kind === 'river') return { ...f, polygon: clipToTable(f.polygon, t) };
  const { dx, dy } = shiftOntoTable([...f.polygon, ...(f.line ?? [])], t);
  if (dx === 0 && dy === 0) return f;
  const move = (p: TablePoint) => pt(p.x + dx, p.y + dy);
  return { ...f, polygon: f.polygon.map(move), ...(f.line ? { line: f.line.map(move) } : {}), ...(f.crest ? { crest: f.crest.map(move) } : {}) };
}

function shapeFor(input: TerrainGenInput, sz: (typeof TERRAIN_SIZES)[Scale], id: string, pick: TerrainPickType, rect: Rect, roll: TerrainRoller, minimum = false): TerrainFeature {
  const minMm = inches(sz.minIn), maxMm = inches(sz.maxDiameterIn);
  const sizeRoll = (label: string) => (minimum ? 1 : roll('d10', `Terrain: size of ${label}`, R));
  // A d10 across and a d10 up/down, kept off the sector's outer 15% (RULINGS).
  const at = (label: string): TablePoint =>
    dicePointInRect((_faces, purpose) => roll('d10', purpose, R), 10, rect, [`Terrain: ${label} across its sector`, `Terrain: ${label} up/down its sector`], 0.15, 0.7);
  const name = (s: string) => `${s} (${id})`;
  switch (pick) {
    case 'road': {
      // Edge to opposite edge through the point, at most one bend of at most 45° (NW §9 Roads).
      const c = at('the road');
      const across = roll('d6', 'Terrain: the road runs baseline to baseline (1-3) or flank to flank (4-6)', R) >= 4;
      const bendDeg = (frac(roll('d10', 'Terrain: the road bends 0-45°', R)) * 45) * (roll('d6', 'Terrain: bend left (1-3) or right (4-6)', R) >= 4 ? 1 : -1);
      const line = bentLine(input, c, across, bendDeg);
      return { id, kind: 'road', name: name('Road'), line, widthMm: inches(sz.linearWidthIn), polygon: polylineOutline(line, inches(sz.linearWidthIn)), props: {} };
    }
    case 'river': {
      // Edge to opposite edge, baseline to baseline inside its flank column (never the centre sectors).
      const c = at('the river');
      const bendDeg = frac(roll('d10', 'Terrain: the river bends', R)) * 30 - 15;
      const line = bentLine(input, c, false, bendDeg).map((p) => pt(Math.min(rect.x1 - inches(1), Math.max(rect.x0 + inches(1), p.x)), p.y));
      return { id, kind: 'river', name: name('River'), line, widthMm: inches(sz.linearWidthIn), polygon: polylineOutline(line, inches(sz.linearWidthIn)), props: {} };
    }
    case 'lake': {
      // Along one flank edge (chosen at random), the whole length, up to 12" wide (NW §9 Water Features).
      const right = roll('d6', 'Terrain: the lake lies on the left (1-3) or right (4-6) flank edge', R) >= 4;
      const wMm = inches(sz.minIn + frac(sizeRoll('the lake')) * (sz.lakeMaxWidthIn - sz.minIn));
      const x0 = right ? input.widthMm - wMm : 0, x1 = right ? input.widthMm : wMm;
      return { id, kind: 'lake', name: name('Lake'), polygon: [pt(x0, 0), pt(x1, 0), pt(x1, input.depthMm), pt(x0, input.depthMm)], props: { edge: right ? 'right' : 'left' } };
    }
    case 'stream': case 'wall': case 'hedge': case 'gully': {
      // A natural obstacle up to 12" (16") long, at least 3" (5") (NW §9).
      const c = at(the(pick));
      const len = minMm + frac(sizeRoll(the(pick))) * (maxMm - minMm);
      const ang = frac(roll('d10', `Terrain: ${the(pick)} runs at an angle`, R)) * Math.PI;
      const line = [pt(c.x - (cos(ang) * len) / 2, c.y - (sin(ang) * len) / 2), pt(c.x + (cos(ang) * len) / 2, c.y + (sin(ang) * len) / 2)];
      const width = inches(pick === 'gully' ? sz.linearWidthIn * 2 : sz.linearWidthIn / 2);
      const kind = pick === 'stream' ? 'stream' : 'obstacle';
      return { id, kind, name: name(pick[0]!.toUpperCase() + pick.slice(1)), line, widthMm: mm(width), polygon: polylineOutline(line, width), props: pick === 'stream' ? {} : { obstacle: pick, ...(pick === 'wall' ? { stone: true } : {}) } };
    }
    default: {
      // Area terrain: a diameter between the minimum and the maximum (ponds: up to 8" (12")).
      const c = at(the(pick));
      const top = pick === 'pond' ? inches(sz.pondMaxIn) : maxMm;
      const dx = minMm + frac(sizeRoll(the(pick))) * (top - minMm);
      const dy = minimum ? dx : minMm + frac(roll('d10', `Terrain: depth of ${the(pick)}`, R)) * (top - minMm);
      const poly = octagon(c, dx / 2, dy / 2);
      switch (pick) {
        case 'dense': return { id, kind: 'wood', name: name('Forest'), polygon: poly, props: { class: 'dense' } };
        case 'light': return { id, kind: 'rough', name: name('Scrub'), polygon: poly, props: { class: 'light' } };
        case 'low-hill': return { id, kind: 'hill', name: name('Low hill'), polygon: poly, heightLevel: 1, props: {} };
        case 'village': return { id, kind: 'village', name: name('Village'), polygon: poly, props: {} };
        case 'pond': return { id, kind: 'lake', name: name('Pond'), polygon: poly, props: {} };
        default: return { id, kind: 'field', name: name('Clear ground'), polygon: poly, props: { class: 'clear' } };
      }
    }
  }
}

/** A line from edge to opposite edge through `c`, bent once at `c` by `bendDeg` (flank to flank: west half straight, east half bent). */
const bentLine = (input: TerrainGenInput, c: TablePoint, flankToFlank: boolean, bendDeg: number): TablePoint[] => bentLineAcross(input, c, flankToFlank, bendDeg);

/** Move a road sideways until no parallel road lies within the spacing (NW §9 Roads); unmoved if no place is found. */
function spaceRoad(road: TerrainFeature, placed: readonly TerrainFeature[], spacingMm: number, input: TerrainGenInput): TerrainFeature {
  const roads = placed.filter((o) => o.kind === 'road' && o.line).map((o) => o.line!);
  const moved = spaceFromParallels(road.line ?? [], roads, spacingMm, input);
  return moved ? { ...road, line: moved, polygon: polylineOutline(moved, road.widthMm ?? 25) } : road;
}
