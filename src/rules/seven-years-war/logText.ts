/**
 * SYW's words for the event log: one plain sentence a player can follow for each of the
 * module's events and commands — names of units, groups, generals and sides, never ids;
 * distances in centimetres; orders by their names. Only words: the events themselves are
 * unchanged (other code and the replay goldens read their fields). Dice rolls are not described
 * here: the log shows each roll with its purpose, modifiers and target.
 *
 * A group has no name of its own in the rules ((1) Groups p.5); it is named by its units
 * (`groupNames`, given to the log through the module's `pieceNames`).
 */
import type { AnyEvent, Command } from '../../engine/command';
import type { EventNames } from '../../engine/ruleset';
import type { Unit } from '../../engine/model';
import type { SywState } from './state';
import { sideWords } from '../words';
import { hypot } from '../../geometry/math';
import { idRecord } from '../../engine/ids';
import type { TableRef } from '../../engine/dice';
import { NATION_COLUMN } from './tables/setup';

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));
/** Millimetres as the rules measure them: centimetres. */
const cm = (mm: unknown): string => `${Math.round(num(mm) / 10)}cm`;
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const ORDER: Record<string, string> = { advance: 'Advance', reserve: 'Reserve', stand: 'Stand', retreat: 'Retreat', rout: 'Rout' };
const orderName = (o: unknown): string => ORDER[String(o)] ?? String(o);
const FACE: Record<string, string> = { front: 'front', flank: 'flank', rear: 'rear', left: 'left flank', right: 'right flank' };
const faceName = (f: unknown): string => FACE[String(f)] ?? String(f);
const FORMATION: Record<string, string> = { line: 'line', column: 'column', square: 'square', skirmish: 'skirmish order', limbered: 'limbered', unlimbered: 'unlimbered' };

/**
 * A group by its units, as a singular noun (the verb agrees): 'IR Bevern', 'the group of IR
 * Bevern and Garde', 'the group of IR Bevern, Garde and Hülsen', 'the group of IR Bevern and 3
 * other units'.
 */
export function groupName(unitNames: readonly string[]): string {
  if (unitNames.length === 0) return 'an empty group';
  if (unitNames.length === 1) return unitNames[0]!;
  if (unitNames.length <= 3) return `the group of ${unitNames.slice(0, -1).join(', ')} and ${unitNames[unitNames.length - 1]}`;
  return `the group of ${unitNames[0]} and ${unitNames.length - 1} other units`;
}

/** Names for the groups the viewer knows of, by their units as the viewer sees them. */
export function groupNames(game: { readonly battle: { readonly units: readonly Unit[] }; readonly ruleset: SywState }): Record<string, string> {
  const unitName = new Map(game.battle.units.map((u) => [u.id, u.name] as const));
  const out: Record<string, string> = idRecord();
  for (const g of Object.values(game.ruleset.groups ?? {})) {
    const known = g.units.map((id) => unitName.get(id)).filter((x): x is string => x !== undefined);
    if (known.length > 0) out[g.id] = groupName(known);
  }
  return out;
}

const COUNTER_PSYCHOLOGY: Record<string, string> = { brave: 'brave', cautious: 'cautious', none: 'steady' };
function counterWords(c: unknown): string {
  const o = (c ?? {}) as { training?: string; psychology?: string; ability?: string };
  return `${o.training ?? '?'}-trained, ${COUNTER_PSYCHOLOGY[o.psychology ?? ''] ?? o.psychology ?? '?'}, ${o.ability ?? '?'}`;
}

function legWords(legs: unknown): string {
  if (!Array.isArray(legs)) return '';
  const parts = (legs as { kind: string; mm?: number; deg?: number; dir?: string; dx?: number; dy?: number }[]).map((l) => {
    switch (l.kind) {
      case 'forward':
        return `forward ${cm(l.mm)}`;
      case 'backward':
        return `back ${cm(l.mm)}`;
      case 'incline':
        return `inclining ${l.dir} ${cm(l.mm)}`;
      case 'wheel':
        return `wheeling ${l.dir} ${Math.round(num(l.deg))}°`;
      case 'turn':
        return `turning ${Math.round(Math.abs(num(l.deg)))}° ${num(l.deg) < 0 ? 'left' : 'right'}`;
      case 'shift':
        return `shifting ${cm(hypot(num(l.dx), num(l.dy)))}`;
      default:
        return l.kind;
    }
  });
  return parts.join(', then ');
}

