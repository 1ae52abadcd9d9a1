// NW Preparing for Battle §9 Terrain Generation: the d10 placement table, the six sectors, sizes,
// the special placement rules, and the option that runs it at set-up with logged rolls.
import { describe, expect, it } from 'vitest';
import { generateTerrain, sectorFor, sectorRect, type TerrainGenInput, type TerrainPickType, type TerrainRoller } from '../../../src/rules/napoleonic-warfare/terrainGen';
import { loadScenario } from '../../../src/scenario/load';
import { createGame } from '../../../src/engine/game';
import { registerable } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { IN, scenarioObject } from './harness';
import { rollDice, seedDice } from '../../../src/engine/dice';

const W = 72 * IN, H = 48 * IN;
/** A roller that hands out the scripted faces, then 5s (d10) / 3s (d6). */
const scripted = (faces: number[]): TerrainRoller & { log: string[] } => {
  const log: string[] = [];
  const f = ((dice: 'd6' | 'd10', purpose: string) => {
    log.push(purpose);
    return faces.length > 0 ? faces.shift()! : dice === 'd10' ? 5 : 3;
  }) as unknown as TerrainRoller & { log: string[] };
  f.log = log;
  return f;
};
const input = (fr: TerrainPickType[], au: TerrainPickType[], shift: { fr?: -1 | 0 | 1; au?: -1 | 0 | 1 } = {}): TerrainGenInput => ({
  widthMm: W, depthMm: H, scale: 'medium',
  sides: [
    { id: 'fr', baseline: 'top', picks: fr, placementShift: shift.fr ?? 0 },
    { id: 'au', baseline: 'bottom', picks: au, placementShift: shift.au ?? 0 },
  ],
});
const bbox = (poly: readonly { x: number; y: number }[]) => ({
  x0: Math.min(...poly.map((p) => p.x)), x1: Math.max(...poly.map((p) => p.x)),
  y0: Math.min(...poly.map((p) => p.y)), y1: Math.max(...poly.map((p) => p.y)),
});

describe('The terrain placement d10 (NW §9)', () => {
  it('reads back: 1-2 discard, 3-4 friendly left, 5 friendly centre, 6-7 friendly right, 8 enemy left, 9 enemy centre, 10 enemy right', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(sectorFor)).toEqual([
      undefined, undefined, 'friendly-left', 'friendly-left', 'friendly-centre', 'friendly-right', 'friendly-right', 'enemy-left', 'enemy-centre', 'enemy-right',
    ]);
  });
  it('sectors are the six equal thirds-by-halves, named from the picking player\'s side (enemy left is the enemy\'s own left)', () => {
    const i = input([], []);
    const au = i.sides[1], fr = i.sides[0];
    expect(sectorRect(i, au, 'friendly-left')).toMatchObject({ x0: 0, y0: H / 2, column: 0 }); // facing up the table: left is screen-left
    expect(sectorRect(i, au, 'enemy-left')).toMatchObject({ y0: 0, column: 2 }); // the French, facing down, have their left on screen-right
    expect(sectorRect(i, fr, 'friendly-left')).toMatchObject({ y0: 0, column: 2 });
    expect(sectorRect(i, fr, 'friendly-centre')).toMatchObject({ x0: W / 3, x1: (2 * W) / 3, column: 1 });
  });
});

