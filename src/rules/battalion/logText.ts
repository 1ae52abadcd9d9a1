/**
 * The log in sentences (RulesetModule.describeEvent / describeCommand). Rolls explain themselves
 * (the engine prints each DiceRolled with its purpose — ROF and how it was reached — the to-hit or
 * save target, every modifier with its rule, and the outcome); these are the ruleset's own events.
 */
import type { AnyEvent } from '../../engine/command';
import type { Command, EventNames } from '../../engine/ruleset';

type E = Record<string, unknown> & { type: string; rule?: string };
const str = (x: unknown): string => (typeof x === 'string' ? x : String(x));
const inch = (x: unknown): string => `${typeof x === 'number' ? x.toFixed(1) : str(x)}"`;

export function describeBtEvent(ev: AnyEvent, n: EventNames): string | undefined {
  const e = ev as unknown as E;
  const p = (k: string) => n.piece(str(e[k]));
  const sd = (k: string) => n.side(str(e[k]));
  switch (e.type) {
    case 'InitiativeWon': return `${sd('side')} have the initiative.`;
    case 'InitiativeDrawn': return `Initiative drawn: ${sd('winner')} win it on the ${str(e['why'])}.`;
    case 'OrderChosen': return `${sd('side')} choose: ${sd('first')} go first this turn.`;
    case 'UnitMoved': return `${p('unit')} moves ${inch(e['distanceIn'])}${Array.isArray(e['terrain']) && e['terrain'].length ? ` (through ${(e['terrain'] as string[]).join(', ')}: double cost)` : ''}.`;
    case 'FormationChanged': return `${p('unit')} forms ${str(e['formation'])}.`;
    case 'FormationChangeFailed': return `${p('unit')} fails to form ${str(e['formation'])}: its officer has fallen.`;
    case 'CommanderMoved': return `${p('general')} ${e['attachedTo'] ? `joins ${n.piece(str(e['attachedTo']))}` : 'moves'}.`;
    case 'AdjutantSent': return `${sd('side')} send the General's adjutant to ${p('unit')}.`;
    case 'AdjutantReplacedOfficer': return `The adjutant takes command of ${p('unit')} in place of its fallen officer.`;
    case 'HitsToAssign': return `${p('unit')} is hit ${str(e['hits'])} time${e['hits'] === 1 ? '' : 's'}: ${sd('side')} assign the hits to its stands.`;
    case 'HitAssigned': return `${sd('side')} assign a hit to ${str(e['place'])} of ${p('unit')} (${str(e['left'])} left).`;
    case 'HitsAssigned': return `${sd('side')} take the hits on ${p('unit')}: ${(e['places'] as string[]).join(', ')}.`;
    case 'NoSave': return `${p('unit')}: no save for ${str(e['place'])} (${str(e['why'])}).`;
    case 'StandsRemoved': { const k = (e['stands'] as string[]).length; return `${p('unit')} loses ${k} stand${k === 1 ? '' : 's'}.`; }
    case 'OfficerFell': return `${p('unit')}'s officer has fallen: it needs a skill check to change formation and a motivation check to assault.`;
    case 'CommanderKilled': return `${str(e['name'])} is killed.`;
    case 'TemplatePlaced': return `A ${str(e['diameterIn'])}" template is placed.`;
    case 'Disorientated': return `${p('unit')} is disorientated (${str(e['why'])}).`;
    case 'Recovered': return `${p('unit')} recovers from disorientation.`;
    case 'FellBack': return `${p('unit')} falls back ${inch(e['distanceIn'])}.`;
    case 'UnitLeftField': return `${p('unit')} ${e['how'] === 'destroyed' ? 'is destroyed' : e['how'] === 'quit' ? 'quits the field' : 'is driven from the battlefield'}.`;
    case 'BrigadeQuit': return `${str(e['name'])} (${sd('side')}) quits the field: ${sd('winner')} win.`;
    case 'AssaultDeclared': return `${p('unit')} assaults ${p('target')}.`;
    case 'AssaultRefused': return `${p('unit')} fails its motivation check and does not assault ${p('target')}.`;
    case 'AssaultFellShort': return `${p('unit')} cannot reach ${p('target')} (${str(e['why'])}) and falls back to its pre-charge position.`;
    case 'AssaultContact': return `${p('unit')} charges ${inch(e['distanceIn'])} into contact with ${p('target')}.`;
    case 'HaltedShort': return `${p('unit')} halts ${inch(e['distanceIn'])} from ${p('target')}.`;
    case 'NoSquare': return `${p('unit')} cannot form square (${str(e['why'])}).`;
    case 'NoStandsInContact': return `${p('unit')} has no stands in contact.`;
    case 'ReactionToChoose': return `${p('unit')} holds: ${sd('side')} choose to retreat in order or counter attack.`;
    case 'ReactionChosen': return `${p('unit')} ${e['choice'] === 'retreat' ? 'retreats in order' : 'counter attacks'}.`;
    case 'Consolidated': return `${p('unit')} consolidates.`;
    case 'BothRetreat': return `Both battalions retreat.`;
    default: return undefined;
  }
}

export function describeBtCommand(c: Command, n: EventNames): string | undefined {
  const x = c as unknown as Record<string, unknown>;
  const p = (k: string) => n.piece(str(x[k]));
  switch (c.type) {
    case 'moveUnit': return `${n.side(c.side)}: ${p('unit')} moves.`;
    case 'changeFormation': return `${n.side(c.side)}: ${p('unit')} forms ${str(x['formation'])}.`;
    case 'shoot': return `${n.side(c.side)}: ${p('unit')} shoots at ${p('target')}.`;
    case 'assignHit': return `${n.side(c.side)}: a hit assigned.`;
    case 'assault': return `${n.side(c.side)}: ${p('unit')} assaults ${p('target')}.`;
    case 'react': return `${n.side(c.side)}: ${x['choice'] === 'retreat' ? 'retreat in order' : 'counter attack'}.`;
    case 'chooseFirst': return `${n.side(c.side)} go ${str(x['first'])}.`;
    case 'moveCommander': return `${n.side(c.side)}: ${p('general')} moves.`;
    case 'sendAdjutant': return `${n.side(c.side)}: the adjutant goes to ${p('unit')}.`;
    default: return undefined;
  }
}
