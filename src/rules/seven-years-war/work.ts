/**
 * A working copy of the battle and ruleset state for one handler or hook. Handlers build a
 * `Work`, call its procedures (each replaces `battle`/`rs` with new immutable values, never
 * mutating the input state) and return `w.change()`. Every roll goes through `ctx.roll`.
 */
import type { Ctx, Change, RollSpec, DiceRolled, Modifier } from '../../engine/ruleset';
import type { Stand, Unit } from '../../engine/model';
import type { Battle } from '../../engine/state';
import { otherSide } from '../../engine/state';
import { pt } from '../../geometry/types';
import type { TablePoint } from '../../geometry/types';
import { offTable } from '../../geometry/collisions';
import type { DiceSpec } from './tables/cite';
import type { OrderName } from './tables/orders';
import { casualtyResult, chargeResult, rallyResult, GENERAL_NEAR_D4_TIMES_CM, BRAVE_GENERAL_CM, RALLIED_ORDER, type MoraleTest, type MoraleOutcome } from './tables/morale';
import { ROUT_MOVES } from './tables/movement';
import { INTERPENETRATION } from './tables/terrain';
import type { S, SywState, GroupState, UnitState } from './state';
import { qualitiesOf, isArtillery, isCavalry, isInfantry, isLightUnit, isMassed, rowOf, setGroup, setUnitState, setGeneral, groupOfUnit } from './state';
import { modifier } from './tablesSchema';
import type { Tables } from './tablesSchema';
import { CM, centroid, unitGap, translateStands, rotateStands, standsOverlap, terrainLevel, inTown, heightAt, canSee, coverOf } from './geo';
import { standDistance } from '../../geometry/measure';
import { standCorners } from '../../geometry/footprint';
import { ORDER_NUMBERS } from './tables/orders';

const ORDER_GROUP_GAP_CM = ORDER_NUMBERS.groupGapCm;
import { nextCounter } from './generals';
import { routGroupMove } from './routGaps';
import { GENERAL_RISK_CM, effectiveCounter } from './tables/command';
import { reformToLine } from './reform';

export const diceCode = (d: DiceSpec): RollSpec['dice'] => `${d.count === 1 ? '' : d.count}d${d.faces}` as RollSpec['dice'];

export class Work {
  battle: Battle;
  rs: SywState;
  readonly tables: Tables;
  readonly ctx: Ctx;

  constructor(state: S, ctx: Ctx) {
    this.battle = state.battle;
    this.rs = state.ruleset;
    this.tables = state.tables;
    this.ctx = ctx;
  }

  change(): Change<SywState> {
    return { battle: this.battle, ruleset: this.rs };
  }

  roll(spec: RollSpec): DiceRolled {
    return this.ctx.roll(spec);
  }

  /** Roll a DiceSpec (e.g. 16+D6) and return the total with its plus. */
  rollSpec(d: DiceSpec, purpose: string, rule: string, subjects: string[] = []): number {
    const mods: Modifier[] = d.plus !== 0 ? [{ label: 'base', value: d.plus, rule }] : [];
    return this.roll({ dice: diceCode(d), purpose, rule, modifiers: mods, subjects }).modified;
  }

