/**
 * The editor's operations: each a pure function of the scenario being edited, answering the
 * new scenario or why the edit is refused. Pieces are named by id (stable across edits).
 * Operations keep the scenario's shape (the zod types) but not its validity: a unit off the
 * table or a broken chain of command is a problem the live validation lists, not a refusal —
 * a designer may pass through invalid states on the way to a valid one. What is refused is
 * what cannot be drawn or named at all: a self-crossing or degenerate shape, a duplicate id,
 * a reference to nothing.
 */
import { z } from 'zod';
import { ScenarioSchema, UnitSpecSchema, type ScenarioFile, type TerrainSpec, type UnitSpec } from '../schema';
import { polygonProblem, polylineProblem, type XY } from './shapes';
import { cos, sin } from '../../geometry/math';

export type Draft = ScenarioFile;
export type SideSpec = Draft['sides'][number];
export type FormationSpec = Draft['formations'][number];
export type GeneralSpec = Draft['generals'][number];
export type VictorySpec = Draft['victory'][number];
export type Pose = UnitSpec['at'];

/** Which list of points of a terrain piece a vertex edit addresses. */
export type Ring = 'polygon' | 'line' | 'crest';

export type TerrainPatch = Partial<Pick<TerrainSpec, 'name' | 'kind' | 'heightLevel' | 'widthMm' | 'props' | 'crest'>>;
export type UnitPatch = Partial<Pick<UnitSpec, 'name' | 'parent' | 'arm' | 'troopType' | 'quality' | 'formation' | 'ranks' | 'stands' | 'extra' | 'nationality' | 'side'>>;
export type SettingsPatch = Partial<{
  id: string;
  title: string;
  description: string;
  rulesets: string[];
  table: Draft['table'];
  /** null removes the limit. */
  turnLimit: number | null;
}>;

export type EditOp =
  | { readonly op: 'addTerrain'; readonly piece: TerrainSpec }
  | { readonly op: 'moveTerrain'; readonly id: string; readonly dxMm: number; readonly dyMm: number }
  | { readonly op: 'rotateTerrain'; readonly id: string; readonly dDeg: number }
  | { readonly op: 'duplicateTerrain'; readonly id: string; readonly newId: string; readonly dxMm: number; readonly dyMm: number }
  | { readonly op: 'deleteTerrain'; readonly id: string }
  | { readonly op: 'setTerrain'; readonly id: string; readonly patch: TerrainPatch }
  | { readonly op: 'moveVertex'; readonly id: string; readonly ring: Ring; readonly index: number; readonly to: XY }
  | { readonly op: 'insertVertex'; readonly id: string; readonly ring: Ring; readonly index: number; readonly at: XY }
  | { readonly op: 'deleteVertex'; readonly id: string; readonly ring: Ring; readonly index: number }
  | { readonly op: 'extendLine'; readonly id: string; readonly end: 'start' | 'end'; readonly points: readonly XY[] }
  | { readonly op: 'addUnit'; readonly unit: UnitSpec }
  | { readonly op: 'movePiece'; readonly id: string; readonly dxMm: number; readonly dyMm: number }
  | { readonly op: 'placePiece'; readonly id: string; readonly at: Pose }
  | { readonly op: 'facePiece'; readonly id: string; readonly facingDeg: number }
  | { readonly op: 'duplicateUnit'; readonly id: string; readonly newId: string; readonly dxMm: number; readonly dyMm: number }
  | { readonly op: 'deletePiece'; readonly id: string }
  | { readonly op: 'setUnit'; readonly id: string; readonly patch: UnitPatch }
  | { readonly op: 'addGeneral'; readonly general: GeneralSpec }
  | { readonly op: 'setGeneral'; readonly id: string; readonly patch: Partial<Pick<GeneralSpec, 'name' | 'commands' | 'extra'>> }
  | { readonly op: 'setSide'; readonly index: 0 | 1; readonly patch: Partial<Omit<SideSpec, 'deploymentZone'>> }
  | { readonly op: 'setZone'; readonly index: 0 | 1; readonly zone: readonly XY[] | null }
  | { readonly op: 'addFormation'; readonly formation: FormationSpec }
  | { readonly op: 'setFormation'; readonly id: string; readonly patch: Partial<Pick<FormationSpec, 'name' | 'level' | 'parent'>> }
  | { readonly op: 'deleteFormation'; readonly id: string }
  | { readonly op: 'setVictory'; readonly victory: readonly VictorySpec[] }
  | { readonly op: 'setSettings'; readonly patch: SettingsPatch }
  | { readonly op: 'setRulesetFields'; readonly rulesetId: string; readonly value: unknown }
  /** Replace the terrain wholesale (a generated layout), keeping or dropping what was there. */
  | { readonly op: 'placeTerrain'; readonly pieces: readonly TerrainSpec[]; readonly replace: boolean };

