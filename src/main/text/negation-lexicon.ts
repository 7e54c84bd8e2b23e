/**
 * Words that deny what a sentence says, in the languages Lantern is used in. A claim that says
 * "not" where its passage does not (or the other way round) says the opposite, however many of
 * its words match. Contracted English forms ("doesn't", "can't") are one word to the segmenter
 * and are read by their ending.
 */

const NEGATIONS = new Set(
  // English
  (
    'not no never none nobody nothing neither nor cannot without ' +
    // German
    'nicht kein keine keinen keinem keiner keines nie niemals nichts ohne weder ' +
    // French ("n'" comes apart from its verb as "n")
    'ne n pas jamais aucun aucune sans rien ni ' +
    // Italian
    'non mai nessun nessuno nessuna senza né ' +
    // Spanish and Portuguese
    'nunca ningún ninguna ninguno sin não nem sem nenhum nenhuma ' +
    // Polish
    'nie nigdy żaden żadna żadne żadnych bez ' +
    // Finnish: the negative verb (not "en", "et", which are French words too)
    'ei emme ette eivät eikä ilman ' +
    // Russian
    'не нет никогда ни без'
  ).split(' '),
);

/** English contractions ("don't", "isn’t") and French elisions ("n'est", "n’a"). */
const CONTRACTED_NOT = /n['’]t$|^n['’]\p{L}/iu;

/** Whether a word (as the segmenter gives it) denies. */
export function isNegation(word: string): boolean {
  const lower = word.toLowerCase();
  return NEGATIONS.has(lower) || CONTRACTED_NOT.test(lower);
}

/** The denying words of a list of words, in order. */
export function negationsIn(words: readonly string[]): string[] {
  return words.filter(isNegation);
}
