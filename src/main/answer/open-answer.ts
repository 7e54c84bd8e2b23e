/**
 * The extractive answer to an open question: how to, why, a comparison, pros and cons, an
 * overview (question-shape.ts), or several of them at once. Most research questions are of these
 * shapes, and no one sentence answers them: a good answer gathers the sentences that state a step,
 * a reason, a difference, an advantage or a drawback about the question's subject, from several
 * pages, without saying one thing twice. Each is quoted verbatim and cited; a compound question's
 * facets each get their own group, labelled with the facet's own words; pros and cons are grouped
 * as such, a comparison's sentences by the side they are about. The first line is the sentence that
 * answers best (the lead).
 *
 * A sentence counts when it is about the subject: its words, its section's headings and its page's
 * title hold most of the subject's weighted terms (term-weights.ts: rare ones weigh more, so a
 * distractor sharing the common words falls short), and it says something of the subject itself.
 * Its shape (the lexicon's sentence cues, in it or in its section's headings) and a list item's
 * form raise it. A page's section that answers the question as a whole comes as its points (outline),
 * else the list the best sentence is an item of comes with it (listAround). Undefined when no
 * sentence counts: the factoid composer decides then.
 */
import { isFurniture, premiseOf, withoutLeadIn } from './lead-shape';
import { LABELS, META_CUES, SENTENCE_CUES, type OpenShape } from './open-lexicon';
import { splitSentences, type Passage } from './passages';
import {
  comparisonSides,
  ownQuestion,
  questionFacets,
  questionLanguage,
  questionShape,
  ownTerms,
  subjectTerms,
  type QuestionShape,
} from './question-shape';
import { scoreTexts } from './rank';
import { cleanSentence, endsSentence, jaccard, laidOutText, substantial, usable } from './sentence-text';
import { holds, termWeights, weightedCoverage } from './term-weights';
import { contentTerm, contentTerms, sameTerm, wordSpans } from './terms';
import { withoutSoftHyphens } from '../../shared/format/plain-text';

/** Points (besides the lead) of an answer, and of one facet of a compound answer. */
const MAX_POINTS = 8;
const MAX_FACET_POINTS = 5;
/** At most this many of an answer's sentences from one page: the answer gathers across pages. */
const MAX_PER_PAGE = 3;
/** A page on the subject holds this share of what the best page holds of its weighted terms (pagesOnTopic); the pages write MIN_WRITTEN of its terms. */
const MIN_PAGE_TOPICAL = 0.7;
const MIN_WRITTEN = 0.5;
/** The weighted share of the subject's terms a sentence with its headings and its page's title holds. */
const MIN_TOPICAL = 0.25;
/** The share the sentence itself must hold to lead. */
const MIN_LEAD_COVERAGE = 0.2;
/** Sentences sharing more of their terms than this (Jaccard) say the same thing. */
const MAX_SIMILARITY = 0.5;
/** How a sentence's score mixes its BM25 rank, its own share of the subject, and its share with its headings and title. */
const WEIGHTS = { bm25: 0.2, own: 0.25, topical: 0.2, cue: 0.2, headingCue: 0.2, item: 0.1, labelled: 0.2, meta: 0.3 };

/** Which sentence cues say a sentence is of the shape asked. */
const SHAPE_SENTENCE_CUES: Readonly<Record<QuestionShape, readonly (keyof typeof SENTENCE_CUES)[]>> = {
  howto: ['step'],
  why: ['reason'],
  comparison: ['difference', 'pro', 'con'],
  proscons: ['pro', 'con'],
  overview: [],
  factoid: [],
};

interface Sentence {
  n: number;
  /** The passage's id: sentences of one passage keep their page order. */
  passage: number;
  text: string;
  terms: Set<string>;
  /** Its passage's headings' and its page's title's terms. */
  around: Set<string>;
  /** Its page's title. */
  pageTitle: string;
  /** The headings it sits under, innermost last (a short line of its context that is no sentence). */
  headings: string[];
  whole: boolean;
  item: boolean;
  /** A list item or paragraph that opens with its point in bold ("- **Book early.** …"): one of a page's listed steps, reasons or pros. */
  labelled: boolean;
  /** The first sentence quoted of its passage (a list item's point, a section's opening). */
  first: boolean;
  /** Of a list item's passage. */
  listed: boolean;
}

