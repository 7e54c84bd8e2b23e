/**
 * Composers turn ranked passages into the answer's Markdown, whose [n] markers name source
 * numbers. The extractive composer (the default: no key, works offline) quotes sentences
 * verbatim; the LLM composer (llm-composer.ts) writes them. Either way the citations are checked
 * afterwards (check-citations.ts).
 */
import { withoutFragment } from '../../shared/canonical-url';
import type { ErrorInfo } from '../../shared/contract';
import { LanternError } from '../../shared/errors';
import { oneLine } from '../../shared/format/one-line';
import { isFurniture, negates, premiseOf, withoutLeadIn } from './lead-shape';
import { openAnswer } from './open-answer';
import { ownQuestion } from './question-shape';
import { splitSentences, type Passage } from './passages';
import { withoutSoftHyphens } from '../../shared/format/plain-text';
import { scoreTexts } from './rank';
import {
  answerSpan,
  asksKindOfNumber,
  expectsName,
  expectsNumber,
  holdsNewName,
  holdsNumber,
  holdsNumberOfKind,
  nameRunsIn,
  namesIn,
} from './question-cues';
import { cleanSentence, endsSentence, jaccard, laidOutText, substantial, usable } from './sentence-text';
import { holds, termWeights, weightedCoverage, type TermWeights } from './term-weights';
import type { EarlierTurn } from './standalone-question';
import { contentTerms, sameTerm } from './terms';
import { NOT_IN_SOURCES } from '../../shared/not-in-sources';

export { endsSentence, substantial, usable } from './sentence-text';

export type Composer = (input: {
  /** The question as it stands alone (a follow-up rewritten on its thread): what the passages were ranked by. */
  question: string;
  /** Ranked best first; a composer uses as many as it can. */
  passages: Passage[];
  /** The thread's earlier turns, oldest first, when the question was asked in one (the LLM reads them; quoting needs none). */
  thread?: readonly EarlierTurn[];
  /** The question is a facet of a compound question (a deep report's section): answered as the compound answer answers it. */
  facet?: boolean;
  signal?: AbortSignal;
  onText: (delta: string) => void;
}) => Promise<string>;

// How an answer the sources do not answer begins: in src/shared, where the UI reads it too.
export { NOT_IN_SOURCES };

/** Sentences read from the best passages. */
const CANDIDATE_PASSAGES = 16;
/** A lead and up to this many key points. */
const MAX_KEY_POINTS = 4;
const MAX_PER_SOURCE = 2;
/**
 * Answerability. The lead's passage must hold this weighted share (term-weights.ts) of the
 * question's terms (with its page's title and the passage before it), the lead itself at least MIN_LEAD_COVERAGE, or the
 * sources do not answer.
 * Weighted by rarity across the passages, so a question about something the pages never name
 * falls short while the words every page has decide little. The passage counts, not the
 * sentence alone, because a fact's sentence often leaves its subject to the one before.
 */
const MIN_PASSAGE_COVERAGE = 0.45;
/** A question that asks for a number, answered by a sentence that holds one, needs less: the number is evidence too. */
const MIN_PASSAGE_COVERAGE_NUMBER = 0.25;
const MIN_LEAD_COVERAGE = 0.15;
/**
 * A lead that holds the one number of the kind asked (a year, a price, a size: answerSpan) needs
 * less of the question in itself: the number is the evidence, and its sentence leaves the subject
 * to its passage ("Die Karte zeigt … in einer Auflösung von 1x1 Kilometer.").
 */
const MIN_LEAD_COVERAGE_WITH_NUMBER = 0.1;
/** The share of MIN_PASSAGE_COVERAGE(_NUMBER) that a sentence saying as much as the best answering one needs (chooseLead). */
const PASSAGE_SHARE_BESIDE_AN_ANSWER = 0.5;
/** A key point must hold at least this weighted share of them (no off-topic padding). */
const MIN_POINT_COVERAGE = 0.3;
/** Sentences nearly the same as one already chosen (term Jaccard) are left out. */
const MAX_SIMILARITY = 0.6;
/** How a sentence's relevance mixes its BM25 score, its own coverage and its passage's. */
const RELEVANCE_WEIGHTS = { bm25: 0.4, sentence: 0.3, passage: 0.3 };

