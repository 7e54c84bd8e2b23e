/**
 * The shape of answer a question asks for: a factoid (a number, a name, one fact: question-cues.ts),
 * or an open answer — how to (steps or ways), why (reasons), a comparison (A vs B), pros and cons,
 * an overview (what to know) — by the cue words of open-lexicon.ts; what it is about (its subject:
 * its content terms without the cue words); the two sides of a comparison; and the facets of a
 * compound question ("…legally, and what does it cost?" asks two things), each made to stand alone.
 */
import {
  COMPARISON_SPLIT,
  AND_WORDS,
  FUNCTION_WORDS,
  LABELS,
  LANGUAGE_WORDS,
  QUESTION_CUES,
  SHAPE_WORDS,
  type OpenShape,
} from './open-lexicon';
import { expectsName, expectsNumber } from './question-cues';
import { contentTerm, contentTerms, sameTerm, wordSpans } from './terms';
import { wordsPattern } from '../text/word-boundary';

export type QuestionShape = OpenShape | 'factoid';

/**
 * The question's shape. A question for a number or a name is a factoid unless it asks for pros,
 * a comparison or reasons outright ("How much…?" is a number; "Why does it cost so much?" a why).
 */
export function questionShape(question: string): QuestionShape {
  const cued = QUESTION_CUES.find((cue) => cue.pattern.test(question))?.shape;
  if (cued === undefined) return 'factoid';
  const strong = cued === 'proscons' || cued === 'comparison' || cued === 'why';
  if (!strong && (expectsNumber(question) || expectsName(question))) return 'factoid';
  return cued;
}

const SHAPE_TERMS = [...SHAPE_WORDS].map((word) => contentTerm(word) ?? word);

/**
 * The question's content terms that say what it is about: not what shape of answer it wants, nor
 * a function word of another language, nor the other side a comparison's facet is set against
 * ("(vs web apps)": it is searched with, not what its points are about).
 */
export function subjectTerms(question: string): string[] {
  const terms = questionTerms(question);
  const subject = withoutShapeTerms(terms);
  return subject.length > 0 ? subject : terms;
}

/**
 * A facet's own words (ownQuestion: the subject it was given to lean on left out), its shape's
 * words ("choisir", "steps") left out too, never put back: "Pourquoi le choisir ?" has none, and
 * asks of the subject it leans on alone.
 */
export function ownTerms(facet: string): string[] {
  return withoutShapeTerms(questionTerms(ownQuestion(facet)));
}

/** A question's distinct content terms, without another language's function words or the side it is set against. */
function questionTerms(question: string): string[] {
  return [...new Set(contentTerms(question.replace(SET_AGAINST, '')))].filter((term) => !FUNCTION_WORDS.has(term));
}

function withoutShapeTerms(terms: readonly string[]): string[] {
  return terms.filter((term) => !SHAPE_TERMS.some((shape) => sameTerm(shape, term)));
}

/** What comes before the sides of a comparison: "the difference between", "compare", a question's opening. */
const COMPARISON_LEAD = wordsPattern([
  'between',
  'zwischen',
  'entre',
  'tra',
  'fra',
  'między',
  'compare',
  'vergleich(?:en)?',
  'comparer',
  'comparar',
]);

/**
 * A comparison's two sides, each as its content terms ("Native apps vs web apps" → [native, app],
 * [web, app]); undefined when the question does not name two.
 */
export function comparisonSides(question: string): [string[], string[]] | undefined {
  const written = sidesAsWritten(question, { joinedByAnd: true });
  if (!written) return undefined;
  const [a, b] = written.map((side) => subjectTerms(side).filter((t) => contentTerms(side).includes(t))) as [
    string[],
    string[],
  ];
  return a.length > 0 && b.length > 0 ? [a, b] : undefined;
}

/** "And" in the languages asked in (Polish "oraz" too): it joins a compound question's facets, and a comparison's sides. */
const CONJUNCTIONS = [...new Set([...Object.values(AND_WORDS), 'oraz'])].join('|');
/** The words that join two sides as "and" does, weaker than "vs" or "or": "pros and cons" is no comparison. */
const AND_JOIN = new RegExp(`^(?:${CONJUNCTIONS})$`, 'iu');
/** Every place a comparison's sides may be joined ("vs", "or", "and"…), for matchAll. */
const COMPARISON_SPLITS = new RegExp(COMPARISON_SPLIT.source, 'giu');
/** "A compared with B", "How does A compare to B": the verb between the sides. */
const COMPARED_WITH = /^\s+(?:with|to)\s/iu;

