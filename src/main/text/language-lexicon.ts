/**
 * The function words of Lantern's languages — articles, pronouns, prepositions, conjunctions,
 * auxiliaries — which name nothing a page must hold (terms.ts drops only the English ones), and
 * which tell which language a short text is in: enough to pick a stemmer and a language's rules
 * for names (German capitalises every noun). A text with none of these words is `undefined`.
 */

export type Language = 'en' | 'de' | 'fr' | 'it' | 'es' | 'pt' | 'pl' | 'fi' | 'ru';

const FUNCTION_WORDS: Record<Language, string> = {
  en:
    'the a an of and or but to in on at by for with from as into about is are was were be been being has have had ' +
    'do does did it its this that these those there their they them he she his her we our you your i which who whom whose ' +
    'not no so if than then also such only own same too very just will would can could may might must shall should',
  de:
    'der die das den dem des ein eine einen einem einer eines und oder aber ist sind war waren wird werden wurde wurden ' +
    'hat haben hatte hatten sein seine seiner seinen seinem ihr ihre ihrer ihren ihrem es er sie wir man sich mit von zu ' +
    'zum zur im am um ins ans vom beim auf für nicht bei aus ab an als wie wenn weil dass ob nach seit durch über unter ' +
    'vor gegen ohne auch noch schon nur sehr so dann denn doch da dort hier davon dazu damit darauf dabei dies diese ' +
    'dieser dieses diesen diesem kann können muss müssen soll sollte sollen will wollte lässt sich',
  fr:
    'le la les l un une des du de d et ou mais est sont été être a ont avait ce cet cette ces il elle ils elles on nous ' +
    'vous je se sa son ses leur leurs qui que qu quoi dont où dans en sur sous par pour avec plus très aussi comme ' +
    'ne pas y au aux lui',
  it:
    'il lo la i gli le un uno una di del dello della dei degli delle da dal dalla a al allo alla ai agli alle in nel ' +
    'nella nei negli nelle su sul sulla con per tra fra e ed o ma è sono era erano stato stata essere ha hanno che chi ' +
    'cui non si ci suo sua suoi sue loro come anche più',
  es:
    'el la los las un una unos unas de del al a en y o pero es son era fue ser ha han que quien cual no se lo le les ' +
    'su sus por para con sin como más muy también este esta estos estas ese esa',
  pt:
    'o a os as um uma de do da dos das no na nos nas em e ou mas é são era foi ser tem têm que não se lhe seu sua ' +
    'seus suas por para com como mais muito também este esta esse essa ao aos',
  pl:
    'i w we na z ze się jest są był była było byli że do nie to od dla przez po jak oraz a ale lub czy który która ' +
    'które którzy jego jej ich go mu za o u przy pod nad przed według gdy tak także też już jeszcze',
  fi:
    'ja on ovat oli olivat olla että se ne hän he ei myös kun tai mutta joka jotka sekä jo vain kuin voi voivat ' +
    'tämä tämän nämä sen niiden hänen',
  ru:
    'и в во на не что с со по это как из для от до он она оно они его её их но а или же бы был была было были ' +
    'за к у о об при так также уже',
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
  for (const word of words)
    for (const language of WORD_LANGUAGES.get(word.toLowerCase()) ?? [])
      counts.set(language, (counts.get(language) ?? 0) + 1);
  let best: Language | undefined;
  let bestCount = 0;
  for (const [language, count] of counts) {
    if (count > bestCount) [best, bestCount] = [language, count];
  }
  return best;
}
