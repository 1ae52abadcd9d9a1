/** (6) Close combat (SYW 6 Melee pp.13-15, 7 Rout and Pursuit pp.15-16): every pair in contact fights; results, breakthrough, morale, rout and pursuit. */
import type { Modifier } from '../../engine/ruleset';
import type { Stand, Unit } from '../../engine/model';
import { unitFrame, type Face } from '../../geometry/frame';
import { contactFace } from '../../geometry/zones';
import { casualtyResult } from './tables/morale';
import { BREAKTHROUGH_MOVE } from './tables/melee';
import { scoreResult } from './tables/shooting';
import { ROUT_MOVES } from './tables/movement';
import type { S } from './state';
import { qualitiesOf, isArtillery, isCavalry, isInfantry, isMassed } from './state';
import { modifier } from './tablesSchema';
import { unitOffTable } from '../../geometry/units';
import type { Work } from './work';
import { behindDefences } from './defences';
import { CM, centroid, coverOf, inContact, inTown, heightAt, translateStands, terrainLevel, standGap, standsInContact } from './geo';
import { changeOrder, disorderUnit } from './orderChanges';
import { killStands, destroyUnit } from './losses';
import { casualtyTest } from './moraleTests';
import { blockedBy, pushUnit } from './forcedMoves';
import { generalRisk } from './generals';
import { factor, turnBack } from './charge';
import { drive, freshEnemyMet, pursueTowards } from './pursuit';
import { cos, sin } from '../../geometry/math';

interface Bout { a: Unit; b: Unit; aContact: Stand[]; faceOfB: Face; faceOfA: Face }

function contactStands(a: Unit, b: Unit): Stand[] {
  return a.stands.filter((s) => b.stands.some((t) => standsInContact(s, t)));
}

/** Melee modifiers for `a` fighting `b` (p.14). */
export function meleeModifiers(w: Work, bout: Bout, chargedBy: Set<string>, overlaps: Map<string, string> = new Map()): Modifier[] {
  const { a, b } = bout;
  const t = w.tables;
  const ga = w.groupOf(a.id)!, gb = w.groupOf(b.id)!;
  const ua = w.unitState(a.id)!;
  const mods: Modifier[] = [];
  if (ga.order === 'rout') {
    // §3 Rout p.8: routers fight at combat value 0 with no additions.
    const diff = factor(w, b, a);
    if (diff > 0) mods.push(modifier(t, 'meleeModifiers', 'perLowerFactor', diff));
    return mods;
  }
  const qa = qualitiesOf(a);
  if (qa.morale === 'high') mods.push(modifier(t, 'meleeModifiers', 'highMorale'));
  if (bout.faceOfB !== 'front') mods.push(modifier(t, 'meleeModifiers', 'vsFlankOrRear'));
  if (isInfantry(a) && isMassed(a) && isCavalry(b) && (a.formation === 'square' || (a.formation === 'column' && bout.faceOfA === 'front' && ranksOf(a) >= 3))) mods.push(modifier(t, 'meleeModifiers', 'squareOrDeepColumnVsCavalry'));
  // Overlap: a friendly stand (not retreating or routing) beside the stands in contact, not itself touching b (p.14).
  if (!(b.formation === 'square' || inTown(w.battle, b))) {
    const friends = w.friendsOf(a.side).filter((f) => { const o = w.groupOf(f.id)?.order; return o !== 'retreat' && o !== 'rout'; });
    // "Overlaps count against 1 enemy unit per combat phase only" (p.14): a stand that has overlapped one enemy unit this phase cannot overlap another.
    // PERF: the same tests in a cheaper order: beside the few stands in contact first (most friends are not), then the enemy's stands.
    const over = friends.flatMap((f) => f.stands).find((s) => !bout.aContact.some((c) => c.id === s.id) && bout.aContact.some((c) => standsInContact(s, c)) && !b.stands.some((x) => standsInContact(s, x)) && b.stands.some((x) => standGap(s, x) <= 45) && (overlaps.get(s.id) ?? b.id) === b.id);
    if (over) { overlaps.set(over.id, b.id); mods.push(modifier(t, 'meleeModifiers', 'overlap')); }
    // 6 f') p.13: charging a flank, "count only 1 stand in contact with the enemy; any other stands in contact
    // or adjoining stands in contact count as an overlap" (not if retreating: p.14).
    else if (bout.faceOfB !== 'front' && bout.aContact.length > 1 && ga.order !== 'retreat') mods.push(modifier(t, 'meleeModifiers', 'overlap'));
  }
  const count = bout.faceOfB !== 'front' ? 1 : bout.aContact.length; // 6 f) flank: only 1 stand counts
  if (count > 1 && ga.order !== 'retreat') mods.push(modifier(t, 'meleeModifiers', 'perExtraStand', count - 1));
  const lower = factor(w, b, a) - factor(w, a, b);
  if (lower > 0) mods.push(modifier(t, 'meleeModifiers', 'perLowerFactor', lower));
  if (ua.disordered && !ua.terrainDisorder) mods.push(modifier(t, 'meleeModifiers', 'disorganised'));
  if (qa.morale === 'low') mods.push(modifier(t, 'meleeModifiers', 'poorMorale'));
  if (isMassed(a) && a.troopType !== 'light-cavalry-a' && terrainLevel(w.battle, a.stands) >= 1) mods.push(modifier(t, 'meleeModifiers', 'massedInTerrain'));
  if (ga.order === 'reserve' || ga.order === 'retreat' || bout.faceOfA !== 'front') mods.push(modifier(t, 'meleeModifiers', 'reserveRetreatOrFlank'));
  const bUp = b.stands.filter((s) => heightAt(w.battle, s.centre) > heightAt(w.battle, centroid(a.stands))).length * 2 >= b.stands.length;
  // "Enemy in buildings or behind defences": towns, hard cover, and obstacles/barricades/abatis between them for an enemy not on Advance (defences.ts, RULINGS.md).
  const bDefended = gb.order !== 'advance' && behindDefences(w.battle, b, contactStands(a, b));
  if (inTown(w.battle, b) || coverOf(w.battle, b) === 'hard' || bUp || bDefended) mods.push(modifier(t, 'meleeModifiers', 'enemyDefendedOrUphill'));
  if (isCavalry(a) && ga.order === 'stand' && chargedBy.has(a.id)) mods.push(modifier(t, 'meleeModifiers', 'cavalryChargedAtStand'));
  return mods;
}

