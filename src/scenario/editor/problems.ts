/**
 * Live validation for the editor: the loader's own validation (`validateData`, the same the
 * CLI's `validate` and the start dialog run, ruleset checks included), each problem mapped
 * from its JSON path to the piece it is about, so the table can highlight it. And the table's
 * picture of a scenario that is not valid yet (a unit off the table is still drawn).
 */
import type { AnyRuleset } from '../../engine/ruleset';
import type { BattleSetup, General, Stand, TerrainFeature, Unit } from '../../engine/model';
import { polylineOutline } from '../../geometry/polyline';
import { standCorners } from '../../geometry/footprint';
import { degToRad, mm, pt } from '../../geometry/types';
import { RULESETS } from '../../rules/registry';
import { layoutUnit } from '../load';
import { validateData } from '../validate';
import type { Draft } from './ops';

export type PieceKind = 'terrain' | 'unit' | 'general' | 'side' | 'formation';
export interface PieceRef {
  readonly kind: PieceKind;
  readonly id: string;
}

export interface DraftProblem {
  readonly path: string;
  readonly message: string;
  /** The piece the problem is about, when the path names one. */
  readonly piece: PieceRef | null;
}

const LISTS: Readonly<Record<string, PieceKind>> = { terrain: 'terrain', units: 'unit', generals: 'general', sides: 'side', formations: 'formation' };

/** `$.units[3].stands[0]` → the unit at index 3 of the draft. */
export function pieceOfPath(d: Draft, path: string): PieceRef | null {
  const m = /^\$\.(terrain|units|generals|sides|formations)\[(\d+)\]/.exec(path);
  if (!m) return null;
  const list = d[m[1] as 'terrain' | 'units' | 'generals' | 'sides' | 'formations'] as readonly { id: string }[];
  const item = list[Number(m[2])];
  return item ? { kind: LISTS[m[1]!]!, id: item.id } : null;
}

/** Every problem the loader would report for this scenario, with its piece. */
export function checkDraft(d: Draft, rulesets: readonly AnyRuleset[] = RULESETS): DraftProblem[] {
  // The draft is a value of the schema's type; the JSON round trip is what a saved file would be.
  const v = validateData(JSON.parse(JSON.stringify(d)) as unknown, rulesets);
  return v.problems.map((p) => ({ path: p.path, message: p.message, piece: pieceOfPath(d, p.path) }));
}

/** The scenario as a file: JSON text that validates, or the problems that stop it. */
export function exportDraft(d: Draft, rulesets: readonly AnyRuleset[] = RULESETS): { ok: true; text: string } | { ok: false; problems: DraftProblem[] } {
  const problems = checkDraft(d, rulesets);
  if (problems.length) return { ok: false, problems };
  const file = { $schema: d.$schema ?? './scenario.schema.json', ...d };
  return { ok: true, text: `${JSON.stringify(file, null, 2)}\n` };
}

/**
 * The table's picture of a draft, valid or not: units laid out by the loader's own layout,
 * terrain outlines as the loader makes them. Never throws; a piece that cannot be drawn is left out.
 */
