/**
 * Which language a short text is in, told by its commonest function words: enough to pick a
 * stemmer and a language's rules for names (German capitalises every noun). Lantern's languages
 * only; a text with none of these words is `undefined`.
 */

export type Language = 'en' | 'de' | 'fr' | 'it' | 'es' | 'pt' | 'pl' | 'fi' | 'ru';

const FUNCTION_WORDS: Record<Language, string> = {
  en: 'the of and to in is are was were that this with for from by on it be has have which',
  de: 'der die das den dem des und ist sind war wurde mit von zu im am zum zur vom beim auf für nicht ein eine einen einem einer sich auch bei aus ab an weil wenn als wie dass oder aber nach seit durch über unter',
  fr: 'le la les des du et est sont une dans pour sur avec par qui que au aux ce cette pas il elle',
  it: 'il lo gli della delle del è sono una per con che nel nella non alla dei degli ha',
  es: 'el los las del y es son una para con por que en se lo al su sus',
  pt: 'os as do da dos das é são uma para com não em se ao um na no',
  pl: 'i w na z się jest są że do nie to od dla przez po jak oraz który która według gdy ale',
  fi: 'ja on ovat oli että se ei myös kun tai mutta joka sekä jo vain kuin',
  ru: 'и в на не что с по это как из для от до он она они',
};

const WORD_LANGUAGES = new Map<string, Language[]>();
for (const [language, words] of Object.entries(FUNCTION_WORDS) as [Language, string][]) {
  for (const word of words.split(' ')) WORD_LANGUAGES.set(word, [...(WORD_LANGUAGES.get(word) ?? []), language]);
}

/** Whether a word is one of the function words of any of these languages ("Zum", "Weil", "Według"). */
export function isFunctionWord(word: string): boolean {
  return WORD_LANGUAGES.has(word.toLowerCase());
}

/** The language whose function words the text uses most, when it uses any. */
export function guessLanguage(words: readonly string[]): Language | undefined {
  const counts = new Map<Language, number>();
  for (const word of words) for (const language of WORD_LANGUAGES.get(word.toLowerCase()) ?? []) counts.set(language, (counts.get(language) ?? 0) + 1);
  let best: Language | undefined;
  let bestCount = 0;
  for (const [language, count] of counts) {
    if (count > bestCount) [best, bestCount] = [language, count];
  }
  return best;
}
