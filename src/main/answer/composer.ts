/**
 * Composers turn ranked passages into the answer's Markdown, whose [n] markers name source
 * numbers. The extractive composer (the default: no key, works offline) quotes sentences
 * verbatim; the LLM composer (llm-composer.ts) writes them. Either way the citations are checked
 * afterwards (check-citations.ts).
 */
import { markdownText } from '../../shared/format/markdown';
import { splitSentences, type Passage } from './passages';
import { scoreTexts } from './rank';
import { contentTerms, words } from './terms';

export type Composer = (input: {
  question: string;
  /** Ranked best first; a composer uses as many as it can. */
  passages: Passage[];
  signal?: AbortSignal;
  onText: (delta: string) => void;
}) => Promise<string>;

/**
 * How an answer that the sources do not answer begins (any composer): the pipeline reports
 * `answered: false` for an answer that starts with it.
 */
export const NOT_IN_SOURCES = 'The sources do not answer this question.';

/** Sentences read from the best passages. */
const CANDIDATE_PASSAGES = 16;
/** A lead and up to this many key points. */
const MAX_KEY_POINTS = 4;
const MAX_PER_SOURCE = 2;
/** MMR: relevance weight against similarity to what is already said. */
const MMR_LAMBDA = 0.7;
/** The best sentence must hold this share of the question's content terms, or the sources do not answer. */
const MIN_ANSWER_COVERAGE = 0.6;
/** A key point must hold at least this share of them (no off-topic padding). */
const MIN_POINT_COVERAGE = 0.34;
/** Sentences nearly the same as one already chosen (term Jaccard) are left out. */
const MAX_SIMILARITY = 0.6;

interface Candidate {
  n: number;
  text: string;
  terms: Set<string>;
  coverage: number;
  relevance: number;
}

export const extractiveComposer: Composer = async ({ question, passages, onText }) => {
  const questionTerms = [...new Set(contentTerms(question))];
  const candidates = candidateSentences(question, questionTerms, passages.slice(0, CANDIDATE_PASSAGES));
  const best = candidates[0];
  const answer =
    best && best.coverage >= MIN_ANSWER_COVERAGE ? cited(candidates, best) : notInSources(passages);
  onText(answer);
  return answer;
};

function candidateSentences(question: string, questionTerms: string[], passages: Passage[]): Candidate[] {
  const seen = new Set<string>();
  const sentences: { n: number; text: string }[] = [];
  for (const passage of passages) {
    for (const span of splitSentences(passage.text)) {
      const text = cleanSentence(span.text);
      if (!usable(text) || seen.has(text)) continue;
      seen.add(text);
      sentences.push({ n: passage.n, text });
    }
  }
  const scores = scoreTexts(question, sentences.map((s) => s.text));
  const top = Math.max(...scores, 0) || 1;
  return sentences
    .map((s, i): Candidate => {
      const terms = new Set(contentTerms(s.text));
      const coverage = questionTerms.length === 0 ? 0 : questionTerms.filter((t) => terms.has(t)).length / questionTerms.length;
      return { ...s, terms, coverage, relevance: 0.5 * ((scores[i] ?? 0) / top) + 0.5 * coverage };
    })
    .filter((c) => c.coverage > 0)
    .sort((a, b) => b.relevance - a.relevance);
}

/**
 * A sentence as it will stand in the answer: the page's words, without its own reference
 * marks ("[3]", "[citation needed]"), link targets or emphasis, escaped so it shows as text.
 */
function cleanSentence(text: string): string {
  const plain = text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[(?:\d+|[a-z]|citation needed|note \d+)\]/gi, '')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return markdownText(plain);
}

const CJK = /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u;

/** Whole sentences of some substance: not a caption, a fragment or a run-on list. CJK packs more in fewer characters. */
function usable(text: string): boolean {
  if (text.length > 400 || /[:,;：，；]$/.test(text)) return false;
  return CJK.test(text) ? text.length >= 8 : text.length >= 20 && words(text).length >= 4;
}

/** The lead, then key points chosen by MMR, at most two per source, each ending in its [n]. */
function cited(candidates: Candidate[], lead: Candidate): string {
  const chosen = [lead];
  const perSource = new Map([[lead.n, 1]]);
  const floor = Math.max(MIN_POINT_COVERAGE, lead.coverage / 2);
  const pool = candidates.filter((c) => c !== lead && c.coverage >= floor);
  while (chosen.length <= MAX_KEY_POINTS) {
    let next: { candidate: Candidate; value: number } | undefined;
    for (const candidate of pool) {
      if (chosen.includes(candidate) || (perSource.get(candidate.n) ?? 0) >= MAX_PER_SOURCE) continue;
      const similarity = Math.max(...chosen.map((c) => jaccard(c.terms, candidate.terms)));
      if (similarity > MAX_SIMILARITY) continue;
      const value = MMR_LAMBDA * candidate.relevance - (1 - MMR_LAMBDA) * similarity;
      if (!next || value > next.value) next = { candidate, value };
    }
    if (!next) break;
    chosen.push(next.candidate);
    perSource.set(next.candidate.n, (perSource.get(next.candidate.n) ?? 0) + 1);
  }
  const [first, ...points] = chosen.map((c) => `${c.text} [${c.n}]`);
  return points.length === 0 ? `${first}` : `${first}\n\n${points.map((p) => `- ${p}`).join('\n')}`;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** Says so plainly, and what the pages read are about (their titles), without citing them. */
function notInSources(passages: Passage[]): string {
  const titles = new Map<number, string>();
  for (const p of passages) if (!titles.has(p.n)) titles.set(p.n, markdownText(p.title) || markdownText(p.url));
  if (titles.size === 0) return `${NOT_IN_SOURCES} No readable text was found in them.`;
  const listed = [...titles.entries()].sort(([a], [b]) => a - b).map(([, title]) => `- ${title}`);
  return `${NOT_IN_SOURCES} What they cover:\n\n${listed.join('\n')}`;
}