interface Candidate {
  n: number;
  /**
   * The page or document it is read from: its address without the fragment. A library document's
   * sections are sources of their own (a PDF's pages #page=N, other files' parts one address), but
   * a name the document states in one section holds for the others, as on a web page read whole.
   */
  document: string;
  text: string;
  terms: Set<string>;
  /** Weighted share of the question's terms in the sentence. */
  coverage: number;
  /** The terms of the sentence's whole passage with its page's title and the passage before it (withTitles). */
  context: Set<string>;
  /** The weighted share of the question's terms in `context`. */
  passageCoverage: number;
  relevance: number;
  /**
   * Whether it reads as a whole statement: a sentence that ends as one, or a list item (whole
   * without a full stop). A fact laid out ("Weight: 311 g", a table row) or a fragment does not.
   */
  whole: boolean;
  /** A fact laid out rather than written (passages.ts 'value'). */
  laidOut: boolean;
}

export interface ComposedAnswer {
  answer: string;
  composer: 'extractive' | 'llm';
  /** Why the model's answer was replaced by the extractive one. */
  llmError?: ErrorInfo;
}

/** The model's answer when there is one, the extractive answer when there is none or it fails (LLM_FAILED, told in llmError). */
export async function composeWith(llm: Composer | undefined, input: Parameters<Composer>[0]): Promise<ComposedAnswer> {
  if (llm) {
    try {
      return { answer: await llm(input), composer: 'llm' };
    } catch (error) {
      if (!(error instanceof LanternError && error.code === 'LLM_FAILED')) throw error;
      return { answer: await extractiveComposer(input), composer: 'extractive', llmError: error.toInfo() };
    }
  }
  return { answer: await extractiveComposer(input), composer: 'extractive' };
}

export const extractiveComposer: Composer = async ({ question: asked, passages, onText, facet = false }) => {
  // An open question (how, why, which is better, pros and cons, what to know, or several at once)
  // is answered by the sentences of its shape; so is a facet of a compound question of any shape
  // ("Who pays then?", "What to look for when buying?"), as the compound answer answers it.
  const open = openAnswer(asked, passages, { factoid: facet });
  if (open !== undefined) {
    onText(open);
    return open;
  }
  // A facet of a compound question answers what it asks itself: the subject it leans on was for finding its pages.
  const question = ownQuestion(asked);
  const questionTerms = [...new Set(contentTerms(question))];
  const passageTerms = passages.map((p) => new Set(contentTerms(withoutSoftHyphens(p.text))));
  // A table's rows and a page's label-value pairs are many passages of one layout: counted each, they would make its words look common.
  const weights = termWeights(
    questionTerms,
    passageTerms.filter((_, i) => passages[i]!.shape !== 'value'),
  );
  const contexts = withTitles(passages, passageTerms);
  const candidates = candidateSentences(question, weights, passages.slice(0, CANDIDATE_PASSAGES), contexts);
  const lead = answersIt(question, contexts) ? chooseLead(question, questionTerms, candidates) : undefined;
  const answer = lead
    ? withSpan(answerSpan(lead.text, question, questionTerms), lead.n, cited(candidates, lead))
    : notInSources(passages);
  onText(answer);
  return answer;
};

/**
 * Each passage's terms with its page's title's and the passage's before it on its page, when
 * that one is among those read: a fact's sentence often leaves its subject to the headline
 * ("The 55-year-old…" under "Hunter catches bubonic plague…") or to the sentences before it
 * ("La neve cadrà sull'Appennino…" after the paragraph that says which day), which is also why
 * retrieval systems read a passage with its title and its neighbours.
 */
function withTitles(passages: readonly Passage[], passageTerms: readonly Set<string>[]): Set<string>[] {
  const titleTerms = new Map<number, string[]>();
  const index = new Map(passages.map((p, i) => [p.id, i]));
  return passages.map((passage, i) => {
    if (!titleTerms.has(passage.n)) titleTerms.set(passage.n, contentTerms(withoutSoftHyphens(passage.title)));
    const before = index.get(passage.id - 1);
    // A fact laid out (a table row, a label and its value) is no sentence a sentence leans on.
    const leansOn =
      before !== undefined && passages[before]!.n === passage.n && passages[before]!.shape !== 'value'
        ? passageTerms[before]!
        : [];
    return new Set([...passageTerms[i]!, ...leansOn, ...titleTerms.get(passage.n)!]);
  });
}

