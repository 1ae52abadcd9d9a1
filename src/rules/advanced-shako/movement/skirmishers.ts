/**
 * AS 17.2 Skirmisher allotments in play. The ratios (tables `skirmishers.ratios`: "1 to 4", "1 to 6",
 * "1 to 8", NONE) are read as one skirmish stand for so many battalion stands (RULINGS.md). A
 * division's allotment is its infantry battalions' stands at the start divided by its army's ratio
 * (rounded down), less the skirmish stands it already deploys. In its division's movement step a
 * Formed battalion may detach a stand of the allotment as a skirmisher unit ahead of its front, or
 * take back a detachment of its own that has come back to it. House readings (RULINGS.md): detaching
 * or rejoining is the battalion's move for the turn; a battalion keeps at least two stands; a
 * detachment that has taken a kill or is Staggered does not rejoin; detachments do not count towards
 * the division's losses (12.2) or the battle's.
 */
import { z } from 'zod';
import { defineCommand, reject, type Change, type Rejection } from '../../../engine/ruleset';
import { dropUnit, finishWork, setStands, unitIn } from '../../../engine/workingState';
import type { Stand, Unit } from '../../../engine/model';
import { unitDistance } from '../../../geometry/measure';
import { layoutOpenOrder } from '../../../geometry/formation';
import { unitFrame } from '../../../geometry/frame';
import { pt, type Radians } from '../../../geometry/types';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import type { S, ShState, UnitState, W } from '../state';
import { divisionOf, inMm, isFormed, setDiv, setUs, troopOf, us, work } from '../state';
import { layoutFor, placementProblem } from './formations';
import { withPoses } from './moves';
import { movingDivisions } from './commands';
import { cos, sin } from '../../../geometry/math';
import { idRecord, withId } from '../../../engine/ids';

export const SKIRMISH_RULE = 'AS 17.2 Skirmisher allotments (detached in play)';

/** A side's nationality as one of 17.2's armies (a unit's `extra.skirmishArmy` names it exactly). */
const ARMY_OF: Readonly<Record<string, string>> = {
  British: 'Britain', French: 'France', Austrian: 'Austria post 1805', Prussian: 'Prussia post 1806', Russian: 'Russia', Spanish: 'Spain',
  Portuguese: 'Portugal post 1808', Bavarian: 'Bavaria from 1809', Saxon: 'Saxony post 1809', Swedish: 'Sweden', Polish: 'Grand Duchy of Warsaw',
  Dutch: 'Dutch Belgian', Belgian: 'Dutch Belgian', Danish: 'Denmark post 1813', Italian: 'Northern Italy', Neapolitan: 'Naples', Westphalian: 'Westphalia',
  Hanoverian: 'Hanover post 1803', KGL: "King's German Legion", Nassau: 'Nassau from 1808', Baden: 'Baden from 1806', Brunswick: 'Brunswick to 1806',
  Wurttemberg: 'Wurttemberg 1809 onwards', Sicilian: 'Sicily post 1808', 'Hesse-Darmstadt': 'Hesse-Darmstadt from 1809',
};

/** The 17.2 ratio for `u`'s army, or undefined when the army is not listed. */
export function ratioFor(t: ShTables, u: Pick<Unit, 'extra' | 'nationality'>, sideNation: string | undefined): { army: string; ratio: number } | undefined {
  const named = u.extra['skirmishArmy'];
  const army = typeof named === 'string' ? named : ARMY_OF[u.nationality] ?? ARMY_OF[sideNation ?? ''] ?? (sideNation && t.skirmishers.ratios[sideNation] !== undefined ? sideNation : undefined);
  if (!army || t.skirmishers.ratios[army] === undefined) return undefined;
  return { army, ratio: t.skirmishers.ratios[army]! };
}

const battalion = (u: Unit): boolean => (troopOf(u) === 'line-infantry' || troopOf(u) === 'light-infantry') && u.formation !== 'skirmish';

