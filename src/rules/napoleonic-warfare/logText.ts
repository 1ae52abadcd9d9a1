/**
 * NW's words for the event log: one plain sentence a player can follow for each of the module's
 * events (unit names, distances in inches, what happened and why), and for each command. Only
 * words: the events themselves are unchanged (other code reads their fields). Dice rolls are
 * not described here: the log shows each roll with its purpose, modifiers and target.
 */
import type { AnyEvent, Command } from '../../engine/command';
import type { EventNames } from '../../engine/ruleset';
import type { NwGameState } from './types';
import { ORDERS, type OrderId } from './tables/orders';
import { sideWords } from '../words';
import type { TableRef } from '../../engine/dice';

const STATE: Record<string, string> = { good: 'Good Order', disordered: 'Disordered', fragmented: 'Fragmented', routed: 'Routed', dispersed: 'Dispersed' };
const REMOVED: Record<string, string> = {
  dispersed: 'dispersed and removed from the table', destroyed: 'destroyed', captured: 'captured', 'left-table': 'off the table',
  'routed-off': 'routed off the table', 'off-table': 'off the table',
};
const DEPLOY: Record<string, string> = {
  'change-facing': 'changes facing', 'change-formation': 'changes formation', wheel: 'wheels', 'step-forward': 'steps forward one stand depth',
  sidestep: 'sidesteps one stand width', 'fall-back': 'falls back half a move, still facing the enemy', limber: 'limbers up', unlimber: 'unlimbers',
  handpush: 'handpushes its guns forward', 'search-ford': 'searches for a ford', 'throw-out-screen': 'throws out a skirmish screen',
  'recall-screen': 'recalls its skirmish screen', recrew: 'sends its crew back to the guns', 'spike-guns': 'spikes captured guns', dismount: 'dismounts',
  mount: 'mounts', expand: 'expands one stand per flank', contract: 'contracts one stand per flank', halt: 'stands halted',
};
const RESPONSE: Record<string, string> = {
  countercharge: 'countercharges', face: 'turns to face the charge', 'fall-back': 'falls back before the charge', 'hasty-square': 'tries to form a hasty square',
  evade: 'evades (skirmishers run back)', stand: 'stands to receive the charge',
};

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));
const inch = (v: unknown): string => `${Math.round(num(v) * 10) / 10}"`;
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const orderName = (o: unknown): string => (typeof o === 'string' && o in ORDERS ? ORDERS[o as OrderId].name : String(o));
/** 'an Advance order', 'a Charge order'. */
const anOrder = (o: unknown): string => `${/^[AEIOU]/i.test(orderName(o)) ? 'an' : 'a'} ${orderName(o)} order`;
const tens = (v: unknown): string => (num(v) === 1 ? 'a "10"' : `${num(v)} "10"s`);

function failureWords(r: unknown): string {
  const o = (r ?? {}) as { kind?: string; disordered?: boolean; state?: string; standsLost?: number };
  switch (o.kind) {
    case 'halt-short':
      return 'it halts 1" short of its target';
    case 'halt':
      return `it halts${o.disordered ? ' and is Disordered' : ''}`;
    case 'retreat':
      return `it retreats, ${o.state === 'fragmented' ? 'Fragmented' : 'Disordered'}`;
    case 'rout':
      return `it routs${o.standsLost ? `, losing ${plural(o.standsLost, 'stand')}` : ''}`;
    case 'disperse-or-surrender':
      return 'it disperses, or surrenders if in contact';
    default:
      return 'it suffers the failure result';
  }
}

const signedMod = (v: number): string => (v < 0 ? `−${-v}` : `+${v}`);

/**
 * How a close-combat score was built (NW Combat Score Tables), from the roll or score event of
 * that unit earlier in the same command: its combat die, then each factor, then the total —
 * 'die 5; grade (line-1st) +3, won the combat die 5 v 2 +3, general with unit +2 = 8'.
 */
