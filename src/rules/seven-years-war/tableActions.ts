/**
 * Table actions (menu buttons) for two SYW commands that have no drag of their own:
 *  - (3) Generals p.5 "A CinC draws 3 random counters and chooses 1": `chooseCounter`, offered on any
 *    of the side's pieces in the first step, one button per draw, read from the viewer's view (the
 *    enemy's draws are not in it);
 *  - §4 Movement when in melee (b) p.10: `moveMeleeStand`, an unengaged stand moved behind a stand
 *    in melee (rear rank), beside it as an overlap, or into a gap; one button per placement the
 *    command accepts, stands named by their place in the unit;
 *  - 9 Deployment p.19: in one's own deployment step, a drag re-places a unit (`deploy`), and buttons
 *    mark it hidden on the map or place it in view, hold a brigade back, or send a flank march.
 * Labels are plain text; the UI shows them as text.
 */
import type { PieceAction, SeenGame, Command, Ctx, PieceMove, MovePreview } from '../../engine/ruleset';
import type { Stand, Unit } from '../../engine/model';
import type { S, SywState, Options, GroupState } from './state';
import { isCavalry } from './state';
import type { Tables } from './tablesSchema';
import type { GeneralCounter } from './tables/command';
import { moveMeleeStand } from './meleeStands';
import { deploy, flankMarch } from './deployment';
import { brigadeOf, heldBackBrigade } from './deploymentOrder';
import { alignInMelee, MELEE_ALIGN_RULE } from './meleeAlign';
import { dressGroup, dressAnchor, groupShapeProblem, isSplit, GROUP_SHAPE } from './groupShape';
import { centroid, standsInContact } from './geo';
import { unitFrame } from '../../geometry/frame';
import { cos, sin } from '../../geometry/math';

type G = SeenGame<SywState, Options, Tables>;
type Spec = { handle: (s: S, c: never, ctx: Ctx) => unknown };
type Accepts = (game: G, spec: Spec, cmd: Command) => boolean;
/** The handler's answer on the viewer's scratch state (no dice, nothing kept). */
export type DryRun = (game: G, spec: Spec, cmd: Command) => { rejected?: boolean; message?: string; rule?: string };

const GENERALS_RULE = 'SYW (3) Generals (p.5)';
const MELEE_RULE = 'SYW §4 Movement when in melee (b) (p.10)';

const PSYCHOLOGY: Record<GeneralCounter['psychology'], string> = { brave: 'brave (+1 to morale dice within 5cm)', cautious: 'cautious (double distance to prompt an Advance)', none: 'steady' };
const ABILITY: Record<GeneralCounter['ability'], string> = { competent: 'competent (+1 to the D4)', normal: 'normal ability', incompetent: 'incompetent (−1 from the D4)' };

/** A counter in words: 'infantry general, brave, competent'. */
export const counterText = (c: GeneralCounter): string => `${c.training} general, ${c.psychology === 'none' ? 'steady' : c.psychology}, ${c.ability}`;

/** The side of a unit or general in the view. */
export function pieceSide(game: G, pieceId: string): string | undefined {
  return game.battle.units.find((u) => u.id === pieceId)?.side ?? game.battle.generals.find((g) => g.id === pieceId)?.side;
}

/** One button per counter the side's CinC drew and may still keep ((3) p.5). */
export function counterChoices(game: G, side: string): PieceAction[] {
  const out: PieceAction[] = [];
  const mine = Object.keys(game.ruleset.cincDraws ?? {}).filter((gid) => game.battle.generals.find((g) => g.id === gid)?.side === side);
  for (const gid of mine) {
    const gen = game.battle.generals.find((g) => g.id === gid)!;
    const draws = game.ruleset.cincDraws![gid]!;
    // Short enough for the inspector's button; the name only when the side has several CinCs (wing commanders).
    draws.forEach((c, i) => out.push({
      label: `${mine.length > 1 ? `${gen.name}: ` : ''}Keep: ${counterText(c)}`,
      command: { type: 'chooseCounter', side, general: gid, index: i },
      detail: `Counter ${i + 1} of ${draws.length} drawn by ${gen.name}: ${c.training} training; ${PSYCHOLOGY[c.psychology]}; ${ABILITY[c.ability]}. The others go back in the deck`,
      rule: GENERALS_RULE,
    }));
  }
  return out;
}