/** At setup: each division's allotment of skirmish stands still to deploy (17.2). */
export function allotments(battle: S['battle'], t: ShTables, divisions: Readonly<Record<string, { readonly units: readonly string[]; readonly side: string }>>): Record<string, number> {
  const out: Record<string, number> = idRecord();
  for (const [id, d] of Object.entries(divisions)) {
    const units = d.units.map((x) => battle.units.find((u) => u.id === x)).filter((u): u is Unit => !!u);
    const bats = units.filter(battalion);
    const nation = battle.sides.find((s) => s.id === d.side)?.nationality;
    const r = bats[0] ? ratioFor(t, bats[0], nation) : undefined;
    if (!r || r.ratio <= 0) { out[id] = 0; continue; }
    const stands = bats.reduce((a, u) => a + u.stands.length, 0);
    const deployed = units.filter((u) => u.formation === 'skirmish').reduce((a, u) => a + u.stands.length, 0);
    out[id] = Math.max(0, Math.floor(stands / r.ratio) - deployed);
  }
  return out;
}

type Seen = { battle: S['battle']; ruleset: ShState; tables: ShTables; position: S['position'] };

/** The detached stand's place: one open-order stand 1" ahead of the battalion's front centre. */
function detachedLayout(u: Unit, stand: Stand): Stand[] {
  const fr = unitFrame(u.stands);
  // The layout hangs the stand behind its anchor (the front edge): the anchor goes 1" plus a stand's depth ahead.
  const ahead = fr.halfDepthMm + inMm(1) + stand.depthMm;
  const front = pt(fr.centre.x + cos(fr.facing) * ahead, fr.centre.y + sin(fr.facing) * ahead);
  return withPoses([stand], layoutOpenOrder(front, fr.facing as Radians, [{ widthMm: stand.widthMm, depthMm: stand.depthMm }], inMm(1), 1));
}

/** What a detachment would be: the stand it takes, where it and the rest stand; or why not. */
export function detachPlan(s: Seen, u: Unit | undefined, side: string): { ok: true; stand: Stand; skirmisher: Stand[]; rest: Stand[] } | { ok: false; reason: string } {
  if (!u || u.side !== side) return { ok: false, reason: 'Choose one of your own battalions.' };
  const d = divisionOf(s.ruleset, u.id);
  if (!d || !movingDivisions(s).includes(d)) return { ok: false, reason: `${u.name}'s division does not move now.` };
  if (!battalion(u) || !isFormed(s.ruleset, u) || (u.formation !== 'line' && u.formation !== 'column')) return { ok: false, reason: 'Only a Formed infantry battalion in line or column detaches skirmishers.' };
  const st = us(s.ruleset, u.id);
  if (st.moved || st.reformed || st.charge) return { ok: false, reason: `${u.name} has moved this turn: detaching skirmishers is its move (house).` };
  if (u.stands.length < 3) return { ok: false, reason: `${u.name} keeps at least two stands (house).` };
  const left = s.ruleset.divisions[d]!.skirmishAllotment ?? 0;
  if (left <= 0) return { ok: false, reason: `${s.ruleset.divisions[d]!.name} has no skirmish stands left in its allotment (17.2).` };
  const stand = [...u.stands].reverse().find((x) => x.id !== u.commandStandId)!;
  const rest = u.stands.filter((x) => x.id !== stand.id);
  const restLaid = withPoses(rest, layoutFor({ ...u, stands: rest }, u.formation as 'line' | 'column'));
  const skirmisher = detachedLayout(u, stand);
  const bad = placementProblem(s.battle, u, skirmisher) ?? placementProblem(s.battle, u, restLaid);
  if (bad) return { ok: false, reason: `No room: ${bad}.` };
  return { ok: true, stand, skirmisher, rest: restLaid };
}

type DetachCmd = { type: 'detachSkirmishers'; side: string; unit: string };
export const detachSkirmishers = defineCommand<ShState, ShOptions, ShTables, DetachCmd>({
  describe: 'A battalion detaches a stand of its division\'s 17.2 allotment as skirmishers, 1" ahead of its front.',
  schema: z.object({ type: z.literal('detachSkirmishers'), side: z.string(), unit: z.string() }).strict(),
  handle(s: S, c, ctx): Change<ShState> | Rejection {
    const u = s.battle.units.find((x) => x.id === c.unit);
    const p = detachPlan(s, u, c.side);
    if (!p.ok) return reject('no-detach', p.reason, SKIRMISH_RULE);
    const w = work(s, ctx);
    const d = divisionOf(s.ruleset, u!.id)!;
    let k = 1;
    while (unitIn(w, `${u!.id}.sk${k}`) || w.rs.units[`${u!.id}.sk${k}`]) k++;
    const id = `${u!.id}.sk${k}`;
    const det: Unit = { ...u!, id, name: `${u!.name} skirmishers`, troopType: 'light-infantry', formation: 'skirmish', stands: p.skirmisher, commandStandId: p.stand.id, extra: { ...u!.extra, detachedFrom: u!.id } };
    setStands(w, u!.id, p.rest);
    w.battle = { ...w.battle, units: [...w.battle.units, det] };
    const fresh: UnitState = { kills: 0, staggered: false, moved: true, movedForward: false, movedMm: 1e6, sideStepped: false, reformed: false, hasty: false, hastyFailed: false, fired: false, recalled: false, engaged: false, noFire: false };
    w.rs = { ...w.rs, units: withId(w.rs.units, id, fresh) };
    setUs(w, u!.id, { moved: true, movedMm: 1e6 });
    const div = w.rs.divisions[d]!;
    setDiv(w, d, { units: [...div.units, id], detached: [...(div.detached ?? []), id], skirmishAllotment: (div.skirmishAllotment ?? 0) - 1 });
    return finishWork(w, [{ type: 'SkirmishersDetached', unit: u!.id, skirmishers: id, rule: SKIRMISH_RULE }]);
  },
});

