/**
 * The game store: the battle as the table shows it. For now it holds the battle setup and
 * applies the two table commands of the first slice (move and rotate a unit). The engine
 * (src/engine) replaces these with ruleset commands folded over a log; the store keeps
 * the same shape for the renderer: a snapshot of sides, terrain, units and generals.
 */
import { createStore } from 'zustand/vanilla';
import type { BattleSetup, General, Unit, UnitId } from '../engine/model';
import { normaliseAngle, pt, rad, type TablePoint } from '../geometry/types';
import { unitFrame } from '../geometry/frame';

export interface GameSnapshot {
  readonly battle: BattleSetup | null;
  /** Bumped on every change so views can tell a new snapshot cheaply. */
  readonly revision: number;
}

export interface GameActions {
  load(battle: BattleSetup): void;
  /** Something beside the battle changed (orders, markers): views should look again. */
  touch(): void;
  /** Translate every stand of a unit by (dx, dy) mm. */
  moveUnit(id: UnitId, dxMm: number, dyMm: number): void;
  /** Rotate a unit about its centre by `dRad` (clockwise on screen). */
  rotateUnit(id: UnitId, dRad: number): void;
  /** Wheel a unit by `dRad` about its left or right front corner. */
  wheelUnit(id: UnitId, dRad: number, pivot: 'left' | 'right'): void;
}

export type GameStore = GameSnapshot & GameActions;

/** Centre of a unit: the mean of its stand centres. */
export function unitCentre(u: Unit): TablePoint {
  let x = 0, y = 0;
  for (const s of u.stands) { x += s.centre.x; y += s.centre.y; }
  return pt(x / u.stands.length, y / u.stands.length);
}

/** A unit moved by (dx, dy) and turned by dRad about `pivot`; pure. */
export function transformUnit(u: Unit, dx: number, dy: number, dRad: number, pivot: TablePoint = unitCentre(u)): Unit {
  const c = Math.cos(dRad), s = Math.sin(dRad);
  return {
    ...u,
    stands: u.stands.map((st) => {
      const rx = st.centre.x - pivot.x, ry = st.centre.y - pivot.y;
      return {
        ...st,
        centre: pt(pivot.x + rx * c - ry * s + dx, pivot.y + rx * s + ry * c + dy),
        facing: normaliseAngle(st.facing + dRad),
      };
    }),
  };
}

/** A general's stand seen as a one-stand unit, so views and tools treat both alike. */
const asUnit = new WeakMap<General, Unit>();
export function generalAsUnit(g: General): Unit {
  // Memoised per general object so views can tell an unchanged general by identity.
  let u = asUnit.get(g);
  if (!u) asUnit.set(g, (u = makeGeneralUnit(g)));
  return u;
}

function makeGeneralUnit(g: General): Unit {
  return {
    id: g.id, name: g.name, side: g.side, parent: g.commands, arm: 'general', troopType: 'general', quality: '',
    nationality: '', formation: 'single', stands: [g.stand], commandStandId: g.stand.id, extra: g.extra,
  };
}

/** The front-left or front-right corner of a unit's frame (as its troops face). */
export function frontCorner(u: Unit, side: 'left' | 'right'): TablePoint {
  const cmd = u.stands.find((s) => s.id === u.commandStandId) ?? u.stands[0]!;
  const [fl, fr] = unitFrame(u.stands, cmd.facing).corners;
  return side === 'left' ? fl : fr;
}

export function createGameStore() {
  return createStore<GameStore>()((set, get) => {
    // Generals are single stands: they move and turn like a one-stand unit.
    const mapUnit = (id: UnitId, f: (u: Unit) => Unit) => {
      const b = get().battle;
      if (!b) return;
      if (b.units.some((u) => u.id === id)) {
        set({ battle: { ...b, units: b.units.map((u) => (u.id === id ? f(u) : u)) }, revision: get().revision + 1 });
      } else if (b.generals.some((g) => g.id === id)) {
        const generals = b.generals.map((g) => (g.id === id ? { ...g, stand: f(generalAsUnit(g)).stands[0]! } : g));
        set({ battle: { ...b, generals }, revision: get().revision + 1 });
      }
    };
    return {
      battle: null,
      revision: 0,
      load: (battle) => set({ battle, revision: get().revision + 1 }),
      touch: () => set({ revision: get().revision + 1 }),
      moveUnit: (id, dx, dy) => mapUnit(id, (u) => transformUnit(u, dx, dy, 0)),
      rotateUnit: (id, d) => mapUnit(id, (u) => transformUnit(u, 0, 0, rad(d))),
      wheelUnit: (id, d, pivot) => mapUnit(id, (u) => transformUnit(u, 0, 0, rad(d), frontCorner(u, pivot))),
    };
  });
}
export type GameStoreApi = ReturnType<typeof createGameStore>;