/** One sentence for an SYW event, or undefined for the log's generic line. */
export function describeSywEvent(e: AnyEvent, names: EventNames): string | undefined {
  const t = sentence(e, names);
  return t && t.charAt(0).toUpperCase() + t.slice(1);
}

function sentence(e: AnyEvent, names: EventNames): string | undefined {
  const f = e as unknown as Record<string, unknown>;
  const s = (k: string): string => (typeof f[k] === 'string' ? (f[k] as string) : '');
  const P = (k: string): string => names.piece(s(k));
  const S = (k: string): string => names.side(s(k));
  // A group whose units are all gone has no name left: 'a group', never its id.
  const G = (k: string): string => (names.piece(s(k)) === s(k) ? 'a group' : names.piece(s(k)));
  const u = P('unit'), g = G('group');
  const list = (k: string): string => (Array.isArray(f[k]) ? (f[k] as string[]).map((id) => names.piece(id)).join(', ') : '');
  switch (e.type) {
    case 'AdvanceOnOkChosen':
      return `${g} will ${f['advance'] ? 'go to Advance' : 'keep its orders'} on a morale result of 6+ (OK).`;
    case 'AfterRoutChosen':
      return `When its frontal enemies rout, ${g} will ${s('choice') === 'occupy' ? 'move into the space they leave' : s('choice') === 'pursue' ? 'pursue' : 'hold its ground'}.`;
    case 'AlignedInMelee':
      return `${g} ${f['aligned'] ? 'aligns on' : 'pivots towards'} ${P('target')} in the melee (${num(f['pivotDeg'])}°, ${cm(f['costMm'])} of its move).`;
    case 'AmbushChosen':
      return `${u} ${f['ambush'] ? 'will lie in ambush' : 'will no longer lie in ambush'}.`;
    case 'AmbushFired':
      return `${u} fires from hiding at ${P('target')} as it comes within 5cm: it halts.`;
    case 'ArmyCosted':
      return `${sideWords(S('side')).subject}: ${num(f['total'])} points (troops ${num(f['troops'])}, generals ${num(f['generals'])}, fortifications ${num(f['fortifications'])}, terrain ${num(f['terrain'])}).`;
    case 'AttackerDecided': {
      const sc = (f['scores'] ?? {}) as Record<string, number>;
      const scores = Object.entries(sc).map(([side, v]) => `${names.side(side)} ${v}`).join(', ');
      const w = sideWords(S('attacker'));
      return `${w.subject} ${w.verb('attack', 'attacks')}${scores ? ` (initiative: ${scores})` : ''}.`;
    }
    case 'BrigadeHeldBack':
      return 'The defender holds back one brigade to deploy last.';
    case 'BrokeThrough':
      return `${u} breaks through ${P('through')}.`;
    case 'ChargeContact':
      return `${g} charges home into the ${faceName(f['face'])} of ${P('target')}${f['aligned'] ? '' : `, making partial contact after pivoting ${num(f['pivotDeg'])}°`}.`;
    case 'ChargeDeclared':
      return `${g} declares a charge on ${P('target')} (its ${faceName(f['face'])}).`;
    case 'ChargeFellShort':
      return `${g}'s charge on ${P('target')} falls short.`;
    case 'ChargeHaltedShort':
      return `${g} halts 3cm short of ${P('target')}.`;
    case 'CommandAttempts':
      return `${P('general')} may attempt ${plural(num(f['attempts']), 'order')} this turn.`;
    case 'DeploymentRevealed': {
      const n = Array.isArray(f['units']) ? (f['units'] as unknown[]).length : 0;
      const gs = Array.isArray(f['generals']) ? (f['generals'] as unknown[]).length : 0;
      return `The troops placed in that step are revealed: ${plural(n, 'unit')}${gs ? ` and ${plural(gs, 'general')}` : ''}${n ? ` (${list('units')})` : ''}.`;
    }
    case 'DetachmentRejoined':
      return `The detached stands rejoin ${u} (${plural(num(f['stands']), 'stand')}).`;
    case 'DetachmentRemoved':
      return `A detachment of ${plural(num(f['stands']), 'stand')} is removed: ${s('why')}.`;
    case 'DisorderCured':
      return `${u} is no longer disordered.`;
    case 'EvadersCaught':
      return `${g} is caught by ${P('by')} as it evades.`;
    case 'EvasionChosen':
      return `${g} will ${f['evade'] ? 'evade' : 'stand'} when charged and evading is optional.`;
    case 'FlankMarchSent':
      return `${g} is sent on a flank march by the ${s('edge')} edge.`;
    case 'FlankSquareChosen':
      return `${g} will form square when charged in flank or rear: ${s('square') === 'always' ? 'always' : s('square') === 'never' ? 'never' : 'against cavalry'}.`;
    case 'ForcedMove':
      return `${g} must move on its ${orderName(f['order'])} order.`;
    case 'FormationChanged':
      return `${u} forms ${FORMATION[s('to')] ?? s('to')} from ${FORMATION[s('from')] ?? s('from')}.`;
    case 'FreshEnemyMet':
      return `${u} meets fresh enemy ${P('enemy')} in its ${faceName(f['face'])}.`;
    case 'GapFilled':
      return `A gap in ${u} is filled ${s('how')}.`;
    case 'GeneralCounterChosen':
      return `${P('general')} keeps the counter: ${counterWords(f['counter'])}.`;
    case 'GeneralDeployed':
      return `${P('general')} takes his post.`;
    case 'GeneralDrawn':
      return f['cinc'] ? `${P('general')} draws his counters.` : `${P('general')} draws his counter: ${counterWords(f['counter'])}.`;
    case 'GeneralKilled':
      return `${P('general')} is killed${f['replacement'] ? `; his replacement is ${counterWords(f['replacement'])}` : ''}.`;
    case 'GeneralMoved':
      return `${P('general')} rides to a new position.`;
    case 'GroupClosedUp':
      return `${u} closes up on ${g} (${cm(f['movedMm'])}).`;
    case 'GroupDressed':
      return `${g} dresses its ranks on ${P('anchor')} (${cm(f['costMm'])} of its move).`;
    case 'GroupFellBack':
      return `${g} falls back ${cm(f['distanceMm'])}.`;
    case 'GroupLeftTable':
      return `${g} leaves the table.`;
    case 'GroupMoved': {
      const legs = legWords(f['legs']);
      return `${g} moves ${legs || cm(f['costMm'])} (${cm(f['costMm'])} of its ${cm(f['allowanceMm'])}).`;
    }
    case 'GroupPursued':
      return `${g} pursues ${cm(f['distanceMm'])}.`;
    case 'GroupReturned':
      return `${g} comes back onto the table.`;
    case 'GroupRouted':
      return `${g} routs ${cm(f['distanceMm'])}.`;
    case 'HaltedAtTableEdge':
      return `${g} halts at the table edge.`;
    case 'HiddenUnitMoved':
      return `${u} moves unseen.`;
    case 'MeleeStandMoved':
      return `A stand of ${u} moves up beside ${P('beside')} to fight.`;
    case 'MoveChoiceSet': {
      const parts: string[] = [];
      if (f['atEdge']) parts.push(`at the table edge it will ${s('atEdge') === 'leave' ? 'leave the table' : 'halt'}`);
      if (f['afterPassThrough']) parts.push(`after passing through friends it goes to ${orderName(f['afterPassThrough'])}`);
      return `${g}: ${parts.join('; ') || 'no standing move choice'}.`;
    }
    case 'MoveDeferred':
      return `${g}'s ${s('kind') || 'move'} is made in the next movement phase.`;
    case 'MovedForReturn':
      return `${u} moves off to come back onto the table.`;
    case 'MovedIntoVacatedSpace':
      return `${u} moves ${cm(f['mm'])} into the space the enemy left.`;
    case 'OrderChanged':
      return `${g} changes from ${orderName(f['from'])} to ${orderName(f['to'])} orders${s('why') ? `: ${s('why')}` : ''}.`;
    case 'PursuitArtilleryChosen':
      return `${g} will ${f['fight'] ? 'fight' : 'pass through'} artillery it meets in pursuit.`;
    case 'ReformBlocked':
      return `${u} cannot re-form from ${FORMATION[s('formation')] ?? s('formation')}: there is no room.`;
    case 'RoutersThreadedGap':
      return `${u} routs through a gap (${cm(f['advanceMm'])}).`;
    case 'StandsDetached':
      return `${plural(num(f['stands']), 'stand')} of ${u} ${num(f['stands']) === 1 ? 'is' : 'are'} left in contact as a detachment.`;
    case 'StandsKilled':
      return `${u} loses ${plural(num(f['count']), 'stand')} to ${s('cause') || 'casualties'}.`;
    case 'SurrenderedRallied':
      return `${u}, which had surrendered, rallies.`;
    case 'TerrainBought':
      return `${sideWords(S('side')).subject} ${sideWords(S('side')).verb('buy', 'buys')} ${s('kind')} for ${plural(num(f['cost']), 'point')}.`;
    case 'TerrainGenerated': {
      const n = Array.isArray(f['pieces']) ? (f['pieces'] as unknown[]).length : 0;
      return `The terrain is generated: ${plural(n, 'piece')}.`;
    }
    case 'TerrainPurchaseRefused':
      return `${sideWords(S('side')).subject} may not buy terrain: ${s('why')}.`;
    case 'UnitDeployed':
      return `${u} is deployed${f['hidden'] ? ', hidden' : ''}.`;
    case 'UnitDestroyed':
      return `${u} is destroyed: ${s('cause')}.`;
    case 'UnitDisordered':
      return `${u} is disordered${s('why') ? ` (${s('why')})` : ''}.`;
    case 'UnitFormedSquare':
      return `${u} forms square.`;
    case 'UnitSplit':
      return `${u} is split by ${P('through')}.`;
    case 'UnitSpotted':
      return `${u} is spotted${s('why') ? `: ${s('why')}` : ''}.`;
    case 'UnitSurrendered':
      return `${u} surrenders.`;
    case 'UnitTurnedBack':
      return `${u} turns back to face the front.`;
    case 'UnitTurnedToFace':
      return `${u} turns ${plural(num(f['stands']), 'stand')} to face its ${faceName(f['face'])}.`;
    case 'UnitsInterpenetrated':
      return `${P('mover')} passes through ${P('other')}.`;
    case 'UnitsTransferred': {
      const n = Array.isArray(f['units']) ? (f['units'] as unknown[]).length : 0;
      return `${plural(n, 'unit')} (${list('units')}) ${n === 1 ? 'passes' : 'pass'} to the command of ${P('general')}.`;
    }
    default:
      return undefined;
  }
}