function ranksOf(u: Unit): number {
  const f = u.stands[0]!.facing;
  const ahead = u.stands.map((s) => Math.round((s.centre.x * cos(f) + s.centre.y * sin(f)) / 5));
  return new Set(ahead).size;
}

/** (6) Close combat: every pair of units in contact fights; results, breakthrough, morale, rout and pursuit. */
export function closeCombat(state: S, w: Work): void {
  const chargedBy = new Set(state.ruleset.charges.map((c) => c.target));
  const chargers = new Set(state.ruleset.charges.flatMap((c) => c.chargers));
  const bouts: Bout[] = [];
  const units = w.battle.units.filter((u) => !w.isOff(u.id) && !w.unitState(u.id)?.surrendered);
  for (const a of units) for (const b of units) {
    if (a.side === b.side || !inContact(a, b)) continue;
    const aContact = contactStands(a, b);
    if (aContact.length === 0) continue;
    const fb = unitFrame(b.stands, b.stands[0]!.facing), fa = unitFrame(a.stands, a.stands[0]!.facing);
    bouts.push({ a, b, aContact, faceOfB: contactFace(fb, aContact[0]!).face, faceOfA: contactFace(fa, contactStands(b, a)[0] ?? b.stands[0]!).face });
  }
  if (bouts.length === 0) { settleSurrendered(w); return; }
  const scores = new Map<string, { score: number; natural: number }>();
  const overlaps = new Map<string, string>();
  for (const bout of bouts) {
    const mods = meleeModifiers(w, bout, chargedBy, overlaps);
    const r = w.roll({
      dice: 'd6', purpose: `Melee: ${bout.a.name} v ${bout.b.name}`, rule: 'SYW 6 Melee chart (p.14)', modifiers: mods, table: { id: 'meleeResults' },
      outcome: (v) => ({ outcome: scoreResult(v.modified).result, row: String(v.modified) }), subjects: [bout.a.id, bout.b.id],
    });
    scores.set(`${bout.a.id}>${bout.b.id}`, { score: r.modified, natural: r.faces[0]! });
  }
  const fought = new Set<string>();
  const lostTo = new Map<string, string>();
  for (const bout of bouts) {
    const mine = scores.get(`${bout.a.id}>${bout.b.id}`)!, theirs = scores.get(`${bout.b.id}>${bout.a.id}`);
    const res = scoreResult(mine.score);
    const ga = w.groupOf(bout.a.id), gb = w.groupOf(bout.b.id);
    if (ga) fought.add(ga.id);
    if (gb) fought.add(gb.id);
    if (theirs) generalRisk(w, bout.b.id, mine.natural, theirs.natural);
    if (res.kills > 0 && w.unit(bout.b.id)) {
      const k = killStands(w, bout.b.id, res.kills, 'melee', 'SYW 6 Result of Melee (p.14)', centroid(bout.aContact));
      if (ga) w.setGroup(ga.id, { inflictedThisPhase: (w.group(ga.id)?.inflictedThisPhase ?? 0) + k });
    }
    if (res.disorganises && w.unit(bout.b.id)) disorderUnit(w, bout.b.id, 'melee result', 'SYW 6 Result of Melee (p.14)');
    if (theirs && ga && mine.score !== theirs.score) {
      const won = mine.score > theirs.score;
      const cur = w.group(ga.id);
      if (cur) w.setGroup(ga.id, won ? { meleesWon: cur.meleesWon + 1 } : { meleesLost: cur.meleesLost + 1 });
      if (!won) lostTo.set(bout.a.id, bout.b.id);
      // 7 p.15: artillery which scores less in combat than its opponent is killed.
      if (!won && isArtillery(bout.a) && w.unit(bout.a.id)) destroyUnit(w, bout.a.id, 'artillery lost the melee', 'SYW 7 Rout and Pursuit (p.15)');
    }
  }
  // Morale for melee (p.17), then breakthrough and pursuit.
  const foesOf = (gid: string): Unit[] => {
    const g = w.group(gid);
    if (!g) return [];
    return bouts.filter((b) => g.units.includes(b.a.id)).map((b) => w.unit(b.b.id)).filter((u): u is Unit => u !== undefined);
  };
  const foes = new Map([...fought].map((gid) => [gid, foesOf(gid)]));
  const froms = new Map([...foes].map(([gid, f]) => [gid, f.length > 0 ? centroid(f.flatMap((u) => u.stands)) : null]));
  for (const gid of fought) {
    const g = w.group(gid);
    if (!g || g.order === 'rout') continue;
    // 8 p.17 "Uphill of all enemy": the enemy concerned are those it fought.
    casualtyTest(w, gid, 'casualties', [], froms.get(gid) ?? null, false, foes.get(gid));
  }
  for (const bout of bouts) {
    const a = w.unit(bout.a.id), b = w.unit(bout.b.id);
    const ga = w.groupOf(bout.a.id), gb = w.groupOf(bout.b.id);
    if (!a || !ga || ga.order === 'rout' || ga.order === 'retreat') continue;
    const mine = scores.get(`${bout.a.id}>${bout.b.id}`)!, theirs = scores.get(`${bout.b.id}>${bout.a.id}`);
    // Breakthrough (p.15): charging cavalry scoring more, both in line (squares are scattered), room beyond.
    if (b && gb && isCavalry(a) && chargers.has(a.id) && theirs && mine.score > theirs.score && a.formation === 'line' && (b.formation === 'line' || b.formation === 'square') && gb.order !== 'rout' && gb.order !== 'retreat') {
      const depth = unitFrame(b.stands, b.stands[0]!.facing).halfDepthMm * 2 + unitFrame(a.stands, a.stands[0]!.facing).halfDepthMm * 2;
      const f = a.stands[0]!.facing;
      const beyond = translateStands(a.stands, cos(f) * depth, sin(f) * depth);
      // (2) there must be space to place the stands beyond the broken through unit.
      if (blockedBy(w, a.id, beyond).some((o) => o.id !== b.id) || unitOffTable(beyond, w.battle.table)) continue;
      const extra = w.rollSpec(BREAKTHROUGH_MOVE.dice, `${a.name} breaks through ${b.name}`, BREAKTHROUGH_MOVE.rule, [a.id, b.id]) * CM;
      const r = drive(w, a.id, f, depth, depth + extra, new Set([b.id]));
      disorderUnit(w, a.id, 'broke through', 'SYW 7 Disorder (2) (p.16)');
      if (b.formation === 'square') destroyUnit(w, b.id, 'square broken through and scattered', BREAKTHROUGH_MOVE.rule);
      else disorderUnit(w, b.id, 'broken through', 'SYW 7 Disorder (2) (p.16)');
      w.ctx.emit({ type: 'BrokeThrough', unit: a.id, through: b.id, rule: BREAKTHROUGH_MOVE.rule });
      if (r.met) {
        // p.15: fresh enemy met: the cavalry count at Advance without testing to charge; the enemy tests as being charged.
        changeOrder(w, ga.id, 'advance', 'breakthrough met fresh enemy', BREAKTHROUGH_MOVE.rule);
        freshEnemyMet(w, a.id, r.met.id, BREAKTHROUGH_MOVE.rule);
      } else changeOrder(w, ga.id, 'stand', 'breakthrough met no enemy', BREAKTHROUGH_MOVE.rule);
      continue;
    }
  }
  // Pursuit (7 p.15-16): cavalry groups whose frontal opponents all routed pursue.
  for (const gid of fought) {
    const g = w.group(gid);
    if (!g || g.order === 'rout' || g.order === 'retreat') continue;
    const mine = w.groupUnits(g);
    // Cavalry always pursue; infantry as their owner chose (6 h) p.15, 7 p.15: setAfterRout).
    const cavalry = mine.every(isCavalry);
    const choice = cavalry ? 'pursue' : mine.some(isCavalry) || mine.some(isArtillery) ? 'hold' : g.afterRout ?? 'hold';
    if (choice === 'hold') continue;
    const oppBouts = bouts.filter((b) => g.units.includes(b.a.id) && b.faceOfA === 'front');
    const opp = oppBouts.map((b) => b.b.id);
    if (opp.length === 0) continue;
    const allRouted = opp.every((id) => { const og = w.groupOf(id); return !w.unit(id) || og?.order === 'rout'; });
    const anyAlive = opp.some((id) => w.unit(id));
    if (!allRouted || !anyAlive) continue;
    const targets = opp.map((id) => w.unit(id)).filter((u): u is Unit => u !== undefined);
    const tc = centroid(targets.flatMap((u) => u.stands));
    if (choice === 'occupy') { occupyVacated(w, gid, oppBouts.map((b) => b.b)); continue; }
    w.setGroup(gid, { pursuing: true });
    changeOrder(w, gid, 'advance', 'pursues', ROUT_MOVES.rule);
    const d = w.rollSpec(cavalry ? ROUT_MOVES.firstPursuit.cavalry : ROUT_MOVES.firstPursuit.infantry, `First pursuit move: ${gid}`, ROUT_MOVES.rule, [gid]);
    pursueTowards(w, gid, tc, d * CM);
  }
  settleSurrendered(w);
  turnBack(w);
  void casualtyResult;
  void lostTo;
}