interface Scored extends Sentence {
  own: number;
  topical: number;
  score: number;
  cue: boolean;
  headingCue: boolean;
}

/**
 * The open answer, or undefined when the question is a factoid or no sentence answers it. With
 * `factoid`, a question for a number or a name is answered by the sentences about it too, as a
 * compound answer answers such a facet ("…, and who pays?").
 */
export function openAnswer(
  question: string,
  passages: readonly Passage[],
  { factoid = false }: { factoid?: boolean } = {},
): string | undefined {
  const facets = questionFacets(question);
  if (facets.length === 1 && questionShape(question) === 'factoid' && !factoid) return undefined;
  const sentences = sentencesOf(passages);
  if (sentences.length === 0) return undefined;
  if (facets.length === 1) {
    const shape = questionShape(question);
    const chosen = choose(question, shape, sentences, MAX_POINTS + 1);
    if (chosen.length === 0) return undefined;
    const [lead, ...rest] = chosen as [Scored, ...Scored[]];
    // A section of a page that answers the question as a whole ("Why Choose Catering?", "Benefits of…"): its points, in its order, before the points gathered sentence by sentence.
    // Else the list the lead is an item of: one page's points beside it, the gathered ones kept.
    // Else the opening of a section the page heads with what is asked, told in prose ("Logging to a file").
    const outlined = outline(question, shape, sentences, MAX_POINTS, lead);
    const section =
      outlined ??
      listAround(lead, sentences, MAX_POINTS, { leads: true }) ??
      proseOpening(question, shape, sentences, lead);
    const unquoted = outside(section, rest);
    const others = outlined ? unquoted.slice(0, Math.max(2, MAX_POINTS - outlined.units.length)) : unquoted;
    // Pros and cons stay grouped as such: the section's points join the others under their labels.
    if (shape === 'proscons')
      return [
        cite(lead),
        ...grouped(question, shape, [...(section?.units.map((u) => u.sentence) ?? []), ...others]),
      ].join('\n\n');
    return [cite(lead), ...(section ? [formatOutline(section)] : []), ...grouped(question, shape, others)].join('\n\n');
  }
  // A compound question: the best lead of its first answered facet, then each facet's points under its own words.
  const blocks: string[] = [];
  let lead: Scored | undefined;
  const used = new Set<string>();
  // The facets ask of one subject: a page off the whole question's subject answers none of them,
  // though it may share one facet's few words ("how should a beginner plan the week?" on a travel page).
  // When the pages write too few of the question's words for any page to be on it, every page is read.
  const questionPages = pagesOnSubjectOf(question, sentences);
  for (const facet of facets) {
    const shape = questionShape(facet);
    const open = sentences.filter((s) => !used.has(s.text) && (questionPages.size === 0 || questionPages.has(s.n)));
    const chosen = choose(facet, shape, open, MAX_FACET_POINTS + (lead ? 0 : 1), { leads: lead === undefined });
    // A part of the question the pages leave unanswered is said to be, not left out in silence.
    if (chosen.length === 0) {
      blocks.push(unansweredFacet(facet));
      continue;
    }
    const outlined = outline(facet, shape, open, MAX_FACET_POINTS, lead ?? chosen[0]);
    const section =
      outlined ??
      listAround(chosen[0]!, open, MAX_FACET_POINTS, { leads: lead === undefined }) ??
      proseOpening(facet, shape, open, lead ?? chosen[0]!);
    const points = outside(section, lead ? chosen : chosen.slice(1));
    lead ??= chosen[0];
    for (const s of chosen) used.add(s.text);
    for (const u of section?.units ?? []) used.add(u.sentence.text);
    const kept = outlined ? points.slice(0, Math.max(1, MAX_FACET_POINTS - outlined.units.length)) : points;
    const body = [section ? formatOutline(section) : '', kept.map((p) => `- ${cite(p)}`).join('\n')]
      .filter((b) => b !== '')
      .join('\n\n');
    // Headed as the person asked it: the subject a facet was given to lean on is for ranking, not for reading.
    blocks.push(body === '' ? unansweredFacet(facet) : `**${ownQuestion(facet)}**\n\n${body}`);
  }
  return lead === undefined ? undefined : [cite(lead), ...blocks].join('\n\n');
}

