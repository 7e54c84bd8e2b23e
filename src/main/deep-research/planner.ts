/**
 * The plan: sub-questions for a research question, in the order the report will follow. With a
 * model, it proposes them within a time budget; without one (or when it fails or is late), the
 * question's own facets (a compound question's parts: question-shape.ts) plus what its first
 * results page suggests (people also ask, related searches — either may be absent; no results
 * page when the research reads the library alone), near-duplicates dropped. The question itself is no sub-question unless nothing else is: the report's summary
 * answers it.
 */
import type { SearchRequestInput, SearchResponse } from '../../shared/contract';
import { definedFields } from '../../shared/defined-fields';
import { searchScopeOf } from '../../shared/search-scope';
import { LanternError } from '../../shared/errors';
import { MAX_SUB_QUESTIONS, type ResearchPlan, type ResearchPlanRequest } from '../../shared/research-contract';
import { comparisonFacets, ownQuestion, questionFacets } from '../answer/question-shape';
import { contentTerms } from '../answer/terms';
import type { SubQuestionWriter } from './llm-planner';

/** How long the model may take over the plan before the facets are used instead. */
export const DEFAULT_PLAN_BUDGET_MS = 15_000;
/** Two sub-questions sharing this share of their content terms ask the same thing. */
const SAME_QUESTION = 0.75;

export interface PlannerDeps {
  search: (request: SearchRequestInput, signal?: AbortSignal) => Promise<SearchResponse>;
  /** The model's sub-questions, when one answers (composer not 'extractive'). */
  writer?: SubQuestionWriter;
  budgetMs: number;
}

/** `question` is what is searched for (the question made to stand alone on its thread). */
export async function planResearch(
  request: ResearchPlanRequest,
  question: string,
  deps: PlannerDeps,
  signal?: AbortSignal,
): Promise<ResearchPlan> {
  const base = {
    question: request.question,
    ...definedFields({ searchedFor: question === request.question ? undefined : question }),
  };
  if (deps.writer) {
    const budget = AbortSignal.timeout(deps.budgetMs);
    try {
      const proposed = withoutTheQuestion(
        question,
        distinct(await deps.writer({ question, signal: signal ? AbortSignal.any([signal, budget]) : budget })),
      );
      return { ...base, subQuestions: proposed.slice(0, MAX_SUB_QUESTIONS), plannedBy: 'llm' };
    } catch (error) {
      if (signal?.aborted) throw new LanternError('CANCELLED', 'The research was cancelled.');
      if (!(error instanceof LanternError)) throw error;
      const llmError = budget.aborted
        ? new LanternError(
            'LLM_FAILED',
            `The model proposed no plan within ${deps.budgetMs} ms; the plan is the question's facets.`,
          ).toInfo()
        : error.toInfo();
      return { ...(await facetPlan(request, question, deps, signal)), ...base, llmError };
    }
  }
  return { ...(await facetPlan(request, question, deps, signal)), ...base };
}

async function facetPlan(
  request: ResearchPlanRequest,
  question: string,
  deps: PlannerDeps,
  signal?: AbortSignal,
): Promise<ResearchPlan> {
  // A library-scoped research makes no search at all: its plan is the question's own facets.
  const page: Pick<SearchResponse, 'peopleAlsoAsk' | 'relatedSearches'> =
    request.scope === 'library' ? {} : await deps.search({ query: question, ...searchScopeOf(request) }, signal);
  const suggested = [...(page.peopleAlsoAsk ?? []), ...(page.relatedSearches ?? [])];
  const asked = facets(question);
  // A comparison the page suggests nothing for is planned by its sides: the summary compares, a section per side.
  const sides = asked.length === 1 && suggested.length === 0 ? comparisonFacets(question) : [];
  const own = sides.length > 0 ? sides : asked;
  const planned = distinct([...own, ...suggested]);
  // A question asking one thing is its own only facet: the summary answers it, the sections are what the page suggests.
  const subQuestions = own.length === 1 ? withoutTheQuestion(question, planned) : planned;
  return { question, subQuestions: subQuestions.slice(0, MAX_SUB_QUESTIONS), plannedBy: 'facets' };
}

/**
 * The sub-questions other than the question itself, when there are any: the report's summary
 * answers the question, so a section asking it again would say the summary over. Alone, it stays.
 */
export function withoutTheQuestion(question: string, subQuestions: readonly string[]): string[] {
  const others = subQuestions.filter((q) => !asksTheSame(q, question));
  return others.length > 0 ? others : [...subQuestions];
}

/**
 * The question's own facets (question-shape.ts): each question it asks, "How efficient are they?
 * What do they cost to run?" and "How can I live abroad legally, and what does it cost?" alike,
 * each later one with the subject it leans on; or the question itself when it asks one. They
 * plan the report when the results page suggests nothing: a section per facet.
 */
export function facets(question: string): string[] {
  return questionFacets(question);
}

/** Each sub-question once: one asking nearly what an earlier one asks (its content terms) is dropped. */
export function distinct(questions: readonly string[]): string[] {
  const kept: string[] = [];
  for (const raw of questions) {
    const text = raw.trim();
    if (text !== '' && !kept.some((k) => asksTheSame(k, text))) kept.push(text);
  }
  return kept;
}

/**
 * Two questions ask the same thing: the same words in any case, or most of their content terms;
 * a facet by what it asks itself, not the side or subject it leans on ("Web apps: advantages and
 * drawbacks (vs native apps)?" is not "Native apps: … (vs web apps)?").
 */
export function asksTheSame(a: string, b: string): boolean {
  const [own, other] = [ownQuestion(a), ownQuestion(b)];
  return (
    a.trim().toLowerCase() === b.trim().toLowerCase() ||
    similarity(new Set(contentTerms(own)), new Set(contentTerms(other))) >= SAME_QUESTION
  );
}

function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return shared / (a.size + b.size - shared);
}