/**
 * Sources that never write a name the question asks about do not answer it. A name of several
 * words is written where half of them are: pages shorten such a name or spell one of its words
 * otherwise (a first name left out, an initialism for part of it), while a question about
 * something else names something else.
 */
function answersIt(question: string, contexts: readonly Set<string>[]): boolean {
  const written = (term: string): boolean => contexts.some((terms) => holds(terms, term));
  return nameRunsIn(question).every((run) => 2 * run.filter(written).length >= run.length);
}

/**
 * The best sentence that answers: enough of the question's weighted terms in it and in its
 * passage, a new number when the question asks how much or when (of the kind it asks for: a
 * year, an age, a share, a sum of money, a weight, a version — question-cues.ts), a new name when
 * it asks who, where or which named one, something the question does not already say, and a page
 * that writes one of the names the question asks about, if it names any. Undefined when none does: the sources do not answer.
 */
function chooseLead(
  question: string,
  questionTerms: readonly string[],
  candidates: Candidate[],
): Candidate | undefined {
  const needsNumber = expectsNumber(question);
  const needsName = expectsName(question);
  // A fact laid out or left without a full stop answers only a question for a particular kind of
  // number, with one number of that kind: any number alone is weak evidence where no sentence says
  // what it counts, and a row of several prices does not say which is asked for.
  const factsAnswer = asksKindOfNumber(question);
  // The names the question asks about say what it is about: a lead from a page that writes none of
  // them (in its passages read here or its title; a library document in any of its sections read)
  // is about something else — a distractor on the same topic, whose sentence shares the question's
  // common words.
  const names = namesIn(question);
  const pageTerms = new Map<string, Set<string>>();
  for (const c of candidates) {
    const terms = pageTerms.get(c.document) ?? new Set<string>();
    for (const term of c.context) terms.add(term);
    pageTerms.set(c.document, terms);
  }
  const saysMore = (c: Candidate): boolean => [...c.terms].some((t) => !questionTerms.some((q) => sameTerm(q, t)));
  // The one number of the kind asked, as a short answer the sentence holds.
  const holdsAskedFigure = (c: Candidate): boolean =>
    factsAnswer && answerSpan(c.text, question, questionTerms) !== undefined;
  const answers = (c: Candidate, passageShare: number): boolean =>
    (c.coverage >= MIN_LEAD_COVERAGE || (c.coverage >= MIN_LEAD_COVERAGE_WITH_NUMBER && holdsAskedFigure(c))) &&
    (c.whole || holdsAskedFigure(c)) &&
    c.passageCoverage >= passageShare * (needsNumber ? MIN_PASSAGE_COVERAGE_NUMBER : MIN_PASSAGE_COVERAGE) &&
    ((c.whole && !needsNumber) || holdsNumber(c.text, questionTerms)) &&
    holdsNumberOfKind(c.text, question) &&
    (!needsName || holdsNewName(c.text, questionTerms)) &&
    (names.length === 0 || names.some((name) => holds(pageTerms.get(c.document)!, name))) &&
    saysMore(c);
  const best = candidates.find((c) => answers(c, 1));
  if (best === undefined) return undefined;
  // Once the sources answer, a more relevant sentence that says at least as much of the question
  // on its own needs less of it around it: its passage may be the page's opening or a long
  // paragraph about something beside it ("Ascom … announced … with Dräger" in a release).
  const answering = candidates.filter(
    (c) => answers(c, 1) || (c.coverage >= best.coverage && answers(c, PASSAGE_SHARE_BESIDE_AN_ANSWER)),
  );
  // What is not so ("did not seek reelection") answers less than what is, when the question does not negate.
  return (negates(question) ? undefined : answering.find((c) => !negates(c.text))) ?? answering[0];
}