export type EditResult = { readonly ok: true; readonly draft: Draft } | { readonly ok: false; readonly reason: string };

const ok = (draft: Draft): EditResult => ({ ok: true, draft });
const no = (reason: string): EditResult => ({ ok: false, reason });

const ID_RE = /^[A-Za-z0-9_.:-]{1,64}$/;

/** Every id in the scenario (sides, terrain, formations, generals, units): one namespace, as the loader checks. */
export function idsIn(d: Draft): Set<string> {
  return new Set([...d.sides.map((s) => s.id), ...d.terrain.map((t) => t.id), ...d.formations.map((f) => f.id), ...d.generals.map((g) => g.id), ...d.units.map((u) => u.id)]);
}

/** A fresh id from `base`: base, base-2, base-3, … */
export function freshId(d: Draft, base: string): string {
  const clean = base.replace(/[^A-Za-z0-9_.:-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 56) || 'piece';
  const ids = idsIn(d);
  if (!ids.has(clean)) return clean;
  for (let i = 2; ; i++) if (!ids.has(`${clean}-${i}`)) return `${clean}-${i}`;
}

function newIdProblem(d: Draft, id: string): string | null {
  if (!ID_RE.test(id)) return `"${id}" is not an id: use 1-64 letters, digits and _ . : - only.`;
  if (idsIn(d).has(id)) return `the id "${id}" is already used.`;
  return null;
}

const isFiniteXY = (p: XY) => Number.isFinite(p[0]) && Number.isFinite(p[1]);
const shift = (ps: readonly XY[], dx: number, dy: number): [number, number][] => ps.map(([x, y]) => [x + dx, y + dy]);

/** The centre of a piece's outline or line (the mean of its points): what it turns about. */
export function terrainCentre(t: TerrainSpec): XY {
  const ps = t.polygon ?? t.line ?? [];
  let x = 0, y = 0;
  for (const p of ps) { x += p[0]; y += p[1]; }
  return ps.length ? [x / ps.length, y / ps.length] : [0, 0];
}

function rotatePoints(ps: readonly XY[], c: XY, dDeg: number): [number, number][] {
  const a = (dDeg * Math.PI) / 180, cs = cos(a), sn = sin(a);
  return ps.map(([x, y]) => {
    const rx = x - c[0], ry = y - c[1];
    return [c[0] + rx * cs - ry * sn, c[1] + rx * sn + ry * cs];
  });
}

/** Why a terrain piece's shapes cannot be drawn, or null. */
export function terrainShapeProblem(t: TerrainSpec): string | null {
  if (t.polygon) {
    const p = polygonProblem(t.polygon);
    if (p) return p;
  } else if (t.line) {
    const p = polylineProblem(t.line);
    if (p) return p;
    if (!(t.widthMm !== undefined && t.widthMm > 0 && Number.isFinite(t.widthMm))) return 'a line of terrain needs a width greater than 0.';
  } else return 'a terrain piece needs an outline or a line.';
  if (t.crest) {
    const p = polylineProblem(t.crest);
    if (p) return `crest: ${p}`;
  }
  return null;
}

function mapTerrain(d: Draft, id: string, f: (t: TerrainSpec) => TerrainSpec | string): EditResult {
  const i = d.terrain.findIndex((t) => t.id === id);
  if (i < 0) return no(`there is no terrain "${id}".`);
  const next = f(d.terrain[i]!);
  if (typeof next === 'string') return no(next);
  const why = terrainShapeProblem(next);
  if (why) return no(why);
  const terrain = d.terrain.slice();
  terrain[i] = next;
  return ok({ ...d, terrain });
}

function withRing(t: TerrainSpec, ring: Ring, f: (ps: [number, number][]) => [number, number][] | string): TerrainSpec | string {
  const ps = t[ring];
  if (!ps) return `"${t.name}" has no ${ring === 'polygon' ? 'outline' : ring}.`;
  const next = f(ps.map((p) => [p[0], p[1]]));
  return typeof next === 'string' ? next : { ...t, [ring]: next };
}

type Piece = { kind: 'unit'; index: number } | { kind: 'general'; index: number };
function findPiece(d: Draft, id: string): Piece | null {
  const u = d.units.findIndex((x) => x.id === id);
  if (u >= 0) return { kind: 'unit', index: u };
  const g = d.generals.findIndex((x) => x.id === id);
  return g >= 0 ? { kind: 'general', index: g } : null;
}

/** A unit moved by (dx, dy) and turned by dDeg about its anchor; stands with their own poses go with it. */
function transformUnit(u: UnitSpec, at: Pose): UnitSpec {
  const dx = at.x - u.at.x, dy = at.y - u.at.y, dDeg = at.facingDeg - u.at.facingDeg;
  const stands = u.stands.some((s) => s.at)
    ? u.stands.map((s) => {
        if (!s.at) return s;
        const [x, y] = rotatePoints([[s.at.x, s.at.y]], [u.at.x, u.at.y], dDeg)[0]!;
        return { ...s, at: { x: x + dx, y: y + dy, facingDeg: s.at.facingDeg + dDeg } };
      })
    : u.stands;
  return { ...u, at, stands };
}

function setPose(d: Draft, id: string, pose: (at: Pose) => Pose): EditResult {
  const p = findPiece(d, id);
  if (!p) return no(`there is no unit or general "${id}".`);
  if (p.kind === 'unit') {
    const u = d.units[p.index]!;
    const at = pose(u.at);
    if (![at.x, at.y, at.facingDeg].every(Number.isFinite)) return no('a position must be a number.');
    const units = d.units.slice();
    units[p.index] = transformUnit(u, at);
    return ok({ ...d, units });
  }
  const g = d.generals[p.index]!;
  const at = pose(g.at);
  if (![at.x, at.y, at.facingDeg].every(Number.isFinite)) return no('a position must be a number.');
  const generals = d.generals.slice();
  generals[p.index] = { ...g, at };
  return ok({ ...d, generals });
}

/** Facing in (-180, 180]. */
export const normaliseDeg = (deg: number): number => {
  const r = ((((deg + 180) % 360) + 360) % 360) - 180;
  return r === -180 ? 180 : r;
};

export function applyEdit(d: Draft, e: EditOp): EditResult {
  switch (e.op) {
    case 'addTerrain': {
      const why = newIdProblem(d, e.piece.id) ?? terrainShapeProblem(e.piece);
      return why ? no(why) : ok({ ...d, terrain: [...d.terrain, e.piece] });
    }
    case 'placeTerrain': {
      const kept = e.replace ? [] : d.terrain;
      let next: Draft = { ...d, terrain: kept };
      for (const p of e.pieces) {
        const r = applyEdit(next, { op: 'addTerrain', piece: p });
        if (!r.ok) return no(`"${p.name}": ${r.reason}`);
        next = r.draft;
      }
      return ok(next);
    }
    case 'moveTerrain':
      if (!Number.isFinite(e.dxMm) || !Number.isFinite(e.dyMm)) return no('a move must be a number.');
      return mapTerrain(d, e.id, (t) => ({
        ...t,
        ...(t.polygon ? { polygon: shift(t.polygon, e.dxMm, e.dyMm) } : {}),
        ...(t.line ? { line: shift(t.line, e.dxMm, e.dyMm) } : {}),
        ...(t.crest ? { crest: shift(t.crest, e.dxMm, e.dyMm) } : {}),
      }));
    case 'rotateTerrain':
      if (!Number.isFinite(e.dDeg)) return no('a turn must be a number.');
      return mapTerrain(d, e.id, (t) => {
        const c = terrainCentre(t);
        return {
          ...t,
          ...(t.polygon ? { polygon: rotatePoints(t.polygon, c, e.dDeg) } : {}),
          ...(t.line ? { line: rotatePoints(t.line, c, e.dDeg) } : {}),
          ...(t.crest ? { crest: rotatePoints(t.crest, c, e.dDeg) } : {}),
        };
      });
    case 'duplicateTerrain': {
      const t = d.terrain.find((x) => x.id === e.id);
      if (!t) return no(`there is no terrain "${e.id}".`);
      const why = newIdProblem(d, e.newId);
      if (why) return no(why);
      const copy = { ...t, id: e.newId, name: `${t.name} (copy)`.slice(0, 200) };
      const added = ok({ ...d, terrain: [...d.terrain, copy] }) as { ok: true; draft: Draft };
      return applyEdit(added.draft, { op: 'moveTerrain', id: e.newId, dxMm: e.dxMm, dyMm: e.dyMm });
    }
    case 'deleteTerrain': {
      if (!d.terrain.some((t) => t.id === e.id)) return no(`there is no terrain "${e.id}".`);
      const held = d.victory.filter((v) => v.terrain === e.id).length;
      if (held) return no(`a victory condition names this piece; change the condition first.`);
      return ok({ ...d, terrain: d.terrain.filter((t) => t.id !== e.id) });
    }
    case 'setTerrain':
      return mapTerrain(d, e.id, (t) => {
        const next: TerrainSpec = { ...t, ...e.patch };
        if (e.patch.heightLevel !== undefined && !(Number.isInteger(e.patch.heightLevel) && e.patch.heightLevel >= 0 && e.patch.heightLevel <= 10))
          return 'a height level is a whole number from 0 to 10.';
        if (e.patch.name !== undefined && (e.patch.name.length < 1 || e.patch.name.length > 200)) return 'a name has 1 to 200 characters.';
        return next;
      });
    case 'moveVertex':
      if (!isFiniteXY(e.to)) return no('a point must be a number.');
      return mapTerrain(d, e.id, (t) =>
        withRing(t, e.ring, (ps) => {
          if (!(e.index >= 0 && e.index < ps.length)) return `there is no point ${e.index + 1}.`;
          ps[e.index] = [e.to[0], e.to[1]];
          return ps;
        }),
      );
    case 'insertVertex':
      if (!isFiniteXY(e.at)) return no('a point must be a number.');
      return mapTerrain(d, e.id, (t) =>
        withRing(t, e.ring, (ps) => {
          if (!(Number.isInteger(e.index) && e.index >= 0 && e.index <= ps.length)) return `a point cannot go at position ${e.index + 1}.`;
          ps.splice(e.index, 0, [e.at[0], e.at[1]]);
          return ps;
        }),
      );
    case 'deleteVertex':
      return mapTerrain(d, e.id, (t) =>
        withRing(t, e.ring, (ps) => {
          if (!(e.index >= 0 && e.index < ps.length)) return `there is no point ${e.index + 1}.`;
          const min = e.ring === 'polygon' ? 3 : 2;
          if (ps.length <= min) return `an ${e.ring === 'polygon' ? 'outline keeps at least 3' : 'line keeps at least 2'} points; delete the piece instead.`;
          ps.splice(e.index, 1);
          return ps;
        }),
      );
    case 'extendLine':
      if (!e.points.every(isFiniteXY)) return no('a point must be a number.');
      return mapTerrain(d, e.id, (t) =>
        withRing(t, 'line', (ps) => {
          const add = e.points.map((p): [number, number] => [p[0], p[1]]);
          return e.end === 'end' ? [...ps, ...add] : [...add.reverse(), ...ps];
        }),
      );
    case 'addUnit': {
      const why = newIdProblem(d, e.unit.id);
      if (why) return no(why);
      if (e.unit.stands.length < 1) return no('a unit needs at least one stand.');
      return ok({ ...d, units: [...d.units, e.unit] });
    }
    case 'duplicateUnit': {
      const u = d.units.find((x) => x.id === e.id);
      if (!u) return no(`there is no unit "${e.id}".`);
      const why = newIdProblem(d, e.newId);
      if (why) return no(why);
      // Stand ids are the loader's to make (`<unit>.s<n>`) unless named: a copy drops named ones.
      const copy: UnitSpec = { ...transformUnit(u, { ...u.at, x: u.at.x + e.dxMm, y: u.at.y + e.dyMm }), id: e.newId, name: `${u.name} (copy)`.slice(0, 200) };
      return ok({ ...d, units: [...d.units, { ...copy, stands: copy.stands.map(({ id: _id, ...s }) => s) }] });
    }
    case 'movePiece':
      if (!Number.isFinite(e.dxMm) || !Number.isFinite(e.dyMm)) return no('a move must be a number.');
      return setPose(d, e.id, (at) => ({ ...at, x: at.x + e.dxMm, y: at.y + e.dyMm }));
    case 'placePiece':
      return setPose(d, e.id, () => e.at);
    case 'facePiece':
      return setPose(d, e.id, (at) => ({ ...at, facingDeg: normaliseDeg(e.facingDeg) }));
    case 'deletePiece': {
      const p = findPiece(d, e.id);
      if (!p) return no(`there is no unit or general "${e.id}".`);
      if (p.kind === 'unit') return ok({ ...d, units: d.units.filter((u) => u.id !== e.id) });
      return ok({ ...d, generals: d.generals.filter((g) => g.id !== e.id) });
    }
    case 'setUnit': {
      const i = d.units.findIndex((u) => u.id === e.id);
      if (i < 0) return no(`there is no unit "${e.id}".`);
      if (e.patch.stands && e.patch.stands.length < 1) return no('a unit needs at least one stand.');
      const units = d.units.slice();
      units[i] = { ...units[i]!, ...e.patch };
      return ok({ ...d, units });
    }
    case 'addGeneral': {
      const why = newIdProblem(d, e.general.id);
      return why ? no(why) : ok({ ...d, generals: [...d.generals, e.general] });
    }
    case 'setGeneral': {
      const i = d.generals.findIndex((g) => g.id === e.id);
      if (i < 0) return no(`there is no general "${e.id}".`);
      const generals = d.generals.slice();
      generals[i] = { ...generals[i]!, ...e.patch };
      return ok({ ...d, generals });
    }
    case 'setSide': {
      const side = d.sides[e.index];
      if (!side) return no(`there is no side ${e.index + 1}.`);
      if (e.patch.id !== undefined && e.patch.id !== side.id) return renameSide(d, e.index, e.patch);
      const sides = d.sides.slice();
      sides[e.index] = { ...side, ...e.patch };
      return ok({ ...d, sides });
    }
    case 'setZone': {
      const side = d.sides[e.index];
      if (!side) return no(`there is no side ${e.index + 1}.`);
      const sides = d.sides.slice();
      if (e.zone === null) {
        const { deploymentZone: _z, ...rest } = side;
        sides[e.index] = rest;
      } else {
        const why = polygonProblem(e.zone);
        if (why) return no(`deployment zone: ${why}`);
        sides[e.index] = { ...side, deploymentZone: e.zone.map((p): [number, number] => [p[0], p[1]]) };
      }
      return ok({ ...d, sides });
    }
    case 'addFormation': {
      const why = newIdProblem(d, e.formation.id);
      if (why) return no(why);
      if (e.formation.parent !== undefined && !d.formations.some((f) => f.id === e.formation.parent)) return no(`there is no formation "${e.formation.parent}".`);
      return ok({ ...d, formations: [...d.formations, e.formation] });
    }
    case 'setFormation': {
      const i = d.formations.findIndex((f) => f.id === e.id);
      if (i < 0) return no(`there is no formation "${e.id}".`);
      if (e.patch.parent !== undefined) {
        // The chain of command may not loop: the new parent may not be this formation or under it.
        let cur: string | undefined = e.patch.parent;
        const seen = new Set<string>();
        while (cur !== undefined && !seen.has(cur)) {
          if (cur === e.id) return no('a formation cannot be placed under itself or under one of its own formations.');
          seen.add(cur);
          cur = d.formations.find((f) => f.id === cur)?.parent;
        }
      }
      const formations = d.formations.slice();
      formations[i] = { ...formations[i]!, ...e.patch };
      return ok({ ...d, formations });
    }
    case 'deleteFormation': {
      if (!d.formations.some((f) => f.id === e.id)) return no(`there is no formation "${e.id}".`);
      const users = d.units.filter((u) => u.parent === e.id).length + d.formations.filter((f) => f.parent === e.id).length + d.generals.filter((g) => g.commands === e.id).length;
      if (users) return no(`${users} unit${users === 1 ? '' : 's'}, formations or generals belong to it; move or delete them first.`);
      return ok({ ...d, formations: d.formations.filter((f) => f.id !== e.id) });
    }
    case 'setVictory':
      return ok({ ...d, victory: e.victory.map((v) => ({ ...v })) });
    case 'setSettings': {
      const p = e.patch;
      if (p.id !== undefined && !ID_RE.test(p.id)) return no(`"${p.id}" is not an id: use 1-64 letters, digits and _ . : - only.`);
      if (p.title !== undefined && (p.title.length < 1 || p.title.length > 200)) return no('a title has 1 to 200 characters.');
      if (p.table && !(p.table.widthMm > 0 && p.table.depthMm > 0 && p.table.widthMm <= 20000 && p.table.depthMm <= 20000))
        return no('a table is more than 0 and at most 20,000 mm each way.');
      if (p.rulesets && p.rulesets.length === 0) return no('a scenario supports at least one ruleset.');
      if (p.turnLimit !== undefined && p.turnLimit !== null && !(Number.isInteger(p.turnLimit) && p.turnLimit >= 1 && p.turnLimit <= 200)) return no('a turn limit is a whole number from 1 to 200.');
      const { turnLimit, ...rest } = p;
      const next: Draft = { ...d, ...rest };
      if (turnLimit === null) delete (next as { turnLimit?: number }).turnLimit;
      else if (turnLimit !== undefined) next.turnLimit = turnLimit;
      return ok(next);
    }
    case 'setRulesetFields': {
      const fields = { ...(d.rulesetFields ?? {}) };
      if (e.value === undefined) delete fields[e.rulesetId];
      else fields[e.rulesetId] = e.value;
      return ok({ ...d, rulesetFields: fields });
    }
  }
}

/** A side's id changes everywhere it is named. */
function renameSide(d: Draft, index: 0 | 1, patch: Partial<SideSpec>): EditResult {
  const old = d.sides[index]!.id, id = patch.id!;
  const why = newIdProblem(d, id);
  if (why) return no(why);
  const sides = d.sides.slice();
  sides[index] = { ...sides[index]!, ...patch };
  const re = <T extends { side: string }>(x: T): T => (x.side === old ? { ...x, side: id } : x);
  return ok({
    ...d,
    sides,
    formations: d.formations.map(re),
    generals: d.generals.map(re),
    units: d.units.map(re),
    victory: d.victory.map((v) => (v.side === old ? { ...v, side: id } : v)),
  });
}

/** An empty scenario: a 6' × 4' table, two sides with an army each, no units yet (which the loader will ask for). */
export function emptyDraft(rulesetId = 'napoleonic-warfare'): Draft {
  return {
    format: 'vedette-scenario',
    version: 1,
    id: 'new-battle',
    title: 'A new battle',
    description: '',
    rulesets: [rulesetId],
    table: { widthMm: 1828.8, depthMm: 1219.2, metresPerMm: 2.5 },
    turnLimit: 12,
    terrain: [],
    sides: [
      { id: 'blue', name: 'Blue', nationality: 'French', colour: '#2b4c9b' },
      { id: 'red', name: 'Red', nationality: 'Austrian', colour: '#b23a2e' },
    ],
    formations: [
      { id: 'blue-army', name: 'Blue army', side: 'blue', level: 'army' },
      { id: 'red-army', name: 'Red army', side: 'red', level: 'army' },
    ],
    generals: [],
    units: [],
    victory: [{ kind: 'ruleset', description: "The ruleset's own victory conditions." }],
  };
}

/**
 * A scenario as the editor keeps it: the file format, except that it may have no units yet (a
 * table being laid out). What is missing is a problem the live validation lists, not a reason
 * to lose the draft on a reload or to refuse opening it.
 */
export const DraftSchema = ScenarioSchema.extend({ units: z.array(UnitSpecSchema).max(5000) });