describe('When the players generate terrain (NW §9 Terrain Generation)', () => {
  it('who rolls first is diced; a low hill rolled 3 lies in the friendly left sector, within 3"-12"', () => {
    // d6 2 v 5: the Austrians roll first. Hill: placement 3, across 1, down 10, size 10, depth 1.
    const roll = scripted([2, 5, 3, 1, 10, 10, 1]);
    const out = generateTerrain(input([], ['low-hill']), roll);
    expect(out.firstPlayer).toBe('au');
    expect(out.features).toHaveLength(1);
    const hill = out.features[0]!;
    expect(hill.kind).toBe('hill');
    const b = bbox(hill.polygon);
    expect(b.x1).toBeLessThanOrEqual(W / 3 + 1e-6);
    expect(b.y0).toBeGreaterThanOrEqual(H / 2 - 1e-6);
    expect(b.x1 - b.x0).toBeLessThanOrEqual(12 * IN + 1e-6);
    expect(b.y1 - b.y0).toBeGreaterThanOrEqual(3 * IN * 0.9);
  });
  it('each roll says in words who places what: the side by name, the Terrain Table\'s words, never ids like "au places low-hill"', () => {
    const roll = scripted([2, 5, 3, 1, 10, 10, 1]);
    const named = input([], ['low-hill', 'dense']);
    generateTerrain({ ...named, sides: [{ ...named.sides[0], name: 'French' }, { ...named.sides[1], name: 'Austrians' }] }, roll);
    expect(roll.log.slice(0, 3)).toEqual(['Terrain: who rolls first (the French)', 'Terrain: who rolls first (the Austrians)', 'Terrain: the Austrians place a low hill']);
    expect(roll.log).toContain('Terrain: size of the low hill');
    expect(roll.log).toContain('Terrain: the Austrians place dense terrain');
    expect(roll.log.join('|')).not.toMatch(/low-hill|\bau\b/);
  });
  it('a 1 or 2 is a discard, unless an Exceptional or Charismatic CinC adds 1 to a 2', () => {
    expect(generateTerrain(input([], ['dense']), scripted([1, 2, 2])).features).toHaveLength(0);
    const shifted = generateTerrain(input([], ['dense'], { au: 1 }), scripted([1, 2, 2]));
    expect(shifted.steps[0]!.placementRoll).toBe(3);
    expect(shifted.features.map((f) => f.kind)).toEqual(['wood']);
  });
  it('no river may run through the centre sectors, and each player places only one river', () => {
    const centre = generateTerrain(input([], ['river']), scripted([1, 2, 5]));
    expect(centre.features).toHaveLength(0);
    expect(centre.steps[0]!.discarded).toMatch(/centre two sectors/);
    const two = generateTerrain(input([], ['river', 'river']), scripted([1, 2, 3, 5, 5, 5, 6]));
    expect(two.features.filter((f) => f.kind === 'river')).toHaveLength(1);
    expect(two.steps[1]!.discarded).toMatch(/one river/);
    const river = two.features[0]!;
    // Edge to opposite edge, staying in its flank column.
    expect(bbox(river.line!).y0).toBe(0);
    expect(bbox(river.line!).y1).toBe(H);
    expect(bbox(river.polygon).x1).toBeLessThanOrEqual(W / 3 + 1e-6);
  });
  it('a road runs edge to opposite edge with one bend of at most 45°, and gets a bridge where it crosses a river', () => {
    // au first; au river at 3 (friendly left), fr road at 7 (its friendly right = screen-left, top), flank to flank.
    const out = generateTerrain(input(['road'], ['river']), scripted([1, 6, 3, 5, 5, 5, 7, 5, 5, 6, 10, 6]));
    const road = out.features.find((f) => f.kind === 'road')!;
    const [a, c, b] = road.line!;
    expect(a!.x).toBe(0);
    expect(b!.x).toBe(W);
    const bend = Math.abs(Math.atan2(b!.y - c!.y, b!.x - c!.x) - Math.atan2(c!.y - a!.y, c!.x - a!.x));
    expect(bend).toBeLessThanOrEqual(Math.PI / 4 + 1e-9);
    expect(out.features.some((f) => f.kind === 'bridge')).toBe(true);
  });
  it('a piece that would lie on another (not a permitted overlap) is discarded; woods may lie on a low hill', () => {
    // Two villages rolled into the same spot: the second cannot be placed.
    const same = [5, 5, 5, 10, 10] as const;
    const v = generateTerrain(input([], ['village', 'village']), scripted([1, 2, ...same, ...same]));
    expect(v.features).toHaveLength(1);
    expect(v.steps[1]!.discarded).toMatch(/would lie on/);
    const w = generateTerrain(input([], ['low-hill', 'dense']), scripted([1, 2, ...same, ...same]));
    expect(w.features.map((f) => f.kind)).toEqual(['hill', 'wood']);
  });
});

