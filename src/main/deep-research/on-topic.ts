/**
 * Whether a page read for deep research speaks to what it was searched for, judged as it is read
 * and before it counts toward the run's page budget: a results page holds lists of another topic
 * ("10 Zoom alternatives" for a question on digital nomads' visas) that would take a reader's
 * slot and lend the report off-topic lines. A page speaks to a question when its title and text
 * hold at least MIN_SUBJECT_SHARE of the question's subject terms (question-shape.ts
 * subjectTerms: not the words that ask for a shape of answer), inflections matched as the answer
 * matches them (terms.ts sameTerm); any of the questions given will do (the gatherer gives a
 * page the plan's sub-questions and the person's question: it is read once for all of them).
 */
import { subjectTerms } from '../answer/question-shape';
import { contentTerms } from '../answer/terms';
import { holds } from '../answer/term-weights';

/** The share of a question's subject terms a page must hold (measured in bench/open's page check). */
export const MIN_SUBJECT_SHARE = 0.4;

export function speaksTo(page: { title: string; markdown: string }, questions: readonly string[]): boolean {
  const terms = new Set(contentTerms(`${page.title}\n${page.markdown}`));
  return questions.some((question) => {
    const subject = subjectTerms(question);
    if (subject.length === 0) return true;
    const held = subject.filter((term) => holds(terms, term)).length;
    return held >= MIN_SUBJECT_SHARE * subject.length;
  });
}