/** What a compound answer says under a facet no sentence of the pages answers. */
export const FACET_NOT_ANSWERED = 'Not answered by the sources.';

function unansweredFacet(facet: string): string {
  return `**${ownQuestion(facet)}**\n\n${FACET_NOT_ANSWERED}`;
}

/**
 * A compound answer without its unanswered facets' blocks: a deep-research summary leaves them
 * to the report, whose sections may answer them from pages searched for them alone.
 */
export function withoutUnansweredFacets(answer: string): string {
  return answer
    .split('\n\n')
    .filter((block, i, blocks) => block !== FACET_NOT_ANSWERED && blocks[i + 1] !== FACET_NOT_ANSWERED)
    .join('\n\n');
}

/**
 * The pages (their numbers) on the subject of the whole question, as a compound answer reads its
 * facets from (pagesOnTopic); empty when the pages write too little of it to tell, and then every
 * page is read. Deep research's writer gives a facet's section the same pages.
 */
export function pagesOnQuestion(question: string, passages: readonly Passage[]): Set<number> {
  return pagesOnSubjectOf(question, sentencesOf(passages));
}

function pagesOnSubjectOf(question: string, sentences: readonly Sentence[]): Set<number> {
  const subject = subjectTerms(question);
  return pagesOnTopic(subject, subjectPairs(question, subject), sentences);
}

/** Every sentence of the passages as it would be quoted, with the headings it sits under. */
function sentencesOf(passages: readonly Passage[]): Sentence[] {
  const seen = new Set<string>();
  const out: Sentence[] = [];
  for (const passage of passages) {
    const laidOut = passage.shape === 'value';
    const headings = headingsOf(passage.context);
    const around = new Set(contentTerms(withoutSoftHyphens([passage.title, ...headings].join('\n'))));
    const spans = laidOut ? [laidOutText(passage.text)] : splitSentences(passage.text).map((span) => span.text);
    for (const [k, span] of spans.entries()) {
      const sentence = laidOut ? span : withoutLeadIn(cleanSentence(span));
      const text = (laidOut ? undefined : premiseOf(sentence)) ?? sentence;
      const item = passage.shape === 'item' && k === spans.length - 1;
      const whole = (endsSentence(text) || item || laidOut) && substantial(text);
      if (!whole || isFurniture(text, laidOut) || !usable(text, true) || seen.has(text)) continue;
      seen.add(text);
      const labelled = k === 0 && LABELLED.test(passage.text);
      const first = !out.some((o) => o.passage === passage.id);
      out.push({
        n: passage.n,
        passage: passage.id,
        text,
        terms: new Set(contentTerms(text)),
        around,
        pageTitle: passage.title,
        headings,
        whole: endsSentence(text),
        item: item || laidOut,
        labelled,
        first,
        listed: passage.shape === 'item',
      });
    }
  }
  return out;
}

/**
 * The best sentences for the question, best first: on the subject, of the asked shape where any
 * is, at most MAX_PER_PAGE from one page, none saying what a chosen one says. The first is fit to
 * lead the answer (it holds MIN_LEAD_COVERAGE of the subject itself) unless it does not `leads`:
 * a compound question's later facet, whose best sentence may name only a little of the subject.
 */