describe('Every generated piece lies on the table (NW §9: each piece "is placed in" one of the table\'s six sectors)', () => {
  const seeded = (seed: number): TerrainRoller => {
    let dice = seedDice(seed);
    return ((d: 'd6' | 'd10', purpose: string) => {
      const [ev, next] = rollDice(dice, { dice: d, purpose, rule: 'NW §9' });
      dice = next;
      return ev.total;
    }) as TerrainRoller;
  };
  const off = (t: { widthMm: number; depthMm: number }, ps: readonly { x: number; y: number }[]) => Math.max(0, ...ps.map((p) => Math.max(-p.x, -p.y, p.x - t.widthMm, p.y - t.depthMm)));

  it('over 600 seeded layouts on four tables at both scales, every point of every piece (outline, line, crest) is on the table', () => {
    const tables = [[72 * IN, 48 * IN], [48 * IN, 36 * IN], [96 * IN, 48 * IN], [36 * IN, 24 * IN]] as const;
    const picks: TerrainPickType[][] = [['low-hill', 'light', 'dense', 'village', 'hedge'], ['village', 'road', 'river', 'wall', 'pond'], ['clear', 'gully', 'stream', 'lake', 'road']];
    let pieces = 0, slid = 0;
    for (const [w, d] of tables) {
      for (const scale of ['medium', 'large'] as const) {
        for (let seed = 1; seed <= 75; seed++) {
          const t = { widthMm: w, depthMm: d };
          const out = generateTerrain({ ...t, scale, sides: [{ id: 'fr', baseline: 'top', picks: picks[seed % 3]!, placementShift: 0 }, { id: 'au', baseline: 'bottom', picks: picks[(seed + 1) % 3]!, placementShift: 0 }] }, seeded(seed));
          for (const f of out.features) {
            pieces++;
            expect(off(t, [...f.polygon, ...(f.line ?? []), ...(f.crest ?? [])]), `${f.name} on ${w}×${d} (${scale}), seed ${seed}`).toBeLessThanOrEqual(1e-6);
            if (f.polygon.some((p) => p.x < 1 || p.y < 1 || p.x > w - 1 || p.y > d - 1)) slid++;
          }
        }
      }
    }
    // The layouts do reach the edges (the check is not vacuous).
    expect(pieces).toBeGreaterThan(3000);
    expect(slid).toBeGreaterThan(100);
  });

  it('a village diced at the very edge of its sector is slid onto the table, keeping its rolled size', () => {
    // au first; au village at 3 (friendly left, bottom-left), placed at the outer corner (d10 1, 1), the largest size (10, 10).
    const out = generateTerrain(input([], ['village']), scripted([1, 6, 3, 1, 1, 10, 10]));
    const v = out.features.find((f) => f.kind === 'village')!;
    const b = bbox(v.polygon);
    expect(off({ widthMm: W, depthMm: H }, v.polygon)).toBe(0);
    // Touching the edge it was slid from; still 12" across its corners (medium, NW §9 "12" (16") maximum diameter"), an octagon with flat sides square to the table.
    expect(Math.min(b.x0, b.y0, W - b.x1, H - b.y1)).toBeCloseTo(0, 6);
    expect(b.x1 - b.x0).toBeCloseTo(12 * IN * Math.cos(Math.PI / 8), 0);
  });

  it('a road or river runs edge to opposite edge: its outline is cut at the edges, never past them', () => {
    const out = generateTerrain(input(['road'], ['river']), scripted([1, 6, 3, 5, 5, 5, 7, 5, 5, 6, 10, 6]));
    for (const f of out.features.filter((x) => x.kind === 'road' || x.kind === 'river')) {
      expect(off({ widthMm: W, depthMm: H }, f.polygon)).toBeLessThanOrEqual(1e-6);
      expect(f.polygon.some((p) => p.x === 0 || p.y === 0 || p.x === W || p.y === H)).toBe(true);
    }
  });
});

describe('When a scenario is played with the generateTerrain option (NW §9)', () => {
  it('set-up places the picks with every roll in the log', () => {
    const sc = scenarioObject([
      { id: 'fr1', side: 'fr', x: 36, y: 4, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 44, facingDeg: -90 },
    ], { fields: { terrainPicks: { fr: ['dense', 'low-hill'], au: ['village', 'hedge', 'road'] } } });
    const l = loadScenario(sc);
    if (!l.ok) throw new Error('bad scenario');
    const g = createGame(registerable(napoleonicWarfare), { setup: l.value, seed: 7, options: { generateTerrain: true } });
    if (!g.ok) throw new Error(JSON.stringify(g.problems));
    const rolls = g.events.filter((e) => e.type === 'DiceRolled' && String(e['rule']).startsWith('NW §9 Terrain Generation'));
    expect(rolls.length).toBeGreaterThanOrEqual(7);
    const gen = g.events.find((e) => e.type === 'TerrainGenerated') as unknown as Record<string, unknown>;
    expect((gen['features'] as string[]).length).toBeGreaterThan(0);
    expect(g.state.battle.terrain.map((t) => t.id)).toEqual(gen['features']);
    const off = createGame(registerable(napoleonicWarfare), { setup: l.value, seed: 7 });
    if (!off.ok) throw new Error('bad');
    expect(off.state.battle.terrain).toHaveLength(0);
  });
});