/**
 * A comparison's two sides in the words of the clause that names them: split at the
 * first of its joining words ("vs", "or", "oder"…; "and" only when `joinedByAnd`) that leaves
 * words of substance on both sides ("Should I join guided tours or rent a car" is not split at
 * "I", which is Polish "and"), or around "compare with". Undefined when it names no two.
 */
function sidesAsWritten(question: string, { joinedByAnd }: { joinedByAnd: boolean }): [string, string] | undefined {
  const clause = (question.split(/[:：?？]/u).find((part) => COMPARISON_SPLIT.test(part)) ?? question).trim();
  const lead = COMPARISON_LEAD.exec(clause);
  const after = lead ? clause.slice(lead.index + lead[0].length) : clause;
  const compared = lead && COMPARED_WITH.exec(after);
  const substantial = (side: string): boolean => contentTerms(side).length > 0;
  if (lead && compared) {
    const sides: [string, string] = [clause.slice(0, lead.index), after.slice(compared[0].length)];
    return sides.every(substantial) ? sides : undefined;
  }
  for (const at of after.matchAll(COMPARISON_SPLITS)) {
    if (!joinedByAnd && AND_JOIN.test(at[0])) continue;
    const sides: [string, string] = [after.slice(0, at.index), after.slice(at.index + at[0].length)];
    if (sides.every(substantial)) return sides;
  }
  return undefined;
}

/**
 * A comparison's facets: for each side, its advantages and drawbacks ("Native apps: advantages
 * and drawbacks (vs web apps)?"), the side as the question writes it, leaning on the other side
 * in parentheses (as a compound question's later facets lean on the first), so that an elliptical
 * side ("red" of "red and white wine") can be searched for on its own. They plan a report when
 * the results page suggests nothing: a section per side, each side's points together, where the
 * summary answers the comparison. Empty when the question is no comparison of two named sides,
 * or names them and nothing else.
 */
export function comparisonFacets(question: string): string[] {
  const shape = questionShape(question);
  if (shape !== 'comparison' && shape !== 'proscons') return [];
  // "Pros and cons of A and B" joins its sides by "and" too: only a comparison's "difference between A and B" is split there.
  const written = sidesAsWritten(question, { joinedByAnd: shape === 'comparison' });
  if (!written) return [];
  // A bare "A vs B" asks nothing of the sides beyond naming them ("heat pump lifespan vs gas boiler lifespan"): it is its own section.
  const sideTerms = new Set(written.flatMap(contentTerms));
  if (contentTerms(question).every((term) => sideTerms.has(term))) return [];
  const language = questionLanguage(question);
  const labels = LABELS[language] ?? LABELS.en!;
  // Labels are nouns: German writes them capitalised, the others in lower case mid-sentence.
  const word = (label: string): string => (language === 'de' ? label : label.toLocaleLowerCase());
  const asked = `${word(labels.pro)} ${AND_WORDS[language] ?? 'and'} ${word(labels.con)}`;
  // French sets a space before a colon and a question mark. The other side, in SET_AGAINST's form, is for the search.
  const [colon, mark] = language === 'fr' ? [' :', ' ?'] : [':', '?'];
  const facet = (side: string, other: string): string =>
    `${side.charAt(0).toLocaleUpperCase()}${side.slice(1)}${colon} ${asked} (vs ${other})${mark}`;
  const [a, b] = written.map(sideWords) as [string, string];
  return [facet(a, b), facet(b, a)];
}

/** A side as written, without the question's opening words before it ("Should I join guided tours" → "join guided tours") or its closing marks. */
function sideWords(side: string): string {
  const clause = side.split(/[,;]/u)[0]!;
  const first = wordSpans(clause).find((span) => contentTerm(span.word) !== undefined);
  return (first ? clause.slice(first.index) : clause).replace(/[\s?？:.!]+$/u, '').trim();
}

/** The question's language for an answer's labels ("en" when nothing tells). */
export function questionLanguage(question: string): string {
  let best = { language: 'en', count: 0 };
  for (const { language, pattern } of LANGUAGE_WORDS) {
    const count = question.match(new RegExp(pattern.source, 'giu'))?.length ?? 0;
    if (count > best.count) best = { language, count };
  }
  return best.language;
}