function choose(
  question: string,
  shape: QuestionShape,
  sentences: readonly Sentence[],
  count: number,
  { leads = true }: { leads?: boolean } = {},
): Scored[] {
  const subject = subjectTerms(question);
  const weights = termWeights(
    subject,
    sentences.map((s) => s.terms),
  );
  const cues = SHAPE_SENTENCE_CUES[shape].map((cue) => SENTENCE_CUES[cue]);
  // A facet given its question's subject in parentheses (question-shape.ts) is about its own words too: a page on the subject that writes none of them does not answer it.
  // One with no words of its own ("How do you do it?", "Why choose it?") asks of the subject alone.
  const facetTerms = ownTerms(question);
  const onTopic = pagesOnTopic(subject, subjectPairs(question, subject), sentences);
  if (facetTerms.length > 0 && facetTerms.length < subject.length)
    for (const n of [...onTopic])
      if (!sentences.some((s) => s.n === n && facetTerms.some((t) => holds(s.terms, t) || holds(s.around, t))))
        onTopic.delete(n);
  const bm25 = scoreTexts(
    question,
    sentences.map((s) => s.text),
    sentences.map((s) => s.headings.join('\n')),
  );
  const top = Math.max(...bm25, 0) || 1;
  const scored = sentences
    .filter((s) => onTopic.has(s.n))
    .map((s): Scored => {
      const i = sentences.indexOf(s);
      const own = weightedCoverage(weights, s.terms);
      const topical = weightedCoverage(weights, new Set([...s.terms, ...s.around]));
      const cue = ofShape(shape, s.text, cues);
      const headingCue = s.headings.some((h) => ofShape(shape, h, cues) || NUMBERED.test(h));
      const w = WEIGHTS;
      const score =
        w.bm25 * ((bm25[i] ?? 0) / top) +
        w.own * own +
        w.topical * topical +
        (cue ? w.cue : 0) +
        (headingCue ? w.headingCue : 0) +
        (s.item ? w.item : 0) +
        (s.labelled ? w.labelled : 0) -
        (META_CUES.test(s.text) ? w.meta : 0);
      return { ...s, own, topical, cue, headingCue, score };
    })
    // Saying something of the subject itself, or standing under a heading of the asked shape (a numbered step, "Cons of…").
    .filter((s) => s.topical >= MIN_TOPICAL && (s.own > 0 || s.headingCue))
    .sort((a, b) => b.score - a.score);
  const lead =
    scored.find((s) => s.whole && s.own >= MIN_LEAD_COVERAGE && (cues.length === 0 || s.cue)) ??
    scored.find((s) => s.whole && s.own >= MIN_LEAD_COVERAGE) ??
    // A facet under an answer's lead needs none of its own: a sentence on the subject that is no lead still answers it.
    (leads ? undefined : scored.find((s) => s.whole));
  if (lead === undefined) return [];
  const chosen = [lead];
  const perPage = new Map([[lead.n, 1]]);
  const sayAnew = (s: Scored): boolean =>
    !chosen.some(
      (c) =>
        c === s || jaccard(c.terms, s.terms) > MAX_SIMILARITY || c.text.includes(s.text) || s.text.includes(c.text),
    );
  // Across pages first; then, when the pages on the subject are few, more of theirs.
  for (const capped of [true, false]) {
    for (const s of scored) {
      if (chosen.length >= count) break;
      if ((capped && (perPage.get(s.n) ?? 0) >= MAX_PER_PAGE) || !sayAnew(s)) continue;
      chosen.push(s);
      perPage.set(s.n, (perPage.get(s.n) ?? 0) + 1);
    }
  }
  return chosen;
}

/** A unit of a page's section: a list item's point, or a sub-section's heading with its first sentence. */
interface OutlineUnit {
  label?: string;
  sentence: Sentence;
}
interface Outline {
  heading: string;
  units: OutlineUnit[];
  /** Sentences of a paragraph, read as one, not a list's points. */
  prose?: boolean;
}

/** The share of the subject's weighted terms a section's heading, with the headings above it and its page's title, must hold; the heading alone, when it is not of the asked shape. */
const MIN_OUTLINE_TOPICAL = 0.5;
const MIN_OUTLINE_OWN = 0.6;

/**
 * The section of a page on the subject that answers the question as a whole: a heading of the
 * asked shape ("Why Choose Catering?", "Benefits of Automation Testing", "Tips for Prevention") or
 * naming the subject itself ("Types of PTO policies"), on the subject with the headings above it
 * and the page's title, and what it lists: its list items' points, or its sub-sections (each
 * heading with its first sentence), at least two, in the page's order. A page lays out the steps,
 * reasons or pros it has under such a heading; a sentence mentioning the subject elsewhere is
 * less of an answer. For a how-to or a why, the whole page counts as such a section when its
 * title asks what the question asks ("A Beginner's Guide to Starting Music Lessons"): its
 * headings are the steps, though none of them repeats the question; a section that does is the
 * closer answer and wins. With `prose`, a section's opening paragraph instead of its list
 * (proseOpening), never the whole page's. Undefined when no section qualifies.
 */
