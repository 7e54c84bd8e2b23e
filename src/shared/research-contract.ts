/**
 * Deep research: a question becomes a sourced report. It is planned (sub-questions), gathered
 * (several searches through the engines' pacing, up to `maxPages` pages read once each) and
 * written (a summary, a section per sub-question, where the sources disagree, what they do not
 * answer), every sentence's citations checked as a quick answer's are. One contract for every
 * door: REST, MCP (`research` with `depth: "deep"`), IPC and `lantern ask --deep`.
 */
import * as z from 'zod';
import { AnswerSentenceSchema, AnswerSourceSchema, AnswerRequestSchema } from './answer-contract';
import { ErrorInfoSchema } from './contract';
import {
  DEFAULT_RESEARCH_PAGES,
  DEFAULT_RESEARCH_TIME_MS,
  MAX_RESEARCH_PAGES,
  MAX_RESEARCH_TIME_MS,
  MAX_SUB_QUESTIONS,
} from './research-limits';

export {
  DEFAULT_RESEARCH_PAGES,
  DEFAULT_RESEARCH_TIME_MS,
  MAX_RESEARCH_PAGES,
  MAX_RESEARCH_TIME_MS,
  MAX_SUB_QUESTIONS,
};

const MAX_SUB_QUESTION_LENGTH = 300;

const answerShape = AnswerRequestSchema.shape;

const SubQuestionsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'a sub-question is empty')
      .max(MAX_SUB_QUESTION_LENGTH, `a sub-question is longer than ${MAX_SUB_QUESTION_LENGTH} characters`),
  )
  .min(1, 'subQuestions is empty')
  .max(MAX_SUB_QUESTIONS, `at most ${MAX_SUB_QUESTIONS} sub-questions`);

/** What a plan is made for: the question and where to look. */
export const ResearchPlanRequestSchema = z
  .object({
    question: answerShape.question,
    engine: answerShape.engine,
    lang: answerShape.lang,
    region: answerShape.region,
    timeRange: answerShape.timeRange,
    /** Every search of the research keeps to these domains, as a search does. */
    site: answerShape.site,
    includeDomains: answerShape.includeDomains,
    excludeDomains: answerShape.excludeDomains,
    /**
     * Where the research reads, as an answer does: 'web' (its searches), 'library' (the person's
     * documents: no search at all, the plan included), or 'both', numbered and cited alike.
     */
    scope: answerShape.scope,
    /** 'auto': the LLM proposes sub-questions when one is configured, else the rule-based facets. */
    composer: answerShape.composer,
    /** Plan in this history thread (a follow-up to an earlier answer or report). */
    threadId: answerShape.threadId,
  })
  .strict();
export type ResearchPlanRequestInput = z.input<typeof ResearchPlanRequestSchema>;
export type ResearchPlanRequest = z.output<typeof ResearchPlanRequestSchema>;

export const ResearchPlanSchema = z.object({
  question: z.string(),
  /** The question made to stand alone when it leans on its thread; absent when it is the question itself. */
  searchedFor: z.string().optional(),
  /** In the order the report's sections will follow. */
  subQuestions: z.array(z.string()),
  /**
   * 'llm': the model proposed them; 'facets': the question's facets plus the results page's
   * people-also-ask and related searches; 'person': given with the run (a plan as shown and perhaps edited).
   */
  plannedBy: z.enum(['llm', 'facets', 'person']),
  /** Set when the model failed and the facets were used instead. */
  llmError: ErrorInfoSchema.optional(),
});
export type ResearchPlan = z.infer<typeof ResearchPlanSchema>;

export const ResearchRequestSchema = ResearchPlanRequestSchema.extend({
  /** The plan to run (as shown and perhaps edited by the person); planned first when absent. */
  subQuestions: SubQuestionsSchema.optional(),
  /** Pages read at most, over all searches (each page once, duplicates dropped). */
  maxPages: z.number().int().min(1).max(MAX_RESEARCH_PAGES).default(DEFAULT_RESEARCH_PAGES),
  /** The gathering's time budget; the report is written from what was read when it runs out. */
  timeBudgetMs: z.number().int().min(5_000).max(MAX_RESEARCH_TIME_MS).default(DEFAULT_RESEARCH_TIME_MS),
}).strict();
export type ResearchRequestInput = z.input<typeof ResearchRequestSchema>;
export type ResearchRequest = z.output<typeof ResearchRequestSchema>;

export const ReportSectionSchema = z.object({
  /** The sub-question this section answers. */
  title: z.string(),
  /** Markdown whose [n] markers name the report's sources. */
  text: z.string(),
  sentences: z.array(AnswerSentenceSchema),
  /** False when the sources do not answer this sub-question (it is listed under "Not answered"). */
  answered: z.boolean(),
});
export type ReportSection = z.infer<typeof ReportSectionSchema>;

