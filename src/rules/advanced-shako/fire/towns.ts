/**
 * 13.6 Burning town sectors (optional): at the end of the artillery phase, each sector bombarded by
 * two or more batteries this turn rolls a D6; under the number of batteries it is set alight. It burns
 * for the game and cannot be occupied; its occupant must leave it in that turn's movement (house:
 * if it has not, it falls back out at the end of the movement of its division — see orders). A second
 * D6 says where its smoke drifts (1 left, 2 right, 3 front, 4 back, 5-6 inconsequential); the smoke,
 * the size of the sector, blocks sight for the rest of the game.
 */
import type { TerrainFeature } from '../../../engine/model';
import type { TablePoint } from '../../../geometry/types';
import type { W } from '../state';
import { pointInPolygon } from '../../../geometry/vec';

export const BURNING_RULE = 'AS 13.6 Burning town sectors';

export function burnTowns(w: W): void {
  if (!w.options.burningTowns) return;
  for (const [id, n] of Object.entries(w.rs.bombarded)) {
    const f = w.battle.terrain.find((t) => t.id === id);
    if (!f || n < 2 || f.props['burning'] === true) continue;
    const r = w.ctx.roll({ dice: 'd6', purpose: `${f.name}: bombarded by ${n} batteries — set alight?`, rule: BURNING_RULE, outcome: (v) => (v.total < n ? 'set alight' : 'not alight') });
    if (r.total >= n) continue;
    const burning: TerrainFeature = { ...f, props: { ...f.props, burning: true } };
    const drift = w.ctx.roll({ dice: 'd6', purpose: `${f.name}: where the smoke drifts`, rule: BURNING_RULE, outcome: (v) => ['left', 'right', 'to the front', 'back', 'inconsequential', 'inconsequential'][v.total - 1]! });
    const xs = f.polygon.map((p) => p.x), ys = f.polygon.map((p) => p.y);
    const wdt = Math.max(...xs) - Math.min(...xs), dep = Math.max(...ys) - Math.min(...ys);
    // HOUSE: left/right along the table's width, front/back towards the top/bottom edge (the sector has no facing).
    const off = [[-wdt, 0], [wdt, 0], [0, -dep], [0, dep]][drift.total - 1];
    const smoke: TerrainFeature[] = off ? [{ id: `${f.id}-smoke`, kind: 'field', name: `Smoke from ${f.name}`, polygon: f.polygon.map((p) => ({ x: p.x + off[0]!, y: p.y + off[1]! }) as TablePoint), props: { blocksSight: true, smoke: true } } as TerrainFeature] : [];
    w.battle = { ...w.battle, terrain: [...w.battle.terrain.map((t) => (t.id === id ? burning : t)), ...smoke] };
    w.ctx.emit({ type: 'SectorAlight', sector: id, smoke: off ? smoke[0]!.id : null, rule: BURNING_RULE });
  }
}

/** 13.6: "An occupying unit must exit the town sector in the movement phase of that turn": one still in it when its division has moved falls back out (house). */
export function leaveBurning(w: W, divId: string, fallOut: (unitId: string, from: TablePoint) => void): void {
  const d = w.rs.divisions[divId];
  if (!d) return;
  for (const f of w.battle.terrain.filter((t) => t.props['burning'] === true && t.polygon.length >= 3)) {
    const cx = f.polygon.reduce((a, p) => a + p.x, 0) / f.polygon.length, cy = f.polygon.reduce((a, p) => a + p.y, 0) / f.polygon.length;
    for (const u of w.battle.units.filter((x) => d.units.includes(x.id))) {
      const c = u.stands.reduce((a, s) => ({ x: a.x + s.centre.x / u.stands.length, y: a.y + s.centre.y / u.stands.length }), { x: 0, y: 0 });
      if (pointInPolygon(c as TablePoint, f.polygon)) fallOut(u.id, { x: cx, y: cy } as TablePoint);
    }
  }
}
