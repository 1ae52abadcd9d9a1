/**
 * Scenario loading: text → validated file → battle setup. A file is accepted whole or
 * rejected whole with every problem found, each with its JSON path and a plain sentence.
 * Nothing here throws for bad input.
 */
import type { z } from 'zod';
import { ScenarioSchema, type ScenarioFile, type UnitSpec } from './schema';
import { jsonPath, parseJsonText, type InputProblem, type Loaded } from './errors';
import type { BattleSetup, General, Stand, TerrainFeature, Unit } from '../engine/model';
import { degToRad, mm, pt, type TablePoint } from '../geometry/types';
import { layoutColumn, layoutLine, type BaseSize } from '../geometry/formation';
import { polylineOutline } from '../geometry/polyline';
import { standBounds, standCorners } from '../geometry/footprint';
import { convexOverlap } from '../geometry/overlap';
import { capProblems, checkScenarioCounts, checkShape, LIMITS } from './limits';

export function zodProblems(error: z.ZodError): InputProblem[] {
  return error.issues.map((i) => ({ path: jsonPath(i.path), message: humanise(i) }));
}

function humanise(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}${'input' in issue && issue.input === undefined ? ', but it is missing' : ''}.`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}.`;
    default:
      return issue.message.endsWith('.') ? issue.message : `${issue.message}.`;
  }
}

const toPoints = (ps: readonly (readonly [number, number])[]): TablePoint[] => ps.map(([x, y]) => pt(x, y));

export function loadScenarioText(text: string): Loaded<BattleSetup> {
  const parsed = parseJsonText(text, LIMITS.scenarioChars, LIMITS.depth);
  return parsed.ok ? loadScenario(parsed.value) : parsed;
}

export function loadScenario(data: unknown): Loaded<BattleSetup> {
  try {
    // Size, depth, string lengths and field names first: nothing below walks an unbounded file.
    const counts = checkScenarioCounts(data);
    if (counts.length > 0) return { ok: false, problems: counts };
    const shape = checkShape(data);
    if (shape.length > 0) return { ok: false, problems: capProblems(shape) };
    const r = ScenarioSchema.safeParse(data);
    if (!r.success) return { ok: false, problems: capProblems(zodProblems(r.error)) };
    const built = buildSetup(r.data);
    return built.ok ? built : { ok: false, problems: capProblems(built.problems) };
  } catch (e) {
    // The boundary: whatever the input, the caller gets problems, never an exception.
    return { ok: false, problems: [{ path: '$', message: `this scenario could not be read (${e instanceof Error ? e.message : String(e)}).` }] };
  }
}

export function layoutUnit(u: UnitSpec): { stands: Stand[]; commandStandId: string } {
  const facing = degToRad(u.at.facingDeg);
  const anchor = pt(u.at.x, u.at.y);
  const bases: BaseSize[] = u.stands.map((s) => ({ widthMm: mm(s.widthMm), depthMm: mm(s.depthMm) }));
  const laid = u.formation === 'column' ? layoutColumn(anchor, facing, bases, u.ranks ?? 2) : layoutLine(anchor, facing, bases, u.ranks ?? 1);
  const stands = u.stands.map((s, i): Stand => {
    const fp = s.at ? { centre: pt(s.at.x, s.at.y), facing: degToRad(s.at.facingDeg) } : laid[i]!;
    return {
      id: s.id ?? `${u.id}.s${i + 1}`,
      centre: fp.centre,
      facing: fp.facing,
      widthMm: mm(s.widthMm),
      depthMm: mm(s.depthMm),
      ...(s.figures !== undefined ? { figures: s.figures } : {}),
      ...(s.role !== undefined ? { role: s.role } : {}),
    };
  });
  const perRank = Math.ceil(u.stands.length / (u.formation === 'column' ? Math.ceil(u.stands.length / (u.ranks ?? 2)) : (u.ranks ?? 1)));
  const cmd = u.commandStand ?? u.stands.findIndex((s) => s.role === 'command');
  const cmdIndex = cmd >= 0 ? Math.min(cmd, stands.length - 1) : Math.floor((perRank - 1) / 2);
  return { stands, commandStandId: stands[cmdIndex]!.id };
}