/** One source's side of a disagreement: what it says, quoted verbatim, and the value read from it. */
export const DisagreementClaimSchema = z.object({
  /** The report's source number. */
  n: z.number().int().min(1),
  /** A verbatim span of the source's text. */
  quote: z.string(),
  /** The value the quote gives, as written ("3.2", "2019", "45 %"). */
  value: z.string(),
});
export type DisagreementClaim = z.infer<typeof DisagreementClaimSchema>;

/** The same quantity, date or claim given differently by different sources. */
export const DisagreementSchema = z.object({
  /** What is disagreed on, in a few words ("the COP of an air-source heat pump at -15 °C"). */
  topic: z.string(),
  /** At least two, from at least two different sources, with different values. */
  claims: z.array(DisagreementClaimSchema).min(2),
});
export type Disagreement = z.infer<typeof DisagreementSchema>;

export const ResearchTimingsSchema = z
  .object({
    planMs: z.number().min(0),
    /** Until the first section was written (absent when none was). */
    firstSectionMs: z.number().min(0).optional(),
    totalMs: z.number().min(0),
  })
  .catchall(z.number().min(0));
export type ResearchTimings = z.infer<typeof ResearchTimingsSchema>;

export const ResearchStepSchema = z.enum(['plan', 'search', 'read', 'write', 'check']);
export type ResearchStep = z.infer<typeof ResearchStepSchema>;

export const ResearchEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('plan'), plan: ResearchPlanSchema }),
  /** A search for one sub-question (index into the plan), as it starts and ends. */
  z.object({
    type: z.literal('search'),
    index: z.number().int().min(0),
    query: z.string(),
    state: z.enum(['started', 'done', 'failed']),
    results: z.number().int().min(0).optional(),
    error: ErrorInfoSchema.optional(),
  }),
  /** The gathering waits for a person to solve the engine's CAPTCHA (or its pause); 'resumed' once it answers again. */
  z.object({ type: z.literal('paused'), engine: z.string(), reason: z.string(), until: z.string().optional() }),
  z.object({ type: z.literal('resumed'), engine: z.string() }),
  /** A page's reading: its source number once read; duplicates, pages on another topic and failures are said too. */
  z.object({
    type: z.literal('page'),
    url: z.string(),
    /** 'reading' as a page's read starts; then one of the others. */
    state: z.enum(['reading', 'read', 'failed', 'duplicate', 'off-topic']),
    n: z.number().int().min(1).optional(),
    title: z.string().optional(),
    error: ErrorInfoSchema.optional(),
    /** The run's time budget left as this was told (a pause for a person does not count). */
    msLeft: z.number().int().min(0).optional(),
  }),
  /** The report's sources so far (numbered as the sections cite them). */
  z.object({ type: z.literal('sources'), sources: z.array(AnswerSourceSchema) }),
  /** One section, checked, in plan order. */
  z.object({ type: z.literal('section'), index: z.number().int().min(0), section: ReportSectionSchema }),
  z.object({ type: z.literal('step'), step: ResearchStepSchema }),
  z.object({ type: z.literal('done'), timings: ResearchTimingsSchema }),
  z.object({ type: z.literal('error'), error: ErrorInfoSchema }),
]);
export type ResearchEvent = z.infer<typeof ResearchEventSchema>;

export const ResearchReportSchema = z.object({
  question: z.string(),
  searchedFor: z.string().optional(),
  plan: ResearchPlanSchema,
  /** A few sentences over the whole report, cited and checked like the sections. */
  summary: ReportSectionSchema,
  sections: z.array(ReportSectionSchema),
  /** The summary or a section answers from the sources (false when every part is "not answered"). */
  answered: z.boolean(),
  /** "Where the sources disagree". */
  disagreements: z.array(DisagreementSchema),
  /** "Not answered by the sources": the sub-questions no source answers. */
  notAnswered: z.array(z.string()),
  sources: z.array(AnswerSourceSchema),
  /** Supported citations / all citations over the summary and sections (1 when there are none). */
  supportedShare: z.number().min(0).max(1),
  composer: z.enum(['extractive', 'llm']),
  llmError: ErrorInfoSchema.optional(),
  /** Why gathering ended early: the person cancelled, or the page or time budget ran out. Absent when every search was done. */
  stopped: z.enum(['cancelled', 'pages', 'time']).optional(),
  /** The whole report as Markdown with the sources as footnotes (what export gives). */
  markdown: z.string(),
  timings: ResearchTimingsSchema,
  /** The history thread the report was recorded in (continue it with a follow-up). */
  threadId: z.number().int().optional(),
});
export type ResearchReport = z.infer<typeof ResearchReportSchema>;
