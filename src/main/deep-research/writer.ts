/**
 * The report's writing: a section per sub-question, each composed from the passages of every
 * page read (ranked for that sub-question; a facet of a compound question, of the pages on the
 * whole question, as the quick answer reads them) by the same composers as a quick answer — quoted by
 * the extractive one, written by the model when one answers, the page text marked as data for
 * it — and checked by the same citation check; then a summary over the whole question, checked
 * the same way, where the sources disagree, and what they do not answer. The summary answers the
 * question as a quick answer does (a compound question's answer with its block per facet), then
 * gives each other section's lead: a report says at least what the quick answer says. A section
 * asking the question itself (a plan with nothing else, or one a person edited) does not say that
 * answer over.
 */
import type { AnswerSentence, AnswerSource } from '../../shared/answer-contract';
import type { ErrorInfo } from '../../shared/contract';
import type { Disagreement, ReportSection } from '../../shared/research-contract';
import { checkCitations, supportedShareOf, withoutMarkers, type CheckedAnswer } from '../answer/check-citations';
import { READING_BUDGET_MS, withModelReading, type SupportJudge } from '../answer/support-judge';
import { composeWith, NOT_IN_SOURCES, type Composer } from '../answer/composer';
import { pagePassages, type Passage } from '../answer/passages';
import { pagesOnQuestion, withoutUnansweredFacets } from '../answer/open-answer';
import { composerPassages } from '../answer/rank';
import { findDisagreements } from './disagreements';
import type { GatheredPage } from './gatherer';
import { asksTheSame, facets } from './planner';

export interface WriteInput {
  question: string;
  subQuestions: readonly string[];
  pages: readonly GatheredPage[];
  sources: readonly AnswerSource[];
  /** The model, when one writes; undefined: extractive. Not cancelled: a cancelled run is still written. */
  llm: Composer | undefined;
  /** Reads whether each quote says the model's sentence (support-judge.ts), when the model writes. */
  judge?: SupportJudge;
  /** Told of each section once it is written and checked, in plan order. */
  onSection: (index: number, section: ReportSection) => void;
}

export interface Written {
  summary: ReportSection;
  sections: ReportSection[];
  answered: boolean;
  disagreements: Disagreement[];
  notAnswered: string[];
  /** The sources with the quotes their supported citations rest on. */
  sources: AnswerSource[];
  supportedShare: number;
  composer: 'extractive' | 'llm';
  llmError?: ErrorInfo;
}

