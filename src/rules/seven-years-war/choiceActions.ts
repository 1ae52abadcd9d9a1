/**
 * Table buttons for the standing choices (choices.ts, moraleChoice.ts, standingChoices.ts): each
 * button names the alternative it picks and the group's present choice, and is offered only when
 * the handler would accept it (the table's dry run). The moments they serve fall inside engine
 * steps or the enemy's phase, so they are offered in the owner's command changes, movement and the
 * non-phasing shooting step (the steps whose commands list them, index.ts).
 */
import type { PieceAction, SeenGame, Command, Ctx } from '../../engine/ruleset';
import type { Unit } from '../../engine/model';
import type { S, SywState, Options, GroupState } from './state';
import { isArtillery, isInfantry, isLightUnit, isMassed, isCavalry } from './state';
import type { Tables } from './tablesSchema';
import { setEvasion, setAfterRout } from './choices';
import { setAdvanceOnOk, setPursuitArtillery } from './moraleChoice';
import { setFlankSquare, setMoveChoice, FLANK_SQUARE_RULE, EDGE_RULE, PASS_RULE } from './standingChoices';
import { UNIT_TABLE, type TroopType } from './tables/units';
import { CM } from './geo';
import { standCorners } from '../../geometry/footprint';
import { prompt } from './command';
import { TRANSFER_RULE } from './transfer';
import { hypot } from '../../geometry/math';
import { edgeClearanceMm } from '../../geometry/tableEdge';

type G = SeenGame<SywState, Options, Tables>;
type Spec = { handle: (s: S, c: never, ctx: Ctx) => unknown };
type Accepts = (game: G, spec: Spec, cmd: Command) => boolean;

const CHOICE_STEPS = new Set(['commandChanges', 'movement', 'shootingNonPhasing']);
const AFTER_ROUT: Record<'hold' | 'occupy' | 'pursue', string> = { hold: 'hold', occupy: 'move into the space left', pursue: 'pursue' };
const SQUARE: Record<'cavalry' | 'always' | 'never', string> = { cavalry: 'square against cavalry, else turn stands', always: 'square against any charger', never: 'turn stands, no square' };

/** One button per alternative of each standing choice that applies to the unit's group. */
export function standingChoiceActions(game: G, side: string, u: Unit, g: GroupState, accepts: Accepts): PieceAction[] {
  const step = game.position.step;
  if (!CHOICE_STEPS.has(step) || g.order === 'rout') return [];
  const units = game.battle.units.filter((x) => g.units.includes(x.id));
  const out: PieceAction[] = [];
  const push = (spec: Spec, command: Command, label: string, detail: string, rule: string) => { if (accepts(game, spec, command)) out.push({ label, command, detail, rule }); };
  const base = { side, group: g.id };
  // 6 h) p.13: lights evading where it is optional.
  if (isLightUnit(u)) {
    const now = g.evadeWhenOptional === true;
    push(setEvasion, { type: 'setEvasion', ...base, evade: !now }, `Where evading is optional: ${now ? 'stand' : 'evade'} (now: ${now ? 'evade' : 'stand'})`, 'in type 1-3 terrain or charged by lights; in the open against massed chargers lights must evade', 'SYW 6 Melee h) (p.13)');
  }
  // 6 h) p.15, 7 p.15: infantry whose frontal opponents all rout.
  if (isInfantry(u)) {
    const now = g.afterRout ?? 'hold';
    for (const c of ['hold', 'occupy', 'pursue'] as const) if (c !== now) push(setAfterRout, { type: 'setAfterRout', ...base, choice: c }, `If all their opponents rout: ${AFTER_ROUT[c]} (now: ${AFTER_ROUT[now]})`, 'cavalry always pursue', 'SYW 6 Melee h) (p.15), 7 (p.15)');
  }
  // 8 p.18: a modified 6+ on a casualty or being-charged test.
  {
    const now = g.advanceOnOk === true;
    push(setAdvanceOnOk, { type: 'setAdvanceOnOk', ...base, advance: !now }, `On a 6+ morale result: ${now ? 'stay at orders' : 'go to Advance'} (now: ${now ? 'go to Advance' : 'stay at orders'})`, 'casualty and being-charged tests; a group in column or square stays', 'SYW 8 Morale results (p.18)');
  }
  // 7 (b) p.16: pursuers (cavalry, or infantry that pursue) meeting artillery.
  if (!units.some(isArtillery) && (units.some(isCavalry) || g.afterRout === 'pursue')) {
    const now = g.fightArtilleryInPursuit === true;
    push(setPursuitArtillery, { type: 'setPursuitArtillery', ...base, fight: !now }, `Pursuing into artillery: ${now ? 'pass through' : 'fight it'} (now: ${now ? 'fight it' : 'pass through'})`, 'passed through, the guns test as being charged and go to Reserve', 'SYW 7 Pursuit (b) (p.16)');
  }
  // §4 p.10: massed infantry on Stand charged in flank or rear may form square.
  if (isInfantry(u) && isMassed(u)) {
    const now = g.flankSquare ?? 'cavalry';
    for (const c of ['cavalry', 'always', 'never'] as const) if (c !== now) push(setFlankSquare, { type: 'setFlankSquare', ...base, square: c }, `Charged in flank or rear on Stand: ${SQUARE[c]} (now: ${SQUARE[now]})`, 'after passing the being-charged test and the turning die', FLANK_SQUARE_RULE);
  }
  if (step === 'movement') out.push(...moveChoiceActions(game, side, g, units, accepts));
  return out;
}

