/**
 * The report's writing: a section per sub-question, each composed from the passages of every
 * page read (ranked for that sub-question) by the same composers as a quick answer — quoted by
 * the extractive one, written by the model when one answers, the page text marked as data for
 * it — and checked by the same citation check; then a summary over the whole question, checked
 * the same way, where the sources disagree, and what they do not answer.
 */
import type { AnswerSentence, AnswerSource } from '../../shared/answer-contract';
import type { ErrorInfo } from '../../shared/contract';
import type { Disagreement, ReportSection } from '../../shared/research-contract';
import { checkCitations } from '../answer/check-citations';
import { composeWith, NOT_IN_SOURCES, type Composer } from '../answer/composer';
import { pagePassages, type Passage } from '../answer/passages';
import { composerPassages } from '../answer/rank';
import { findDisagreements } from './disagreements';
import type { GatheredPage } from './gatherer';

export interface WriteInput {
  question: string;
  subQuestions: readonly string[];
  pages: readonly GatheredPage[];
  sources: readonly AnswerSource[];
  /** The model, when one writes; undefined: extractive. Not cancelled: a cancelled run is still written. */
  llm: Composer | undefined;
  /** Told of each section once it is written and checked, in plan order. */
  onSection: (index: number, section: ReportSection) => void;
}

export interface Written {
  summary: ReportSection;
  sections: ReportSection[];
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
  let llm = input.llm;
  let composer: Written['composer'] = llm ? 'llm' : 'extractive';
  let llmError: ErrorInfo | undefined;
  const write = async (title: string): Promise<ReportSection> => {
    if (passages.length === 0) return unanswered(title);
    const composed = await composeWith(llm, {
      question: title,
      passages: composerPassages(title, passages),
      onText: () => undefined,
    });
    if (composed.llmError) {
      // The model failed (or was late): the rest is written without it rather than waiting on it again.
      llm = undefined;
      composer = 'extractive';
      llmError = composed.llmError;
    }
    const checked = checkCitations(composed.answer, passages, input.sources.length);
    if (checked.answer.trimStart().startsWith(NOT_IN_SOURCES)) return unanswered(title);
    return { title, text: checked.answer, sentences: checked.sentences, answered: true };
  };

  const sections: ReportSection[] = [];
  for (const [index, subQuestion] of input.subQuestions.entries()) {
    const section = await write(subQuestion);
    sections.push(section);
    input.onSection(index, section);
  }
  const summary = summaryOf(input.question, sections, passages, input.sources.length);
  const all = [summary, ...sections].flatMap((s) => s.sentences);
  return {
    summary,
    sections,
    disagreements: findDisagreements(
      input.question,
      input.subQuestions,
      input.pages.map((p) => ({ n: p.n, title: p.title, text: p.markdown })),
    ),
    notAnswered: sections.filter((s) => !s.answered).map((s) => s.title),
    sources: withQuotes(input.sources, all),
    supportedShare: supportedShare(all),
    composer,
    ...(llmError ? { llmError } : {}),
  };
}

/**
 * Over the whole report: the lead sentence of each answered section (already checked; a bold
 * short answer above it left out, as the sentence holds it), each said once, checked again as
 * one text. Unanswered when no section is.
 */
function summaryOf(question: string, sections: readonly ReportSection[], passages: readonly Passage[], sourceCount: number): ReportSection {
  const leads = new Set<string>();
  for (const section of sections.filter((s) => s.answered)) {
    const lead = section.text
      .split('\n')
      .map((line) => line.replace(/^\s*-\s+/, '').trim())
      .find((line) => line !== '' && !/^\*\*.*\*\* \[\d+(?:,\s*\d+)*\]$/.test(line));
    if (lead !== undefined) leads.add(lead);
  }
  if (leads.size === 0) return unanswered(question);
  const checked = checkCitations([...leads].map((lead) => `- ${lead}`).join('\n'), passages, sourceCount);
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

function supportedShare(sentences: readonly AnswerSentence[]): number {
  const citations = sentences.flatMap((s) => s.citations);
  return citations.length === 0 ? 1 : citations.filter((c) => c.supported).length / citations.length;
}