function outline(
  question: string,
  shape: QuestionShape,
  sentences: readonly Sentence[],
  max: number,
  lead: Sentence | undefined,
  { prose = false }: { prose?: boolean } = {},
): Outline | undefined {
  const subject = subjectTerms(question);
  const weights = termWeights(
    subject,
    sentences.map((s) => s.terms),
  );
  const onTopic = pagesOnTopic(subject, subjectPairs(question, subject), sentences);
  const cues = SHAPE_SENTENCE_CUES[shape].map((cue) => SENTENCE_CUES[cue]);
  const facetTerms = ownTerms(question);
  // The question's words with what it asks for ("types", "best practices", "Schritte"): of two headings on the subject, the one that also names that answers it.
  const askedTerms = [...new Set(contentTerms(ownQuestion(question)))];
  const sections = new Map<
    string,
    { n: number; depth: number; heading: string; path: string[]; members: Sentence[] }
  >();
  for (const s of sentences) {
    if (!onTopic.has(s.n)) continue;
    // The page itself, under its title: a guide to doing what is asked, or to why, lays out its
    // steps or reasons in its headings (a comparison's or an overview's headings are its article's parts).
    if (shape === 'howto' || shape === 'why') {
      const key = `${s.n}\u0000`;
      const page = sections.get(key) ?? { n: s.n, depth: -1, heading: s.pageTitle, path: [], members: [] };
      page.members.push(s);
      sections.set(key, page);
    }
    for (let depth = 0; depth < s.headings.length; depth++) {
      const path = s.headings.slice(0, depth + 1);
      const key = `${s.n}\u0000${path.join('\u0000')}`;
      const section = sections.get(key) ?? { n: s.n, depth, heading: path[depth]!, path, members: [] };
      section.members.push(s);
      sections.set(key, section);
    }
  }
  const best: Partial<Record<'section' | 'page', { outline: Outline; score: number; echoed: number }>> = {};
  for (const section of sections.values()) {
    const heading = plainHeading(section.heading);
    if (heading === '') continue;
    const headingTerms = new Set(contentTerms(heading));
    const title = section.members[0]!.around;
    const own = weightedCoverage(weights, headingTerms);
    const topical = weightedCoverage(
      weights,
      new Set([...headingTerms, ...title, ...section.path.flatMap((h) => contentTerms(h))]),
    );
    const shaped = questionShape(heading) === shape || ofShape(shape, heading, cues);
    // A facet's own words (not the subject it leans on) must be the section's: "What does it cost?" is not answered under "Visa requirements".
    const ownWords =
      facetTerms.length === subject.length ||
      facetTerms.some((t) => holds(headingTerms, t)) ||
      (shaped && facetTerms.length === 0);
    const whole = section.depth < 0;
    if (!ownWords || !((shaped && topical >= MIN_OUTLINE_TOPICAL) || own >= MIN_OUTLINE_OWN)) continue;
    // A whole page answers as its outline only when its title asks what the question asks, in its words.
    if (whole && !(shaped && own >= MIN_OUTLINE_OWN)) continue;
    if (prose && whole) continue;
    const units = prose
      ? openingOf(section.members, section.depth, max, lead)
      : unitsOf(section.members, section.depth);
    if (units.length < (prose ? 1 : 2)) continue;
    const echoed = askedTerms.filter((t) => holds(headingTerms, t)).length;
    const score =
      own + 0.5 * topical + (shaped ? 0.5 : 0) + (lead !== undefined && section.members.includes(lead) ? 0.1 : 0);
    // A section that asks it is the closer answer than a whole page: a page is the outline only when no section is.
    const kind = whole ? 'page' : 'section';
    const held = best[kind];
    // Of two headings that score alike, the one naming more of what is asked, not the one the page puts first.
    if (held === undefined || score > held.score || (score === held.score && echoed > held.echoed))
      best[kind] = { outline: { heading, units: units.slice(0, max), prose }, score, echoed };
  }
  return (best.section ?? best.page)?.outline;
}

/**
 * A section's units: its own list items' points when it has two or more, else its sub-sections',
 * each with its first sentence; in the page's order (passages come ranked, and a page numbers its
 * phases and steps in order).
 */
