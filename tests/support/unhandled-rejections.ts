import { afterAll, afterEach, beforeEach, expect } from 'vitest';

/**
 * A setup file (vitest.config.ts): an unhandled rejection fails the test that was running when it
 * surfaced, by name, instead of ending the run as an "Unhandled error" tied to no test.
 *
 * Vitest's own listener reports a rejection only when it is the sole listener, so this one takes
 * over: it records each rejection with the test then running (from this file's beforeEach, the
 * first of the test's, to the end of its afterEach hooks), and this file's afterEach, which runs after
 * every other afterEach of the test (the hooks' stack order) so a rejection caused by a test's own
 * clean-up is caught too, throws naming it: the test fails. One that surfaces outside any test
 * (in beforeAll, afterAll, or after a test's hooks) fails the file in afterAll, naming the test
 * that ran last. Node reports a rejection after the microtasks of the tick that left it unhandled,
 * so each check first lets one macrotask turn go by.
 */

interface Recorded {
  reason: unknown;
  test: string | undefined;
}

const recorded: Recorded[] = [];
/** The test whose hooks or body are running, by its full name. */
let current: string | undefined;
let lastTest: string | undefined;

const onRejection = (reason: unknown): void => {
  recorded.push({ reason, test: current });
};
process.on('unhandledRejection', onRejection);

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function describeReason(reason: unknown): string {
  if (reason instanceof Error) return reason.stack ?? `${reason.name}: ${reason.message}`;
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
}

function failure(where: string, rejections: Recorded[]): Error {
  const list = rejections.map((r) => describeReason(r.reason)).join('\n---\n');
  const error = new Error(`Unhandled rejection ${where}:\n${list}`);
  const first = rejections[0]?.reason;
  if (first instanceof Error) error.cause = first;
  return error;
}

beforeEach(() => {
  current = expect.getState().currentTestName;
});

afterEach(async () => {
  await nextTurn();
  const test = current;
  current = undefined;
  lastTest = test;
  const mine = recorded.filter((r) => r.test !== undefined && r.test === test);
  if (mine.length === 0) return;
  recorded.splice(0, recorded.length, ...recorded.filter((r) => !mine.includes(r)));
  throw failure(`in test "${test ?? '?'}"`, mine);
});

afterAll(async () => {
  await nextTurn();
  // The next file in this worker registers its own listener.
  process.off('unhandledRejection', onRejection);
  if (recorded.length === 0) return;
  const left = recorded.splice(0);
  const where = left.every((r) => r.test === undefined)
    ? `outside any test${lastTest === undefined ? '' : ` (the last test to run: "${lastTest}")`}`
    : `in tests ${[...new Set(left.map((r) => `"${r.test ?? '?'}"`))].join(', ')}`;
  throw failure(where, left);
});
