/**
 * SYW's working state: the engine's draft (src/engine/workingState.ts: battle, ruleset state,
 * rolls and events through ctx, `change()`) with SYW's state lookups — groups, unit states, a
 * side's units on the table. Handlers build a `Work`, call the rule procedures on it (each
 * replaces `battle`/`rs` with new immutable values, never mutating the input state) and return
 * `w.change()`.
 *
 * Rules are not methods here: they live in the modules named for them — orderChanges.ts (order
 * changes, disorder), losses.ts (stands killed, gaps, destroyed units), moraleTests.ts (8
 * Morale), forcedMoves.ts (pushes, fall backs, rout moves, going off table), generals.ts
 * (generals at risk, replacements, psychology) — as functions taking the `Work`.
 */
import type { Ctx, RollSpec, Modifier } from '../../engine/ruleset';
import type { Unit } from '../../engine/model';
import type { Battle } from '../../engine/state';
import { otherSide } from '../../engine/state';
import { WorkingDraft } from '../../engine/workingState';
import type { DiceSpec } from './tables/cite';
import type { Options, S, SywState, GroupState, UnitState } from './state';
import { isArtillery, isCavalry, isLightUnit, isMassed, setGroup, setUnitState, groupOfUnit, unitsOffTable } from './state';
import type { Tables } from './tablesSchema';

export const diceCode = (d: DiceSpec): RollSpec['dice'] => `${d.count === 1 ? '' : d.count}d${d.faces}` as RollSpec['dice'];

export class Work extends WorkingDraft<SywState, Options, Tables> {
  constructor(state: S, ctx: Ctx) {
    super(state, ctx);
  }

  /** Roll a DiceSpec (e.g. 16+D6) and return the total with its plus. */
  rollSpec(d: DiceSpec, purpose: string, rule: string, subjects: string[] = []): number {
    const mods: Modifier[] = d.plus !== 0 ? [{ label: 'base', value: d.plus, rule }] : [];
    return this.roll({ dice: diceCode(d), purpose, rule, modifiers: mods, subjects }).modified;
  }

  group(id: string): GroupState | undefined {
    return this.rs.groups[id];
  }
  unitState(id: string): UnitState | undefined {
    return this.rs.units[id];
  }
  groupUnits(g: GroupState): Unit[] {
    return g.units.map((id) => this.unit(id)).filter((u): u is Unit => u !== undefined);
  }
  groupOf(unitId: string): GroupState | undefined {
    return groupOfUnit(this.rs, unitId);
  }
  /** Enemy units on the table (a group gone off it is out of play until it returns, 8 p.18). */
  enemiesOf(side: string): Unit[] {
    return this.onTable(side, false).slice();
  }
  friendsOf(side: string): Unit[] {
    return this.onTable(side, true).slice();
  }
  // PERF: a side's units on the table, kept while the draft's units and groups are the same values (a move's checks ask several times).
  private sides?: { units: readonly Unit[]; groups: SywState['groups']; lists: Map<string, readonly Unit[]> };
  private onTable(side: string, own: boolean): readonly Unit[] {
    if (!this.sides || this.sides.units !== this.battle.units || this.sides.groups !== this.rs.groups) this.sides = { units: this.battle.units, groups: this.rs.groups, lists: new Map() };
    const key = `${own ? '=' : '!'}${side}`;
    let list = this.sides.lists.get(key);
    if (!list) {
      const off = unitsOffTable(this.rs);
      list = this.battle.units.filter((u) => (u.side === side) === own && !off.has(u.id));
      this.sides.lists.set(key, list);
    }
    return list;
  }
  isOff(unitId: string): boolean {
    return unitsOffTable(this.rs).has(unitId);
  }
  setGroup(id: string, patch: Partial<GroupState>): void {
    this.rs = setGroup(this.rs, id, patch);
  }
  setUnit(id: string, patch: Partial<UnitState>): void {
    this.rs = setUnitState(this.rs, id, patch);
  }
}

export function normalise(a: number): number {
  let r = a % (2 * Math.PI);
  if (r <= -Math.PI) r += 2 * Math.PI;
  else if (r > Math.PI) r -= 2 * Math.PI;
  return r;
}

export const enemySide = (b: Battle, side: string) => otherSide(b, side);
export { isLightUnit, isMassed, isArtillery, isCavalry };