/** Words that open a question of its own, after "and" in a compound one ("…, and what does it cost?"). */
const QUESTION_OPENERS =
  'how|what|why|who|when|where|which|is|are|does|do|can|should|' +
  'wie|was|warum|wann|wer|welche[rsn]?|wo|worauf|wozu|wieso|weshalb|' +
  'comment|pourquoi|quel(?:le)?s?|que|quand|où|qui|' +
  'cómo|qué|por qué|cuándo|dónde|cuál(?:es)?|' +
  'come|cosa|perché|quando|dove|quale|' +
  'como|porque|onde|qual|' +
  'jak|dlaczego|czego|co|kiedy|gdzie|któr[ya]|czy|' +
  'miten|miksi|mitä|milloin|missä';
/** ", and how…", " und warum…": where a compound question's next facet starts (the conjunction is left out). */
const FACET_JOIN = new RegExp(
  String.raw`,?\s+(?:${CONJUNCTIONS})\s+(?=(?:${QUESTION_OPENERS})(?![\p{L}\p{M}\p{N}_]))`,
  'giu',
);

/**
 * The question's own facets: each question it asks ("How efficient are they? What do they cost
 * to run?" asks two, and so does "Why negotiate, and how do you do it?"), each after the first
 * made to stand alone on the first's subject (standalone-question.ts: "how do you do it?" →
 * "how do you negotiate your salary?"); the question itself when it asks one.
 */
export function questionFacets(question: string): string[] {
  const parts = question
    .split(/(?<=[?？;；])\s*/u)
    .flatMap((part) => part.split(FACET_JOIN))
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const [first, ...rest] = parts.map(asQuestion);
  if (first === undefined || contentTerms(first).length === 0) return [question.trim()];
  const facets = [
    first,
    ...rest.map((part) => onSubjectOf(part, first)).filter((part) => contentTerms(part).length > 0),
  ];
  return facets.length > 1 ? facets : [question.trim()];
}

/** Most words of the first facet's subject added to a later one. */
const SUBJECT_WORDS = 4;

/**
 * A later facet that shares no subject term with the first leans on it ("…, and how do you do
 * it?", "…, and how can you save on premiums?"): the first's subject words, as written there, are
 * added in parentheses, so it can be searched for and ranked by on its own. A rewrite of its
 * pronouns (standalone-question.ts) reads worse here: the first facet is no name but a clause.
 */
function onSubjectOf(facet: string, first: string): string {
  const own = subjectTerms(facet);
  const subject = subjectTerms(first);
  if (own.some((term) => subject.some((s) => sameTerm(s, term)))) return facet;
  // The subject's last words: a question names what it is about at its end ("…eine Katze elektrisches Spielzeug"); short words are articles and prepositions.
  const words = wordSpans(first)
    .map((span) => span.word)
    .filter((word) => {
      const term = contentTerm(word);
      return term !== undefined && (word.length > 2 || /\p{N}/u.test(word)) && subject.some((s) => sameTerm(s, term));
    })
    .slice(-SUBJECT_WORDS);
  return words.length === 0
    ? facet
    : facet.replace(/\s*([?？])?\s*$/u, (_, mark: string | undefined) => ` (${words.join(' ')})${mark ?? '?'}`);
}

/** The other side a comparison's facet is set against, in parentheses at its end (comparisonFacets). */
const SET_AGAINST = /\s*\(vs [^()]*\)(?=\s*[?？]?\s*$)/u;

/** The subject a later facet leans on, added in parentheses at its end by onSubjectOf. */
const LEANED_ON = /\s*\([^()]*\)(?=\s*[?？]?\s*$)/u;

/**
 * A facet without the subject it was given to lean on ("What does it cost (nomads live abroad)?"
 * → "What does it cost?"): what it asks itself, which a page must speak to. The question itself
 * when it leans on nothing.
 */
export function ownQuestion(question: string): string {
  return question.replace(LEANED_ON, '');
}

/** A clause as a question of its own: a capital first letter, a question mark at the end. */
function asQuestion(clause: string): string {
  const text = clause.replace(/[,;；\s]+$/u, '');
  const capital = text.charAt(0).toLocaleUpperCase() + text.slice(1);
  return /[?？]$/u.test(capital) ? capital : `${capital}?`;
}