function scoreBuild(earlier: readonly AnyEvent[], unitId: string, score: number, own?: unknown): string {
  // The factors come with the result (CloseCombatResolved aModifiers/bModifiers); logs saved
  // before that carried them on the CombatScore event or on the fraction roll.
  const given = Array.isArray(own) ? (own as readonly { label: string; value: number }[]) : undefined;
  let mods: readonly { label: string; value: number }[] | undefined;
  let die: number | undefined;
  for (const e of earlier) {
    const f = e as unknown as Record<string, unknown>;
    const subject = Array.isArray(f['subjects']) ? (f['subjects'] as string[])[0] : undefined;
    if (e.type === 'CombatScore' && f['unit'] === unitId) mods = f['modifiers'] as typeof mods;
    else if (e.type === 'DiceRolled' && subject === unitId && typeof f['purpose'] === 'string') {
      if (/: combat die$/.test(f['purpose'])) die = num(f['total']);
      else if (/the fraction$/.test(f['purpose']) && Array.isArray(f['modifiers']) && (f['modifiers'] as unknown[]).length > 0) mods = f['modifiers'] as typeof mods;
    }
  }
  mods = given ?? mods;
  if (!mods) return String(score);
  const parts = mods.map((m) => `${m.label} ${signedMod(m.value)}`).join(', ');
  return `${die !== undefined ? `die ${die}; ` : ''}${parts} = ${score}`;
}