/** The group's move choices, offered when they can matter this move: near a table edge, or near friends of the other kind. */
function moveChoiceActions(game: G, side: string, g: GroupState, units: readonly Unit[], accepts: Accepts): PieceAction[] {
  const out: PieceAction[] = [];
  const reachMm = Math.max(...units.map((x) => UNIT_TABLE[x.troopType as TroopType]?.moveCm ?? 0)) * CM;
  const corners = units.flatMap((x) => x.stands.flatMap(standCorners));
  const t = game.battle.table;
  const edgeGap = Math.min(...corners.map((p) => edgeClearanceMm(t, p)));
  if (g.order !== 'retreat' && edgeGap <= reachMm) {
    const now = g.atEdgeChoice ?? 'halt';
    const cmd = { type: 'setMoveChoice', side, group: g.id, atEdge: now === 'halt' ? 'leave' : 'halt' };
    if (accepts(game, setMoveChoice, cmd)) out.push({ label: `Moves reaching the table edge: ${now === 'halt' ? 'leave the table' : 'halt on Reserve'} (now: ${now === 'halt' ? 'halt on Reserve' : 'leave the table'})`, command: cmd, detail: 'applies to the group\'s dragged moves; off the table it dices to return (5+)', rule: EDGE_RULE });
  }
  const near = game.battle.units.some((f) => f.side === side && !g.units.includes(f.id) && units.some((x) => isLightUnit(x) !== isLightUnit(f) && f.stands.some((s) => x.stands.some((q) => hypot(s.centre.x - q.centre.x, s.centre.y - q.centre.y) <= reachMm + 2 * s.widthMm))));
  if (near) {
    const now = g.afterPassThroughChoice ?? 'reserve';
    const cmd = { type: 'setMoveChoice', side, group: g.id, afterPassThrough: now === 'reserve' ? 'stand' : 'reserve' };
    if (accepts(game, setMoveChoice, cmd)) out.push({ label: `Passing through friends (light and massed): both go to ${now === 'reserve' ? 'Stand' : 'Reserve'} (now: ${now === 'reserve' ? 'Reserve' : 'Stand'})`, command: cmd, detail: 'applies to the group\'s dragged moves', rule: PASS_RULE });
  }
  return out;
}

/**
 * (3) Orders NB p.6 and (1) Groups p.5 on the table, in command changes: a general of another
 * command (or the CinC) within 5cm takes the unit into his command — as a group of its own, or
 * added to one of his groups on Reserve beside it (`prompt {action: 'transfer', unit?, join?}`,
 * transfer.ts). Offered only where the handler accepts it before its die.
 */
export function transferActions(game: G, side: string, u: Unit, g: GroupState, accepts: Accepts): PieceAction[] {
  if (game.position.step !== 'commandChanges' || g.order === 'rout') return [];
  const out: PieceAction[] = [];
  const detail = 'a Reserve order: D6 × 10cm from his stand edge to the unit (×5cm out of sight); 6 always, 1 never';
  for (const gen of game.battle.generals) {
    const gs = game.ruleset.generals[gen.id];
    if (gen.side !== side || !gs || gs.killed || gs.attemptsLeft <= 0 || g.general === gen.id) continue;
    const unit = g.units.length > 1 ? { unit: u.id } : {};
    const own = { type: 'prompt', side, general: gen.id, group: g.id, action: 'transfer', ...unit };
    if (accepts(game, prompt, own)) out.push({ label: `${gen.name}: take ${u.name} into his command (own group)`, command: own, detail, rule: TRANSFER_RULE });
    for (const j of Object.values(game.ruleset.groups)) {
      if (j.side !== side || j.general !== gen.id || j.id === g.id || j.order !== 'reserve') continue;
      const cmd = { ...own, unit: u.id, join: j.id };
      const names = game.battle.units.filter((x) => j.units.includes(x.id)).map((x) => x.name).join(', ');
      if (accepts(game, prompt, cmd)) out.push({ label: `${gen.name}: take ${u.name} into his group ${names}`, command: cmd, detail, rule: TRANSFER_RULE });
    }
  }
  return out;
}