function unitsOf(ranked: readonly Sentence[], depth: number): OutlineUnit[] {
  const members = [...ranked].sort((a, b) => a.passage - b.passage);
  const direct = members.filter((s) => s.headings.length === depth + 1 && isItemPoint(s));
  if (direct.length >= 2) return direct.map((sentence) => ({ sentence }));
  const children = new Map<string, Sentence>();
  for (const s of members) {
    const label = s.headings[depth + 1];
    if (label === undefined || children.has(label) || !s.whole) continue;
    children.set(label, s);
  }
  return [...children].map(([label, sentence]) => ({
    label: plainHeading(label),
    sentence,
  }));
}

/** A prose section's opening quoted: its first sentences, as many as say what the section is about. */
const PROSE_OPENING = 2;

/**
 * The opening of a section headed with what is asked whose body is prose ("Logging to a file":
 * "A very common situation is that of recording logging events in a file…"), as outline() finds
 * the heading: a page answers there in paragraphs, and the sentences under it need not repeat
 * the heading's words. Quoted beside the gathered points, not in their place: two sentences
 * of a paragraph are less of an answer than a section's list. Undefined when no section qualifies.
 */
function proseOpening(
  question: string,
  shape: QuestionShape,
  sentences: readonly Sentence[],
  lead: Sentence,
): Outline | undefined {
  return outline(question, shape, sentences, PROSE_OPENING, lead, { prose: true });
}

/** A section's first `count` whole sentences of prose (its own, not its sub-sections' nor its list's), in the page's order, the answer's lead left out (it is quoted first). */
function openingOf(
  ranked: readonly Sentence[],
  depth: number,
  count: number,
  lead: Sentence | undefined,
): OutlineUnit[] {
  return [...ranked]
    .sort((a, b) => a.passage - b.passage)
    .filter((s) => s.headings.length === depth + 1 && s.whole && !s.listed)
    .slice(0, count)
    .filter((s) => s.text !== lead?.text)
    .map((sentence) => ({ sentence }));
}

/** The shortest list taken whole around the sentence that answers best: a pair is no list of points. */
const MIN_LIST_ITEMS = 3;

/**
 * The list a sentence is an item of, as a page lays out its advice, steps or reasons: the points
 * of its neighbouring items (a run of the page's passages, each a list item under the same
 * headings), in the page's order, from as near the run's start as holds the sentence. Its other
 * items rarely repeat the subject ("Unikaj dotykania wózka…" under a list whose one item names
 * "osobą na wózku"), so they score low one by one; the page lists them together because they
 * answer together. The sentence itself is left out when it `leads` the answer, which quotes it
 * first. Undefined for prose or a list of fewer than MIN_LIST_ITEMS.
 */
function listAround(
  item: Sentence,
  sentences: readonly Sentence[],
  max: number,
  { leads }: { leads: boolean },
): Outline | undefined {
  if (!item.listed) return undefined;
  const path = item.headings.join('\n');
  const items = sentences
    .filter((s) => s.n === item.n && isItemPoint(s) && s.headings.join('\n') === path)
    .sort((a, b) => a.passage - b.passage);
  const at = items.findIndex((s) => s.text === item.text);
  if (at === -1) return undefined;
  let from = at;
  let to = at;
  while (from > 0 && items[from]!.passage - items[from - 1]!.passage === 1) from--;
  while (to < items.length - 1 && items[to + 1]!.passage - items[to]!.passage === 1) to++;
  if (to - from + 1 < MIN_LIST_ITEMS) return undefined;
  const start = Math.max(from, at - (max - 1));
  const shown = items.slice(start, Math.min(to + 1, start + max)).filter((s) => !leads || s !== items[at]);
  return { heading: plainHeading(item.headings.at(-1) ?? ''), units: shown.map((sentence) => ({ sentence })) };
}

/** A list item's point: the first sentence of a list item's passage, a whole one. */
function isItemPoint(s: Sentence): boolean {
  return s.listed && s.first && s.whole;
}

/** The points a section or list does not already quote. */
function outside<T extends Sentence>(section: Outline | undefined, points: readonly T[]): T[] {
  return points.filter((p) => !section?.units.some((u) => u.sentence.text === p.text));
}