function buildSetup(f: ScenarioFile): Loaded<BattleSetup> {
  const problems: InputProblem[] = [];
  const seen = new Map<string, string>();
  const claim = (value: string, path: (string | number)[]) => {
    const prev = seen.get(value);
    if (prev) problems.push({ path: jsonPath(path), message: `the id "${value}" is already used at ${prev}.` });
    else seen.set(value, jsonPath(path));
  };
  const sideIds = new Set(f.sides.map((s) => s.id));
  f.sides.forEach((s, i) => claim(s.id, ['sides', i, 'id']));
  f.terrain.forEach((t, i) => claim(t.id, ['terrain', i, 'id']));
  f.formations.forEach((fm, i) => claim(fm.id, ['formations', i, 'id']));
  f.generals.forEach((g, i) => claim(g.id, ['generals', i, 'id']));
  f.units.forEach((u, i) => claim(u.id, ['units', i, 'id']));

  const formationById = new Map(f.formations.map((fm) => [fm.id, fm]));
  f.formations.forEach((fm, i) => {
    if (!sideIds.has(fm.side)) problems.push({ path: jsonPath(['formations', i, 'side']), message: `there is no side "${fm.side}".` });
    if (fm.parent !== undefined) {
      const p = formationById.get(fm.parent);
      if (!p) problems.push({ path: jsonPath(['formations', i, 'parent']), message: `there is no formation "${fm.parent}".` });
      else if (p.side !== fm.side) problems.push({ path: jsonPath(['formations', i, 'parent']), message: `"${fm.parent}" belongs to the other side.` });
    }
  });
  // A command tree must not loop back on itself.
  f.formations.forEach((fm, i) => {
    const visited = new Set<string>();
    let cur: string | undefined = fm.id;
    while (cur !== undefined) {
      if (visited.has(cur)) {
        problems.push({ path: jsonPath(['formations', i, 'parent']), message: `the chain of command from "${fm.id}" loops back on itself.` });
        break;
      }
      visited.add(cur);
      cur = formationById.get(cur)?.parent;
    }
  });

  const W = f.table.widthMm, D = f.table.depthMm;
  const onTable = (p: TablePoint) => p.x >= -1e-6 && p.y >= -1e-6 && p.x <= W + 1e-6 && p.y <= D + 1e-6;
  // Terrain and zones may run past the edges by the documented margin, no further (limits.ts);
  // their counts were checked before the schema ran (checkScenarioCounts).
  const M = LIMITS.tableMarginMm;
  const nearTable = ([x, y]: readonly [number, number]) => x >= -M && y >= -M && x <= W + M && y <= D + M;
  const placeShape = (ps: readonly (readonly [number, number])[] | undefined, path: (string | number)[], what: string) => {
    if (!ps) return;
    const far = ps.findIndex((p) => !nearTable(p));
    if (far >= 0) problems.push({ path: jsonPath([...path, far]), message: `this point of ${what} is more than ${M} mm off the table (the limit).` });
  };
  f.terrain.forEach((t, i) => {
    placeShape(t.polygon, ['terrain', i, 'polygon'], `"${t.name}"`);
    placeShape(t.line, ['terrain', i, 'line'], `"${t.name}"`);
    placeShape(t.crest, ['terrain', i, 'crest'], `"${t.name}"`);
  });
  f.sides.forEach((sd, i) => placeShape(sd.deploymentZone, ['sides', i, 'deploymentZone'], `${sd.name}'s deployment zone`));
  if (problems.length > 0) return { ok: false, problems };

  const units: Unit[] = [];
  f.units.forEach((u, i) => {
    if (!sideIds.has(u.side)) problems.push({ path: jsonPath(['units', i, 'side']), message: `there is no side "${u.side}".` });
    const parent = formationById.get(u.parent);
    if (!parent) problems.push({ path: jsonPath(['units', i, 'parent']), message: `there is no formation "${u.parent}".` });
    else if (parent.side !== u.side) problems.push({ path: jsonPath(['units', i, 'parent']), message: `formation "${u.parent}" belongs to the other side.` });
    if (u.commandStand !== undefined && u.commandStand >= u.stands.length)
      problems.push({ path: jsonPath(['units', i, 'commandStand']), message: `the unit has only ${u.stands.length} stands.` });
    const { stands, commandStandId } = layoutUnit(u);
    // One problem per unit (a unit dragged off the table is one mistake, not one per stand), at its first stand off it.
    const off: number[] = [];
    stands.forEach((s, j) => {
      if (!standCorners(s).every(onTable)) off.push(j);
      claim(s.id, ['units', i, 'stands', j, 'id']);
    });
    if (off.length > 0) {
      const which = off.length === 1 ? `stand ${off[0]! + 1} of ${stands.length}` : `stands ${off.map((j) => j + 1).join(', ')} of ${stands.length}`;
      problems.push({ path: jsonPath(['units', i, 'stands', off[0]!]), message: off.length === stands.length ? `"${u.name}" is off the table.` : `"${u.name}" is partly off the table (${which}).` });
    }
    const side = f.sides.find((s) => s.id === u.side);
    units.push({
      id: u.id,
      name: u.name,
      side: u.side,
      parent: u.parent,
      arm: u.arm,
      troopType: u.troopType,
      quality: u.quality,
      nationality: u.nationality ?? side?.nationality ?? 'unknown',
      formation: u.formation,
      stands,
      commandStandId,
      extra: u.extra ?? {},
    });
  });

  const generals: General[] = f.generals.map((g, i) => {
    if (!sideIds.has(g.side)) problems.push({ path: jsonPath(['generals', i, 'side']), message: `there is no side "${g.side}".` });
    const cmd = formationById.get(g.commands);
    if (!cmd) problems.push({ path: jsonPath(['generals', i, 'commands']), message: `there is no formation "${g.commands}".` });
    else if (cmd.side !== g.side) problems.push({ path: jsonPath(['generals', i, 'commands']), message: `"${g.commands}" belongs to the other side.` });
    const stand: Stand = {
      id: `${g.id}.stand`,
      centre: pt(g.at.x, g.at.y),
      facing: degToRad(g.at.facingDeg),
      widthMm: mm(g.base.widthMm),
      depthMm: mm(g.base.depthMm),
      role: 'general',
    };
    if (!standCorners(stand).every(onTable)) problems.push({ path: jsonPath(['generals', i, 'at']), message: `general "${g.name}" is off the table.` });
    claim(stand.id, ['generals', i, 'id']);
    return { id: g.id, name: g.name, side: g.side, commands: g.commands, stand, extra: g.extra ?? {} };
  });

  overlappingStands(units, f, problems);

  const terrain: TerrainFeature[] = f.terrain.map((t) => {
    const line = t.line ? toPoints(t.line) : undefined;
    const polygon = t.polygon ? toPoints(t.polygon) : polylineOutline(line!, t.widthMm!);
    return {
      id: t.id,
      kind: t.kind,
      name: t.name,
      polygon,
      ...(line ? { line } : {}),
      ...(t.widthMm !== undefined ? { widthMm: mm(t.widthMm) } : {}),
      ...(t.heightLevel !== undefined ? { heightLevel: t.heightLevel } : {}),
      ...(t.crest ? { crest: toPoints(t.crest) } : {}),
      props: t.props ?? {},
    };
  });

  if (problems.length > 0) return { ok: false, problems };
  const side = (s: ScenarioFile['sides'][number]) => ({
    id: s.id,
    name: s.name,
    nationality: s.nationality,
    colour: s.colour,
    ...(s.deploymentZone ? { deploymentZone: toPoints(s.deploymentZone) } : {}),
  });
  return {
    ok: true,
    value: {
      scenarioId: f.id,
      title: f.title,
      description: f.description ?? '',
      rulesets: f.rulesets,
      table: { widthMm: mm(W), depthMm: mm(D), metresPerMm: f.table.metresPerMm ?? 1 },
      ...(f.turnLimit !== undefined ? { turnLimit: f.turnLimit } : {}),
      terrain,
      sides: [side(f.sides[0]!), side(f.sides[1]!)] as const,
      formations: f.formations.map((fm) => ({ ...fm })),
      generals,
      units,
      victory: f.victory,
      rulesetFields: f.rulesetFields ?? {},
      ...(f.situation ? { situation: { turn: f.situation.turn, ...(f.situation.description !== undefined ? { description: f.situation.description } : {}) } } : {}),
    },
  };
}

