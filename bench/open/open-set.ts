/**
 * The open-question set (bench/open/set/*.json) and its check: questions that ask how, why, which
 * is better, what the pros and cons are, or what to know, each answered from pages of
 * ../shared/data/extraction (named by path, never copied), with nuggets as the TREC 2024 RAG
 * track judges answers: the atomic facts a good answer holds, each vital or okay. A nugget is
 * covered when the answer holds one of its match phrases (alternatives: a faithful extract of any
 * page may word it differently). A compound question names its facets, and each nugget the facet
 * it belongs to. Split into a tuning and a check half by a hash of the id (qa-set.ts halfOf).
 *
 * The check: every nugget has a match phrase in its question's pages as the fetch pipeline
 * extracts them (so the pages do say it); every page exists; ids are unique; 3–6 nuggets, at least
 * one vital, and each facet of a compound question has a vital nugget.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { halfOf, pageMarkdown, readPageBytes, type Half } from '../answer/qa-set.js';
import { holdsPhrase } from './nuggets.js';

export type Shape = 'howto' | 'why' | 'comparison' | 'proscons' | 'overview';
const SHAPES: readonly Shape[] = ['howto', 'why', 'comparison', 'proscons', 'overview'];

export interface Nugget {
  vital: boolean;
  /** Alternative phrasings: any one in the answer covers the nugget. */
  match: string[];
  /** A compound question's facet (index into `facets`) the nugget answers. */
  facet?: number;
}

export interface OpenItem {
  id: string;
  question: string;
  /** The shape a person would call it; reported per shape, never read by the product. */
  shape: Shape;
  /** A compound question's parts, as a person would ask them alone. */
  facets?: string[];
  /** Pages (under ../shared/data/extraction) the question is answered from. */
  pages: string[];
  nuggets: Nugget[];
}

export const SET_DIR = join(dirname(fileURLToPath(import.meta.url)), 'set');

export function loadOpenSet(dir = SET_DIR): OpenItem[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as OpenItem[]);
}

export { halfOf, type Half };

/** A question's language: its id's prefix ("de-auto-leasen-kaufen" → de). */
export const languageOf = (id: string): string => id.split('-')[0] as string;

export interface OpenCheck {
  problems: string[];
  questions: number;
  compound: number;
  nuggets: { vital: number; okay: number };
  languages: Record<string, number>;
  shapes: Record<string, number>;
  halves: Record<Half, number>;
}

const markdownCache = new Map<string, string>();
export function markdownOf(page: string): string {
  let markdown = markdownCache.get(page);
  if (markdown === undefined) {
    markdown = pageMarkdown(readPageBytes(page), 'http://127.0.0.1/');
    markdownCache.set(page, markdown);
  }
  return markdown;
}

export function checkOpenSet(items: readonly OpenItem[], pageText: (page: string) => string = markdownOf): OpenCheck {
  const problems: string[] = [];
  const ids = new Set<string>();
  const report: OpenCheck = {
    problems,
    questions: items.length,
    compound: 0,
    nuggets: { vital: 0, okay: 0 },
    languages: {},
    shapes: {},
    halves: { tune: 0, check: 0 },
  };
  const count = (record: Record<string, number>, key: string): void => {
    record[key] = (record[key] ?? 0) + 1;
  };
  for (const item of items) {
    const where = `${item.id}:`;
    if (ids.has(item.id)) problems.push(`${where} duplicate id`);
    ids.add(item.id);
    count(report.languages, languageOf(item.id));
    count(report.shapes, item.shape);
    report.halves[halfOf(item.id)]++;
    if (!SHAPES.includes(item.shape)) problems.push(`${where} shape "${item.shape}" is none of ${SHAPES.join(', ')}`);
    if (item.nuggets.length < 3 || item.nuggets.length > 6)
      problems.push(`${where} ${item.nuggets.length} nuggets, 3–6 wanted`);
    if (!item.nuggets.some((n) => n.vital)) problems.push(`${where} no vital nugget`);
    if (item.facets !== undefined) {
      report.compound++;
      if (item.facets.length < 2) problems.push(`${where} a compound question needs two facets or more`);
      for (const [f] of item.facets.entries())
        if (!item.nuggets.some((n) => n.vital && n.facet === f))
          problems.push(`${where} facet ${f} has no vital nugget`);
      if (item.nuggets.some((n) => n.facet === undefined || n.facet >= item.facets!.length))
        problems.push(`${where} a nugget names no facet of the question`);
    }
    let texts: string[];
    try {
      texts = item.pages.map(pageText);
    } catch (error) {
      problems.push(`${where} ${(error as Error).message}`);
      continue;
    }
    for (const [k, nugget] of item.nuggets.entries()) {
      if (nugget.vital) report.nuggets.vital++;
      else report.nuggets.okay++;
      if (nugget.match.length === 0) problems.push(`${where} nugget ${k} has no match phrase`);
      else if (!nugget.match.some((phrase) => texts.some((text) => holdsPhrase(text, phrase))))
        problems.push(`${where} nugget ${k} (${nugget.match.join(' | ')}) is in none of its pages`);
    }
  }
  return report;
}

export function formatOpenCheck(report: OpenCheck): string {
  const list = (record: Record<string, number>): string =>
    Object.entries(record)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, n]) => `${key} ${n}`)
      .join(', ');
  return [
    `open set: ${report.questions} questions (${report.compound} compound; tune ${report.halves.tune}, check ${report.halves.check}), nuggets ${report.nuggets.vital} vital + ${report.nuggets.okay} okay`,
    `languages: ${list(report.languages)}; shapes: ${list(report.shapes)}`,
    ...(report.problems.length === 0 ? ['check: no problems'] : report.problems.map((p) => `problem: ${p}`)),
  ].join('\n');
}