export function draftBattle(d: Draft): BattleSetup {
  const units: Unit[] = [];
  for (const u of d.units) {
    try {
      const { stands, commandStandId } = layoutUnit(u);
      units.push({
        id: u.id, name: u.name, side: u.side, parent: u.parent, arm: u.arm, troopType: u.troopType, quality: u.quality,
        nationality: u.nationality ?? d.sides.find((s) => s.id === u.side)?.nationality ?? 'unknown',
        formation: u.formation, stands, commandStandId, extra: u.extra ?? {},
      });
    } catch {
      // A unit the layout cannot place is listed by the validation, not drawn.
    }
  }
  const generals: General[] = d.generals.map((g) => {
    const stand: Stand = { id: `${g.id}.stand`, centre: pt(g.at.x, g.at.y), facing: degToRad(g.at.facingDeg), widthMm: mm(g.base.widthMm), depthMm: mm(g.base.depthMm), role: 'general' };
    return { id: g.id, name: g.name, side: g.side, commands: g.commands, stand, extra: g.extra ?? {} };
  });
  const terrain: TerrainFeature[] = [];
  for (const t of d.terrain) {
    const line = t.line?.map(([x, y]) => pt(x, y));
    const polygon = t.polygon ? t.polygon.map(([x, y]) => pt(x, y)) : line && t.widthMm ? polylineOutline(line, t.widthMm) : [];
    if (polygon.length < 3) continue;
    terrain.push({
      id: t.id, kind: t.kind, name: t.name, polygon,
      ...(line ? { line } : {}),
      ...(t.widthMm !== undefined ? { widthMm: mm(t.widthMm) } : {}),
      ...(t.heightLevel !== undefined ? { heightLevel: t.heightLevel } : {}),
      ...(t.crest ? { crest: t.crest.map(([x, y]) => pt(x, y)) } : {}),
      props: t.props ?? {},
    });
  }
  const side = (s: Draft['sides'][number]) => ({ id: s.id, name: s.name, nationality: s.nationality, colour: s.colour, ...(s.deploymentZone ? { deploymentZone: s.deploymentZone.map(([x, y]) => pt(x, y)) } : {}) });
  return {
    scenarioId: d.id,
    title: d.title,
    description: d.description ?? '',
    rulesets: d.rulesets,
    table: { widthMm: mm(d.table.widthMm), depthMm: mm(d.table.depthMm), metresPerMm: d.table.metresPerMm ?? 1 },
    ...(d.turnLimit !== undefined ? { turnLimit: d.turnLimit } : {}),
    terrain,
    sides: [side(d.sides[0]!), side(d.sides[1]!)] as const,
    formations: d.formations.map((f) => ({ ...f })),
    generals,
    units,
    victory: d.victory,
    rulesetFields: d.rulesetFields ?? {},
  };
}

export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * Where a piece lies on the table (its bounding box in millimetres), for the view to go to it
 * when its problem is clicked: a unit's stands, a general's base, a terrain outline, a side's
 * deployment zone (else its units), a formation's units. Null when it has nothing on the table.
 */
export function pieceBox(d: Draft, piece: PieceRef): Box | null {
  const b = draftBattle(d);
  const points: { x: number; y: number }[] = [];
  const unitsOf = (ids: ReadonlySet<string>) => {
    for (const u of b.units) if (ids.has(u.id)) for (const st of u.stands) points.push(...standCorners(st));
  };
  switch (piece.kind) {
    case 'unit':
      unitsOf(new Set([piece.id]));
      break;
    case 'general': {
      const g = b.generals.find((x) => x.id === piece.id);
      if (g) points.push(...standCorners(g.stand));
      break;
    }
    case 'terrain':
      points.push(...(b.terrain.find((t) => t.id === piece.id)?.polygon ?? []));
      break;
    case 'side': {
      const zone = b.sides.find((s) => s.id === piece.id)?.deploymentZone;
      if (zone?.length) points.push(...zone);
      else unitsOf(new Set(b.units.filter((u) => u.side === piece.id).map((u) => u.id)));
      break;
    }
    case 'formation': {
      // The formation and every formation under it.
      const under = new Set([piece.id]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const f of d.formations) if (f.parent !== undefined && under.has(f.parent) && !under.has(f.id)) grew = !!under.add(f.id);
      }
      unitsOf(new Set(b.units.filter((u) => under.has(u.parent)).map((u) => u.id)));
      break;
    }
  }
  if (points.length === 0) return null;
  return {
    x0: Math.min(...points.map((p) => p.x)),
    y0: Math.min(...points.map((p) => p.y)),
    x1: Math.max(...points.map((p) => p.x)),
    y1: Math.max(...points.map((p) => p.y)),
  };
}