  unit(id: string): Unit | undefined {
    return this.battle.units.find((u) => u.id === id);
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
  enemiesOf(side: string): Unit[] {
    return this.battle.units.filter((u) => u.side !== side && !this.isOff(u.id));
  }
  friendsOf(side: string): Unit[] {
    return this.battle.units.filter((u) => u.side === side && !this.isOff(u.id));
  }
  isOff(unitId: string): boolean {
    return this.groupOf(unitId)?.offTable != null;
  }
  setGroup(id: string, patch: Partial<GroupState>): void {
    this.rs = setGroup(this.rs, id, patch);
  }
  setUnit(id: string, patch: Partial<UnitState>): void {
    this.rs = setUnitState(this.rs, id, patch);
  }
  replaceStands(unitId: string, stands: readonly Stand[]): void {
    this.battle = { ...this.battle, units: this.battle.units.map((u) => (u.id === unitId ? { ...u, stands } : u)) };
  }
  setFormation(unitId: string, formation: string): void {
    this.battle = { ...this.battle, units: this.battle.units.map((u) => (u.id === unitId ? { ...u, formation } : u)) };
  }

  setOrder(groupId: string, order: OrderName, why: string, rule: string): void {
    const g = this.group(groupId);
    if (!g || g.order === order) return;
    this.setGroup(groupId, { order, ...(order !== 'advance' ? { pursuing: false } : {}) });
    this.ctx.emit({ type: 'OrderChanged', group: groupId, from: g.order, to: order, why, rule });
    // p.8-9: Advance and Retreat are in line; columns and squares re-form (reform.ts).
    if (order === 'advance' || order === 'retreat') for (const id of g.units) reformToLine(this, id);
  }

  disorder(unitId: string, why: string, rule: string): void {
    const s = this.unitState(unitId);
    if (!s || (s.disordered && !s.terrainDisorder)) return;
    this.setUnit(unitId, { disordered: true, terrainDisorder: false });
    this.ctx.emit({ type: 'UnitDisordered', unit: unitId, why, rule });
  }

  /**
   * Remove `n` stands (p.7 Changing Orders, §4 p.10). With `from` (the shooters or the enemy in
   * contact) each loss is the front-rank stand nearest to them, and the gap is filled: from a rear
   * rank, else by the same-rank stands on one side sliding inwards (lights and cavalry may also
   * move an end stand into it); stands in contact with an enemy never fill a gap except from a
   * rear rank. Without `from`, rear ranks go first, then the ends of the front rank (no gap).
   * Then the group closes up to its 1cm spacing (p.6).
   */
  killStands(unitId: string, n: number, cause: string, rule: string, from?: TablePoint): number {
    const u = this.unit(unitId);
    if (!u || n <= 0) return 0;
    const lost = Math.min(n, u.stands.length);
    let stands: Stand[] = [...u.stands];
    for (let k = 0; k < lost; k++) {
      const f = stands[0]!.facing;
      const fx = Math.cos(f), fy = Math.sin(f);
      const c = centroid(stands);
      const along = (s: Stand) => (s.centre.x - c.x) * fx + (s.centre.y - c.y) * fy;
      const across = (s: Stand) => -(s.centre.x - c.x) * fy + (s.centre.y - c.y) * fx;
      const frontAlong = Math.max(...stands.map(along));
      let victim: Stand;
      if (from) {
        const front = stands.filter((s) => along(s) >= frontAlong - 1);
        victim = front.reduce((a, b) => (Math.hypot(b.centre.x - from.x, b.centre.y - from.y) < Math.hypot(a.centre.x - from.x, a.centre.y - from.y) ? b : a));
      } else victim = [...stands].sort((a, b) => along(a) - along(b) || Math.abs(across(b)) - Math.abs(across(a)))[0]!;
      stands = stands.filter((s) => s.id !== victim.id);
      if (from && stands.length > 0) stands = this.fillGap(u, stands, victim);
    }
    const side = u.side;
    this.rs = { ...this.rs, standsLost: { ...this.rs.standsLost, [side]: (this.rs.standsLost[side] ?? 0) + lost }, pointsLost: { ...this.rs.pointsLost, [side]: (this.rs.pointsLost[side] ?? 0) + lost * (this.tables.pointsPerStand[u.troopType] ?? 0) } };
    const g = this.groupOf(unitId);
    if (g) this.setGroup(g.id, { casualtiesThisPhase: g.casualtiesThisPhase + lost });
    this.ctx.emit({ type: 'StandsKilled', unit: unitId, count: lost, cause, rule });
    if (stands.length === 0) this.destroyUnit(unitId, cause, rule);
    else {
      const commandStandId = stands.some((s) => s.id === u.commandStandId) ? u.commandStandId : stands[0]!.id;
      this.battle = { ...this.battle, units: this.battle.units.map((x) => (x.id === unitId ? { ...x, stands, commandStandId } : x)) };
    }
    if (g) this.closeGroupGaps(g.id);
    return lost;
  }

  /** Fill the gap left by `gone` in the unit's front rank (p.7). Returns the new stands. */
  fillGap(u: Unit, stands: Stand[], gone: Stand): Stand[] {
    const f = gone.facing, fx = Math.cos(f), fy = Math.sin(f);
    const along = (s: Stand) => (s.centre.x - gone.centre.x) * fx + (s.centre.y - gone.centre.y) * fy;
    const across = (s: Stand) => -(s.centre.x - gone.centre.x) * fy + (s.centre.y - gone.centre.y) * fx;
    const enemies = this.enemiesOf(u.side);
    const engaged = (s: Stand) => enemies.some((e) => e.stands.some((x) => standDistance(s, x) <= 1.5));
    const others = (st: Stand[]) => this.battle.units.filter((o) => o.id !== u.id && !this.isOff(o.id)).every((o) => !st.some((a) => o.stands.some((b) => standsOverlap(a, b))));
    const put = (s: Stand, dAlong: number, dAcross: number): Stand => ({ ...s, centre: pt(s.centre.x + fx * dAlong - fy * dAcross, s.centre.y + fy * dAlong + fx * dAcross) });
    const R = 'SYW (3) Changing Orders (p.7): gaps filled';
    // From a rear rank: the rear stand nearest the gap steps up (allowed even in contact).
    const rear = stands.filter((s) => along(s) < -1);
    if (rear.length > 0) {
      const r = rear.reduce((a, b) => (Math.abs(across(b)) < Math.abs(across(a)) ? b : a));
      const next = stands.map((s) => (s.id === r.id ? { ...s, centre: gone.centre, facing: gone.facing } : s));
      if (others(next)) { this.ctx.emit({ type: 'GapFilled', unit: u.id, how: 'from the rear rank', rule: R }); return next; }
    }
    const rank = stands.filter((s) => Math.abs(along(s)) <= 1);
    const left = rank.filter((s) => across(s) < 0), right = rank.filter((s) => across(s) > 0);
    if (left.length === 0 || right.length === 0) return stands;
    const w0 = gone.widthMm;
    // Slide one side inwards: the side with fewer stands first; none of them may be in contact.
    const sides = [{ list: left, dir: 1 }, { list: right, dir: -1 }].sort((a, b) => a.list.length - b.list.length);
    for (const sd of sides) {
      if (sd.list.some(engaged)) continue;
      const ids = new Set(sd.list.map((s) => s.id));
      const next = stands.map((s) => (ids.has(s.id) ? put(s, 0, sd.dir * w0) : s));
      if (others(next)) { this.ctx.emit({ type: 'GapFilled', unit: u.id, how: 'same-rank stands closed inwards', rule: R }); return next; }
    }
    // Lights and cavalry may fill from the same rank: an end stand not in contact moves into the gap.
    if (isCavalry(u) || isLightUnit(u)) {
      const ends = [left.reduce((a, b) => (across(b) < across(a) ? b : a)), right.reduce((a, b) => (across(b) > across(a) ? b : a))].filter((s) => !engaged(s));
      for (const e of ends) {
        const next = stands.map((s) => (s.id === e.id ? { ...s, centre: gone.centre, facing: gone.facing } : s));
        if (others(next)) { this.ctx.emit({ type: 'GapFilled', unit: u.id, how: 'an end stand of the same rank moved in', rule: R }); return next; }
      }
    }
    return stands;
  }

  /**
   * Units of a group close sideways the least distance to keep within 1cm of each other when
   * casualties open a gap (p.6): the largest unit stays; the others, outwards from it, slide
   * along the group's front towards it. Units in contact with enemy do not move.
   */
  closeGroupGaps(groupId: string): void {
    const g = this.group(groupId);
    if (!g) return;
    const units = this.groupUnits(g);
    if (units.length < 2) return;
    const f = units[0]!.stands[0]!.facing, rx = -Math.sin(f), ry = Math.cos(f);
    const span = (u: Unit) => {
      const xs = u.stands.flatMap((s) => standCorners(s).map((p) => p.x * rx + p.y * ry));
      return { lo: Math.min(...xs), hi: Math.max(...xs) };
    };
    const sorted = [...units].sort((a, b) => span(a).lo - span(b).lo);
    const anchorIx = sorted.reduce((best, u, i) => (u.stands.length > sorted[best]!.stands.length ? i : best), 0);
    const gapMm = ORDER_GROUP_GAP_CM * CM;
    const shift = (i: number, toward: number) => {
      const u = this.unit(sorted[i]!.id)!, n = this.unit(sorted[toward]!.id)!;
      const a = span(u), b = span(n);
      const gap = i > toward ? a.lo - b.hi : b.lo - a.hi;
      if (gap <= gapMm + 0.5) return;
      if (this.enemiesOf(u.side).some((e) => unitGap(e, u) <= 1.5)) return;
      const d = (gap - gapMm) * (i > toward ? -1 : 1);
      const st = translateStands(u.stands, rx * d, ry * d);
      if (this.blockedBy(u.id, st).length > 0) return;
      this.replaceStands(u.id, st);
      this.ctx.emit({ type: 'GroupClosedUp', group: groupId, unit: u.id, movedMm: Math.abs(d), rule: 'SYW (3) Orders (p.6): units close to the 1cm group gap' });
    };
    for (let i = anchorIx + 1; i < sorted.length; i++) shift(i, i - 1);
    for (let i = anchorIx - 1; i >= 0; i--) shift(i, i + 1);
  }

  destroyUnit(unitId: string, cause: string, rule: string): void {
    const u = this.unit(unitId);
    if (!u) return;
    const lost = u.stands.length;
    const side = u.side;
    if (lost > 0 && cause !== 'stands killed') {
      this.rs = { ...this.rs, standsLost: { ...this.rs.standsLost, [side]: (this.rs.standsLost[side] ?? 0) + lost }, pointsLost: { ...this.rs.pointsLost, [side]: (this.rs.pointsLost[side] ?? 0) + lost * (this.tables.pointsPerStand[u.troopType] ?? 0) } };
    }
    this.noteRout(side, centroid(u.stands));
    this.battle = { ...this.battle, units: this.battle.units.filter((x) => x.id !== unitId) };
    const g = this.groupOf(unitId);
    if (g) {
      const units = g.units.filter((x) => x !== unitId);
      if (units.length === 0) {
        const groups = { ...this.rs.groups };
        delete groups[g.id];
        this.rs = { ...this.rs, groups };
      } else this.setGroup(g.id, { units });
    }
    this.rs = { ...this.rs, charges: this.rs.charges.filter((c) => c.target !== unitId).map((c) => ({ ...c, chargers: c.chargers.filter((x) => x !== unitId) })).filter((c) => c.chargers.length > 0) };
    this.ctx.emit({ type: 'UnitDestroyed', unit: unitId, cause, rule });
  }

  noteRout(side: string, at: TablePoint): void {
    this.rs = { ...this.rs, routedThisPhase: [...this.rs.routedThisPhase, { side, x: at.x, y: at.y }] };
  }

  // ---------------------------------------------------------------- morale (8, pp.17-18)

  groupStands(g: GroupState): number {
    return this.groupUnits(g).reduce((a, u) => a + u.stands.length, 0);
  }

  /** Modifiers every 2D6 morale test shares (p.17), plus `extra` for the situation. */
  /** `concerned`: the enemy the test is about (chargers, the charge's target, melee opponents); none = every enemy (8 p.17 "Uphill of all enemy"). */
  moraleModifiers(g: GroupState, kind: MoraleTest, extra: Modifier[], concerned?: readonly Unit[]): Modifier[] {
    const t = this.tables;
    const units = this.groupUnits(g);
    const mods: Modifier[] = [...extra];
    if (units.length === 0) return mods;
    const c = centroid(units.flatMap((u) => u.stands));
    const qs = units.map(qualitiesOf);
    // "count as the morale level of the worst unit in the group" (p.5)
    const worst = qs.some((q) => q.morale === 'low') ? 'low' : qs.every((q) => q.morale === 'high') ? 'high' : 'normal';
    if (worst === 'high') mods.push(modifier(t, 'moraleModifiers', 'highMorale'));
    // "open terrain" (p.17) as in the lights/militia charged by cavalry modifier (melee.ts): clear or type 0 ground.
    const open = units.every((u) => terrainLevel(this.battle, u.stands) < 1);
    if (worst === 'low' || (qs.some((q) => q.militia) && open)) mods.push(modifier(t, 'moraleModifiers', 'poorMoraleOrMilitiaInOpen'));
    if (kind !== 'charging' && kind !== 'rally') {
      if (g.inflictedThisPhase > g.casualtiesThisPhase && (g.meleesWon + g.meleesLost) > 0) mods.push(modifier(t, 'moraleModifiers', 'wonMeleeCasualties'));
    }
    if (g.meleesWon > 0) mods.push(modifier(t, 'moraleModifiers', 'perMeleeWon', g.meleesWon));
    if (g.meleesLost > 0) mods.push(modifier(t, 'moraleModifiers', 'perMeleeLost', g.meleesLost));
    if (g.underShortRangeArtillery) mods.push(modifier(t, 'moraleModifiers', 'shortRangeArtillery'));
    const now = this.groupStands(g);
    const lostPct = g.startStands > 0 ? ((g.startStands - now) / g.startStands) * 100 : 0;
    const per20 = Math.floor(lostPct / 20 + 1e-9);
    if (per20 > 0) mods.push(modifier(t, 'moraleModifiers', 'per20PercentLost', per20));
    const dis = units.filter((u) => this.unitState(u.id)?.disordered || (isMassed(u) && terrainLevel(this.battle, u.stands) >= 1)).length;
    if (dis * 2 >= units.length) mods.push(modifier(t, 'moraleModifiers', 'halfDisordered'));
    // 8 p.17 "Uphill of all enemy": all the enemy concerned in the test where the test has them, else every enemy on the table (RULINGS.md).
    const enemies = concerned && concerned.length > 0 ? concerned : this.enemiesOf(g.side);
    const myH = heightAt(this.battle, c);
    if ((enemies.length > 0 && myH > 0 && enemies.every((e) => heightAt(this.battle, centroid(e.stands)) < myH)) || (units.every((u) => rowOf(u).troopClass === 'infantry') && units.some((u) => inTown(this.battle, u) || coverOf(this.battle, u) !== 'none'))) {
      mods.push(modifier(t, 'moraleModifiers', 'uphillOrCover'));
    }
    if ((kind === 'charging' || kind === 'rally') && g.startStands > 0 && now * 2 <= g.startStands) mods.push(modifier(t, 'moraleModifiers', 'halfStrength'));
    if (kind === 'rally') mods.push(modifier(t, 'moraleModifiers', 'rallyingFromRout'));
    // Generals: own general or CinC within D4 x 5cm (+1); brave general within 5cm (+1) (p.17, p.6).
    const gens = this.battle.generals.filter((x) => x.side === g.side && this.rs.generals[x.id] && !this.rs.generals[x.id]!.killed && (x.id === g.general || this.rs.generals[x.id]!.cinc));
    if (gens.length > 0) {
      const near = Math.min(...gens.map((x) => Math.min(...units.map((u) => Math.min(...u.stands.map((s) => Math.hypot(s.centre.x - x.stand.centre.x, s.centre.y - x.stand.centre.y) - s.widthMm / 2))))));
      const d4 = this.roll({ dice: 'd4', purpose: `General within D4 x 5cm of ${g.id}?`, rule: 'SYW 8 Morale (p.17)', subjects: [g.id] }).total;
      if (near <= d4 * GENERAL_NEAR_D4_TIMES_CM * CM) mods.push(modifier(t, 'moraleModifiers', 'generalNear'));
      // (3) p.5: a cavalry general commanding any infantry (or an infantry general any cavalry) counts Cautious, so is not Brave.
      const brave = gens.some((x) => this.effectivePsychology(x.id) === 'brave' && units.some((u) => u.stands.some((s) => Math.hypot(s.centre.x - x.stand.centre.x, s.centre.y - x.stand.centre.y) - s.widthMm / 2 <= BRAVE_GENERAL_CM * CM)));
      if (brave) mods.push(modifier(t, 'moraleModifiers', 'braveGeneral'));
    }
    return mods;
  }

  /** A general's psychology after the training rule (p.5; command.ts `commandsWhat` counts the same arms). */
  effectivePsychology(generalId: string): string {
    const gs = this.rs.generals[generalId]!;
    const units = Object.values(this.rs.groups).filter((gr) => gr.general === generalId).flatMap((gr) => gr.units).map((id) => this.battle.units.find((u) => u.id === id)).filter((u): u is Unit => u !== undefined);
    return effectiveCounter(gs.counter, { infantry: units.some(isInfantry), cavalry: units.some(isCavalry) }).psychology;
  }

  /** The 2D6 morale roll (p.17). */
  moraleRoll(g: GroupState, kind: MoraleTest, extra: Modifier[], purpose: string, outcome: (score: number) => string, concerned?: readonly Unit[]): DiceRolled {
    const mods = this.moraleModifiers(g, kind, extra, concerned);
    const table = kind === 'charging' ? 'charging' : kind === 'rally' ? 'rally' : 'casualtiesOrBeingCharged';
    return this.roll({ dice: '2d6', purpose, rule: 'SYW 8 Morale (pp.17-18)', modifiers: mods, table: { id: `morale.${table}` }, outcome: (r) => ({ outcome: outcome(r.modified), row: String(r.modified) }), subjects: [g.id, ...g.units] });
  }

  deploymentOf(g: GroupState): 'massed' | 'light' {
    const units = this.groupUnits(g);
    return units.length > 0 && units.every(isLightUnit) ? 'light' : 'massed';
  }

  /** Test for casualties or being charged and apply the result (p.18). Returns the outcome. */
  casualtyTest(groupId: string, kind: 'casualties' | 'beingCharged', extra: Modifier[], awayFrom: TablePoint | null, defer = false, concerned?: readonly Unit[]): MoraleOutcome | undefined {
    const g = this.group(groupId);
    // Detached cavalry stands do not check morale (§4 p.10 (c)).
    if (!g || g.offTable || g.order === 'rout' || g.detachedFrom) return undefined;
    const dep = this.deploymentOf(g);
    const art = this.groupUnits(g).every(isArtillery);
    const r = this.moraleRoll(g, kind, extra, kind === 'beingCharged' ? `Being charged: ${groupId}` : `Casualties: ${groupId}`, (sc) => casualtyResult(sc, dep, g.order, art).text, concerned);
    const out = casualtyResult(r.modified, dep, g.order, art);
    this.applyMoraleOutcome(groupId, out, awayFrom, defer);
    // 8 p.18 "6+ OK; Stay at current orders, or go to Advance": the owner's standing choice (setAdvanceOnOk). Advance needs line (p.8).
    if (r.modified >= 6 && g.advanceOnOk === true && g.order !== 'advance' && this.groupUnits(g).every((u) => isArtillery(u) || u.formation === 'line')) {
      this.setOrder(groupId, 'advance', '6+: the owner chose to go to Advance', 'SYW 8 Morale results (p.18)');
    }
    return out;
  }

  /** `defer`: 7 (b) p.16, the fall back or rout move is owed to the following movement phase (state.deferredMoves). */
  applyMoraleOutcome(groupId: string, out: MoraleOutcome, awayFrom: TablePoint | null, defer = false): void {
    const g = this.group(groupId);
    if (!g) return;
    const R = 'SYW 8 Morale results (p.18)';
    if (out.artilleryKilled) {
      for (const u of this.groupUnits(g)) if (isArtillery(u)) this.destroyUnit(u.id, 'artillery killed by morale result', R);
      return;
    }
    if (out.order) this.setOrder(groupId, out.order, out.text, R);
    if (defer && awayFrom && (out.routNow || out.fallBackCm > 0)) {
      const kind = out.routNow ? 'rout' as const : 'fallback' as const;
      if (out.routNow) for (const u of this.groupUnits(g)) this.disorder(u.id, 'routers are disordered', 'SYW 7 Rout (p.15)');
      this.rs = { ...this.rs, deferredMoves: [...(this.rs.deferredMoves ?? []), { group: groupId, kind, mm: out.fallBackCm * CM, from: { x: awayFrom.x, y: awayFrom.y }, phase: this.rs.phaseCounter }] };
      this.ctx.emit({ type: 'MoveDeferred', group: groupId, kind, rule: 'SYW 7 Pursuit (b) (p.16)' });
      return;
    }
    if (out.fallBackCm > 0 && awayFrom) this.fallBack(groupId, out.fallBackCm * CM, awayFrom, R);
    if (out.routNow) this.startRout(groupId, awayFrom, R);
  }

  chargeTest(groupId: string, extra: Modifier[], concerned?: readonly Unit[]): boolean {
    const g = this.group(groupId);
    if (!g || g.detachedFrom) return false;
    const dep = this.deploymentOf(g);
    const r = this.moraleRoll(g, 'charging', extra, `Testing to charge: ${groupId}`, (sc) => chargeResult(sc, dep).text, concerned);
    const res = chargeResult(r.modified, dep);
    if (res.order) this.setOrder(groupId, res.order, res.text, 'SYW 8 Morale results, charging (p.18)');
    return res.charges;
  }

  rallyTest(groupId: string): boolean {
    const g = this.group(groupId);
    if (!g || g.detachedFrom) return false;
    const dep = this.deploymentOf(g);
    const r = this.moraleRoll(g, 'rally', [], `Testing to rally: ${groupId}`, (sc) => rallyResult(sc, dep).text);
    const res = rallyResult(r.modified, dep);
    if (res.rallied) {
      this.setOrder(groupId, RALLIED_ORDER, res.text, 'SYW 8 Morale results, rally (p.18)');
      for (const u of this.groupUnits(g)) this.setUnit(u.id, { surrendered: false });
    }
    return res.rallied;
  }

  // ---------------------------------------------------------------- forced moves

  /** Is the placement free of other stands (friends may be passed through but not ended on)? */
  blockedBy(unitId: string, stands: readonly Stand[]): Unit[] {
    const out: Unit[] = [];
    for (const o of this.battle.units) {
      if (o.id === unitId || this.isOff(o.id)) continue;
      if (stands.some((s) => o.stands.some((t) => standsOverlap(s, t)))) out.push(o);
    }
    return out;
  }

  /**
   * Move a unit straight along `angle` up to `distanceMm`, stopping before enemy stands or at the
   * last clear position; passing friends applies the interpenetration table (p.10). Returns how
   * far it got and whether it left the table.
   */
  pushUnit(unitId: string, angle: number, distanceMm: number, mode: 'retreat' | 'rout' | 'fallback' | 'pursuit' | 'advance', rule: string): { movedMm: number; offTable: boolean; blockedByEnemy: boolean } {
    const u = this.unit(unitId);
    if (!u) return { movedMm: 0, offTable: false, blockedByEnemy: false };
    const step = 5;
    let best = u.stands;
    let moved = 0;
    let blockedByEnemy = false;
    const passed = new Set<string>();
    for (let d = step; d <= distanceMm + 1e-6; d += step) {
      const cand = translateStands(u.stands, Math.cos(angle) * d, Math.sin(angle) * d);
      if (offTable(cand, this.battle.table).length > 0) {
        this.replaceStands(unitId, cand);
        return { movedMm: d, offTable: true, blockedByEnemy };
      }
      const hits = this.blockedBy(unitId, cand);
      const enemy = hits.filter((h) => h.side !== u.side);
      if (enemy.length > 0) { blockedByEnemy = true; break; }
      for (const h of hits) passed.add(h.id);
      if (hits.length === 0) { best = cand; moved = d; }
    }
    if (distanceMm % step !== 0 && !blockedByEnemy) {
      const cand = translateStands(u.stands, Math.cos(angle) * distanceMm, Math.sin(angle) * distanceMm);
      if (this.blockedBy(unitId, cand).length === 0 && offTable(cand, this.battle.table).length === 0) { best = cand; moved = distanceMm; }
    }
    this.replaceStands(unitId, best);
    for (const fid of passed) this.interpenetrated(unitId, fid, mode, rule);
    return { movedMm: moved, offTable: false, blockedByEnemy };
  }

  /** Apply the interpenetration table (§4 p.10) when `moverId` passed through friend `otherId`. */
  /** `choice`: §4 p.10 light and massed "go to Stand, or Reserve": the moving player's choice (default Reserve). */
  interpenetrated(moverId: string, otherId: string, mode: string, _rule: string, choice: 'stand' | 'reserve' = 'reserve'): void {
    const m = this.unit(moverId), o = this.unit(otherId);
    if (!m || !o) return;
    const mg = this.groupOf(moverId), og = this.groupOf(otherId);
    let key: keyof typeof INTERPENETRATION;
    if (mode === 'rout') key = 'routingThroughAny';
    else if (mode === 'retreat' || mode === 'fallback') key = 'retreatingThroughAny';
    else if (isLightUnit(m) && isLightUnit(o)) key = 'lightThroughLight';
    else if (isLightUnit(m) !== isLightUnit(o)) key = 'lightAndMassed';
    else key = 'massedThroughMassed';
    const row = INTERPENETRATION[key];
    const dis = (v: boolean | 'unlessLight') => v === true || (v === 'unlessLight' && !isLightUnit(m));
    if (dis(row.moverDisordered)) this.disorder(moverId, row.text, row.rule);
    if (dis(row.otherDisordered)) this.disorder(otherId, row.text, row.rule);
    const ord = (v: typeof row.otherOrder): OrderName | null => (v === 'standOrReserve' ? choice : v);
    // §4 p.10 massed through massed: "in which case both parties go to Reserve" belongs to passing through
    // artillery at Stand only; a breakthrough or pursuit through other massed friends only disorders both.
    const orders = key !== 'massedThroughMassed' || (isArtillery(o) && og?.order === 'stand');
    const mo = orders ? ord(row.moverOrder) : null;
    // A unit already routing that routers pass through stays routing: "goes to Stand" does not rally it (second audit).
    const oo = orders && og?.order !== 'rout' ? ord(row.otherOrder) : null;
    // 7 (a) p.16 pursuers move "on Advance orders" and 7 (c) lists what ends a pursuit: pursuers keep pursuing; the friend takes the table's result.
    if (mo && mg && mode !== 'rout' && mode !== 'pursuit') this.setOrder(mg.id, mo, row.text, row.rule);
    if (oo && og) this.setOrder(og.id, oo, row.text, row.rule);
    this.ctx.emit({ type: 'UnitsInterpenetrated', mover: moverId, other: otherId, kind: key, rule: row.rule });
  }

  /** Fall back `mm` directly away from `from` keeping facing (p.18 "fall back 10/20cm immediately"). */
  fallBack(groupId: string, mm: number, from: TablePoint, rule: string): void {
    const g = this.group(groupId);
    if (!g) return;
    const units = this.groupUnits(g);
    const c = centroid(units.flatMap((u) => u.stands));
    const ang = Math.atan2(c.y - from.y, c.x - from.x);
    for (const u of units) {
      const r = this.pushUnit(u.id, ang, mm, 'fallback', rule);
      if (r.offTable) { this.goOffTable(groupId, false, rule); return; }
    }
    this.ctx.emit({ type: 'GroupFellBack', group: groupId, distanceMm: mm, rule });
  }

  /** Start a rout: free 180° turn away from the enemy, then the first rout move (7 p.15). */
  startRout(groupId: string, from: TablePoint | null, rule: string): void {
    const g = this.group(groupId);
    if (!g) return;
    this.setOrder(groupId, 'rout', 'routs', rule);
    const units = this.groupUnits(g);
    for (const u of units) {
      this.disorder(u.id, 'routers are disordered', 'SYW 7 Rout (p.15)');
      this.noteRout(u.side, centroid(u.stands));
    }
    const c = centroid(units.flatMap((u) => u.stands));
    const away = from ? Math.atan2(c.y - from.y, c.x - from.x) : this.homeAngle(g.side, c);
    // 7 p.15: the group turns as one body about its centre, so its units keep their contact.
    const turn = normalise(away - units[0]!.stands[0]!.facing);
    for (const u of units) this.replaceStands(u.id, rotateStands(u.stands, c, turn));
    const cav = units.some(isCavalry);
    const d = this.rollSpec(cav ? ROUT_MOVES.firstRout.cavalry : ROUT_MOVES.firstRout.infantry, `First rout move: ${groupId}`, ROUT_MOVES.rule, [groupId]);
    this.routMove(groupId, away, d * CM);
  }

  /** A rout move along `angle`; routers that leave the table go off it; blocked routers surrender (7 p.15). */
  routMove(groupId: string, angle: number, mm: number): void {
    const g = this.group(groupId);
    if (!g) return;
    // The group as one body, or stand by stand through a gap in one column when that saves it from
    // surrendering; its units keep contact (p.8, 7 p.15-16 "Routers ... always act in groups"; routGaps.ts).
    const r = routGroupMove(this, groupId, angle, mm);
    if (r.offTable) { this.goOffTable(groupId, false, ROUT_MOVES.rule, true); return; }
    this.ctx.emit({ type: 'GroupRouted', group: groupId, distanceMm: mm, rule: ROUT_MOVES.rule });
  }

  /** Direction to the side's own table edge (nearest of its base edge). */
  homeAngle(side: string, _from: TablePoint): number {
    const own = this.battle.units.filter((u) => u.side === side);
    const zone = this.battle.sides.find((s) => s.id === side)?.deploymentZone;
    const y = zone && zone.length > 0 ? zone.reduce((a, p) => a + p.y, 0) / zone.length : own.length > 0 ? centroid(own.flatMap((u) => u.stands)).y : 0;
    return y > this.battle.table.depthMm / 2 ? Math.PI / 2 : -Math.PI / 2;
  }

  goOffTable(groupId: string, pursued: boolean, rule: string, routers = false): void {
    const g = this.group(groupId);
    if (!g) return;
    const c = centroid(this.groupUnits(g).flatMap((u) => u.stands));
    const x = Math.min(Math.max(c.x, 0), this.battle.table.widthMm);
    const y = Math.min(Math.max(c.y, 0), this.battle.table.depthMm);
    this.setGroup(groupId, { offTable: { x, y, pursued, routers, tested: false }, ...(routers ? {} : { order: 'reserve' as OrderName }) });
    this.ctx.emit({ type: 'GroupLeftTable', group: groupId, at: pt(x, y), rule: 'SYW 8 Groups going off table (p.18)', cause: rule });
  }

  // ---------------------------------------------------------------- generals (p.6)

  /** A general at risk (within 1cm of a unit under fire or in melee) dies if the enemy rolled a natural 6 and his side a 1. */
  generalRisk(unitId: string, enemyNatural: number, ownNatural: number | null): void {
    const u = this.unit(unitId);
    if (!u || enemyNatural !== 6) return;
    for (const gen of this.battle.generals) {
      const gs = this.rs.generals[gen.id];
      if (gen.side !== u.side || !gs || gs.killed) continue;
      // "within 1cm of a unit under fire or in melee": edge to edge, 1cm.
      const near = u.stands.some((s) => standDistance(s, gen.stand) <= GENERAL_RISK_CM * CM + 0.5);
      if (!near) continue;
      const own = ownNatural ?? this.roll({ dice: 'd6', purpose: `Is ${gen.name} hit? (a 1 kills)`, rule: 'SYW (3) Notes on Generals (d) (p.6)', subjects: [gen.id] }).total;
      if (own === 1) this.killGeneral(gen.id);
    }
  }

  killGeneral(id: string): void {
    const gen = this.battle.generals.find((x) => x.id === id);
    const gs = this.rs.generals[id];
    if (!gen || !gs) return;
    // (3) p.6 "replaced by a random quality General": the text names no die; percentile dice, re-rolled above the largest
    // multiple of the deck size (so every counter is equally likely), read as (roll − 1) mod deck size.
    const pick = (n: number): number => {
      const top = n > 0 && n <= 100 ? Math.floor(100 / n) * n : 100;
      for (let i = 0; ; i++) {
        const t = this.roll({ dice: 'd100', purpose: `Replacement general for ${gen.name} (1-${top} counts, ${n} counters)`, rule: 'SYW (3) Notes on Generals, Orders (p.6)', subjects: [id] }).total;
        if (t <= top || i >= 20) return (t - 1) % Math.max(1, n);
      }
    };
    const [counter, deck] = nextCounter(this.rs.decks[gen.side] ?? [], this.tables.counterMix, pick);
    this.rs = setGeneral({ ...this.rs, decks: { ...this.rs.decks, [gen.side]: deck } }, id, { counter, attemptsLeft: 0 });
    this.ctx.emit({ type: 'GeneralKilled', general: id, replacement: counter, rule: 'SYW (3) Notes on Generals (d) (p.6)' });
  }

  sees(side: string, a: TablePoint, b: TablePoint): boolean {
    void side;
    return canSee(this.battle, a, b);
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
