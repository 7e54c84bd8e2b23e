/**
 * Words and content terms of a text in any script: Intl.Segmenter finds the words (CJK
 * included, by ICU's dictionaries); content terms drop function words, fold simple English
 * inflections, so "reports" and "reported" meet, and write number words as digits, so "five
 * phases" meets "5 phases". Shared by ranking, composing and checking so
 * that the three agree on what a word is.
 */
import { digitsOfNumberWord } from '../text/number-lexicon';

const wordSegmenter = new Intl.Segmenter('und', { granularity: 'word' });

const STOPWORDS = new Set(
  (
    'a an the and or but nor of to in on at by for with from as into onto about over under than then ' +
    'is are was were be been being am do does did done have has had having can could will would shall should ' +
    'may might must it its this that these those there here their they them he she his her him we us our you ' +
    'your i me my not no so if also such which who whom whose what when where why how all any each both ' +
    'more most much many other some only own same too very just one ones per via vs versus s t'
  ).split(' '),
);

/**
 * Question words of the other languages Lantern is asked in (German, French, Spanish, Italian,
 * Portuguese, Polish, Finnish): they open a question and name nothing a page would hold, so a
 * page that lacks them lacks nothing.
 */
const QUESTION_WORDS = new Set(
  (
    'wer wen wem wessen was wann wo wie warum welche welcher welches welchen welchem viele viel datum ' +
    'qui que quoi quel quelle quels quelles quand où combien comment pourquoi lequel laquelle ' +
    'qué cuál cuáles quién quiénes cuándo dónde cuánto cuánta cuántos cuántas cómo ' +
    'chi che cosa quale quali quando dove quanto quanta quanti quante come perché ' +
    'qual quais quem onde quantos quantas como ' +
    'kto co kiedy gdzie ile ilu jak jaki jaka jakie który która które dlaczego ' +
    'mikä mitkä kuka ketkä milloin missä mistä kuinka paljonko montako miksi'
  ).split(' '),
);

/** Words as written (letters or digits), in order. */
export function words(text: string): string[] {
  // Not built on wordSpans: this runs over every page's text, where an object per word costs.
  const out: string[] = [];
  for (const part of wordSegmenter.segment(text)) if (part.isWordLike) out.push(part.segment);
  return out;
}

/** Words as written, each with where it starts in the text. */
export function wordSpans(text: string): { word: string; index: number }[] {
  const out: { word: string; index: number }[] = [];
  for (const part of wordSegmenter.segment(text))
    if (part.isWordLike) out.push({ word: part.segment, index: part.index });
  return out;
}

/**
 * A word folded for matching: lower case, apostrophes and thousands separators gone, crude English
 * stem. An initialism's plural loses its "s" ("VMs", "GPUs"), as its other spelling ("VM's") loses
 * its "'s".
 */
function normalizeWord(word: string): string {
  const lower = word
    .toLowerCase()
    .normalize('NFKC')
    .replace(/['’]s$/, '')
    .replace(/['’]/g, '');
  if (/^\p{Lu}{2,}s$/u.test(word)) return lower.slice(0, -1);
  // eslint-disable-next-line no-restricted-syntax -- digits only: \b is right here
  if (/^\d[\d,.]*$/.test(lower)) return lower.replace(/,(?=\d{3}\b)/g, '');
  return digitsOfNumberWord(lower) ?? stem(lower);
}

function stem(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= 4) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  if (/ing$/.test(word) && word.length >= 7) return undoubled(word.slice(0, -3));
  if (/ed$/.test(word) && word.length >= 6) return undoubled(word.slice(0, -2));
  if (/ly$/.test(word) && word.length >= 6) return word.slice(0, -2);
  return word;
}

/** A stem ending in a doubled consonant loses one ("logg" of "logging" → "log", "planned" → "plan"), but not ll, ss or zz ("falling", "missed"), as Porter's stemmer does. */
function undoubled(stem: string): string {
  return /([b-df-hj-kmnp-rtv-y])\1$/.test(stem) ? stem.slice(0, -1) : stem;
}

/**
 * Invisible format characters that sit inside a word without splitting it: soft hyphen (U+00AD,
 * hyphenation hints in "Ver\u00adsion"), word joiner (U+2060) and zero-width no-break space
 * (U+FEFF). The segmenter keeps them inside the word (Unicode word rule WB4), so they would make
 * a term of their own. Not U+200B: a zero-width space separates words.
 */
const INVISIBLE_IN_WORD = /[\u00ad\u2060\ufeff]/g;

/** One word as a content term, or undefined for a function word. */
export function contentTerm(word: string): string | undefined {
  const plain = word.replace(INVISIBLE_IN_WORD, '');
  const lower = plain.toLowerCase();
  return plain === '' || STOPWORDS.has(lower) || QUESTION_WORDS.has(lower) ? undefined : normalizeWord(plain);
}

/** The words that carry meaning, normalized (function words and question words dropped). */
export function contentTerms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    const term = contentTerm(word);
    if (term !== undefined) out.push(term);
  }
  return out;
}

/** Shortest shared beginning for two different words to count as one term ("Ladezyklen", "Ladezyklus"). */
const MIN_SHARED_PREFIX = 5;
/** Shortest word taken as the head of a compound that ends in it (shorter ones end too many words by chance). */
const MIN_COMPOUND_HEAD = 6;

/**
 * Whether two content terms name the same thing: equal, or (in alphabetic scripts) sharing a
 * beginning of at least five letters that covers most of the shorter word. The stemmer only
 * knows English; this meets the inflections of other languages ("miesiąc", "miesiącu") without
 * a stemmer per language, a compound its head, and a German participle its separable verb.
 */
export function sameTerm(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < MIN_SHARED_PREFIX || !/^\p{L}+$/u.test(a) || !/^\p{L}+$/u.test(b) || CJK.test(a)) return false;
  let shared = 0;
  while (shared < shorter && a[shared] === b[shared]) shared++;
  if (shared >= MIN_SHARED_PREFIX && shared >= 0.75 * shorter) return true;
  // A compound holds its head, written last (German, Finnish, Dutch…): "Fusionsexperiment" is an "Experiment".
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (short.length >= MIN_COMPOUND_HEAD && long.endsWith(short)) return true;
  // A German separable verb's participle puts "ge" after its prefix: "ausgeschaltet" is "ausschalten".
  const unbound = long.includes('ge', 2) ? withoutParticipleGe(long) : undefined;
  return unbound !== undefined && sameTerm(unbound, short);
}

/**
 * German separable prefixes: the participle of a verb that begins with one puts "ge" after it
 * ("ausschalten" → "ausgeschaltet", "runterdrehen" → "runtergedreht"). Longest first.
 */
const SEPARABLE_PREFIX = new RegExp(
  `^(${'zurück|herunter|hinunter|zusammen|runter|heraus|hinaus|weiter|vorbei|fest|weg|los|nach|mit|vor|auf|aus|ein|bei|hin|her|an|ab|zu'})ge(?=\\p{L}{3})`,
  'u',
);

/** The participle without its "ge" ("ausgeschaltet" → "ausschaltet"), or undefined for a word that has none. */
function withoutParticipleGe(word: string): string | undefined {
  const match = SEPARABLE_PREFIX.exec(word);
  return match ? match[1]! + word.slice(match[0].length) : undefined;
}

/** Chinese, Japanese and Korean script: written without spaces, so measured differently. */
export const CJK = /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u;
