/**
 * Grammar for sentences about sides, shared by the engine's own sentences (a concession), the
 * rulesets' log text, the UI's log, the battle report and the playtest report (which import it
 * through `src/rules/words.ts`): a side's name as a subject with the verb forms that agree
 * ('The Austrians win', 'The French Advance Guard wins'), and numbers with their nouns ('1 casualty',
 * '2 casualties').
 */

/** Names of peoples that take a plural verb without a final s ('the French have'). */
const PLURAL_PEOPLES = /^(?:french|british|english|dutch|irish|scots|spanish|portuguese|swiss|danish|polish|swedish|welsh|piedmontese)$/i;

/** Nouns that end in a single s and are singular all the same ('III Corps wins', 'III Armeekorps wins'). */
const SINGULAR_IN_S = /(?:corps|korps|marquis)$/i;

export interface SideWords {
  /** At the start of a sentence: 'The Austrians', 'The French Advance Guard', 'Hauptarmee'. */
  readonly subject: string;
  /** Inside a sentence: 'the Austrians', 'the French Advance Guard', 'Hauptarmee'. */
  readonly noun: string;
  readonly plural: boolean;
  /** 'their' or 'its'. */
  readonly their: string;
  verb(plural: string, singular: string): string;
}

/**
 * Is a side's name plural? Judged by its head noun, the last word before any '(…)', ',' or
 * ' of …': a people ('French', 'British (Stuart)') or a noun in a single s ('Austrians',
 * 'Prussians (Frederick)', 'Franco-Imperials') is plural; an army or a body of troops
 * ('French Advance Guard', 'III Corps (Davout)', 'Army of Bohemia') is singular.
 */
export function isPluralName(name: string): boolean {
  const last = headOf(name).split(/\s+/).at(-1) ?? '';
  if (PLURAL_PEOPLES.test(last)) return true;
  return /[^s']s$/i.test(last) && !SINGULAR_IN_S.test(last);
}

/** The name up to its head noun: without a '(…)', a ', …' or an ' of …' after it. */
const headOf = (name: string): string => name.trim().replace(/\s*[([,].*$/, '').replace(/\s+of\s.*$/i, '').trim();

/** Bodies of troops named with a common noun, which take 'the' ('the French Advance Guard', 'the III Corps (Davout)'). */
const BODY_OF_TROOPS = /\b(?:army|armies|corps|guards?|brigades?|divisions?|wings?|columns?|detachments?|forces?|reserves?|legions?|regiments?|battalions?|vanguard|rearguard|contingents?)\b/i;

/**
 * A side's name as the subject of a verb that agrees with it: 'The Austrians win', 'The French
 * Advance Guard wins', 'Hauptarmee (Archduke Charles) wins'. A plural name, or one whose head is
 * a body of troops, takes 'the'; a name given with 'The' keeps it.
 */
export function sideWords(name: string): SideWords {
  const n = name.trim();
  const plural = isPluralName(n);
  const bare = n.replace(/^the\s+/i, '');
  const article = plural || bare !== n || BODY_OF_TROOPS.test(headOf(bare));
  return {
    subject: article ? `The ${bare}` : n,
    noun: article ? `the ${bare}` : n,
    plural,
    their: plural ? 'their' : 'its',
    verb: (p, s) => (plural ? p : s),
  };
}

/**
 * 'The French Advance Guard wins a strategic victory' / 'The Austrians win a decisive victory'
 * (`inside`: 'the Austrians', for the middle of a sentence). A concession says who conceded when
 * `loserName` is given: 'The Austrians concede; the Prussians win' — a concession is not a grade
 * of victory, so 'a concession victory' says nothing of what happened.
 */
export function victorySentence(sideName: string, level: string, inside = false, loserName?: string): string {
  const w = sideWords(sideName);
  if (level === 'concession' && loserName !== undefined) {
    const l = sideWords(loserName);
    return `${inside ? l.noun : l.subject} ${l.verb('concede', 'concedes')}; ${w.noun} ${w.verb('win', 'wins')}`;
  }
  return `${inside ? w.noun : w.subject} ${w.verb('win', 'wins')} ${/^[aeiou]/i.test(level) ? 'an' : 'a'} ${level} victory`;
}

/** '1 casualty', '2 casualties', '1 stand'. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const SINGULAR: Record<string, string> = { casualties: 'casualty', stands: 'stand', hits: 'hit', units: 'unit', successes: 'success', points: 'point', orders: 'order', figures: 'figure' };

/** Free text with '1 casualties' (a ruleset's template filled with 1) put right: '1 casualty'. */
export function singulars(text: string): string {
  return text.replace(/(?<![\d.])1 (casualties|stands|hits|units|successes|points|orders|figures)\b/g, (_m, w: string) => `1 ${SINGULAR[w] ?? w}`);
}

/**
 * `text` with every side id written as a word replaced by that side's name: a ruleset's result
 * reason keeps ids ('fr 6 VP, au 2 VP'; it is in the state, hashed and saved), and whatever
 * shows it to a player (the command line, a save's summary) writes 'French Advance Guard 6 VP'.
 */
export function withSideNames(text: string, sides: readonly { readonly id: string; readonly name: string }[]): string {
  const named = new Map(sides.filter((s) => s.id !== s.name && s.id.length > 0).map((s) => [s.id, s.name] as const));
  if (named.size === 0) return text;
  const ids = [...named.keys()].sort((a, b) => b.length - a.length).map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return text.replace(new RegExp(`(?<![\\w.:-])(?:${ids.join('|')})(?![\\w:-])`, 'g'), (id) => named.get(id) ?? id);
}