/** One sentence for an NW event, or undefined for the log's generic line. */
export function describeNwEvent(e: AnyEvent, names: EventNames, earlier: readonly AnyEvent[] = []): string | undefined {
  const f = e as unknown as Record<string, unknown>;
  const s = (k: string): string => (typeof f[k] === 'string' ? (f[k] as string) : '');
  const P = (k: string): string => names.piece(s(k));
  const S = (k: string): string => names.side(s(k));
  const W = (k: string) => sideWords(S(k));
  const u = P('unit');
  switch (e.type) {
    case 'ArmiesReady':
      return `The armies are drawn up on ${s('scale') === 'large' ? 'large (25mm)' : 'medium (15mm)'} bases: every distance follows that scale.`;
    case 'HeldOffTable':
      return `${u} waits off the table ${s('kind') === 'flank-march' ? 'on a flank march' : 'in reserve'}.`;
    case 'AmbushRevealed':
      return `${u} is revealed from ambush: ${s('why')}.`;
    case 'AmmunitionChanged':
      return s('to') === 'stocked' ? `${u} is restocked with ammunition.`
        : s('to') === 'low' ? `${u} rolled ${tens(f['tens'])} firing: it is now Low on ammunition (only half its stands fire).`
          : `${u} rolled ${tens(f['tens'])} firing: it is now Out of ammunition and cannot fire.`;
    case 'ArrivalDelayed':
      return `${u} cannot come on this turn: ${s('reason')}${s('by') ? ` by ${P('by')}` : ''}.`;
    case 'ArtilleryLimbered':
      return `${u} limbers up.`;
    case 'ArtilleryUnlimbered':
      return num(f['afterMoveIn']) > 0 ? `${u} moves ${inch(f['afterMoveIn'])} and unlimbers.` : `${u} unlimbers where it stands.`;
    case 'BuildingsOccupied':
      return `${u} takes up positions in ${P('terrain')} (${plural(num(f['stands']), 'stand')} inside).`;
    case 'BuildingFull':
      return `${u} cannot enter ${P('terrain')}: it holds only ${plural(num(f['capacity']), 'stand')}.`;
    case 'CasualtiesInflicted': {
      const lost = num(f['standsLost']);
      return `${u} suffers ${plural(num(f['casualties']), 'casualty', 'casualties')} from ${s('source')}${lost > 0 ? `, losing ${plural(lost, 'stand')} (${num(f['standsLeft'])} left)` : ''}; ${num(f['carried'])} carried towards the next stand.`;
    }
    case 'CavalryDismounted':
      return `${u} dismounts to fight on foot.`;
    case 'CavalryMounted':
      return `${u} mounts up.`;
    case 'ChargeDeclared':
      return `${u} charges ${P('target')}${f['automatic'] ? ' (no target was named: the nearest one it may charge)' : ''}.`;
    case 'ChargeLapsed':
      return `${u}'s charge lapses: there is no enemy it may charge within reach, and the unit is Disordered.`;
    case 'ChargerCaught':
      return `${u} is caught by ${P('by')} before it reaches ${P('ownTarget')}, and is halted.`;
    case 'ChargeWheeled':
      return `${u} wheels ${Math.abs(num(f['degrees']))}° to the ${num(f['degrees']) > 0 ? 'right' : 'left'} as its charge starts (${inch(f['costIn'])} of its move).`;
    case 'ChargeResponseChosen':
      return `${u} ${RESPONSE[s('response')] ?? s('response')}.`;
    case 'CloseCombatJoined': {
      const face = s('face');
      return `${P('attacker')} ${f['charged'] ? 'charges home on' : 'comes into contact with'} ${P('defender')}${face && face !== 'front' ? ` in the ${face}` : ''}: close combat.`;
    }
    case 'CloseCombatResolved': {
      const side = (k: 'a' | 'b') => `${P(k)} (${plural(num(f[`${k}Stands`]), 'stand')} fighting, score ${scoreBuild(earlier, s(k), num(f[`${k}Score`]), f[`${k}Modifiers`])})`;
      return `Close combat, round ${num(f['round'])}: ${side('a')} against ${side('b')}. ${P('a')} suffers ${plural(num(f['aLost']), 'casualty', 'casualties')}, ${P('b')} ${plural(num(f['bLost']), 'casualty', 'casualties')}.`;
    }
    case 'CombatEnded':
      return `The close combat ends: ${s('reason')}.`;
    case 'CombatFlankChosen':
      return `${W('by').subject} ${W('by').verb('resolve', 'resolves')} this turn's close combats starting from ${W('by').their} ${s('flank')}.`;
    case 'CombatLocked':
      return 'Both sides lost as many: they are locked in melee and fight on next turn.';
    case 'CombatScore': {
      const mods = Array.isArray(f['modifiers']) ? (f['modifiers'] as { label: string; value: number }[]).map((m) => `${m.value >= 0 ? '+' : '−'}${Math.abs(m.value)} ${m.label}`).join(', ') : '';
      return `${u} fights ${P('against')} with ${plural(num(f['stands']), 'stand')} at combat score ${num(f['score'])}${mods ? ` (${mods})` : ''}: ${plural(num(f['casualties']), 'casualty', 'casualties')}, no fraction to roll.`;
    }
    case 'Conceded':
      return `${W('side').subject} ${W('side').verb('concede', 'concedes')}: the turn is played out, then Loss Points are counted.`;
    case 'EvasionOffered':
      return `${u}, skirmishing cavalry advanced into by ${P('from')}, may retreat or stay and fight.`;
    case 'FireAndFleeNoShot':
      return `${u} has no shot at ${P('target')} before the crew run.`;
    case 'FollowUpOffered':
      return `${u} may ${f['pursuit'] ? 'pursue' : 'follow up'} ${P('after')} or stay where it is (its Deploy order gives the choice).`;
    case 'GeneralHit':
      return `General ${P('general')} takes ${plural(num(f['hits']), 'hit')} from ${s('source')} (${num(f['total'])} in all).`;
    case 'GeneralLost':
      return `General ${P('general')} is lost: ${s('cause')}.`;
    case 'GeneralMoved':
      return `General ${P('general')} rides to a new position${s('joined') ? ` and joins ${P('joined')}` : ''}.`;
    case 'GeneralRatingFixed':
      return `The scenario fixes General ${P('general')}'s rating as ${s('rating')}.`;
    case 'GeneralRouted':
      return `General ${P('general')} routs ${inch(f['distanceIn'])}${s('withUnit') ? ` with ${P('withUnit')}` : ''}${f['offTable'] ? ' and leaves the table' : ''}.`;
    case 'GeneralWounded':
      return `General ${P('general')} is wounded by ${s('source')}: one more hit removes him.`;
    case 'GunsAbandoned':
      return `The crew of ${u} run behind ${P('crewBehind')}${f['charged'] ? ' as the charge comes in' : ''}; the guns stand abandoned.`;
    case 'GunsCaptured':
      return `${P('by')} reaches the abandoned guns of ${u} and captures them: their crew cannot come back to them while the enemy holds them.`;
    case 'GunsRecrewed':
      return `The crew of ${u} come back to their guns; they may fire again next turn.`;
    case 'GunsRetaken':
      return `${P('by')} retakes the unspiked guns of ${u}: the crew may come back to them with a Deploy order.`;
    case 'GunsSpiked':
      return `${P('by')} spikes the captured guns of ${u}: they will never fire again.`;
    case 'HaltedAtEngagementRange':
      return `${u} halts on coming within Engagement Range of a visible enemy.`;
    case 'InitiativeChosen':
      return `${W('by').subject} ${W('by').verb('give', 'gives')} the Initiative to ${W('initiative').noun}, who ${W('initiative').verb('move', 'moves')} first.`;
    case 'InitiativeWon':
      return `${W('side').subject} ${W('side').verb('win', 'wins')} the initiative roll.`;
    case 'MoraleFailed':
      return `${u} fails its morale test by ${num(f['failedBy'])}${f['charging'] ? ' while charging' : ''}: ${failureWords(f['result'])}.`;
    case 'MoraleStateChanged':
      return `${u} goes from ${STATE[s('from')] ?? s('from')} to ${STATE[s('to')] ?? s('to')}: ${s('cause')}.`;
    case 'MoveFlankChosen':
      return `${W('side').subject} ${W('side').verb('move', 'moves')} ${W('side').their} units starting from ${W('side').their} ${s('flank')} flank${f['automatic'] ? ' (taken as the side of the first unit moved)' : ''}.`;
    case 'NearestTargetSettled': {
      const among = Array.isArray(f['among']) ? (f['among'] as string[]).map((x) => names.piece(x)).join(' and ') : '';
      return `${among} are equally near ${u}: it fires at ${P('target')}.`;
    }
    case 'ObstacleNotCrossed':
      return `${u} cannot get across ${P('terrain')} this move.`;
    case 'OrderCancelled':
      return `${u}'s ${orderName(f['order'])} order is cancelled: ${s('reason') === 'fired' ? 'it fired' : s('reason')}.`;
    case 'OrderDiscarded':
      return `${u}'s ${orderName(f['order'])} order is discarded: it ${s('reason')}.`;
    case 'OrderMarkerPlaced':
      return `An order marker is placed face down on ${u}.`;
    case 'OrderPlaced':
      return `General ${P('general')} gives ${u} ${anOrder(f['order'])}, face down.`;
    case 'OrderRevealed':
      return `${u}'s order is turned over: ${orderName(f['order'])}.`;
    case 'AdvanceCompelled':
      return `${u} has an Advance order and has not moved: it must move at least half its move, so it advances ${f['distanceIn']}" straight ahead.`;
    case 'AdvanceStoodFast':
      return `${u} has an Advance order but stands fast: ${s('reason')}.`;
    case 'SkirmishersRegrouped':
      return `${u} pass through ${P('behind')} and regroup behind them${Number(f['extraIn']) > 0 ? `, taking ${f['extraIn']}" of extra movement` : ''}.`;
    case 'FiredAtAdvancer':
      return `${u} fires at ${P('at')}, advancing into contact, at ${s('band')} range.`;
    case 'FacedAttacker':
      return f['how'] === 'wheel' ? `${u} wheels ${Math.abs(Number(f['degrees']))}° to face ${P('attacker')}.` : f['how'] === 'change-face' ? `${u} changes face ${Math.abs(Number(f['degrees']))}° towards ${P('attacker')}.` : `${u} already faces ${P('attacker')}.`;
    case 'SkirmishersOrderedToRetreat':
      return `${u}, skirmishers with a Deploy order, are charged by ${P('from')}: their order becomes Retreat and they fall back.`;
    case 'PursuitForgone':
      return `${u} does not pursue: ${s('reason')}.`;
    case 'PushBackAbsorbed':
      return `${u} loses to ${P('by')} as well but is not pushed back again: ${s('reason')}.`;
    case 'ReserveReleased':
      return `${u} is called up from the reserve and arrives this turn.`;
    case 'RetreatBlocked':
      return `${u}'s retreat is stopped by ${P('by')}.`;
    case 'RoadMove':
      return `${u} ${s('move') === 'charge' ? 'charges' : `makes its ${s('move')}`} along the road: ${inch(f['fromIn'])} becomes ${inch(f['toIn'])}.`;
    case 'RoutersSwerved': {
      const w = num(f['wheelDeg']);
      const parts = [w !== 0 ? `wheel ${Math.abs(w)}° to the ${w > 0 ? 'right' : 'left'}` : '', f['frontage'] !== undefined ? `narrow their front to ${plural(num(f['frontage']), 'stand')}` : ''].filter(Boolean);
      return `The routers of ${u} ${parts.join(' and ') || 'swerve'} to get clear${f['clear'] === false ? ', but cannot find a clear way' : ''}.`;
    }
    case 'ScreenRecalled':
      return `${u}'s skirmish screen runs back and rejoins it.`;
    case 'SkirmishersEvaded':
      return `${u} ${f['voluntary'] ? 'chooses to retreat' : 'retreats'} before ${P('from')} (skirmishers).`;
    case 'SquareFormed':
      return `${u} forms ${f['hasty'] ? 'a hasty square' : 'square'}.`;
    case 'SquareNotFormed':
      return `${u} cannot form square: ${s('reason')}.`;
    case 'StandsDroppedBack':
      return `${u} drops ${plural(num(f['left']) + num(f['right']), 'stand')} back into the rear ranks: its front is now ${plural(num(f['frontage']), 'stand')}.`;
    case 'StrategicMoveCancelled':
      return `${u}'s planned strategic move is withdrawn.`;
    case 'StrategicMoveLapsed':
      return `${u}'s strategic move lapses: ${s('reason')}.`;
    case 'StrategicMovePlanned':
      return `${u}'s strategic move is planned${s('plan') ? `: ${s('plan')}` : ''}.`;
    case 'StrategicMoveRevealed':
      return `${u}'s strategic move is revealed${s('plan') ? `: ${s('plan')}` : ''}.`;
    case 'StrategicMoveResolved':
      return s('halted') === 'engagement-range'
        ? `${u} moves strategically and halts on coming within Engagement Range of ${s('haltedByName') || P('haltedBy')} (${inch(f['plannedIn'])} planned).`
        : s('halted') === 'collision'
        ? `${u} moves strategically and halts where it would run into ${s('haltedByName') || P('haltedBy')}, moving at the same time (${inch(f['allowedIn'])} of ${inch(f['plannedIn'])} planned).`
        : `${u} completes its strategic ${s('move') || 'move'} of ${inch(f['plannedIn'])} (${inch(f['allowedIn'])} allowed).`;
    case 'TerrainDelay':
      return `${u} loses ${inch(f['delayIn'])} of its move to ${P('terrain')}.`;
    case 'TerrainGenerated':
      return `The terrain is generated by the Terrain Table: ${plural(Array.isArray(f['features']) ? (f['features'] as unknown[]).length : 0, 'feature')}; ${S('firstPlayer')} placed first.`;
    case 'TerrainShiftRefused':
      return `${W('side').subject} may not shift a terrain placement: only an Exceptional or Charismatic CinC may.`;
    case 'UnitArrived':
      return `${u} arrives on the table${s('kind') === 'reserve' ? ' from the reserve' : s('kind') === 'flank-march' ? ' from its flank march' : s('kind') === 'returning' ? ', returning' : ''}.`;
    case 'UnitDeployed':
      return `${u} ${DEPLOY[s('action')] ?? s('action')} (Deploy).`;
    case 'UnitExpanded':
      return `${u} widens its front to ${plural(num(f['frontStands']), 'stand')} as it pushes back its enemy.`;
    case 'UnitFollowedUp':
      return `${u} follows up the enemy it pushed back.`;
    case 'UnitMoved': {
      const w = num(f['wheelDeg']);
      return `${u} ${f['strategic'] ? 'moves strategically' : 'advances'} ${inch(f['distanceIn'])}${w !== 0 ? ` after a ${Math.abs(w)}° wheel` : ''}${s('blocked') ? ` and is stopped: ${s('blocked')}` : ''}.`;
    }
    case 'UnitPursued':
      return `${u} pursues ${P('after')}.`;
    case 'UnitPushedBack':
      return `${u} is pushed back ${inch(f['distanceIn'])} by ${P('by')}.`;
    case 'UnitRejoined':
      return `${u}'s stands are together again.`;
    case 'UnitRemoved': {
      const who = s('name') || u;
      return `${who} is ${REMOVED[s('status')] ?? s('status')}: ${s('cause')}.`;
    }
    case 'UnitRetreated':
      return `${u} retreats ${inch(f['distanceIn'])}${f['road'] ? ' along the road' : ''}${f['forced'] ? ' after failing its morale test' : ''}.`;
    case 'UnitRouted':
      return `${u} routs ${inch(f['distanceIn'])}${f['road'] ? ' along the road' : ''}.`;
    case 'UnitSeparated': {
      const n = Array.isArray(f['stands']) ? (f['stands'] as unknown[]).length : 0;
      return `${plural(n, 'stand')} of ${u} ${n === 1 ? 'is' : 'are'} cut off from the rest of the unit, ${inch(f['gapIn'])} away (${s('cause')})${f['fragmented'] ? ': the unit is Fragmented' : ''}.`;
    }
    case 'UnitTurnedAbout':
      return `${u} makes its free about-turn.`;
    case 'WillNotReturn':
      return `${u} will not come back to the table: ${s('reason')}.`;
    default:
      return undefined;
  }
}

