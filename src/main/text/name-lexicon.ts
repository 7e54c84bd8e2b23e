/**
 * What marks a word as a name, beyond a capital letter, in the languages Lantern is used in:
 * months (a date's words, any case), peoples and languages written as lower-case adjectives
 * ("kanadischen", "irlandzkiego", "américain"), countries' names in any of their forms ("Kolumbiens",
 * "Ecuadors": ICU's names of regions), and German's rule — German capitalises every
 * noun, so only a capitalised word after a preposition without an article ("in Hamburg", "auf
 * Instagram"), or after another capitalised word that is not the sentence's first ("Karola
 * Wille"), is taken for a name.
 */
import { wordsPattern } from './word-boundary';

/** Month names and their usual abbreviations, whole words in any case. */
const MONTHS = wordsPattern([
  'january|february|march|april|may|june|july|august|september|october|november|december',
  'jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec',
  'januar|jänner|februar|märz|mai|juni|juli|oktober|dezember|okt|dez',
  'janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre',
  'gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|dicembre',
  'enero|febrero|abril|mayo|junio|julio|septiembre|octubre|noviembre|diciembre',
  'janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro',
  'styczeń|stycznia|luty|lutego|marzec|marca|kwiecień|kwietnia|maj|maja|czerwiec|czerwca|lipiec|lipca|sierpień|sierpnia|wrzesień|września|październik|października|listopad|listopada|grudzień|grudnia',
  'tammikuu\\p{L}*|helmikuu\\p{L}*|maaliskuu\\p{L}*|huhtikuu\\p{L}*|toukokuu\\p{L}*|kesäkuu\\p{L}*|heinäkuu\\p{L}*|elokuu\\p{L}*|syyskuu\\p{L}*|lokakuu\\p{L}*|marraskuu\\p{L}*|joulukuu\\p{L}*',
]);

export function isMonth(word: string): boolean {
  MONTHS.lastIndex = 0;
  const m = MONTHS.exec(word);
  return m !== null && m[0].length === word.length;
}

/**
 * Beginnings of the words for peoples, countries' adjectives and languages, in English, German,
 * French, Italian, Spanish, Polish and Finnish: a nationality is a fact of its own even when it is
 * written in lower case.
 */
const DEMONYM_STEMS = (
  'american amerikan américain american americano amerykań amerikkal ' +
  'canadi kanadi canadien kanadyj kanadal ' +
  'german deutsch allemand tedesc alemán niemie saksal ' +
  'french französ françai frances francés francus ranskal ' +
  'british britisch britanni brytyj britti englisch english anglais inglese inglés angiel englant ' +
  'irish irisch irlandai irlandes irlandz irlanti ' +
  'japanese japanisch japonai giappones japonés japoń japanil ' +
  'chinese chinesisch chinoi cines chino chiń kiinal ' +
  'korean koreanisch coréen corean koreań ' +
  'russian russisch russe russo ruso rosyj venäl ' +
  'italian italienisch italien italiano włosk italial ' +
  'spanish spanisch espagnol spagnol español hiszpań espanjal ' +
  'polish polnisch polonais polacc polaco polsk puolal ' +
  'finnish finnisch finlandai finlandes fiń suomal ' +
  'swiss schweizer suisse svizzer szwajcar sveitsil ' +
  'austrian österreich autrichien austriac austriack itävallal ' +
  'dutch niederländ néerlandai oland holender hollanti ' +
  'swedish schwedisch suédois svedes szwedz ruotsal ' +
  'indian indisch indien indiano indyj intial ' +
  'australian australisch australien australian australij australial ' +
  'mexican mexikan mexicain messican mexican meksyk meksikol ' +
  'brazilian brasilian brésilien brasilian brazylij brasilial ' +
  'european europäisch européen europe europej euroopp ' +
  'african afrikan africain african afrykań afrikkal ' +
  'asian asiatisch asiatique asiatic azjatyc aasial'
)
  .split(' ')
  .filter((stem) => stem.length >= 4);

