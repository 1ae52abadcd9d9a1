/** One sentence for each of the Death or Glory! events in the log (RulesetModule.describeEvent); the rolls explain themselves (DiceRolled). */
import type { EventNames } from '../../engine/ruleset';
import type { AnyEvent } from '../../engine/command';
import type { TableRef } from '../../engine/dice';

export function describeDogEvent(e: AnyEvent, n: EventNames): string | undefined {
  const x = e as unknown as Record<string, unknown>;
  const p = (k: string) => n.piece(String(x[k]));
  switch (e.type) {
    case 'InitiativeWon': return `${n.side(String(x['side']))} have the initiative: they move and fire first.`;
    case 'OrderWritten': return `${n.side(String(x['side']))}: ${p('brigade')} ordered to ${String(x['order'])} (${String(x['how'])}).`;
    case 'MessengerSent': return `${n.side(String(x['side']))}: a messenger rides to ${p('brigade')} with the order to ${String(x['order'])}.`;
    case 'MessengerArrived': return `The messenger reaches ${p('brigade')}: the order to ${String(x['order'])} is acted on from turn ${String(x['actedOnFrom'])}.`;
    case 'OrderActedOn': return `${p('brigade')} now acts on the order to ${String(x['order'])}.`;
    case 'FiguresLost': return `${p('unit')} loses ${String(x['men'])} men (${String(x['figures'])} figure${x['figures'] === 1 ? '' : 's'}); ${String(x['left'])} left.`;
    case 'UnitShaken': return `${p('unit')} is shaken.`;
    case 'UnitBroke': return `${p('unit')} breaks and will rout.`;
    case 'Routed': return `${p('unit')} routs ${String(x['distanceM'])} m${x['offTable'] ? ' and leaves the field' : ''}.`;
    case 'Evaded': return `${p('unit')} evades ${String(x['distanceM'])} m${x['offTable'] ? ' and leaves the field' : ''}.`;
    case 'Retired': return `${p('unit')} retires ${String(x['distanceM'])} m.`;
    case 'Pursued': return `${p('unit')} pursues ${String(x['distanceM'])} m toward ${p('toward')}.`;
    case 'ChargeDeclared': return `${p('unit')} declares a charge on ${p('target')}${x['face'] ? ` (its ${String(x['face'])})` : ''}${x['impact'] ? '' : ` — an assault${x['why'] ? `: ${String(x['why'])}` : ''}`}.`;
    case 'MeleeReinforced': return `${p('unit')} moves ${String(x['distanceM'])} m into the melee against ${p('target')}${x['face'] ? `'s ${String(x['face'])}` : ''} (no impact).`;
    case 'BrokeThrough': return `${p('unit')} breaks through ${p('into')}: it attacks its rear in the next round.`;
    case 'FlowedRound': return `${p('unit')} flows round the flanks of ${p('column')}.`;
    case 'UncontrolledCharge': return `${p('unit')} breaks through ${p('through')} and charges on, out of control, ${String(x['distanceM'])} m.`;
    case 'ControlCharge': return `${p('unit')} charges ${p('target')}${x['face'] ? `'s ${String(x['face'])}` : ''} unbidden (${String(x['distanceM'])} m${x['impact'] ? ', with impact' : ', no impact'}).`;
    case 'TurnedToFace': return `${p('unit')} wheels to face the charge on its ${String(x['face'])}.`;
    case 'CannotFace': return `${p('unit')} cannot wheel to face: ${String(x['why'])}.`;
    case 'NoTimeToFace': return `${p('unit')} has no time to wheel: the charger is on it in ${String(x['share'])} of its move (a wheel takes 1/4).`;
    case 'CounterchargeDeclared': return `${p('unit')} countercharges ${p('target')}.`;
    case 'ReactionDeclared': return `${p('unit')} will ${String(x['reaction'])}.`;
    case 'ChargeContact': return `${p('unit')} charges home on ${p('target')}${x['face'] ? `'s ${String(x['face'])}` : ''} (${String(x['distanceM'])} m${x['impact'] ? ', with impact' : ', no impact'}).`;
    case 'ChargeFellShort': return `${p('unit')} fails to reach ${p('target')} and is unformed.`;
    case 'ChargeHalted': return `${p('unit')} halts its charge.`;
    case 'MeleeWon': return `${p('winner')} wins the melee with ${p('loser')} (round ${String(x['round'])}: ${String(x['caused'])} men to ${String(x['suffered'])}).`;
    case 'MeleeDrawn': return `The melee between ${p('a')} and ${p('b')} is even: it goes on.`;
    case 'ControlResult': return `${p('unit')}: control test — ${String(x['result'])} for ${String(x['moves'])} move(s).`;
    case 'Rallied': return `${p('unit')} rallies${x['eligible'] ? ` (${String(x['eligible'])})` : ''}.`;
    case 'CannotRally': return `${p('unit')} cannot rally: in sight of the enemy, unscreened, within 250 m of formed enemy troops.`;
    case 'Reformed': return `${p('unit')} is now ${String(x['order'])}${x['needs'] !== undefined ? ` (${String(x['after'])} of ${String(x['needs'])} turns of rest: ${String(x['why'])})` : ''}.`;
    case 'Reforming': return `${p('unit')} is reforming: ${String(x['idleTurns'])} of ${String(x['needs'])} turns of rest (${String(x['why'])}).`;
    case 'FormationChanged': return `${p('unit')} forms ${String(x['formation'])}.`;
    case 'UnitMoved': return `${p('unit')} moves ${String(x['distanceM'])} m.`;
    case 'GeneralHit': return `${p('general')} is hit: ${String(x['wound'])}.`;
    case 'ArmyBroken': return `${n.side(String(x['side']))}' army has broken.`;
    case 'UnitLeftField': return `${p('unit')} is lost (${String(x['how'])}).`;
    default: return undefined;
  }
}

/** The table a roll read, in words: 'casualty chart, column 4 battalions'. */
export function describeDogTable(t: TableRef): string | undefined {
  const name = t.id === 'casualtyChart' ? 'casualty chart' : t.id === 'artilleryChart' ? 'artillery casualty chart' : t.id === 'generalsRisk' ? 'generals\' risk table' : undefined;
  return name === undefined ? undefined : `${name}${t.row !== undefined ? `, row ${t.row}` : ''}${t.column !== undefined ? `, column ${t.column}` : ''}`;
}