/**
 * No two stands overlap, of one unit or of two. Linear: stands go into a uniform grid one by
 * one, and a stand found overlapping one already there is reported and left out, so the grid
 * only ever holds stands that do not overlap; a stand of at least 5 mm a side (limits.ts) then
 * meets a bounded number of others in its cells, however the file stacks them.
 */
function overlappingStands(units: readonly Unit[], f: ScenarioFile, problems: InputProblem[]): void {
  const CELL = 50;
  const cols = Math.ceil(f.table.widthMm / CELL) + 1, rows = Math.ceil(f.table.depthMm / CELL) + 1;
  const cells = new Map<number, { unit: number; stand: number; corners: TablePoint[]; box: ReturnType<typeof standBounds> }[]>();
  const clampC = (v: number, n: number) => Math.min(n - 1, Math.max(0, Math.floor(v / CELL)));
  units.forEach((u, i) =>
    u.stands.forEach((s, j) => {
      const box = standBounds(s);
      const corners = standCorners(s);
      const c0 = clampC(box.minX, cols), c1 = clampC(box.maxX, cols), r0 = clampC(box.minY, rows), r1 = clampC(box.maxY, rows);
      for (let c = c0; c <= c1; c++)
        for (let r = r0; r <= r1; r++)
          for (const o of cells.get(r * cols + c) ?? []) {
            if (o.box.minX >= box.maxX || box.minX >= o.box.maxX || o.box.minY >= box.maxY || box.minY >= o.box.maxY) continue;
            if (!convexOverlap(o.corners, corners, 0.01)) continue;
            const whose = o.unit === i ? 'its own unit' : `"${f.units[o.unit]!.name}"`;
            problems.push({ path: jsonPath(['units', i, 'stands', j]), message: `this stand overlaps stand ${o.stand + 1} of ${whose}.` });
            return;
          }
      const entry = { unit: i, stand: j, corners, box };
      for (let c = c0; c <= c1; c++)
        for (let r = r0; r <= r1; r++) {
          const k = r * cols + c;
          const list = cells.get(k);
          if (list) list.push(entry);
          else cells.set(k, [entry]);
        }
    }),
  );
}
