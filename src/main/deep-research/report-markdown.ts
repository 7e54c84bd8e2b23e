/**
 * A research report as one Markdown document with GFM footnotes (what export gives): the
 * question as its title, the summary, a section per sub-question, where the sources disagree,
 * what they do not answer, and one footnote per source linking its page. Every [n] marker
 * becomes a footnote reference. The report's words are the pages' (quoted) or a model's (which
 * read the pages), so all of it is text, escaped as the history export escapes (markdown.ts):
 * only the report's own structure — headings, paragraphs, list items, bold — is Markdown.
 */
import type { ReportSection, ResearchReport } from '../../shared/research-contract';
import { oneLine } from '../../shared/format/one-line';
import {
  atLineStart,
  citationsAsFootnotes,
  markdownInline,
  markdownText,
  markdownUrl,
} from '../../shared/format/markdown';

const DISAGREEMENTS_HEADING = 'Where the sources disagree';
const NOT_ANSWERED_HEADING = 'Not answered by the sources';

const STOPPED: Record<NonNullable<ResearchReport['stopped']>, string> = {
  cancelled: 'the research was cancelled',
  pages: 'the page budget ran out',
  time: 'the time budget ran out',
};

export function reportMarkdown(report: Omit<ResearchReport, 'markdown'>): string {
  const numbers = new Set(report.sources.map((s) => s.n));
  const cited = new Set<number>();
  const label = (n: number): number | undefined => (numbers.has(n) ? n : undefined);
  const body = (section: ReportSection): string[] => sectionLines(section.text, label, cited);

  const lines = [`# ${markdownText(report.question) || 'Research report'}`, ''];
  if (report.searchedFor !== undefined) lines.push(`_Searched for: ${markdownText(report.searchedFor)}_`, '');
  if (report.stopped !== undefined)
    lines.push(`_Written from what was gathered before ${STOPPED[report.stopped]}._`, '');
  lines.push(...body(report.summary));
  for (const section of report.sections) lines.push(`## ${markdownText(section.title)}`, '', ...body(section));

  lines.push(`## ${DISAGREEMENTS_HEADING}`, '');
  if (report.disagreements.length === 0) lines.push('No figure was found that two sources give differently.', '');
  for (const disagreement of report.disagreements) {
    lines.push(`### ${markdownText(disagreement.topic)}`, '');
    for (const claim of disagreement.claims) {
      const reference = label(claim.n) === undefined ? '' : ` [^${claim.n}]`;
      if (reference !== '') cited.add(claim.n);
      lines.push(`- **${markdownText(claim.value)}**: “${markdownText(claim.quote)}”${reference}`);
    }
    lines.push('');
  }

  lines.push(`## ${NOT_ANSWERED_HEADING}`, '');
  if (report.notAnswered.length === 0) lines.push('The sources answer every sub-question.', '');
  else lines.push(...report.notAnswered.map((question) => `- ${atLineStart(markdownText(question))}`), '');

  // A footnote nobody references does not render: the sources read but not cited are listed.
  const uncited = report.sources.filter((s) => !cited.has(s.n));
  if (uncited.length > 0)
    lines.push(`${cited.size === 0 ? 'Sources' : 'Also consulted'}: ${uncited.map((s) => `[^${s.n}]`).join(' ')}`, '');
  for (const source of report.sources) {
    lines.push(
      `[^${source.n}]: [${markdownText(source.title) || markdownText(source.url)}](<${markdownUrl(source.url)}>)`,
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * A section's text, which Lantern's composers write as paragraphs and "- " list items of
 * sentences with [n] markers (and a short answer in bold): that shape is kept, everything
 * else is text.
 */
function sectionLines(text: string, label: (n: number) => number | undefined, cited: Set<number>): string[] {
  const lines: string[] = [];
  for (const raw of text.trim().split('\n')) {
    const item = /^\s*(?:[-*+]|(\d{1,9})[.)])\s+/.exec(raw);
    const words = oneLine(item ? raw.slice(item[0].length) : raw);
    if (words === '') {
      if (lines.at(-1) !== '') lines.push('');
      continue;
    }
    const rendered = atLineStart(
      withBold(words, (piece) =>
        citationsAsFootnotes(piece, label, { text: markdownInline, onCited: (n) => cited.add(n) }),
      ),
    );
    lines.push(item ? `${item[1] === undefined ? '-' : `${item[1]}.`} ${rendered}` : rendered);
  }
  if (lines.length > 0 && lines.at(-1) !== '') lines.push('');
  return lines;
}

/** "**Bong Joon-ho** [2]": bold spans kept as bold, their words and the rest rendered by `render`. */
function withBold(line: string, render: (text: string) => string): string {
  let out = '';
  let last = 0;
  for (const m of line.matchAll(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g)) {
    out += `${render(line.slice(last, m.index))}**${render(m[1] ?? '')}**`;
    last = m.index + m[0].length;
  }
  return out + render(line.slice(last));
}