/** A heading as a label: its Markdown marks out. */
function plainHeading(heading: string): string {
  return heading
    .replace(/[*_#]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A section as the answer shows it: its heading as a label, then a bullet per unit (a sub-section's heading in bold before its sentence), or its prose as a paragraph. */
function formatOutline(section: Outline): string {
  const body = section.prose
    ? section.units.map((u) => cite(u.sentence)).join(' ')
    : section.units
        .map((u) => (u.label ? `- **${u.label}**\n\n  ${cite(u.sentence)}` : `- ${cite(u.sentence)}`))
        .join('\n');
  return section.heading === '' ? body : `**${section.heading}**\n\n${body}`;
}

/** A point in bold at the start of a passage: "- **Convenience:** …", "**Book early.** …", "1. **Site preparation**: …". */
const LABELLED = /^\s*(?:[-*+•]|\d+[.)])?\s*(?:\*\*|__)[^*_\n]{2,80}(?:\*\*|__)/u;

/** A numbered heading ("1. Define your skills", "Step 3: Tools", "Tip #2: …") heads one of several steps, ways or reasons. */
const NUMBERED = /^\s*(?:[#*\s]*)(?:\p{L}+\s*#?)?\d+[.):]?(?:\s|$)/u;

/**
 * The pages that are about the subject. Weighed by their rarity across the pages (not their
 * sentences: a page on the topic names it in sentence after sentence), the subject's terms that
 * some page writes count, a word of the question no page uses ("living" in "pros and cons of
 * living in a tiny house") does not; a page is on the subject when it holds MIN_PAGE_TOPICAL of
 * what the best page holds, and the pages write MIN_WRITTEN of the subject's terms at all. A page
 * of another topic sharing the question's common words falls short, a page on it need not repeat
 * the subject in every sentence (a list under "Why choose catering?").
 */
function pagesOnTopic(
  subject: readonly string[],
  pairs: readonly [string, string][],
  sentences: readonly Sentence[],
): Set<number> {
  const terms = new Map<number, Set<string>>();
  for (const s of sentences) {
    const page = terms.get(s.n) ?? new Set<string>();
    for (const t of s.terms) page.add(t);
    for (const t of s.around) page.add(t);
    terms.set(s.n, page);
  }
  const pages = [...terms.values()];
  const written = subject.filter((term) => pages.some((page) => holds(page, term)));
  if (written.length < MIN_WRITTEN * subject.length) return new Set();
  const weights = termWeights(written, pages);
  const topical = [...terms].map(([n, page]) => [n, weightedCoverage(weights, page)] as const);
  const best = Math.max(0, ...topical.map(([, share]) => share));
  const onTopic = new Set(topical.filter(([, share]) => share > 0 && share >= MIN_PAGE_TOPICAL * best).map(([n]) => n));
  // Where pages write two of the subject's words together as the question does ("tiny house"), a page that never does is about something else.
  const phrased = new Set([...onTopic].filter((n) => sentences.some((s) => s.n === n && holdsPair(s, pairs))));
  return phrased.size > 0 ? phrased : onTopic;
}

/** The question's subject words that stand side by side in it ("tiny house", "zero waste"), as content-term pairs. */
function subjectPairs(question: string, subject: readonly string[]): [string, string][] {
  const terms = wordSpans(question).map((span) => contentTerm(span.word));
  const pairs: [string, string][] = [];
  for (let i = 1; i < terms.length; i++) {
    const [a, b] = [terms[i - 1], terms[i]];
    if (a !== undefined && b !== undefined && subject.includes(a) && subject.includes(b)) pairs.push([a, b]);
  }
  return pairs;
}

/** Whether a sentence, or a heading or title above it, writes one of the pairs side by side. */
function holdsPair(s: Sentence, pairs: readonly [string, string][]): boolean {
  return [s.text, ...s.headings].some((text) => {
    const terms = wordSpans(text).map((span) => contentTerm(span.word));
    return terms.some(
      (t, i) =>
        i > 0 &&
        t !== undefined &&
        terms[i - 1] !== undefined &&
        pairs.some(([a, b]) => sameTerm(terms[i - 1]!, a) && sameTerm(t, b)),
    );
  });
}

function cite(s: Sentence): string {
  return `${s.text} [${s.n}]`;
}

/**
 * The points as bullets, grouped where the shape has groups: pros and cons under the question
 * language's labels, a comparison's points by the side they are about (its own words as label);
 * the rest first, ungrouped.
 */
function grouped(question: string, shape: OpenShape | 'factoid', points: readonly Sentence[]): string[] {
  if (points.length === 0) return [];
  const bullets = (list: readonly Sentence[]): string => list.map((p) => `- ${cite(p)}`).join('\n');
  if (shape === 'proscons') {
    const labels = LABELS[questionLanguage(question)] ?? LABELS.en!;
    // The innermost heading that says which ("Cons of Renovating" under "Pros and Cons of…"), else the sentence's own words.
    const side = (p: Sentence): 'pro' | 'con' | undefined =>
      [...p.headings]
        .reverse()
        .map(polarity)
        .find((x) => x !== undefined) ?? polarity(p.text);
    const pros = points.filter((p) => side(p) === 'pro');
    const cons = points.filter((p) => side(p) === 'con');
    const rest = points.filter((p) => side(p) === undefined);
    return [
      rest.length > 0 ? bullets(rest) : '',
      pros.length > 0 ? `**${labels.pro}**\n\n${bullets(pros)}` : '',
      cons.length > 0 ? `**${labels.con}**\n\n${bullets(cons)}` : '',
    ].filter((b) => b !== '');
  }
  const sides = shape === 'comparison' ? comparisonSides(question) : undefined;
  if (sides !== undefined) {
    const [a, b] = sides.map((terms) => terms.filter((t) => !sides[0].includes(t) || !sides[1].includes(t)));
    const about = (p: Sentence, terms: readonly string[]): number =>
      terms.filter((t) => holds(p.terms, t) || holds(p.around, t)).length;
    const ofA = points.filter((p) => about(p, a!) > about(p, b!));
    const ofB = points.filter((p) => about(p, b!) > about(p, a!));
    const rest = points.filter((p) => !ofA.includes(p) && !ofB.includes(p));
    const label = (terms: readonly string[]): string => sideLabel(question, terms);
    return [
      rest.length > 0 ? bullets(rest) : '',
      ofA.length > 0 ? `**${label(a!)}**\n\n${bullets(ofA)}` : '',
      ofB.length > 0 ? `**${label(b!)}**\n\n${bullets(ofB)}` : '',
    ].filter((x) => x !== '');
  }
  return [bullets(points)];
}

/** Context lines that are headings or labels: short, and not ending as a sentence does, or asking ("Why Choose Catering?"). */
const MAX_HEADING_WORDS = 14;
function headingsOf(context: string | undefined): string[] {
  return (context ?? '')
    .split('\n')
    .filter(
      (line) =>
        line.trim() !== '' &&
        (!endsSentence(line.trim()) || /[?？]\**$/u.test(line.trim())) &&
        line.split(/\s+/u).length <= MAX_HEADING_WORDS,
    );
}

/**
 * Whether a text is of the shape asked, by its cue words. For pros and cons one side's: a text
 * naming both ("the pros and cons", "Vor- und Nachteile") announces them rather than states one.
 */
function ofShape(shape: QuestionShape, text: string, cues: readonly RegExp[]): boolean {
  if (shape === 'proscons') return polarity(text) !== undefined;
  return cues.some((c) => c.test(text));
}

/** An advantage or a drawback, by the cue words of its text (a heading's first: "Cons of Renovating"). */
function polarity(text: string): 'pro' | 'con' | undefined {
  const pro = SENTENCE_CUES.pro.test(text);
  const con = SENTENCE_CUES.con.test(text);
  return pro === con ? undefined : pro ? 'pro' : 'con';
}

/** A side's label: the question's own words for it ("Native apps"). */
function sideLabel(question: string, terms: readonly string[]): string {
  const words = question.split(/\s+/u).filter((word) => {
    const own = contentTerms(word);
    return own.length > 0 && own.every((t) => terms.includes(t));
  });
  const label = words.join(' ').replace(/[?？:,;]+$/u, '');
  return label.charAt(0).toLocaleUpperCase() + label.slice(1);
}