/** Stands named by their place: 'front rank, 2nd from left'; ranks and files from the unit's facing. */
export function standNames(u: Unit): Map<string, string> {
  const f = u.stands[0]!.facing, fx = cos(f), fy = sin(f);
  const c = centroid(u.stands);
  const pos = u.stands.map((s) => ({ s, a: (s.centre.x - c.x) * fx + (s.centre.y - c.y) * fy, l: -(s.centre.x - c.x) * fy + (s.centre.y - c.y) * fx }));
  // Ranks: stands whose distance along the facing differs by less than half a depth share a rank.
  const ranks: (typeof pos)[] = [];
  for (const p of [...pos].sort((x, y) => y.a - x.a)) {
    const r = ranks.find((rk) => Math.abs(rk[0]!.a - p.a) < p.s.depthMm / 2);
    if (r) r.push(p); else ranks.push([p]);
  }
  const ord = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;
  const rankName = (i: number) => (i === 0 ? 'front rank' : i === ranks.length - 1 ? 'rear rank' : `${ord(i + 1)} rank`);
  const out = new Map<string, string>();
  ranks.forEach((rk, i) => {
    rk.sort((x, y) => x.l - y.l);
    rk.forEach((p, j) => {
      const file = `${ord(j + 1)} from left`;
      out.set(p.s.id, ranks.length === 1 ? file : rk.length === 1 ? rankName(i) : `${rankName(i)}, ${file}`);
    });
  });
  return out;
}

/** §4 p.10 (b): every placement of an unengaged stand by a stand in melee that the command accepts. */
export function meleeStandActions(game: G, side: string, u: Unit, accepts: Accepts): PieceAction[] {
  if (!(isCavalry(u) || u.troopType === 'light-infantry' || u.troopType === 'riflemen')) return [];
  const enemies = game.battle.units.filter((e) => e.side !== side);
  const engaged = (s: Stand) => enemies.some((e) => e.stands.some((t) => standsInContact(s, t)));
  const hot = u.stands.filter(engaged), free = u.stands.filter((s) => !engaged(s));
  if (hot.length === 0 || free.length === 0) return [];
  const names = standNames(u);
  const out: PieceAction[] = [];
  for (const st of free) {
    for (const by of hot) {
      for (const to of ['rear', 'left', 'right'] as const) {
        const cmd = { type: 'moveMeleeStand', side, unit: u.id, stand: st.id, to, beside: by.id };
        if (!accepts(game, moveMeleeStand, cmd)) continue;
        const where = to === 'rear' ? `behind ${names.get(by.id)} (rear rank)` : `to the ${to} of ${names.get(by.id)} (overlap or gap)`;
        out.push({ label: `Move stand (${names.get(st.id)}) ${where}`, command: cmd, detail: 'an unengaged stand re-forms while in melee', rule: MELEE_RULE });
      }
    }
  }
  return out;
}

const DEPLOY_RULE = 'SYW 9 Deployment (p.19)';

/** 9 p.19 on the table: hide or show a unit where it stands, hold a brigade back, send a flank march. */
export function deploymentActions(game: G, side: string, u: Unit, accepts: Accepts): PieceAction[] {
  const out: PieceAction[] = [];
  const rs = game.ruleset;
  const c = centroid(u.stands);
  const here = { type: 'deploy', side, unit: u.id, x: c.x, y: c.y, facingDeg: (u.stands[0]!.facing * 180) / Math.PI };
  if (rs.hidden[u.id] === side) {
    if (accepts(game, deploy, here)) out.push({ label: 'Place in view here', command: here, detail: 'no longer marked on the map', rule: DEPLOY_RULE });
  } else if (game.options.hiddenDeployment) {
    const hide = { ...here, hidden: true };
    if (accepts(game, deploy, hide)) out.push({ label: 'Mark hidden on the map here', command: hide, detail: 'unseen by the enemy until spotted (within 5cm, in plain sight, or it shoots or moves)', rule: DEPLOY_RULE });
  }
  if (game.position.step === 'deployDefender' && side === rs.defender) {
    const bde = brigadeOf(game.battle, u);
    if (bde !== heldBackBrigade(game.battle, rs)) {
      const name = game.battle.formations.find((f) => f.id === bde)?.name ?? bde;
      out.push({ label: `Hold back ${name} to deploy last`, command: { type: 'holdBackBrigade', side, brigade: bde }, detail: 'placed after the attacker has deployed', rule: DEPLOY_RULE });
    }
  }
  const g = Object.values(rs.groups).find((x) => x.units.includes(u.id));
  if (g && rs.flankMarchSides.includes(side)) for (const edge of ['left', 'right'] as const) {
    const cmd = { type: 'flankMarch', side, group: g.id, edge };
    if (accepts(game, flankMarch, cmd)) out.push({ label: `Flank march round the ${edge}`, command: cmd, detail: 'off the table; dices to arrive (5+) at the enemy\'s flank', rule: 'SYW 9 Deployment, Ottoman flank marches (p.20)' });
  }
  return out;
}

