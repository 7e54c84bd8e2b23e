import { describe, expect, it } from 'vitest';
import { checkQaSet, loadQaSet, MIN_DISTRACTORS, pageTypeOf, type QaItem } from '../../bench/answer/qa-set';
import { sharedDataAvailable } from '../support/shared-data';

/** The QA set (bench/answer/qa-set.json) checked against its pages; the check itself is tested on planted faults in tests/unit/answer-qa-set.test.ts. */
describe.skipIf(!sharedDataAvailable())('the QA set on ../shared/data', () => {
  // It reads every page of the set (~9 s of CPU): on a loaded machine that stretches past the
  // default 30 s, so it gets room (a guard against a hang, not a timing).
  it('passes its check and has the questions the issue asks for', { timeout: 180_000 }, () => {
    const items = loadQaSet();
    const report = checkQaSet(items);
    expect(report.problems).toEqual([]);
    expect(report.answerable).toBeGreaterThanOrEqual(40);
    expect(report.unanswerable).toBeGreaterThanOrEqual(10);
    expect(report.followUps).toBeGreaterThanOrEqual(30);
    expect(Object.keys(report.pageTypes).length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(report.languages).length).toBeGreaterThanOrEqual(3);
    for (const item of items) expect(item.distractors.length).toBeGreaterThanOrEqual(MIN_DISTRACTORS);
  });

  it("types each gold page by its data set, else by the item's pageType or the table of earlier pages", () => {
    const items = loadQaSet();
    const byId = (id: string): QaItem => items.find((item) => item.id === id) as QaItem;
    // WCXB's ground truth says documentation; article-extraction-benchmark pages are articles
    expect(pageTypeOf(byId('en-f-websocket-since'))).toBe('documentation');
    expect(pageTypeOf(byId('en-f-europa-vapor'))).toBe('article');
    expect(pageTypeOf(byId('de-f-sidamo-aroma'))).toBe('product');
    // a trafilatura-eval page is typed by its item
    expect(pageTypeOf(byId('de-sazerac-bitters'))).toBe('article');
  });
});
