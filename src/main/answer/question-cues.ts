/**
 * What kind of answer a question asks for, from its question words: a number (a quantity, a
 * count, an age or a date), and among numbers a year, an age or a share, each written its own
 * way; or a person's name. The cues are the common question words of the languages Lantern is
 * used in, not phrases from any one question.
 */
import { contentTerm, words } from './terms';

const NUMBER_CUES: readonly RegExp[] = [
  // English
  /\bhow (?:much|many|old|long|tall|high|heavy|far|big|large|often|fast)\b/i,
  /\b(?:what|which) (?:year|percentage|share|price)\b/i,
  /^\s*when\b/i,
  // German, French, Spanish, Italian, Portuguese
  /\bwie (?:viele?|alt|lange|hoch|schwer|weit|gro(?:ß|ss))\b/i,
  /^\s*wann\b|\bin welchem jahr\b/i,
  /\bcombien\b|\bquel âge\b|\ben quelle année\b|^\s*quand\b/i,
  /\bcu[áa]nt[oa]s?\b|\bqu[ée] porcentaje\b|^\s*¿?\s*cu[áa]ndo\b/i,
  /\bquant[oaie]\b|^\s*quando\b/i,
  // Polish, Finnish
  /(?:^|\s)(?:ile|ilu|kiedy)(?=\s)/i,
  /\bkuinka (?:paljon|monta|vanha|suuri|pitkä|korkea)\b|\b(?:paljonko|montako|milloin)\b/i,
  // Chinese, Japanese, Korean
  /多少|几|幾|いくら|いくつ|何年|何人|몇|얼마/,
];

/** Whether the question asks for a number (how much, how many, when, combien, wie viele…). */
export function expectsNumber(question: string): boolean {
  return NUMBER_CUES.some((cue) => cue.test(question));
}

/**
 * Whether the text holds a number the question does not already hold (digits in any script, or
 * CJK numerals): "Red Dead Redemption 2" does not answer "In what year does Red Dead Redemption 2
 * take place?".
 */
export function holdsNumber(text: string, questionTerms: readonly string[] = []): boolean {
  if (/[一二三四五六七八九十百千万億亿]/u.test(text)) return true;
  return words(text).some((word) => /\p{Nd}/u.test(word) && !questionTerms.includes(contentTerm(word) ?? ''));
}

/**
 * The names a question asks about: its capitalised words other than the first (which is
 * capitalised anyway), as content terms. A name is rarely paraphrased, so sources that never
 * write it do not answer a question about it ("…in Germany" over pages about Poland).
 */
export function namesIn(question: string): string[] {
  const names: string[] = [];
  const all = words(question);
  for (const word of all.slice(1)) {
    if (!/^\p{Lu}/u.test(word)) continue;
    const term = contentTerm(word);
    if (term !== undefined) names.push(term);
  }
  return names;
}

/** Question words that ask for a person (who, wer, qui, quién, chi, quem, kto, kuka). */
const PERSON_CUES = /^\s*¿?\s*(?:who|whom|whose|wer|wem|wen|qui|quién|quiénes|chi|quem|kto|kuka|ketkä)\b/iu;

/** Whether the question asks who: its answer names someone. */
export function expectsName(question: string): boolean {
  return PERSON_CUES.test(question);
}

/** Whether the text names something the question does not: a capitalised word after its first. */
export function holdsNewName(text: string, questionTerms: readonly string[]): boolean {
  return words(text)
    .slice(1)
    .some((word) => /^\p{Lu}/u.test(word) && !questionTerms.includes(contentTerm(word) ?? ''));
}

/**
 * The kind of number some questions ask for, and how its answer is written: a year is four
 * digits, an age stands beside an age word ("55-year-old", "27-letni", "32 ans"), a share beside
 * a percent sign or word. A number of another kind does not answer them: "13:00 horas" is no age.
 */
interface NumberKind {
  asks: RegExp;
  /** Whether the text holds a number of this kind the question does not. */
  answeredBy: (text: string, question: string) => boolean;
}

const NUMBER_KINDS: readonly NumberKind[] = [
  {
    // English, German, French, Spanish, Italian, Portuguese, Polish, Finnish.
    asks: /\b(?:what|which) year\b|\bin welchem jahr\b|\ben quelle année\b|\ben qu[ée] año\b|\bin che anno\b|\bem que ano\b|\bw którym roku\b|\bminä vuonna\b/iu,
    answeredBy: (text, question) => newMatches(text, question, /(?<!\d)(?:1[0-9]|20)\d{2}(?!\d)/gu),
  },
  {
    asks: /\bhow old\b|\bwie alt\b|\bquel âge\b|\bcu[áa]ntos años\b|\bquanti anni\b|\bquantos anos\b|\bile lat\b|\bkuinka vanha\b/iu,
    answeredBy: (text, question) =>
      newMatches(
        text,
        question,
        /\d+(?:[-\s](?:years?[-\s]old|year|jährige[nrms]?|letni[aemy]?|vuotias))|\d+\s+(?:years|jahre|ans|años|anni|anos|lat|vuotta)\b|\baged?\s+\d+/giu,
      ),
  },
  {
    asks: /\bwhat (?:percentage|share|proportion)\b|\bwelche[nr]? anteil\b|\bquelle part\b|\bquel pourcentage\b|\bqu[ée] porcentaje\b|\bquale percentuale\b|\bque percentagem\b|\bjaki (?:procent|odsetek)\b|\bkuinka suuri osa\b/iu,
    answeredBy: (text, question) =>
      newMatches(text, question, /\d[\d.,]*\s*(?:%|per\s?cent|prozent|pour\s?cent|por\s?ciento|per\s?cento|por\s?cento|proc|prosentti)|\b(?:kaksi|yksi|kolme|neljä|viisi)\s+prosentti/giu),
  },
];

function newMatches(text: string, question: string, pattern: RegExp): boolean {
  const asked = new Set([...question.matchAll(pattern)].map((m) => m[0].toLowerCase()));
  return [...text.matchAll(pattern)].some((m) => !asked.has(m[0].toLowerCase()));
}

/** Whether the text answers the kind of number the question asks for; true when it asks for no particular kind. */
export function holdsNumberOfKind(text: string, question: string): boolean {
  return NUMBER_KINDS.every((kind) => !kind.asks.test(question) || kind.answeredBy(text, question));
}
