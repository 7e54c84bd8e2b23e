import { exportDatesLine } from '../../shared/format/export-dates';
import { citationsAsFootnotes, markdownText, markdownUrl } from '../../shared/format/markdown';
import { sourceNumber } from '../../shared/source-number';
import type { Thread, Turn, TurnSource } from './history';

/**
 * A thread as a Markdown document (GFM footnotes): each turn's question as a heading, its answer
 * with the citations [n] turned into footnote references, and one footnote per source giving
 * its title and URL. Sources are numbered through the whole document so footnote labels stay
 * unique when several turns cite different pages; a source the answer does not cite is still
 * referenced (under "Sources") so that every footnote renders.
 */
export function threadToMarkdown(thread: Thread, exportedAt: Date = new Date()): string {
  const lines: string[] = [`# ${markdownText(thread.title) || 'Untitled thread'}`, ''];
  lines.push(exportDatesLine(exportedAt, new Date(thread.createdAt), thread.turns.length), '');
  const footnotes: string[] = [];
  for (const turn of thread.turns) {
    const firstLabel = footnotes.length + 1;
    lines.push(...renderTurn(turn, firstLabel));
    footnotes.push(...turn.sources.map((source, i) => `[^${firstLabel + i}]: ${renderSource(source)}`));
  }
  if (footnotes.length > 0) lines.push(...footnotes, '');
  return `${lines.join('\n').trimEnd()}\n`;
}

function renderTurn(turn: Turn, firstLabel: number): string[] {
  const lines = [`## ${markdownText(turn.question)}`, ''];
  if (turn.searchedFor !== undefined) lines.push(`_Searched for: ${markdownText(turn.searchedFor)}_`, '');
  if (turn.error !== undefined)
    lines.push(`_Not answered: ${markdownText(`${turn.error.code}: ${turn.error.message}`)}_`, '');
  const cited = new Set<number>();
  const numbers = turn.sources.map(sourceNumber);
  const answer = citationsToFootnotes(turn.answer.trim(), numbers, firstLabel, cited);
  if (answer !== '') lines.push(answer, '');
  const uncited = numbers.flatMap((n, i) => (cited.has(n) ? [] : [firstLabel + i]));
  if (uncited.length > 0) {
    const label = cited.size === 0 ? 'Sources' : 'Also consulted';
    lines.push(`${label}: ${uncited.map((footnote) => `[^${footnote}]`).join(' ')}`, '');
  }
  return lines;
}

/**
 * "[2]" and "[1, 3]" → "[^k]" footnote references, outside fenced code blocks, when every number
 * names a source of this turn (`numbers`, the sources' numbers in their order); anything else in
 * brackets is left alone.
 */
function citationsToFootnotes(
  answer: string,
  numbers: readonly number[],
  firstLabel: number,
  cited: Set<number>,
): string {
  let inFence = false;
  const label = (n: number): number | undefined => {
    const i = numbers.indexOf(n);
    return i < 0 ? undefined : firstLabel + i;
  };
  return answer
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
      if (inFence) return line;
      return citationsAsFootnotes(line, label, { onCited: (n) => cited.add(n) });
    })
    .join('\n');
}

function renderSource(source: TurnSource): string {
  return `${markdownText(source.title) || markdownText(source.url)}. <${markdownUrl(source.url)}>`;
}