export async function writeReport(input: WriteInput): Promise<Written> {
  const passages: Passage[] = [];
  for (const page of input.pages) passages.push(...pagePassages(page, passages.length));
  // The sources' numbers: 1, 2, 3… in a new thread, the thread's own in a follow-up.
  const numbers = new Set(input.sources.map((source) => source.n));
  let llm = input.llm;
  let composer: Written['composer'] = llm ? 'llm' : 'extractive';
  let llmError: ErrorInfo | undefined;
  // A facet of the person's compound question asks of its subject, as the quick answer reads it:
  // a page off that subject answers none of its facets, though it may share one facet's few words.
  const questionFacets = facets(input.question);
  const compound = questionFacets.length > 1;
  const onQuestion = compound ? pagesOnQuestion(input.question, passages) : new Set<number>();
  const facetPassages = onQuestion.size > 0 ? passages.filter((p) => onQuestion.has(p.n)) : passages;
  // The planner's facets are no section asking the question itself, though a later one, given the
  // subject it leans on, may hold all of the question's words ("How should it be stored (harvest
  // Jerusalem artichokes)?").
  // The model's text is checked by the rules, then its quotes read by the model; extractive text by the rules alone.
  let judge = input.judge;
  const check = async (text: string): Promise<CheckedAnswer> => {
    const ruled = checkCitations(text, passages, numbers);
    if (composer !== 'llm' || !judge) return ruled;
    const read = await withModelReading(ruled, judge, AbortSignal.timeout(READING_BUDGET_MS));
    // A reading that came back with nothing (late, failed, or no verdict the reply could be read
    // as) is not waited on again: the report's other sections keep the rules' check, as a report
    // the model failed to write goes on without it.
    if (read === ruled && ruled.contentQuestions.length > 0) judge = undefined;
    return read;
  };
  const isOwnFacet = (title: string): boolean =>
    compound && questionFacets.some((facet) => facet.trim().toLowerCase() === title.trim().toLowerCase());
  const write = async (title: string): Promise<ReportSection> => {
    if (passages.length === 0) return unanswered(title);
    const isFacet = compound && questionFacets.some((facet) => asksTheSame(facet, title));
    const composed = await composeWith(llm, {
      question: title,
      passages: composerPassages(title, isFacet ? facetPassages : passages, { facet: isFacet }),
      facet: isFacet,
      onText: () => undefined,
    });
    if (composed.llmError) {
      // The model failed (or was late): the rest is written without it rather than waiting on it again.
      llm = undefined;
      composer = 'extractive';
      llmError = composed.llmError;
    }
    // A facet the composed answer finds unanswered is the report's to say (its section, or "Not answered by the sources").
    const checked = await check(withoutUnansweredFacets(composed.answer));
    if (checked.answer.trimStart().startsWith(NOT_IN_SOURCES)) return unanswered(title);
    return { title, text: checked.answer, sentences: checked.sentences, answered: true };
  };

  const sections: ReportSection[] = [];
  // The summary: the question's own answer first, then each other answered section's lead.
  const leads: string[] = [];
  let askedItself = false;
  for (const [index, subQuestion] of input.subQuestions.entries()) {
    let section = await write(subQuestion);
    const split = section.answered ? splitLead(section.text) : undefined;
    if (!isOwnFacet(subQuestion) && asksTheSame(subQuestion, input.question)) {
      askedItself = true;
      // A section asking the question itself leaves its answer to the summary and says the rest (all of it when there is no rest).
      if (split) leads.unshift(split.lead);
      if (split && split.rest !== '') {
        const checked = await check(split.rest);
        section = { title: subQuestion, text: checked.answer, sentences: checked.sentences, answered: true };
      }
    } else if (split) leads.push(split.lead);
    sections.push(section);
    input.onSection(index, section);
  }
  // A plan without the question itself (facets alone, or what the results page suggests): the
  // question is answered for the summary, from the same pages, whole.
  const own = askedItself ? undefined : await write(input.question);
  const summary = await summaryOf(input.question, own?.answered ? own.text : undefined, leads, check);
  const all = [summary, ...sections].flatMap((s) => s.sentences);
  return {
    summary,
    sections,
    answered: [summary, ...sections].some((s) => s.answered),
    disagreements: findDisagreements(
      input.question,
      input.subQuestions,
      input.pages.map((p) => ({ n: p.n, title: p.title, text: p.markdown })),
    ),
    notAnswered: sections.filter((s) => !s.answered).map((s) => s.title),
    sources: withQuotes(input.sources, all),
    supportedShare: supportedShareOf(all),
    composer,
    ...(llmError ? { llmError } : {}),
  };
}

/**
 * A section's lead: its first sentence (already checked; a bold short answer above it left out,
 * as the sentence holds it), and what follows it.
 */
function splitLead(text: string): { lead: string; rest: string } | undefined {
  const lines = text.split('\n');
  const unbulleted = (line: string): string => line.replace(/^\s*-\s+/, '').trim();
  // Neither the bold short answer above it nor a group's label ("**Advantages**", an open answer's facet) is the lead.
  const at = lines.findIndex(
    (line) => unbulleted(line) !== '' && !/^\*\*.*\*\*(?: \[\d+(?:,\s*\d+)*\])?$/.test(unbulleted(line)),
  );
  return at < 0
    ? undefined
    : {
        lead: unbulleted(lines[at]!),
        rest: lines
          .slice(at + 1)
          .join('\n')
          .trim(),
      };
}

/**
 * Over the whole report: the question's own answer when it was written for the summary, then the
 * leads, each said once and none the answer says already, checked again as one text. Unanswered
 * when there is neither.
 */
async function summaryOf(
  question: string,
  answer: string | undefined,
  leads: readonly string[],
  check: (text: string) => Promise<CheckedAnswer>,
): Promise<ReportSection> {
  const said = answer ?? '';
  const rest = [...new Set(leads)].filter((lead) => !said.includes(withoutMarkers(lead)));
  if (answer === undefined && rest.length === 0) return unanswered(question);
  const text = [said, rest.map((lead) => `- ${lead}`).join('\n')].filter((part) => part !== '').join('\n\n');
  const checked = await check(text);
  return { title: question, text: checked.answer, sentences: checked.sentences, answered: true };
}

function unanswered(title: string): ReportSection {
  return { title, text: NOT_IN_SOURCES, sentences: [], answered: false };
}

function withQuotes(sources: readonly AnswerSource[], sentences: readonly AnswerSentence[]): AnswerSource[] {
  const quotes = new Map<number, string[]>();
  for (const citation of sentences.flatMap((s) => s.citations)) {
    if (!citation.supported) continue;
    const list = quotes.get(citation.n) ?? [];
    if (!list.includes(citation.quote)) list.push(citation.quote);
    quotes.set(citation.n, list);
  }
  return sources.map((s) => ({ ...s, quotes: quotes.get(s.n) ?? [] }));
}