/** One line for an NW command: 'French: 1/45e Ligne advances 8" after a 20° wheel.' */
export function describeNwCommand(state: NwGameState, c: Command): string {
  const f = c as unknown as Record<string, unknown>;
  const name = (id: unknown): string => (typeof id === 'string' ? (state.battle.units.find((x) => x.id === id)?.name ?? state.battle.generals.find((g) => g.id === id)?.name ?? id) : '');
  const side = state.battle.sides.find((x) => x.id === c.side)?.name ?? c.side;
  const u = name(f['unitId']);
  const body = ((): string => {
    switch (c.type) {
      case 'placeOrder':
        return `General ${name(f['generalId'])} gives ${u} ${anOrder(f['order'])} (face down)`;
      case 'turnAbout':
        return `${u} makes the free 180° turn`;
      case 'moveUnit': {
        const w = num(f['wheelDeg']);
        const what = f['unlimber'] ? (num(f['distanceIn']) > 0 ? `advances ${inch(f['distanceIn'])} and unlimbers` : 'unlimbers') : `${f['limber'] ? 'limbers and ' : ''}advances ${inch(f['distanceIn'])}`;
        return `${u} ${what}${w !== 0 ? ` after a ${Math.abs(w)}° wheel to the ${w > 0 ? 'right' : 'left'}` : ''}${f['dropBack'] ? ', dropping stands back where needed' : ''}`;
      }
      case 'retreatUnit': {
        const w = num(f['wheelDeg']);
        return `${u} retreats ${inch(f['distanceIn'])}${w !== 0 ? ` with a ${Math.abs(w)}° wheel` : ''}`;
      }
      case 'deployUnit': {
        const a = String(f['action']);
        const detail = a === 'change-formation' ? ` into ${String(f['formation']).replace('-', ' ')}` : a === 'change-facing' ? ` ${num(f['degrees'])}°` : a === 'wheel' ? ` ${num(f['degrees'])}°` : a === 'sidestep' ? ` to the ${String(f['direction'])}` : a === 'throw-out-screen' ? ` of ${plural(num(f['stands']), 'stand')}` : a === 'spike-guns' ? ` (${name(f['gunsId'])})` : '';
        return `${u} ${DEPLOY[a] ?? a}${detail} (Deploy)`;
      }
      case 'declareCharge':
        return `${u} charges ${name(f['targetId'])}`;
      case 'respondToCharge':
        return `${u} ${RESPONSE[String(f['response'])] ?? String(f['response'])}`;
      case 'chooseInitiative':
        return `gives the Initiative to ${state.battle.sides.find((x) => x.id === f['moveFirst'])?.name ?? String(f['moveFirst'])}`;
      case 'chooseCombatFlank':
        return `resolves close combats from its ${String(f['flank'])}`;
      case 'chooseMoveFlank':
        return `moves its units from its ${String(f['flank'])} flank`;
      case 'moveGeneral':
        return `General ${name(f['generalId'])} rides to a new position${f['joinUnit'] ? ` and joins ${name(f['joinUnit'])}` : ''}`;
      case 'releaseReserve':
        return `calls ${u} up from the reserve`;
      case 'evadeContact':
        return f['evade'] ? `${u} retreats from the enemy` : `${u} stays and fights`;
      case 'followUp':
        return f['follow'] ? `${u} follows up` : `${u} stays where it is`;
      case 'cancelStrategicMove':
        return `withdraws ${u}'s planned strategic move`;
      default:
        return `${c.type}${u ? ` ${u}` : ''}`;
    }
  })();
  return `${side}: ${body}.`;
}

