/**
 * Numbers written as words, in the languages Lantern is used in, so that "drei Wochen" meets
 * "3 Wochen" and "two weeks" does not meet "3 weeks". One is left out on purpose: "one", "ein",
 * "un", "yksi" are far more often an article or a pronoun ("one of the airlines") than a count,
 * and a paraphrase says "on one charge" for "on a single charge".
 */
import { wordsPattern } from './word-boundary';

/** Each language's words for 2–20, the tens, a hundred and a thousand, with their values. */
const NUMBER_WORDS: Partial<Record<string, number>> = {
  // English
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  dozen: 12,
  // German (with the inflected "zweien", "dreien" left to the segmenter's whole words)
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwölf: 12,
  zwanzig: 20,
  dreißig: 30,
  vierzig: 40,
  fünfzig: 50,
  hundert: 100,
  dutzend: 12,
  // French
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  vingt: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  cent: 100,
  // Italian
  due: 2,
  tre: 3,
  quattro: 4,
  cinque: 5,
  sei: 6,
  sette: 7,
  otto: 8,
  nove: 9,
  dieci: 10,
  undici: 11,
  dodici: 12,
  venti: 20,
  trenta: 30,
  quaranta: 40,
  cinquanta: 50,
  cento: 100,
  // Spanish and Portuguese
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  doce: 12,
  veinte: 20,
  três: 3,
  quatro: 4,
  oito: 8,
  dez: 10,
  doze: 12,
  vinte: 20,
  // Polish
  dwa: 2,
  dwie: 2,
  dwóch: 2,
  trzy: 3,
  trzech: 3,
  cztery: 4,
  czterech: 4,
  pięć: 5,
  pięciu: 5,
  sześć: 6,
  siedem: 7,
  osiem: 8,
  dziewięć: 9,
  dziesięć: 10,
  dwanaście: 12,
  dwadzieścia: 20,
  trzydzieści: 30,
  czterdzieści: 40,
  sto: 100,
  // Finnish
  kaksi: 2,
  kolme: 3,
  neljä: 4,
  viisi: 5,
  kuusi: 6,
  seitsemän: 7,
  kahdeksan: 8,
  yhdeksän: 9,
  kymmenen: 10,
  kahden: 2,
  kolmen: 3,
  neljän: 4,
  viiden: 5,
  kuuden: 6,
  sata: 100,
  // Russian
  два: 2,
  две: 2,
  три: 3,
  четыре: 4,
  пять: 5,
  шесть: 6,
  семь: 7,
  восемь: 8,
  девять: 9,
  десять: 10,
  двадцать: 20,
  сто: 100,
};

const NUMBER_WORD = wordsPattern(Object.keys(NUMBER_WORDS), 'giu');

/**
 * Number words that are as often a common word of another language Lantern reads ("due" date,
 * "sei" you are, "dos" and "cent" in English, "sept" for September, "sto" and "elf"): in a text
 * of unknown language they are left as words.
 */
const SHARED_WITH_OTHER_WORDS = new Set([
  'due',
  'dos',
  'sei',
  'cent',
  'sept',
  'sto',
  'elf',
  'otto',
  'tre',
  'nove',
  'dez',
  'acht',
  'neuf',
]);

/**
 * A number word's digits ("five" → "5", "fünf" → "5"), so that a question's "five phases" meets a
 * page's "5 phases"; undefined for any other word, and for one shared with another language's
 * common words.
 */
export function digitsOfNumberWord(word: string): string | undefined {
  const lower = word.toLowerCase();
  const value = SHARED_WITH_OTHER_WORDS.has(lower) ? undefined : NUMBER_WORDS[lower];
  return value === undefined ? undefined : String(value);
}

/** Whether any of the words (as the segmenter gives them) is a number word: most texts have none, and need no rewriting. */
export function hasNumberWord(words: readonly string[]): boolean {
  return words.some((word) => NUMBER_WORDS[word.toLowerCase()] !== undefined);
}

/**
 * The text with each number word replaced by its digits ("drei Wochen" → "3 Wochen"); a word's
 * case and the rest of the text are kept as they are.
 */
export function withNumberWordsAsDigits(text: string): string {
  return text.replace(NUMBER_WORD, (word) => String(NUMBER_WORDS[word.toLowerCase()] ?? word));
}
