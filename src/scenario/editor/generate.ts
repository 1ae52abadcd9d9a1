/**
 * The Generate button: a ruleset's own terrain generation (its `terrainGenerator` hook), run on
 * the scenario's table with seeded dice, turned into ordinary editable pieces. Each piece keeps
 * the row and dice that placed it (`props.rule`); pieces from an earlier Generate are replaced,
 * pieces the designer drew are kept.
 */
import type { AnyRuleset } from '../../engine/ruleset';
import type { TerrainFeature } from '../../engine/model';
import { rollDice, seedDice, type DiceCode } from '../../engine/dice';
import type { TerrainSpec } from '../schema';
import { freshId, terrainShapeProblem, type Draft, type EditOp } from './ops';

/** Which baseline each side holds: its deployment zone's, else the first side at the bottom. */
export function baselines(d: Draft): ('top' | 'bottom')[] {
  const cy = (i: number) => {
    const z = d.sides[i]?.deploymentZone;
    return z && z.length ? z.reduce((s, p) => s + p[1], 0) / z.length : undefined;
  };
  const a = cy(0), b = cy(1);
  if (a !== undefined && b !== undefined && a !== b) return a > b ? ['bottom', 'top'] : ['top', 'bottom'];
  return ['bottom', 'top'];
}

const pairs = (ps: readonly { x: number; y: number }[]): [number, number][] => ps.map((p) => [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10]);

function specOf(f: TerrainFeature, id: string, rulesetId: string, placedBy: string): TerrainSpec {
  const base = { id, kind: f.kind, name: f.name, props: { ...f.props, rule: placedBy, generatedBy: rulesetId } } as TerrainSpec;
  return {
    ...base,
    ...(f.line && f.widthMm !== undefined ? { line: pairs(f.line), widthMm: f.widthMm } : { polygon: pairs(f.polygon) }),
    ...(f.heightLevel !== undefined ? { heightLevel: f.heightLevel } : {}),
    ...(f.crest ? { crest: pairs(f.crest) } : {}),
  };
}

export interface Generated {
  readonly ops: EditOp[];
  readonly placed: number;
  /** Pieces the editor could not take (a shape it refuses), with the reason. */
  readonly skipped: readonly string[];
}

/** The edits that replace the last generated terrain with a new layout from `module`'s tables and `seed`. */
export function generateTerrainFor(d: Draft, module: AnyRuleset, seed: number): Generated | string {
  const gen = module.terrainGenerator;
  if (!gen) return `${module.name} has no terrain generation.`;
  let dice = seedDice(seed);
  const roll = (faces: number, purpose: string) => {
    const [ev, next] = rollDice(dice, { dice: `d${faces}` as DiceCode, purpose, rule: gen.name });
    dice = next;
    return ev.total;
  };
  const [b0, b1] = baselines(d);
  const out = gen.generate({ widthMm: d.table.widthMm, depthMm: d.table.depthMm, sides: [{ id: d.sides[0]!.id, baseline: b0! }, { id: d.sides[1]!.id, baseline: b1! }] }, roll);
  const ops: EditOp[] = d.terrain.filter((t) => t.props?.['generatedBy'] !== undefined).map((t) => ({ op: 'deleteTerrain', id: t.id }));
  const kept: Draft = { ...d, terrain: d.terrain.filter((t) => t.props?.['generatedBy'] === undefined) };
  const pieces: TerrainSpec[] = [];
  const skipped: string[] = [];
  let scratch = kept;
  for (const f of out.features) {
    const id = freshId(scratch, f.id);
    const spec = specOf(f, id, module.id, out.placedBy[f.id] ?? gen.name);
    const why = terrainShapeProblem(spec);
    if (why) {
      skipped.push(`${f.name}: ${why}`);
      continue;
    }
    pieces.push(spec);
    scratch = { ...scratch, terrain: [...scratch.terrain, spec] };
  }
  ops.push({ op: 'placeTerrain', pieces, replace: false });
  return { ops, placed: pieces.length, skipped };
}