/** A drag in one's own deployment step re-places the unit (9 p.19): the deploy command, checked as the handler would. */
export function previewDeploy(game: G, side: string, u: Unit, move: PieceMove, dryRun: DryRun): MovePreview {
  const c0 = centroid(u.stands);
  // A wheel turns about the flank's front corner (PieceMove): where the centre ends up.
  const fr = unitFrame(u.stands, u.stands[0]!.facing);
  const p = move.pivot === 'left' ? fr.corners[0] : move.pivot === 'right' ? fr.corners[1] : c0;
  const cd = cos(move.dRad), sd = sin(move.dRad);
  const c = { x: p.x + (c0.x - p.x) * cd - (c0.y - p.y) * sd, y: p.y + (c0.x - p.x) * sd + (c0.y - p.y) * cd };
  const cmd = { type: 'deploy', side, unit: u.id, x: c.x + move.dxMm, y: c.y + move.dyMm, facingDeg: (((u.stands[0]!.facing + move.dRad) * 180) / Math.PI) % 360, ...(game.ruleset.hidden[u.id] === side ? { hidden: true } : {}) };
  const r = dryRun(game, deploy, cmd);
  const readout = [{ label: 'Deployment', value: game.ruleset.hidden[u.id] === side ? 'marked on the map (hidden)' : 'in view once the step ends' }];
  return r.rejected ? { legal: false, reason: r.message ?? 'Not there.', rule: r.rule ?? DEPLOY_RULE, readout } : { legal: true, command: cmd, readout };
}

/**
 * (3) Orders p.6-7: a group out of shape, or with a unit split around a friend (§4 p.10 NB), offers
 * "Dress the group on <anchor>" (`dressGroup`) in its movement step, when the handler accepts it.
 */
export function dressActions(game: G, side: string, g: GroupState, accepts: Accepts): PieceAction[] {
  const units = game.battle.units.filter((x) => g.units.includes(x.id));
  if (units.length === 0 || g.order === 'rout') return [];
  if (!units.some(isSplit) && groupShapeProblem(units, g.order) === null) return [];
  const cmd = { type: 'dressGroup', side, group: g.id };
  if (!accepts(game, dressGroup, cmd)) return [];
  const anchor = dressAnchor(units, game.battle.units.filter((e) => e.side !== side));
  return [{ label: `Dress the group on ${anchor.name}`, command: cmd, detail: 'side by side, fronts level, 1cm apart; costs the farthest stand move', rule: GROUP_SHAPE.rule }];
}

/** 6 g) p.13: a group in oblique contact offers "Align on <enemy>" (`alignInMelee`) in its movement step. */
export function alignActions(game: G, side: string, g: GroupState, accepts: Accepts): PieceAction[] {
  const cmd = { type: 'alignInMelee', side, group: g.id };
  if (!g.units.some((id) => game.ruleset.units[id]?.chargeContact) || !accepts(game, alignInMelee, cmd)) return [];
  return [{ label: 'Pivot to align on the enemy in contact', command: cmd, detail: 'completes an oblique contact; costs the arc of the farthest front corner', rule: MELEE_ALIGN_RULE }];
}