/** Why detachment `sk` may not rejoin its battalion now, or undefined. */
export function rejoinProblem(s: Seen, sk: Unit | undefined, side: string): string | undefined {
  if (!sk || sk.side !== side) return 'Choose one of your own skirmisher detachments.';
  const from = sk.extra['detachedFrom'];
  const parent = typeof from === 'string' ? s.battle.units.find((x) => x.id === from) : undefined;
  if (!parent) return `${sk.name} is not a detachment of a battalion still on the table.`;
  const d = divisionOf(s.ruleset, sk.id);
  if (!d || !movingDivisions(s).includes(d)) return `${sk.name}'s division does not move now.`;
  const st = us(s.ruleset, sk.id), ps = us(s.ruleset, parent.id);
  if (st.moved || ps.moved || ps.reformed || ps.charge) return 'Rejoining is the move of both for the turn (house): neither may have moved.';
  if (st.kills > 0 || st.staggered || st.fallback !== undefined) return `${sk.name} has suffered: it does not rejoin (house).`;
  if (!isFormed(s.ruleset, parent)) return `${parent.name} is not Formed.`;
  if (unitDistance(sk.stands, parent.stands) > inMm(1) + 0.5) return `${sk.name} must be within 1" of ${parent.name} to rejoin it (house).`;
  const laid = layoutFor({ ...parent, stands: [...parent.stands, ...sk.stands] }, parent.formation as 'line' | 'column');
  const bad = placementProblem(s.battle, parent, laid, [sk.id]);
  return bad ? `No room: ${bad}.` : undefined;
}

type RejoinCmd = { type: 'rejoinSkirmishers'; side: string; unit: string };
export const rejoinSkirmishers = defineCommand<ShState, ShOptions, ShTables, RejoinCmd>({
  describe: 'A skirmisher detachment within 1" of its battalion rejoins it (17.2, house).',
  schema: z.object({ type: z.literal('rejoinSkirmishers'), side: z.string(), unit: z.string() }).strict(),
  handle(s: S, c, ctx): Change<ShState> | Rejection {
    const sk = s.battle.units.find((x) => x.id === c.unit);
    const bad = rejoinProblem(s, sk, c.side);
    if (bad) return reject('no-rejoin', bad, SKIRMISH_RULE);
    const w = work(s, ctx);
    rejoin(w, sk!);
    return finishWork(w, [{ type: 'SkirmishersRejoined', unit: String(sk!.extra['detachedFrom']), skirmishers: sk!.id, rule: SKIRMISH_RULE }]);
  },
});

function rejoin(w: W, sk: Unit): void {
  const parent = unitIn(w, String(sk.extra['detachedFrom']))!;
  const all = [...parent.stands, ...sk.stands];
  setStands(w, parent.id, withPoses(all, layoutFor({ ...parent, stands: all }, parent.formation as 'line' | 'column')));
  setUs(w, parent.id, { moved: true, movedMm: 1e6 });
  dropUnit(w, sk.id);
  const d = divisionOf(w.rs, sk.id)!;
  const div = w.rs.divisions[d]!;
  setDiv(w, d, { units: div.units.filter((x) => x !== sk.id), detached: (div.detached ?? []).filter((x) => x !== sk.id), skirmishAllotment: (div.skirmishAllotment ?? 0) + 1 });
  const { [sk.id]: _gone, ...units } = w.rs.units;
  w.rs = { ...w.rs, units };
}
