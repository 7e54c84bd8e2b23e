/**
 * One view of a deep research's report, whether it runs on this screen or was opened from the
 * history: its progress line, summary, sections, where the sources disagree, what they do not
 * answer, its sources and footer. ResearchReportView draws only this, so a reopened report looks
 * as the live one did.
 *
 * The history keeps a report as one Markdown text (ResearchService's turnOf: the summary, then a
 * `### ` heading before each section, "Where the sources disagree" as `- topic: value [n]; …` and
 * "Not answered by the sources" as a list, every title escaped by markdownText), its checked
 * sentences in that order and its sources. It does not keep the disagreements' quotes, the
 * composer or why gathering stopped: a reopened report leaves those out.
 */
import type { AnswerSentence, AnswerSource } from '../../../shared/answer-contract';
import type { Disagreement, ResearchReport } from '../../../shared/research-contract';
import { formatAnswerText } from '../../../shared/format/answer-text';
import { DEFAULT_RESEARCH_PAGES } from '../../../shared/research-limits';
import type { StoredTurn } from '../stores/run-store';
import { storedSentences, storedSources } from './answer-view';
import type { PageState } from './progress-types';
import {
  notAnsweredOf,
  researchPagesOf,
  researchSourcesOf,
  researchStagesOf,
  sectionsOf,
  type ResearchRunState,
  type ResearchStage,
} from './research-view';
import { plural } from '../../../shared/format/plural';

export interface ReportPart {
  title: string;
  text: string;
  sentences: AnswerSentence[] | undefined;
}

export interface ReportView {
  stages: ResearchStage[];
  summary?: ReportPart | undefined;
  /** The sections the sources answer, in plan order. */
  sections: ReportPart[];
  /** Once the report is done. */
  disagreements?: Disagreement[] | undefined;
  notAnswered: string[];
  sources: AnswerSource[];
  pages: PageState[];
  footer?: { composer?: ResearchReport['composer'] | undefined; totalMs: number } | undefined;
  /** Why the report covers less than its plan. */
  stopped?: ResearchReport['stopped'];
  /** What copy and export give. */
  markdown?: string | undefined;
  title: string;
}

export function liveReportView(run: ResearchRunState & { question: string }): ReportView {
  const report = run.report;
  return {
    stages: researchStagesOf(run),
    ...(report && report.summary.text.trim() !== ''
      ? { summary: { title: 'Summary', text: report.summary.text, sentences: report.summary.sentences } }
      : {}),
    sections: sectionsOf(run)
      .filter((section) => section.answered)
      .map((section) => ({ title: section.title, text: section.text, sentences: section.sentences })),
    disagreements: report?.disagreements,
    notAnswered: notAnsweredOf(run),
    sources: researchSourcesOf(run),
    pages: researchPagesOf(run),
    ...(report
      ? {
          footer: { composer: report.composer, totalMs: report.timings.totalMs },
          stopped: report.stopped,
          markdown: report.markdown,
        }
      : {}),
    title: report?.question ?? run.question,
  };
}

const DISAGREE = 'Where the sources disagree';
const NOT_ANSWERED = 'Not answered by the sources';

/** markdownText's escapes undone: the titles are shown as text. */
function unescaped(text: string): string {
  return text.replace(/\\([\\`*_[\]<>#|~&!])/g, '$1');
}

const markers = (text: string): number => [...text.matchAll(/\[(\d{1,3})\]/g)].length;

/** `- topic: value [n]; value [n]` lines (turnOf's), each side without its quote. */
function disagreementsOf(body: string): Disagreement[] {
  return body.split('\n').flatMap((line) => {
    const match = /^- (.+?): (.+)$/.exec(line.trim());
    if (!match) return [];
    const claims = (match[2] as string).split('; ').flatMap((side) => {
      const claim = /^(.*) \[(\d+)\]$/.exec(side);
      return claim ? [{ n: Number(claim[2]), value: unescaped(claim[1] as string), quote: '' }] : [];
    });
    return claims.length >= 2 ? [{ topic: unescaped(match[1] as string), claims }] : [];
  });
}

export function storedReportView(turn: StoredTurn): ReportView {
  // Blocks: the summary, then one per `### ` heading with the text under it.
  const [summaryText = '', ...rest] = turn.answer.split(/^### (.+)$/m);
  const headed: Array<{ title: string; body: string }> = [];
  for (let i = 0; i + 1 < rest.length; i += 2)
    headed.push({ title: unescaped(rest[i] as string), body: (rest[i + 1] as string).trim() });
  const notAnswered = (headed.find((block) => block.title === NOT_ANSWERED)?.body ?? '')
    .split('\n')
    .flatMap((line) => (line.startsWith('- ') ? [unescaped(line.slice(2).trim())] : []));
  const disagreeBlock = headed.find((block) => block.title === DISAGREE);
  // The checked sentences, in the text's order: each part takes as many citations as it has markers.
  const sentences = storedSentences(turn.citations);
  const queue = [...(sentences ?? [])];
  const take = (text: string): AnswerSentence[] | undefined => {
    if (!sentences) return undefined;
    const taken: AnswerSentence[] = [];
    let wanted = markers(text);
    while (queue.length > 0 && (wanted > 0 || queue[0]?.citations.length === 0)) {
      const next = queue.shift() as AnswerSentence;
      wanted -= next.citations.length;
      taken.push(next);
    }
    return taken;
  };
  const summary = { title: 'Summary', text: summaryText.trim(), sentences: take(summaryText) };
  const sections = headed
    .filter((block) => block.title !== DISAGREE && block.title !== NOT_ANSWERED)
    .map((block) => ({ title: block.title, text: block.body, sentences: take(block.body) }))
    .filter((section) => !notAnswered.includes(section.title));
  const sources = storedSources(turn);
  const done = (id: ResearchStage['id'], label: string): ResearchStage => ({ id, label, state: 'done' });
  const planned = sections.length + notAnswered.length;
  return {
    stages: [
      done('plan', `Plan: ${plural(planned, 'sub-question')}`),
      done('search', `Searches ${planned}/${planned}`),
      done('read', `Pages ${sources.length}/${DEFAULT_RESEARCH_PAGES}`),
      done('write', `Sections ${planned}/${planned}`),
      done('check', 'Checking citations'),
    ],
    ...(summary.text !== '' ? { summary } : {}),
    sections,
    disagreements: disagreeBlock ? disagreementsOf(disagreeBlock.body) : [],
    notAnswered,
    sources,
    pages: sources.map((source) => ({ n: source.n, url: source.url, state: 'read' })),
    footer: { totalMs: turn.timings['totalMs'] ?? 0 },
    markdown: formatAnswerText({ answer: turn.answer, sources }),
    title: turn.question,
  };
}