/**
 * 6 h) p.15: winners "may move into the space/building vacated by the retreating unit(s)": each unit
 * of the group steps straight ahead by the depth of the routed units' old position (their front then
 * stands where the routers' rear was), stopping short of anything in the way. No order change.
 */
function occupyVacated(w: Work, gid: string, vacated: readonly Unit[]): void {
  const g = w.group(gid);
  if (!g) return;
  const depth = Math.max(...vacated.map((v) => unitFrame(v.stands, v.stands[0]!.facing).halfDepthMm * 2));
  for (const u of w.groupUnits(g)) {
    const r = pushUnit(w, u.id, u.stands[0]!.facing, depth, 'advance', 'SYW 6 Melee h) (p.15)');
    if (r.movedMm > 0) w.ctx.emit({ type: 'MovedIntoVacatedSpace', unit: u.id, mm: r.movedMm, rule: 'SYW 6 Melee h) (p.15)' });
  }
}

/**
 * Surrendered troops (7 p.15): "removed as though killed after the enemies next combat phase if the
 * enemy are still in contact with them"; but they "rally at Reserve if the enemy in contact with them
 * do anything but Stand and shoot": a captor not on Stand orders, or that moved this phase, frees them.
 */
export function settleSurrendered(w: Work): void {
  const R = 'SYW 7 Rout and Pursuit (p.15)';
  for (const u of w.battle.units) {
    if (!w.unitState(u.id)?.surrendered) continue;
    const captors = w.enemiesOf(u.side).filter((e) => inContact(e, u));
    if (captors.length === 0) continue;
    const busy = captors.some((e) => { const eg = w.groupOf(e.id); return !eg || eg.order !== 'stand' || (w.unitState(e.id)?.lastMovedPhase ?? -10) === w.rs.phaseCounter; });
    if (!busy) { destroyUnit(w, u.id, 'surrendered', R); continue; }
    const g = w.groupOf(u.id);
    w.setUnit(u.id, { surrendered: false });
    if (g) changeOrder(w, g.id, 'reserve', 'surrendered troops rally: the enemy in contact did not stand', R);
    w.ctx.emit({ type: 'SurrenderedRallied', unit: u.id, rule: R });
  }
}
