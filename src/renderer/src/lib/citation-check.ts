/**
 * What the citation check proves, in the person's words: the one place the screens read it.
 * A citation's check is a property of its quote (the sentence's words and facts are found on the
 * cited page), not of the answer: whether the answer answers the question is not checked, so
 * nothing here claims it. The check gives each citation a state ('supported', 'partly',
 * 'unsupported') and a reason; a turn kept from before the state was recorded has only
 * `supported`.
 */
import type { AnswerSentence, Citation } from '../../../shared/answer-contract';
import { plural } from '../../../shared/format/plural';

export type Verdict = 'pending' | 'found' | 'partly' | 'not-found';

/** The check's own fields, as the contract has them (state and why may be absent: older turns). */
type Checked = Citation & { state?: 'supported' | 'partly' | 'unsupported' | undefined; why?: string | undefined };

/** `checked`: false while the answer is still being written (no verdict yet). */
export function verdictOf(citation: Citation | undefined, checked: boolean): Verdict {
  if (!checked || !citation) return 'pending';
  const state = (citation as Checked).state ?? (citation.supported ? 'supported' : 'unsupported');
  return state === 'supported' ? 'found' : state === 'partly' ? 'partly' : 'not-found';
}

/** The check's reason for a citation, when it gives one. */
export function reasonOf(citation: Citation | undefined): string | undefined {
  const why = (citation as Checked | undefined)?.why?.trim();
  return why ? why : undefined;
}

/** Whether the model that wrote the answer read the quote (support-judge.ts), rather than the rules' word count deciding. */
export function readByModel(citation: Citation | undefined): boolean {
  return citation?.readBy === 'model';
}

/** The chip's accessible name: its source number and what the check found. */
export function chipLabel(n: number, verdict: Verdict, byModel = false): string {
  if (byModel && verdict === 'found') return `Source ${n}, says this as the model reads it`;
  if (byModel && verdict === 'not-found') return `Source ${n}, does not say this as the model reads it`;
  switch (verdict) {
    case 'found':
      return `Source ${n}, found on the page`;
    case 'partly':
      return `Source ${n}, partly found on the page`;
    case 'not-found':
      return `Source ${n}, not found on the page`;
    case 'pending':
      return `Source ${n}`;
  }
}

/**
 * The tip's verdict line. A quote the model read is not "found": its figures, dates and names are
 * on the page, and the model read that the passage says the rest in other words.
 */
export function verdictLine(verdict: Verdict, checked: boolean, byModel = false): string {
  if (byModel && verdict === 'found') return '✓ The page says this, as the model reads it';
  if (byModel && verdict === 'not-found') return '⚠ The model does not read this on the page';
  switch (verdict) {
    case 'found':
      return '✓ Found on the page';
    case 'partly':
      return '◐ Partly found on the page';
    case 'not-found':
      return '⚠ Not found: the page does not say this';
    case 'pending':
      return checked ? 'Not checked' : 'Checking…';
  }
}

/** Citations the check did not find in full on their page (marked on their chips). */
export function notFoundCount(sentences: AnswerSentence[] | undefined): number {
  return (sentences ?? [])
    .flatMap((sentence) => sentence.citations)
    .filter((citation) => verdictOf(citation, true) !== 'found').length;
}

/**
 * What an answer or report as a whole may say of its sources: how many of those read it cites,
 * and how many citations were not found in full. No share of "verified" quotes: a quote found on
 * its page says nothing of whether the answer answers, and an answer that quotes nothing has
 * nothing to verify.
 */
export function sourcesLine(
  cited: number,
  read: number,
  sentences: AnswerSentence[] | undefined,
): { cited: string; notFound?: string } {
  const notFound = notFoundCount(sentences);
  return {
    cited:
      cited === 0
        ? `Cites none of the ${plural(read, 'source')} read`
        : `Cites ${cited} of ${plural(read, 'source')} read`,
    ...(notFound > 0 ? { notFound: `${plural(notFound, 'citation')} not found in full on the page (marked ?)` } : {}),
  };
}