const NW_TABLES: Readonly<Record<string, string>> = {
  ability: 'generals\' ability table',
  toPass: 'To Pass table',
  smallArms: 'small arms fire table',
  artilleryToHit: 'artillery fire table',
};
const GUNS: Readonly<Record<string, string>> = { heavy: 'heavy guns', medium: 'medium guns', light: 'light guns', horse: 'horse guns' };

/** The table a roll read, as the rules name it: 'To Pass table, Veteran', 'artillery fire table, light guns at close range'. */
export function describeNwTable(t: TableRef): string | undefined {
  const name = Object.hasOwn(NW_TABLES, t.id) ? NW_TABLES[t.id] : undefined;
  if (!name) return undefined;
  const cap = (x: string) => x.charAt(0).toUpperCase() + x.slice(1);
  if (t.id === 'toPass' && t.row !== undefined) return `${name}, ${cap(t.row)}`;
  if (t.id === 'artilleryToHit' && t.row !== undefined) return `${name}, ${Object.hasOwn(GUNS, t.row) ? GUNS[t.row] : t.row}${t.column !== undefined ? ` at ${t.column} range` : ''}`;
  if (t.id === 'smallArms' && t.column !== undefined) return `${name}, ${t.column} range`;
  return `${name}${t.row !== undefined ? `, ${t.row}` : ''}${t.column !== undefined ? `, ${t.column}` : ''}`;
}
