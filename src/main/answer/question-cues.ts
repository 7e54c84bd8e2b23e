/**
 * What kind of answer a question asks for, from its opening words. Only one kind is told apart:
 * a quantity, a count, an age or a date, whose answer must hold a number. The cues are the
 * common question words of the languages Lantern is used in, not phrases from any one question.
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
