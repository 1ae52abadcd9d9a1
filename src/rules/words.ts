/**
 * Grammar for sentences about sides, shared by the rulesets' log text and the UI's log: a side's
 * name as a subject with the verb forms that agree ('The Austrians win', 'French Advance Guard
 * wins'), and numbers with their nouns ('1 casualty', '2 casualties').
 */

/** Names of peoples that take a plural verb without a final s ('the French have'). */
const PLURAL_PEOPLES = /^(?:the\s+)?(?:french|british|english|dutch|irish|scots|spanish|portuguese|swiss|danish|polish|swedish|welsh)$/i;

export interface SideWords {
  /** At the start of a sentence: 'The Austrians', 'French Advance Guard'. */
  readonly subject: string;
  /** Inside a sentence: 'the Austrians', 'French Advance Guard'. */
  readonly noun: string;
  readonly plural: boolean;
  /** 'their' or 'its'. */
  readonly their: string;
  verb(plural: string, singular: string): string;
}

/** A name ending in a single s, or a people's name like 'French', is plural ('the Austrians win'). */
export function sideWords(name: string): SideWords {
  const n = name.trim();
  const plural = PLURAL_PEOPLES.test(n) || /[^s]s$/i.test(n);
  const bare = n.replace(/^the\s+/i, '');
  return {
    subject: plural ? `The ${bare}` : n,
    noun: plural ? `the ${bare}` : n,
    plural,
    their: plural ? 'their' : 'its',
    verb: (p, s) => (plural ? p : s),
  };
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
