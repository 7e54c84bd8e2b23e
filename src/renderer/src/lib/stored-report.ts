/**
 * A research turn kept in the history: its answer is the report's Markdown, the sources as
 * footnotes (`[^n]` references, `[^n]: [title](url)` definitions). The thread view shows it as it
 * shows an answer: the references as `[n]` citation chips over the turn's sources, which it lists
 * below, so the definitions are left out. A reference the report escaped (`\[^n]`, text from a
 * page) stays text.
 */
export function reportAsAnswerText(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^\[\^\d+\]:\s/.test(line))
    .join('\n')
    .replace(/(?<!\\)\[\^(\d{1,3})\]/g, '[$1]')
    .trimEnd();
}
