/**
 * Geometry bench: a 6'×4' table, 300 terrain polygons of about 20 vertices, 400 units of 5
 * stands (2,000 stands). Figures: sight-line query against the terrain (and the naive turf
 * answer on the same queries), one drag step of a 12-stand unit through the movement core (the
 * trace every ruleset's moves and previews make), and the line-of-sight overlay of a dragged
 * 12-stand unit.
 */
import { booleanIntersects } from '@turf/boolean-intersects';
import { lineString, polygon as turfPolygon } from '@turf/helpers';
import type { Feature, Polygon } from 'geojson';
import type { Radians, TablePoint } from '../../geometry/types';
import { pt } from '../../geometry/types';
import { layoutLine } from '../../geometry/formation';
import { frontCentre } from '../../geometry/footprint';
import { unitFrame } from '../../geometry/frame';
import { advance } from '../../geometry/movement';
import type { PlacedStand } from '../../geometry/collisions';
import { buildStandIndex, SpatialIndex } from '../../geometry/collisions';
import type { TerrainShape } from '../../geometry/terrain';
import { buildTerrainIndex } from '../../geometry/terrain';
import { traceMove } from '../../geometry/moveCore';
import { unitBox } from '../../geometry/queries';
import type { StandFootprint } from '../../geometry/types';
import type { SightFeature } from '../../geometry/sightIndex';
import { buildSightIndex, firstOpaqueHit } from '../../geometry/sightIndex';
import type { SightOptions } from '../../geometry/lineOfSight';
import { lineOfSight } from '../../geometry/lineOfSight';
import { buildStandGrid } from '../../geometry/standGrid';
import { unitDistance } from '../../geometry/measure';
import type { BenchReport, BenchSection, Figure } from './harness';
import { fmt, seeded, timeOp } from './harness';

export const TABLE = { widthMm: 1828.8, depthMm: 1219.2 };
export const BASE = { widthMm: 25, depthMm: 15 } as const;
const RANGE_MM = 300;

export interface PlacedUnit {
  readonly id: string;
  readonly side: string;
  readonly stands: readonly StandFootprint[];
}

export function makeTerrain(rand: () => number): TerrainShape[] {
  const out: TerrainShape[] = [];
  const kinds = ['wood', 'hill', 'building', 'field', 'marsh'] as const;
  for (let i = 0; i < 300; i++) {
    const cx = rand() * TABLE.widthMm, cy = rand() * TABLE.depthMm;
    const R = 12 + rand() * 22;
    const n = 18 + Math.floor(rand() * 5);
    const poly: TablePoint[] = [];
    for (let k = 0; k < n; k++) {
      const th = (k / n) * 2 * Math.PI;
      const r = R * (0.7 + 0.3 * rand());
      poly.push(pt(cx + Math.cos(th) * r, cy + Math.sin(th) * r));
    }
    const kind = kinds[i % kinds.length]!;
    out.push({
      id: `t${i}`, kind, polygon: poly,
      ...(kind === 'hill' ? { heightLevel: 1, crest: [pt(cx - R * 0.6, cy), pt(cx + R * 0.6, cy)] } : {}),
      props: {},
    });
  }
  return out;
}

export function makeUnits(rand: () => number): PlacedUnit[] {
  const units: PlacedUnit[] = [];
  const cols = 20, rows = 20;
  const cw = TABLE.widthMm / cols, ch = TABLE.depthMm / rows;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const facing = ((rand() < 0.5 ? -Math.PI / 2 : Math.PI / 2) + (rand() - 0.5) * 0.4) as Radians;
    const anchor = pt((c + 0.5) * cw + (rand() - 0.5) * 6, (r + 0.5) * ch + (rand() - 0.5) * 6);
    const stands = layoutLine(anchor, facing, Array.from({ length: 5 }, () => BASE) as never, 2);
    // Centre the layout on its cell (the anchor is the front edge's centre).
    const f = unitFrame(stands);
    const dx = anchor.x - f.centre.x, dy = anchor.y - f.centre.y;
    units.push({ id: `u${r * cols + c}`, side: rand() < 0.5 ? 'A' : 'B', stands: stands.map((s) => ({ ...s, centre: pt(s.centre.x + dx, s.centre.y + dy) })) });
  }
  return units;
}

const toTurf = (f: TerrainShape): Feature<Polygon> => turfPolygon([[...f.polygon.map((p) => [p.x, p.y]), [f.polygon[0]!.x, f.polygon[0]!.y]]]);

