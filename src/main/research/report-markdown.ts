/**
 * The report as one Markdown document with its sources as footnotes. Minimal version (the
 * `deepdis` branch writes the full one).
 */
import { markdownText, markdownUrl } from '../../shared/format/markdown';
import type { ResearchReport } from '../../shared/research-contract';

export function reportMarkdown(report: Omit<ResearchReport, 'markdown'>): string {
  const notes = (text: string): string => text.replace(/\[(\d+(?:\s*,\s*\d+)*)\](?![(:[])/g, (_, list: string) => list.split(',').map((n) => `[^${n.trim()}]`).join(''));
  const lines = [`# ${markdownText(report.question)}`, '', notes(report.summary.text), ''];
  for (const section of report.sections) lines.push(`## ${markdownText(section.title)}`, '', notes(section.text), '');
  if (report.disagreements.length > 0) {
    lines.push('## Where the sources disagree', '');
    for (const d of report.disagreements)
      lines.push(`- ${markdownText(d.topic)}: ${d.claims.map((c) => `${markdownText(c.value)} (“${markdownText(c.quote)}”)[^${c.n}]`).join('; ')}`);
    lines.push('');
  }
  if (report.notAnswered.length > 0) lines.push('## Not answered by the sources', '', ...report.notAnswered.map((q) => `- ${markdownText(q)}`), '');
  for (const s of report.sources) lines.push(`[^${s.n}]: [${markdownText(s.title) || markdownText(s.url)}](<${markdownUrl(s.url)}>)`);
  return `${lines.join('\n').trimEnd()}\n`;
}
