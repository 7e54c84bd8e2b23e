import type { CdpSession } from './cdp-session';
import type { LoadBudget } from './load-budget';
import { firstLine } from './load-errors';
import type { PageContent } from './page-content';
import type { PageAction, PageActionOutcome } from './page-loader';
import type { ReadySignal } from './ready-signal';

/** How long a follow-up action waits for its button to become visible. */
const ACTION_VISIBLE_WAIT_MS = 1000;

/**
 * Runs in the page (isolated world): the first element of `selectors` that is visible, waiting up
 * to `waitMs` for one to become so (the page settled on a marker that is attached, not
 * necessarily shown yet); null when none is.
 */
const FIND_VISIBLE = `(selectors, waitMs) => new Promise((resolve) => {
  const visible = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const find = () => {
    for (const selector of selectors) {
      const element = document.querySelector(selector);
      if (element && visible(element)) return element;
    }
    return null;
  };
  const done = (element) => {
    observer.disconnect();
    clearTimeout(timer);
    resolve(element);
  };
  const observer = new MutationObserver(() => {
    const element = find();
    if (element) done(element);
  });
  const timer = setTimeout(() => done(find()), waitMs);
  const found = find();
  if (found) return done(found);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})`;

/** Runs on the element: which of `selectors` it matches. */
const MATCHED_SELECTOR = `function (selectors) { return selectors.find((selector) => this.matches(selector)) ?? null; }`;

/** Runs on the element: brings it into view and says where its centre is, for a real mouse click. */
const CENTRE = `function () {
  this.scrollIntoView({ block: 'center', inline: 'center' });
  const box = this.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}`;

/** Runs on the element: resolves once it is gone from the document or no longer visible. */
const GONE = `function () {
  return new Promise((resolve) => {
    const gone = () => {
      if (!this.isConnected) return true;
      const box = this.getBoundingClientRect();
      return box.width === 0 || box.height === 0 || getComputedStyle(this).visibility === 'hidden';
    };
    if (gone()) return resolve(true);
    const observer = new MutationObserver(() => {
      if (!gone()) return;
      observer.disconnect();
      resolve(true);
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
}`;

interface RemoteObject {
  objectId?: string;
  value?: unknown;
}

/**
 * Clicks the first visible selector of `action` with the mouse (a trusted click, as a person's),
 * waits until the click took effect (a new document replaced the page, or the clicked element went
 * away) and lets the page settle again. Never throws: a step that does not work is an outcome,
 * and the caller keeps the page it had.
 */
export async function performAction(
  session: CdpSession,
  readiness: ReadySignal,
  budget: LoadBudget,
  action: PageAction,
  page: { navigated(): Promise<void>; settle(): Promise<PageContent | undefined> },
): Promise<{ outcome: PageActionOutcome; content?: PageContent }> {
  const stage = 'waiting for the page to settle';
  let element: string | undefined;
  try {
    const contextId = await budget.within(readiness.isolatedWorld(), stage);
    const { result } = await budget.within(
      session.send<{ result: RemoteObject }>('Runtime.evaluate', {
        expression: `(${FIND_VISIBLE})(${JSON.stringify(action.click)}, ${Math.min(budget.remaining(), ACTION_VISIBLE_WAIT_MS)})`,
        contextId,
        awaitPromise: true,
      }),
      stage,
    );
    element = result.objectId;
    if (element === undefined)
      return { outcome: { failed: `none of ${action.click.join(', ')} is visible in the page` } };
    const selector = String((await call(session, element, MATCHED_SELECTOR, [action.click])).value);
    try {
      const { x, y } = (await budget.within(call(session, element, CENTRE), stage)).value as { x: number; y: number };
      // Watch the exact element clicked, not the selector: a wall that comes back after the click
      // (same markup, new document) must count as a navigation, not as "still waiting".
      const navigated = page.navigated();
      const gone = call(session, element, GONE, [], true);
      for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
        await budget.within(
          session.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 }),
          stage,
        );
      }
      await budget.within(Promise.any([navigated, gone]), stage);
      // The page the click left (a new document, or the same one without its wall) is watched again.
      const content = await page.settle();
      return { outcome: { clicked: selector }, ...(content ? { content } : {}) };
    } catch (error) {
      const reason = error instanceof AggregateError ? error.errors[0] : error;
      return {
        outcome: {
          failed: `clicking ${selector} led nowhere within the time left (${firstLine(reason instanceof Error ? reason.message : String(reason))})`,
        },
      };
    }
  } catch (error) {
    return {
      outcome: {
        failed: `the page could not be searched for ${action.click.join(', ')} (${firstLine(error instanceof Error ? error.message : String(error))})`,
      },
    };
  } finally {
    if (element !== undefined) void session.send('Runtime.releaseObject', { objectId: element }).catch(() => undefined);
  }
}

async function call(
  session: CdpSession,
  objectId: string,
  functionDeclaration: string,
  args: unknown[] = [],
  awaitPromise = false,
): Promise<RemoteObject> {
  const { result, exceptionDetails } = await session.send<{
    result: RemoteObject;
    exceptionDetails?: { text: string };
  }>('Runtime.callFunctionOn', {
    objectId,
    functionDeclaration,
    arguments: args.map((value) => ({ value })),
    returnByValue: true,
    awaitPromise,
  });
  if (exceptionDetails) throw new Error(exceptionDetails.text);
  return result;
}