/** The languages whose names of countries are read (ICU's, through Intl.DisplayNames). */
const COUNTRY_LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'pt', 'pl', 'fi', 'ru'];
/** Countries' names that are also common words ("turkey", German "Island" for Iceland, "guinea pig", "jersey"). */
const COUNTRY_NAMES_NOT_KEPT = new Set('turkey island guinea jersey georgia jordan grenade'.split(' '));
/** Region codes that name no country: the European Union, the euro area, the United Nations, ICU's pseudo-locales, "unknown". */
const NOT_COUNTRIES = new Set('EU EZ UN XA XB QO ZZ'.split(' '));
/** Shortest beginning a country's name is cut to: "ecuador" stays whole and meets "Ecuadors", "ecuadorian". */
const WHOLE_COUNTRY_NAME = 7;

/**
 * The beginnings of countries' names in Lantern's languages, from ICU's region names: single
 * words of six letters or more (shorter ones begin too many words: "Mali", "malicious"), the
 * last two letters taken off a longer one (down to seven) so that its adjective meets it too
 * ("kolumbi" for "Kolumbien", "kolumbianische"; "islandi", not "island", for "Islandia"). Made on first use.
 */
function countryStems(): string[] {
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = english.of(code);
      if (name !== undefined && name !== code && !NOT_COUNTRIES.has(code)) codes.push(code);
    }
  }
  const stems = new Set<string>();
  for (const language of COUNTRY_LANGUAGES) {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    for (const code of codes) {
      const name = names.of(code)?.toLowerCase();
      if (name === undefined || !/^\p{L}{6,}$/u.test(name) || COUNTRY_NAMES_NOT_KEPT.has(name)) continue;
      // A people's beginning covers its country ("deutsch" for "Deutschland", "kanadi" for "Kanada").
      if (DEMONYM_STEMS.some((stem) => name.startsWith(stem))) continue;
      stems.add(name.slice(0, Math.max(WHOLE_COUNTRY_NAME, name.length - 2)));
    }
  }
  return [...stems];
}

let stemsByStart: Map<string, string[]> | undefined;

/** Every stem (peoples, languages, countries) under its first two letters. */
function stemIndex(): Map<string, string[]> {
  if (stemsByStart) return stemsByStart;
  stemsByStart = new Map();
  for (const stem of [...DEMONYM_STEMS, ...countryStems()]) {
    const start = stem.slice(0, 2);
    const list = stemsByStart.get(start);
    if (list) list.push(stem);
    else stemsByStart.set(start, [stem]);
  }
  return stemsByStart;
}

/**
 * The people or country a word (any case) names or qualifies, as the beginning it starts with
 * ("kanadi" for "kanadischen", "kolumbi" for "Kolumbiens").
 */
export function demonymStem(word: string): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  for (const stem of stemIndex().get(lower.slice(0, 2)) ?? [])
    if (lower.startsWith(stem) && (best === undefined || stem.length > best.length)) best = stem;
  return best;
}

/** Whether a word (any case) is a people's or a language's name or adjective. */
export function isDemonym(word: string): boolean {
  return demonymStem(word) !== undefined;
}

/** German prepositions that take a name without an article: "in Hamburg", "aus Berlin", "von Greenpeace". */
const GERMAN_NAME_PREPOSITIONS = new Set('in aus nach von bei auf'.split(' '));
/**
 * Whether a capitalised German word is a name rather than a noun: it follows another capitalised
 * word ("Karola Wille", "Wall Street"), or a preposition without an article ("in Hamburg").
 */
export function isGermanName(previous: string | undefined, afterCapitalised: boolean): boolean {
  if (afterCapitalised) return true;
  const before = previous?.toLowerCase();
  return before !== undefined && GERMAN_NAME_PREPOSITIONS.has(before);
}