export const geometryBench: BenchSection = {
  name: 'geometry',
  describe: "6'×4' table, 300 terrain polygons (~20 vertices), 400 units / 2,000 stands",
  run(log): BenchReport {
    const rand = seeded(20240613);
    const terrain = makeTerrain(rand);
    const units = makeUnits(rand);
    const placed: PlacedStand[] = units.flatMap((u) => u.stands.map((s, i) => ({ id: `${u.id}.${i}`, unitId: u.id, footprint: s })));
    log(`  table ${TABLE.widthMm}×${TABLE.depthMm} mm, ${terrain.length} terrain polygons, ${units.length} units, ${placed.length} stands`);
    const figures: Figure[] = [];
    const fig = (key: string, label: string, unit: 'us' | 'ms', median: number, limit?: number, targetText?: string) => {
      const f: Figure = { key, label, unit, median, ...(limit !== undefined ? { target: targetText ?? `≤ ${limit} ${unit === 'us' ? 'µs' : 'ms'}`, ok: median <= limit } : {}) };
      figures.push(f);
      log(fmt(f));
      return f;
    };

    // 1. Sight line across the terrain: every feature blocks, fast grid walk vs naive turf.
    const opaque = buildSightIndex(terrain.map((t): SightFeature => ({ ...t, rule: { kind: 'opaque' } })));
    const turfFeatures = terrain.map(toTurf);
    const Q = 2000;
    const qs = new Float64Array(Q * 4);
    for (let i = 0; i < Q; i++) {
      const ax = rand() * TABLE.widthMm, ay = rand() * TABLE.depthMm;
      const len = 50 + rand() * 550, th = rand() * 2 * Math.PI;
      qs[i * 4] = ax; qs[i * 4 + 1] = ay; qs[i * 4 + 2] = ax + Math.cos(th) * len; qs[i * 4 + 3] = ay + Math.sin(th) * len;
    }
    const fast = (i: number) => {
      const k = (i % Q) * 4;
      return firstOpaqueHit(opaque, qs[k]!, qs[k + 1]!, qs[k + 2]!, qs[k + 3]!).feature >= 0 ? 1 : 0;
    };
    const naive = (i: number) => {
      const k = (i % Q) * 4;
      const line = lineString([[qs[k]!, qs[k + 1]!], [qs[k + 2]!, qs[k + 3]!]]);
      return turfFeatures.some((f) => booleanIntersects(line, f)) ? 1 : 0;
    };
    let disagreements = 0, blocked = 0;
    for (let i = 0; i < Q; i++) {
      const a = fast(i), b = naive(i);
      blocked += b;
      if (a !== b) {
        disagreements++;
        if (disagreements <= 10) log(`  DISAGREE query ${i}: fast=${a} turf=${b} (${[qs[i * 4], qs[i * 4 + 1], qs[i * 4 + 2], qs[i * 4 + 3]].map((v) => v!.toFixed(3)).join(', ')})`);
      }
    }
    log(`  ${Q} sight lines, ${blocked} blocked by turf's answer, ${disagreements} disagreements`);
    const losFast = timeOp(fast, { batches: 51, perBatch: 200 });
    const losNaive = process.env.BENCH_QUICK ? { medianUs: 1, sink: 0 } : timeOp(naive, { batches: 11, perBatch: 20, warmup: 50 });
    fig('losUs', 'line of sight, grid walk (median per query)', 'us', losFast.medianUs, 3);
    fig('losNaiveUs', 'line of sight, naive turf booleanIntersects x every feature', 'us', losNaive.medianUs);
    const losSpeedup = losNaive.medianUs / losFast.medianUs;
    log(`  speedup ${losSpeedup.toFixed(0)}× (target ≥ 200×: ${losSpeedup >= 200 ? 'met' : 'MISSED'})`);

    // 2. One drag step of a 12-stand unit: the movement core's trace of its straight advance
    // against the battle's stand index, the table edge and the terrain (what the rulesets run).
    const terrainIndex = buildTerrainIndex(terrain);
    const standIndex = buildStandIndex(placed);
    const dragStart = layoutLine(pt(900, 600), (-Math.PI / 2) as Radians, Array.from({ length: 12 }, () => BASE) as never, 2);
    const dragStep = (i: number) => {
      const d = 20 + (i % 200);
      const plan = advance(dragStart, d);
      if (!plan.ok) return 0;
      const t = traceMove(dragStart, plan.legs, { others: standIndex, table: TABLE, terrain: terrainIndex });
      return t.meetings.length + t.terrain.length + (t.leavesTableAtMm === undefined ? 0 : 1);
    };
    const drag = timeOp(dragStep, { batches: 41, perBatch: 50 });
    fig('dragStepMs', 'drag step, 12 stands (the core trace: units met, terrain, table edge)', 'ms', drag.medianUs / 1000, 0.2);

    const unitIndex = new SpatialIndex<PlacedUnit>();
    unitIndex.reset(units.map((u) => ({ id: u.id, box: unitBox(u.stands), value: u })));

    // 4. LOS overlay of a dragged 12-stand unit to every enemy within range.
    const sight = buildSightIndex(terrain.map((t): SightFeature => ({
      ...t,
      rule: t.kind === 'building' ? { kind: 'opaque' } : t.kind === 'wood' ? { kind: 'depth', withinMm: 50.8, edgeMm: 25.4 } : { kind: 'clear' },
    })));
    const enemySide = 'B';
    // Built once when the drag starts: the other stands do not move while one unit is dragged.
    const gridBuild = timeOp(() => buildStandGrid(placed, BASE.widthMm / 2).cellItems.length, { batches: 9, perBatch: 1, warmup: 2 });
    fig('standGridBuildMs', 'stand sight grid build (once per drag, 2,000 stands)', 'ms', gridBuild.medianUs / 1000);
    const standGrid = buildStandGrid(placed, BASE.widthMm / 2);
    let visibleTotal = 0, pairsTotal = 0;
    const overlay = (i: number) => {
      const d = 20 + (i % 200);
      const plan = advance(dragStart, d);
      if (!plan.ok) return 0;
      const stands = plan.stands;
      const f = unitFrame(stands);
      const firers = stands.slice(0, 6).map(frontCentre);
      const near = unitIndex.search({ minX: f.centre.x - RANGE_MM - 100, minY: f.centre.y - RANGE_MM - 100, maxX: f.centre.x + RANGE_MM + 100, maxY: f.centre.y + RANGE_MM + 100 });
      let visible = 0;
      for (const e of near) {
        const u = e.value;
        if (u.side !== enemySide || unitDistance(stands, u.stands) > RANGE_MM) continue;
        // The target unit's own stands never block a line to it; one options object per unit.
        const opts: SightOptions = { stands: { grid: standGrid, ignore: (rec) => rec.unitId === u.id, minGapMm: BASE.widthMm } };
        for (const t of u.stands) {
          // One sight line per enemy stand, from the front centre of the nearest firing stand.
          pairsTotal++;
          let from = firers[0]!, best = Infinity;
          for (const p of firers) {
            const d = (p.x - t.centre.x) ** 2 + (p.y - t.centre.y) ** 2;
            if (d < best) { best = d; from = p; }
          }
          const ans = lineOfSight(sight, from, t.centre, opts);
          if (ans.visible) visible++;
        }
      }
      visibleTotal += visible;
      return visible;
    };
    // Warm up like the other figures (they warm for as many ops as they time, up to 2,000), so the
    // median is the steady state of a long drag, not the JIT compiling the overlay.
    const ov = timeOp(overlay, { batches: 21, perBatch: 5, warmup: 200 });
    fig('dragLosMs', 'LOS overlay, dragged 12-stand unit to every enemy in range', 'ms', ov.medianUs / 1000, 4);
    log(`  overlay: ${(pairsTotal / (21 * 5 + 20)).toFixed(1)} enemy stands in range per step (one sight line each, from the nearest firing stand), ${(visibleTotal / (21 * 5 + 20)).toFixed(1)} visible`);

    log(`  CPU time (median per op, this process): drag step ${(drag.cpuMedianUs / 1000).toFixed(3)} ms, LOS overlay ${(ov.cpuMedianUs / 1000).toFixed(3)} ms`);
    const sink = losFast.sink + losNaive.sink + drag.sink + ov.sink;
    return {
      figures,
      extra: { dragStepCpuMs: Number((drag.cpuMedianUs / 1000).toPrecision(4)), dragLosCpuMs: Number((ov.cpuMedianUs / 1000).toPrecision(4)), losSpeedup: Math.round(losSpeedup), losDisagreements: disagreements, losQueries: Q, terrainPolygons: terrain.length, stands: placed.length, units: units.length, sink: sink > 0 ? 1 : 0 },
    };
  },
};
