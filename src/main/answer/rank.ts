/**
 * BM25+ ranking (minisearch) of short texts against a question, with the same words and
 * content terms as the citation check (terms.ts), so CJK questions rank CJK passages.
 */
import MiniSearch from 'minisearch';
import type { Passage } from './passages';
import { asksKindOfNumber, holdsNumberOfKind } from './question-cues';
import { questionFacets, questionShape } from './question-shape';
import { contentTerm, words } from './terms';

/**
 * How much a word of a passage's context (passages.ts: its section's headings, the passage
 * before it) counts against one of its own: the context names the subject its sentences leave
 * out, but the passages around share it, so it decides less than the passage's own words.
 */
const CONTEXT_BOOST = 0.5;

/**
 * Each text's BM25+ score for the question (0 when it shares no content term with it), in input
 * order; a text's context, when given, is a field of its own, weighted by CONTEXT_BOOST.
 */
export function scoreTexts(
  question: string,
  texts: readonly string[],
  contexts: readonly (string | undefined)[] = [],
): number[] {
  const index = new MiniSearch<{ id: number; text: string; context: string }>({
    fields: ['text', 'context'],
    tokenize: words,
    // A function word is dropped (null); the rest are folded as the citation check folds them.
    processTerm: (term) => contentTerm(term) ?? null,
    searchOptions: { boost: { context: CONTEXT_BOOST } },
  });
  index.addAll(texts.map((text, id) => ({ id, text, context: contexts[id] ?? '' })));
  const scores = new Array<number>(texts.length).fill(0);
  for (const hit of index.search(question)) scores[hit.id as number] = hit.score;
  return scores;
}

/**
 * The passages best first (ties keep page order), with their scores. A passage that holds the
 * kind of number asked for ("Weight: 311 g" for "How heavy is the Rode NT1?") is ranked with its
 * page's title: a fact laid out on a product or data page names its subject only there.
 */
export function rankPassages(question: string, passages: readonly Passage[]): { passage: Passage; score: number }[] {
  const kind = asksKindOfNumber(question);
  const scores = scoreTexts(
    question,
    passages.map((p) => (kind && holdsNumberOfKind(p.text, question) ? `${p.title}\n${p.text}` : p.text)),
    passages.map((p) => p.context),
  );
  return passages
    .map((passage, i) => ({ passage, score: scores[i] ?? 0 }))
    .sort((a, b) => b.score - a.score || a.passage.id - b.passage.id);
}

/** Passages handed to a composer (best first). */
const COMPOSER_PASSAGES = 20;

/** At most this many passages for an open question (its facets' best and their sections'). */
const MAX_OPEN_PASSAGES = 400;

/**
 * The best passages, plus the best of every page that has none among them, so a composer that
 * finds no answer can still say what each page covers. An open question (how, why, pros and
 * cons, a comparison, several at once) gets each facet's own best passages first, ranked by what
 * that facet asks, then the rest up to MAX_OPEN_PASSAGES: its answer gathers a facet's points and
 * a page section's list (items under "Why choose catering?" need not repeat the question's
 * words), not only the passages nearest the whole question. So does a facet of a compound
 * question of any shape (`facet`: a deep report's section), as the compound answer reads it.
 */
export function composerPassages(
  question: string,
  passages: readonly Passage[],
  { facet = false }: { facet?: boolean } = {},
): Passage[] {
  const ranked = rankPassages(question, passages).map((r) => r.passage);
  const facets = questionFacets(question);
  if (facet || facets.length > 1 || questionShape(question) !== 'factoid') return openPassages(facets, ranked);
  const chosen = ranked.slice(0, COMPOSER_PASSAGES);
  for (const passage of ranked.slice(COMPOSER_PASSAGES)) {
    if (!chosen.some((p) => p.n === passage.n)) chosen.push(passage);
  }
  return chosen;
}

/** An open question's passages: each facet's best first (so a facet the whole question ranks low is read), then the rest in rank order, up to MAX_OPEN_PASSAGES. */
function openPassages(facets: readonly string[], ranked: readonly Passage[]): Passage[] {
  const picked = new Set<Passage>(ranked.slice(0, COMPOSER_PASSAGES));
  for (const facet of facets.length > 1 ? facets : [])
    for (const { passage } of rankPassages(facet, ranked).slice(0, COMPOSER_PASSAGES)) picked.add(passage);
  for (const p of ranked) if (picked.size < MAX_OPEN_PASSAGES) picked.add(p);
  return [...picked];
}
