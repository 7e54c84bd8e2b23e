import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  halfOf,
  KINDS,
  loadCitationSet,
  normalizeText,
  readPage,
  SUPPORTED_KINDS,
  type CitationItem,
} from '../../bench/citations/set';
import { sharedData, sharedDataAvailable } from '../support/shared-data';

/** The citation-check dev set (bench/citations/set/, issue 34) checked for shape, size and against its pages. */
const items = loadCitationSet();

const FIELDS = ['id', 'page', 'lang', 'pageType', 'kind', 'sentence', 'expected', 'evidence'] as const;

function shapeProblems(item: CitationItem): string[] {
  const problems: string[] = [];
  const record = item as unknown as Record<string, unknown>;
  for (const field of FIELDS)
    if (typeof record[field] !== 'string' || (record[field] as string).trim() === '')
      problems.push(`${item.id}: ${field} missing`);
  const allowed = new Set<string>([...FIELDS, 'truePage']);
  for (const key of Object.keys(record)) if (!allowed.has(key)) problems.push(`${item.id}: unknown field ${key}`);
  if (!(KINDS as readonly string[]).includes(item.kind)) problems.push(`${item.id}: unknown kind ${item.kind}`);
  const expected = SUPPORTED_KINDS.includes(item.kind) ? 'supported' : 'unsupported';
  if (item.expected !== expected) problems.push(`${item.id}: a ${item.kind} is ${expected}`);
  if (!/^extraction\/[^/]+\/html\/.+\.gz$/.test(item.page))
    problems.push(`${item.id}: page ${item.page} is not a recorded page's path`);
  if (item.kind === 'wrong-source') {
    if (!item.truePage) problems.push(`${item.id}: wrong-source without truePage`);
    else if (item.truePage === item.page) problems.push(`${item.id}: truePage is the cited page`);
  } else if (item.truePage !== undefined) problems.push(`${item.id}: truePage on a ${item.kind}`);
  if (/\[\d+\]/.test(item.sentence)) problems.push(`${item.id}: the sentence carries its own citation marker`);
  if (
    normalizeText(item.sentence) === normalizeText(item.evidence) &&
    item.kind !== 'rewording' &&
    item.kind !== 'wrong-source'
  )
    problems.push(`${item.id}: the sentence is the evidence`);
  // A short span a reviewer reads, not a copy of the page.
  if (item.evidence.length > 400) problems.push(`${item.id}: evidence longer than 400 characters`);
  return problems;
}

describe('the citation dev set', () => {
  it('has well-formed items with unique ids', () => {
    expect(items.flatMap(shapeProblems)).toEqual([]);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it('has the size and spread the issue asks for', () => {
    expect(items.length).toBeGreaterThanOrEqual(400);
    expect(new Set(items.map((i) => i.lang)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(items.map((i) => i.pageType)).size).toBeGreaterThanOrEqual(5);
    for (const kind of KINDS) expect(items.filter((i) => i.kind === kind).length, kind).toBeGreaterThanOrEqual(20);
    const paraphrases = items.filter((i) => i.kind === 'paraphrase').length / items.length;
    const faults = items.filter((i) => !SUPPORTED_KINDS.includes(i.kind)).length / items.length;
    expect(paraphrases).toBeGreaterThanOrEqual(0.25);
    expect(faults).toBeGreaterThanOrEqual(0.4);
    expect(faults).toBeLessThanOrEqual(0.6);
  });

  it('splits into two non-trivial halves, each with every kind', () => {
    const tune = items.filter((i) => halfOf(i.id) === 'tune');
    const check = items.filter((i) => halfOf(i.id) === 'check');
    expect(tune.length).toBeGreaterThanOrEqual(items.length * 0.35);
    expect(check.length).toBeGreaterThanOrEqual(items.length * 0.35);
    for (const kind of KINDS) {
      expect(
        tune.some((i) => i.kind === kind),
        `tune ${kind}`,
      ).toBe(true);
      expect(
        check.some((i) => i.kind === kind),
        `check ${kind}`,
      ).toBe(true);
    }
  });
});

describe.skipIf(!sharedDataAvailable())('the citation dev set on ../shared/data', () => {
  it('cites recorded pages only', () => {
    const missing = [...new Set(items.flatMap((i) => [i.page, i.truePage ?? i.page]))].filter(
      (p) => !existsSync(sharedData(p)),
    );
    expect(missing).toEqual([]);
  });

  // Reads every page of the set once (a few seconds of CPU): room on a loaded machine, a guard against a hang.
  it("finds each item's evidence in its page's extracted text", { timeout: 180_000 }, () => {
    const text = new Map<string, string>();
    const absent = items.filter((item) => {
      const page = item.truePage ?? item.page;
      let normal = text.get(page);
      if (normal === undefined) {
        normal = normalizeText(readPage(page).text);
        text.set(page, normal);
      }
      return !normal.includes(normalizeText(item.evidence));
    });
    expect(absent.map((i) => `${i.id}: ${i.evidence}`)).toEqual([]);
  });

  it("does not put a wrong-source item's evidence on the page it cites", () => {
    const found = items.filter(
      (i) => i.kind === 'wrong-source' && normalizeText(readPage(i.page).text).includes(normalizeText(i.evidence)),
    );
    expect(found.map((i) => i.id)).toEqual([]);
  });
});