/** The sentences of the passages, best first by BM25 among them and by coverage of the question's weighted terms, theirs and their passage's. */
function candidateSentences(
  question: string,
  weights: TermWeights,
  passages: Passage[],
  contexts: readonly Set<string>[],
): Candidate[] {
  const seen = new Set<string>();
  const sentences: {
    n: number;
    document: string;
    text: string;
    context: Set<string>;
    passageCoverage: number;
    whole: boolean;
    laidOut: boolean;
  }[] = [];
  for (const [i, passage] of passages.entries()) {
    const passageCoverage = weightedCoverage(weights, contexts[i]!);
    const laidOut = passage.shape === 'value';
    const spans = laidOut ? [laidOutText(passage.text)] : splitSentences(passage.text).map((span) => span.text);
    for (const [k, span] of spans.entries()) {
      const sentence = laidOut ? span : withoutLeadIn(cleanSentence(span));
      // A question's premise is a statement of its own, though it ends where the question starts.
      const premise = laidOut ? undefined : premiseOf(sentence);
      const text = premise ?? sentence;
      const whole =
        !laidOut &&
        (premise !== undefined || endsSentence(text) || (passage.shape === 'item' && k === spans.length - 1)) &&
        substantial(text);
      if (isFurniture(text, laidOut) || !usable(text, whole) || seen.has(text)) continue;
      seen.add(text);
      sentences.push({
        n: passage.n,
        document: withoutFragment(passage.url),
        text,
        context: contexts[i]!,
        passageCoverage,
        whole,
        laidOut,
      });
    }
  }
  const scores = scoreTexts(
    question,
    sentences.map((s) => s.text),
  );
  const top = Math.max(...scores, 0) || 1;
  const w = RELEVANCE_WEIGHTS;
  return sentences
    .map((s, i): Candidate => {
      const terms = new Set(contentTerms(s.text));
      // What is no whole sentence ("Weight: 311 g", a table row) leaves its subject to its passage and its page's title.
      const coverage = s.whole ? weightedCoverage(weights, terms) : s.passageCoverage;
      const relevance = w.bm25 * ((scores[i] ?? 0) / top) + w.sentence * coverage + w.passage * s.passageCoverage;
      return { ...s, terms, coverage, relevance };
    })
    .filter((c) => c.coverage > 0)
    .sort((a, b) => b.relevance - a.relevance);
}

/**
 * The lead, then key points: the most relevant sentences (candidates come best first), at most two
 * per source, none nearly the same as one already chosen, each ending in its [n]. Relevance alone
 * orders them: MMR's penalty for resemblance below MAX_SIMILARITY chose worse points on the bench's
 * check half (docs/lab/benchmarks-history.md, session 11).
 */
function cited(candidates: Candidate[], lead: Candidate): string {
  const chosen = [lead];
  const perSource = new Map([[lead.n, 1]]);
  const floor = Math.max(MIN_POINT_COVERAGE, lead.coverage / 2);
  for (const candidate of candidates) {
    if (chosen.length > MAX_KEY_POINTS) break;
    if (candidate === lead || candidate.laidOut || !substantial(candidate.text) || candidate.coverage < floor) continue;
    if ((perSource.get(candidate.n) ?? 0) >= MAX_PER_SOURCE) continue;
    if (chosen.some((c) => jaccard(c.terms, candidate.terms) > MAX_SIMILARITY)) continue;
    chosen.push(candidate);
    perSource.set(candidate.n, (perSource.get(candidate.n) ?? 0) + 1);
  }
  const [first, ...points] = chosen.map((c) => `${c.text} [${c.n}]`);
  return points.length === 0 ? `${first}` : `${first}\n\n${points.map((p) => `- ${p}`).join('\n')}`;
}

/**
 * The short answer first, in bold, quoted from the lead sentence and cited like it ("**Bong
 * Joon-ho** [2]"), then the sentence that holds it: the span is verbatim, so the check finds it.
 */
function withSpan(span: string | undefined, n: number, answer: string): string {
  return span === undefined ? answer : `**${span}** [${n}]\n\n${answer}`;
}

/** Says so plainly, and what the pages read are about (their titles), without citing them. */
function notInSources(passages: Passage[]): string {
  const titles = new Map<number, string>();
  for (const p of passages) if (!titles.has(p.n)) titles.set(p.n, cleanSentence(p.title) || oneLine(p.url));
  if (titles.size === 0) return `${NOT_IN_SOURCES} No readable text was found in them.`;
  const listed = [...titles.entries()].sort(([a], [b]) => a - b).map(([, title]) => `- ${title}`);
  return `${NOT_IN_SOURCES} What they cover:\n\n${listed.join('\n')}`;
}