const PROMPT: Record<string, string> = { cureDisorder: 'to cure its disorder', rally: 'to rally', transfer: 'to take it into his command' };

/** One line for an SYW command (the commanding side and what it asked), names only. */
export function describeSywCommand(c: Command, names: EventNames): string | undefined {
  const t = commandSentence(c, names);
  return t && t.charAt(0).toUpperCase() + t.slice(1);
}

function commandSentence(c: Command, names: EventNames): string | undefined {
  const f = c as unknown as Record<string, unknown>;
  const s = (k: string): string => (typeof f[k] === 'string' ? (f[k] as string) : '');
  const P = (k: string): string => (k === 'group' && names.piece(s(k)) === s(k) ? 'a group' : names.piece(s(k)));
  const side = names.side(c.side);
  switch (c.type) {
    case 'prompt':
      return `${side}: ${P('general')} sends an order to ${P('group')} ${PROMPT[s('action')] ?? `to go to ${orderName(s('action'))}`}${s('unit') && s('action') !== 'rally' ? ` (${P('unit')})` : ''}.`;
    case 'selfOrder':
      return `${side}: ${P('group')} changes its own order to ${orderName(s('order'))}.`;
    case 'artilleryToStand':
      return `${side}: the guns of ${P('group')} go to Stand.`;
    case 'moveGroup':
      return `${side}: ${P('group')} moves ${legWords(f['legs'])}.`;
    case 'changeFormation':
      return `${side}: ${P('unit')} forms ${FORMATION[s('formation')] ?? s('formation')}.`;
    case 'moveGeneral':
      return `${side}: ${P('general')} rides to a new position.`;
    case 'declareCharge':
      return `${side}: ${P('group')} charges ${P('target')}${s('ifShort') === 'halt' ? ' (halting short if it cannot reach)' : ''}.`;
    case 'shoot':
      return `${side}: ${P('unit')} shoots at ${P('target')}.`;
    case 'deploy':
      return `${side}: ${P('unit')} is deployed${f['hidden'] ? ', hidden' : ''}.`;
    case 'deployGeneral':
      return `${side}: ${P('general')} takes his post.`;
    case 'holdBackBrigade':
      return `${side}: one brigade is held back to deploy last.`;
    case 'chooseCounter':
      return `${side}: ${P('general')} keeps one of his counters.`;
    case 'flankMarch':
      return `${side}: ${P('group')} goes on a flank march by the ${s('edge')} edge.`;
    case 'revealUnit':
      return `${side}: ${P('unit')} is revealed.`;
    case 'moveHidden':
      return `${side}: ${P('unit')} moves unseen.`;
    case 'detachStands':
      return `${side}: ${P('unit')} leaves stands in contact as a detachment.`;
    case 'moveMeleeStand':
      return `${side}: a stand of ${P('unit')} moves up to fight.`;
    case 'dressGroup':
      return `${side}: ${P('group')} dresses its ranks.`;
    case 'alignInMelee':
      return `${side}: ${P('group')} aligns in the melee.`;
    case 'setAmbush':
      return `${side}: ${P('unit')} ${f['ambush'] ? 'lies in ambush' : 'no longer lies in ambush'}.`;
    case 'setEvasion':
    case 'setAfterRout':
    case 'setAdvanceOnOk':
    case 'setPursuitArtillery':
    case 'setFlankSquare':
    case 'setMoveChoice':
      return `${side}: a standing choice for ${P('group')}.`;
    default:
      return undefined;
  }
}

const SYW_TABLES: Readonly<Record<string, string>> = {
  cincAbility: 'CinC ability table',
  meleeResults: 'melee chart',
  shootingResults: 'shooting results table',
  'morale.charging': 'morale table (charging)',
  'morale.rally': 'morale table (rally)',
  'morale.casualtiesOrBeingCharged': 'morale table (casualties or being charged)',
};

/** The table a roll read, as the rules name it: 'CinC ability table, Prussian column'. */
export function describeSywTable(t: TableRef): string | undefined {
  const name = Object.hasOwn(SYW_TABLES, t.id) ? SYW_TABLES[t.id] : undefined;
  if (!name) return undefined;
  const column = t.column === undefined ? '' : `, ${Object.hasOwn(NATION_COLUMN, t.column) ? NATION_COLUMN[t.column as keyof typeof NATION_COLUMN] : t.column} column`;
  // The CinC ability table's row is the die; a morale table's is the modified score.
  const row = t.row === undefined ? '' : t.id.startsWith('morale.') ? `, score ${t.row}` : `, row ${t.row}`;
  return `${name}${row}${column}`;
}
