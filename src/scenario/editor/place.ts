/**
 * What a drawing or a placement becomes: the edits for a shape the designer has clicked out (a
 * hill, a road chained onto the end of another, a deployment zone) and for a unit put down from
 * a template. Pure; the editor's tools call these and apply the edits as one undo step.
 */
import type { TerrainSpec } from '../schema';
import { freshId, idsIn, type Draft, type EditOp } from './ops';
import { chainEndAt, type XY } from './shapes';
import { nwTemplates, templatesFor, unitFromTemplate, type UnitTemplate } from './templates';
import { nwArmyList } from './forces';

export type AreaKind = 'hill' | 'wood' | 'village' | 'building' | 'marsh' | 'field' | 'lake' | 'rough' | 'obstacle';
export type LineKind = 'road' | 'stream' | 'river' | 'wall' | 'hedge' | 'ford' | 'bridge';
export const AREA_KINDS: readonly AreaKind[] = ['hill', 'wood', 'village', 'building', 'marsh', 'field', 'lake', 'rough', 'obstacle'];
export const LINE_KINDS: readonly LineKind[] = ['road', 'stream', 'river', 'wall', 'hedge', 'ford', 'bridge'];

const IN = 25.4;
const NAMES: Record<AreaKind | LineKind, string> = {
  hill: 'Hill', wood: 'Wood', village: 'Village', building: 'Building', marsh: 'Marsh', field: 'Field', lake: 'Lake', rough: 'Rough ground', obstacle: 'Obstacle',
  road: 'Road', stream: 'Stream', river: 'River', wall: 'Wall', hedge: 'Hedge', ford: 'Ford', bridge: 'Bridge',
};

/** What each kind reads in the rulesets: props the NW and SYW modules look at. */
function areaPiece(kind: AreaKind, id: string, name: string, polygon: [number, number][]): TerrainSpec {
  switch (kind) {
    case 'hill': return { id, kind, name, polygon, heightLevel: 1, props: { class: 'gentle' } };
    case 'wood': return { id, kind, name, polygon, props: { class: 'light', blocksSight: true } };
    case 'village': return { id, kind, name, polygon, props: { buildings: 2, blocksSight: true } };
    case 'building': return { id, kind, name, polygon, props: { blocksSight: true } };
    default: return { id, kind, name, polygon, props: {} };
  }
}

/** Widths of drawn lines: roads and streams 1" (NW §9 medium scale), rivers 2", walls and hedges thin. */
const LINE_WIDTH_MM: Record<LineKind, number> = { road: IN, stream: IN, river: 2 * IN, wall: 6, hedge: 8, ford: 1.5 * IN, bridge: 1.5 * IN };

function linePiece(kind: LineKind, id: string, name: string, line: [number, number][]): TerrainSpec {
  const widthMm = LINE_WIDTH_MM[kind];
  if (kind === 'wall' || kind === 'hedge') return { id, kind: 'obstacle', name, line, widthMm, props: { obstacle: kind, type: kind, stone: kind === 'wall' } };
  return { id, kind, name, line, widthMm, props: {} };
}

/** A name not yet used: "Hill 2". */
function freshName(d: Draft, base: string): string {
  const names = new Set(d.terrain.map((t) => t.name));
  for (let i = 1; ; i++) if (!names.has(`${base} ${i}`)) return `${base} ${i}`;
}

const pts = (ps: readonly XY[]): [number, number][] => ps.map((p) => [p[0], p[1]]);

/** `hill-1`, `hill-2`, …: the first not yet used. */
function numberedId(d: Draft, base: string): string {
  const ids = idsIn(d);
  for (let i = 1; ; i++) if (!ids.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** The edits for an outline drawn as an area of `kind`. */
export function drawnArea(d: Draft, kind: AreaKind, points: readonly XY[]): EditOp[] {
  const id = numberedId(d, kind);
  return [{ op: 'addTerrain', piece: areaPiece(kind, id, freshName(d, NAMES[kind]), pts(points)) }];
}

/**
 * The edits for a line drawn as `kind`. Chaining: a line that starts (or ends) on the end of
 * a line of the same kind carries that line on instead of starting another piece.
 */
export function drawnLine(d: Draft, kind: LineKind, points: readonly XY[], tolMm = 0.5): EditOp[] {
  const target = linePiece(kind, 'x', 'x', [[0, 0], [1, 1]]);
  const sameKind = d.terrain.filter((t) => t.line && t.kind === target.kind && (target.kind !== 'obstacle' || t.props?.['obstacle'] === kind));
  if (points.length >= 2) {
    const atStart = chainEndAt(sameKind, points[0]!, tolMm);
    if (atStart) return [{ op: 'extendLine', id: atStart.id, end: atStart.end, points: pts(points.slice(1)) }];
    const atEnd = chainEndAt(sameKind, points[points.length - 1]!, tolMm);
    if (atEnd) {
      const rest = pts(points.slice(0, -1)).reverse();
      return [{ op: 'extendLine', id: atEnd.id, end: atEnd.end, points: rest }];
    }
  }
  const id = numberedId(d, kind);
  return [{ op: 'addTerrain', piece: linePiece(kind, id, freshName(d, NAMES[kind]), pts(points)) }];
}

/** The edits that put a unit from `template` down for side `sideIndex` at a pose. */
export function placedUnit(d: Draft, template: UnitTemplate, sideIndex: 0 | 1, at: XY, facingDeg: number): { ops: EditOp[]; id: string } {
  const side = d.sides[sideIndex]!;
  const ops: EditOp[] = [];
  // The unit joins the side's last brigade or group, else its top formation, else a new army.
  const own = d.formations.filter((f) => f.side === side.id);
  let parent = [...own].reverse().find((f) => f.level === 'brigade' || f.level === 'group')?.id ?? own[0]?.id;
  if (!parent) {
    parent = freshId(d, `${side.id}-army`);
    ops.push({ op: 'addFormation', formation: { id: parent, name: `${side.name} army`, side: side.id, level: 'army' } });
  }
  const id = numberedId(d, `${side.id}-${template.troopType}`);
  const count = d.units.filter((u) => u.side === side.id && u.troopType === template.troopType).length + 1;
  const name = `${template.label.replace(/\s*\(.*\)$/, '')} ${count}`;
  ops.push({ op: 'addUnit', unit: unitFromTemplate(template, { id, name, side: side.id, parent, at: { x: at[0], y: at[1], facingDeg } }) });
  return { ops, id };
}

/** The unit templates for a side of this scenario (its first ruleset's tables). */
export function templatesForSide(d: Draft, sideIndex: 0 | 1): UnitTemplate[] {
  const side = d.sides[sideIndex]!;
  // NW: a side checked against an army list picks from that list, graded for its year.
  const list = d.rulesets[0] === 'napoleonic-warfare' ? nwArmyList(d, side.id) : undefined;
  if (list) return nwTemplates(side.nationality, 'medium', list.year, list.nation);
  return templatesFor(d.rulesets[0] ?? '', side.nationality);
}
