/** One sentence for each of Advanced Shako's own events in the log. */
import type { AnyEvent } from '../../engine/command';
import type { EventNames } from '../../engine/ruleset';
import type { TableRef } from '../../engine/dice';

const inch = (x: unknown) => `${typeof x === 'number' ? x.toFixed(1) : '?'}"`;

export function describeShEvent(e: AnyEvent, n: EventNames): string | undefined {
  const x = e as unknown as Record<string, unknown>;
  const p = (k: string) => n.piece(String(x[k]));
  switch (e.type) {
    case 'UnitMoved': return `${p('unit')} moves ${inch(x['distanceIn'])}.`;
    case 'FormationChanged': return `${p('unit')} forms ${String(x['formation'])}${x['involuntary'] ? ' (involuntarily)' : ''}.`;
    case 'Charged': return `${p('unit')} charges ${p('target')} (${inch(x['distanceIn'])})${x['obligatory'] ? ': an obligatory charge' : ''}.`;
    case 'HastySquare': return x['formed'] ? `${p('unit')} forms a hasty square.` : `${p('unit')} fails to form square: it keeps its formation, fights with its DisMR and may not fire.`;
    case 'NoHastySquare': return `${p('unit')} need not form a hasty square: ${String(x['why'])}.`;
    case 'Staggered': return `${p('unit')} is Staggered (${String(x['cause'])}).`;
    case 'Killed': return `${p('unit')} suffers a kill (${String(x['cause'])}): ${String(x['kills'])} kills.`;
    case 'UnitBroken': return `${String(x['name'])} is Broken and removed: ${String(x['why'])}.`;
    case 'FellBack': return `${p('unit')} falls back ${inch(x['distanceIn'])}${x['formedColumn'] ? ' and forms column to fit between its friends' : ''}.`;
    case 'Recalled': return `${p('unit')} recalls ${inch(x['distanceIn'])} and is Blown.`;
    case 'RecallFailed': return `${p('unit')} fails to recall and must fight the square.`;
    case 'Blown': return `${p('unit')} is Blown.`;
    case 'Reformed': return `${p('unit')} reforms.`;
    case 'Rallied': return `${p('unit')} rallies from Fallback.`;
    case 'RallyProhibited': return `${p('unit')} cannot rally: ${p('by')} is within 6".`;
    case 'Steadied': return `${p('unit')} steadies.`;
    case 'MeleeWon': return `${p('winner')} beats ${p('loser')} by ${String(x['margin'])}.`;
    case 'CrewsWithdrew': return `${p('unit')}'s crews withdraw into ${p('square')}; the guns are abandoned.`;
    case 'ChargeNegated': return `${p('unit')}'s charge on ${p('target')} is negated: ${p('by')} has charged it (town melees paired off).`;
    case 'DivisionAlerted': return 'A defending division is alerted: the enemy is near.';
    case 'SkirmishersDetached': return `${p('unit')} detaches skirmishers.`;
    case 'SkirmishersRejoined': return `${p('skirmishers')} rejoin ${p('unit')}.`;
    case 'GunsRecrewed': return `${p('unit')}'s crews return to their guns.`;
    case 'Breakthrough': return x['forced'] ? `${p('unit')} is carried into a Breakthrough charge at ${p('target')}.` : `${p('unit')} makes a Breakthrough charge at ${p('target')}.`;
    case 'WithdrawnFromContact': return `${p('unit')} is withdrawn from contact ${inch(x['distanceIn'])}.`;
    case 'ColumnKept': return `${p('unit')} stays in column (${String(x['why'])}).`;
    case 'ObligatoryAdvance': return `${p('unit')} must advance: ${inch(x['distanceIn'])} (attack orders).`;
    case 'DroveAt': return `${p('unit')} drives at the Blown ${p('target')}.`;
    case 'MoveOrder': return 'Divisions move in initiative order.';
    case 'Coordinated': return 'Two divisions will move together.';
    case 'DivisionalMorale': return `Divisional morale: ${String(x['result'])}.`;
    case 'DivisionRallied': return `A division rallies${x['newOrder'] ? ' under a New Order' : ''}.`;
    case 'DivisionNotRallied': return 'A division fails to rally.';
    case 'AdcSent': return `An ADC rides with ${String(x['orders'])} orders.`;
    case 'OrdersReceived': return `A division receives ${String(x['orders'])} orders${x['enacted'] ? '' : ' but cannot enact them until it rallies'}.`;
    case 'OrdersEnacted': return `A division enacts its ${String(x['orders'])} orders.`;
    case 'SectorAlight': return 'A town sector is set alight.';
    default: return undefined;
  }
}

/** The table a roll read, in words: 'fire table, canister', 'divisional morale table, at 50% losses'. */
export function describeShTable(t: TableRef): string | undefined {
  if (t.id === 'fire') return `fire table${t.row !== undefined ? `, ${t.row}` : ''}`;
  if (t.id === 'divisionalMorale') return `divisional morale table${t.row === 'at33' ? ', at a third lost' : t.row === 'at50' ? ', at half lost' : ''}`;
  return undefined;
}
