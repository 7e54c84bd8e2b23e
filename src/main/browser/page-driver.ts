import { LanternError } from '../../shared/errors';
import { parseRetryAfter } from '../common/retry-after';
import type { CdpSession } from './cdp-session';
import type { LoadBudget } from './load-budget';
import { settleTimeoutError, toLoadError, type LoadStage } from './load-errors';
import { performAction } from './page-action';
import { READ_PAGE_CONTENT, type PageContent } from './page-content';
import type { LoadOptions } from './page-loader';
import type { PageSnapshot } from './page-snapshot';
import { ReadySignal, type ReadyWatch } from './ready-signal';

/** A request the page is about to make, as `allowRequest` sees it. */
export interface PageRequest {
  url: string;
  /** CDP's resource type: Document, Script, Image, Font, Media, XHR, Fetch… */
  resourceType: string;
}

export interface PageDriverOptions {
  /** Asked for every request of the tab (its documents too); a refused one fails as blocked by the client. */
  allowRequest?: (request: PageRequest) => boolean;
}

export interface DriverLoadOptions extends Omit<LoadOptions, 'timeoutMs' | 'deadline' | 'signal'> {
  /** After the load event without a ready marker, how long scripts may still take to settle. */
  graceMs: number;
}

export interface DriverLoad {
  page: PageSnapshot;
  /** False when a follow-up action failed half-way: the tab may be mid-navigation, do not reuse it. */
  reusable: boolean;
}

export interface RenderWaits {
  /** How long the load event may take after the document is parsed. */
  loadWaitMs: number;
  /** How long the page's scripts may keep the network busy before it is read. */
  networkIdleWaitMs: number;
}

/** A document's lifecycle so far, from Page.lifecycleEvent: init, DOMContentLoaded, load, networkIdle… */
interface DocumentState {
  events: Set<string>;
  status?: number;
  retryAfter?: string;
}

/** How many past documents of a tab are remembered (events can arrive for one just left). */
const DOCUMENTS_KEPT = 8;
/** How long a timed-out page may take to say what it has (a page busy with its scripts may not). */
const INSPECT_WAIT_MS = 300;
/** How long a page out of time with its results parsed may take to be read as it is. */
const READ_AS_IS_WAIT_MS = 1000;

/**
 * Everything Lantern does inside one browser tab, written once over CDP: loading a URL and
 * knowing the moment its content can be read (ReadySignal), the snapshot, one follow-up action
 * (page-action.ts), request filtering and the network-idle wait of the render fallback. The
 * playwright loader hands it playwright's CDP session, the Electron loader webContents.debugger;
 * the loaders keep only launching, windows and partitions.
 */
export class PageDriver {
  /** The main frame's documents by loader id; the newest last. */
  private readonly documents = new Map<string, DocumentState>();
  private currentLoader: string | undefined;
  private navigationCount = 0;
  private readonly changes = new Set<() => void>();
  private budget: LoadBudget | undefined;

  private constructor(
    private readonly session: CdpSession,
    private readonly readiness: ReadySignal,
    private readonly mainFrameId: string,
    private readonly options: PageDriverOptions,
  ) {}

  /** Sets up a tab's session once; the driver is then reused for every load in that tab. */
  static async attach(session: CdpSession, options: PageDriverOptions = {}): Promise<PageDriver> {
    const readiness = await ReadySignal.attach(session);
    const { frameTree } = await session.send<{ frameTree: { frame: { id: string } } }>('Page.getFrameTree');
    const driver = new PageDriver(session, readiness, frameTree.frame.id, options);
    driver.listen();
    await Promise.all([
      session.send('Page.setLifecycleEventsEnabled', { enabled: true }),
      // The main document's status and Retry-After.
      session.send('Network.enable'),
      ...(options.allowRequest
        ? [session.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] })]
        : []),
    ]);
    return driver;
  }

  /**
   * Loads `url` and hands back the page the moment it is ready (see ReadySignal): the parser is
   * past the end of every complete selector's element it has begun, or a ready selector is in the parsed page; when
   * the load event comes first, the page's scripts get `graceMs` to reach a ready state. Then one
   * follow-up action when the caller asks for it, and the page as it settles after it.
   */
  async load(url: string, budget: LoadBudget, options: DriverLoadOptions): Promise<DriverLoad> {
    const { readySelectors, completeSelectors, trailingSelectors, trailingWaitMs, trailingCapMs, followUp, graceMs } =
      options;
    const readyWhen = { readySelectors, completeSelectors, trailingSelectors, trailingWaitMs, trailingCapMs };
    let stage: LoadStage = 'waiting for the page to respond';
    this.budget = budget;
    // Armed before navigating, so the new document is watched from its first byte.
    const watch = await budget.within(this.readiness.watch(readyWhen), stage);
    try {
      await budget.within(this.navigate(url), stage);
      stage = 'waiting for the page to settle';
      const content = await this.settle(watch, budget, graceMs);
      let page = await budget.within(this.snapshot(content), stage);
      const action = followUp?.(page);
      if (!action) return { page, reusable: true };
      const { outcome, content: after } = await performAction(this.session, this.readiness, budget, action, {
        navigated: () => this.nextNavigation(),
        settle: async () => {
          const again = await this.readiness.watch(readyWhen, { currentDocument: true });
          try {
            return await this.settle(again, budget, graceMs);
          } finally {
            again.dispose();
          }
        },
      });
      action.done?.(outcome);
      budget.throwIfAborted();
      // After a failed step the tab may be mid-navigation: hand back the page as it was.
      if (!('clicked' in outcome)) return { page, reusable: false };
      page = await budget.within(this.snapshot(after, page.status), stage);
      return { page, reusable: true };
    } catch (error) {
      if (budget.signal?.aborted)
        throw new LanternError('CANCELLED', 'The search was cancelled before the page finished loading.');
      const failure = toLoadError(error, url);
      if (failure.code === 'TIMEOUT' && stage === 'waiting for the page to settle') {
        // Say what the wait was for and what the page had, so a changed layout shows in one message.
        const seen = await budget
          .after(INSPECT_WAIT_MS)
          .atMost(this.readiness.inspect(readyWhen), INSPECT_WAIT_MS)
          .catch(() => undefined);
        throw settleTimeoutError(url, budget.timeoutMs, readyWhen, seen);
      }
      throw failure;
    } finally {
      watch.dispose();
      this.budget = undefined;
    }
  }

  /**
   * Loads `url` the way fetch's render fallback reads a page: once parsed, after the load event
   * (or `loadWaitMs`) and after the network has been idle for a moment (or `networkIdleWaitMs`), so
   * what its scripts fetch and write is in.
   */
  async render(url: string, budget: LoadBudget, waits: RenderWaits): Promise<PageSnapshot> {
    this.budget = budget;
    try {
      await budget.within(this.navigate(url), 'waiting for the page to respond');
      await budget.within(this.lifecycle('DOMContentLoaded'), 'waiting for the page to settle');
      // A subresource that never finishes must not cost the whole render.
      await budget.atMost(this.lifecycle('load'), waits.loadWaitMs);
      await budget.atMost(this.lifecycle('networkIdle'), waits.networkIdleWaitMs);
      return await budget.within(this.snapshot(undefined), 'waiting for the page to settle');
    } catch (error) {
      if (budget.signal?.aborted) throw new LanternError('CANCELLED', `Rendering ${url} was cancelled.`);
      throw toLoadError(error, url);
    } finally {
      this.budget = undefined;
    }
  }

  /** Ends the load under way (the tab crashed or was closed): it fails at once instead of at its deadline. */
  fail(error: Error): void {
    this.budget?.fail(error);
  }

  /** The page as it is now (a person solving a check in it, see reveal-flow.ts). */
  read(): Promise<PageSnapshot> {
    return this.snapshot(undefined);
  }

  private async navigate(url: string): Promise<void> {
    const navigationsBefore = this.navigationCount;
    const { loaderId, errorText } = await this.session.send<{ loaderId?: string; errorText?: string }>(
      'Page.navigate',
      { url },
    );
    if (errorText) throw new Error(`${errorText} at ${url}`);
    // The document is current from its commit on; a page that navigated itself on at once has
    // committed a newer one before this answer came, and stays current.
    if (loaderId && this.navigationCount === navigationsBefore) this.enterDocument(loaderId);
  }

  /**
   * Settled = the watcher saw the page ready, or the load event came first and the page's scripts
   * had `graceMs` more to get there (a JavaScript shell that redirects itself, an unexpected page);
   * then whatever is there is read. When the budget ends with every complete container ended and
   * only trailing elements still to come (a busy machine parsing a long results page), the page
   * is read as it is rather than thrown away with a TIMEOUT. Resolves with the content when the
   * watcher read it.
   */
  private async settle(watch: ReadyWatch, budget: LoadBudget, graceMs: number): Promise<PageContent | undefined> {
    const stage = 'waiting for the page to settle';
    let first: PageContent | 'loaded';
    try {
      first = await budget.within(
        Promise.race([watch.ready, this.lifecycle('load').then(() => 'loaded' as const)]),
        stage,
      );
    } catch (error) {
      if (!(error instanceof LanternError && error.code === 'TIMEOUT')) throw error;
      const asIs = await budget
        .after(READ_AS_IS_WAIT_MS)
        .atMost(Promise.race([watch.ready, watch.readAsIs()]), READ_AS_IS_WAIT_MS)
        .catch(() => undefined);
      if (asIs) return asIs;
      throw error;
    }
    if (first !== 'loaded') return first;
    return budget.atMost(watch.ready, graceMs);
  }

  /** The page as a snapshot; `content` when it was read already (by the readiness watcher). */
  private async snapshot(content: PageContent | undefined, statusBefore = 0): Promise<PageSnapshot> {
    const { html, title, url } = content ?? (await this.readContent());
    const document = this.currentLoader === undefined ? undefined : this.documents.get(this.currentLoader);
    const retryAfterMs = parseRetryAfter(document?.retryAfter, Date.now());
    return {
      finalUrl: url,
      status: document?.status ?? statusBefore,
      html,
      title,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  }

  /** Read in an isolated world (page scripts cannot change what it sees); again once a navigation under way lands. */
  private async readContent(): Promise<PageContent> {
    const read = async (): Promise<PageContent> => {
      const { result, exceptionDetails } = await this.session.send<{
        result: { value?: PageContent };
        exceptionDetails?: { text: string };
      }>('Runtime.evaluate', {
        expression: `(${READ_PAGE_CONTENT})()`,
        contextId: await this.readiness.isolatedWorld(),
        returnByValue: true,
      });
      if (exceptionDetails || !result.value)
        throw new Error(`reading the page failed: ${exceptionDetails?.text ?? 'no value'}`);
      return result.value;
    };
    try {
      return await read();
    } catch {
      await this.lifecycle('DOMContentLoaded');
      return read();
    }
  }

  /** Resolves once the tab's current document has had lifecycle event `name` (load, networkIdle…). */
  private lifecycle(name: string): Promise<void> {
    return this.until(
      () => this.currentLoader !== undefined && this.documents.get(this.currentLoader)?.events.has(name) === true,
    );
  }

  /** Resolves at the main frame's next navigation (a new document or a same-document one). */
  private nextNavigation(): Promise<void> {
    const before = this.navigationCount;
    return this.until(() => this.navigationCount > before);
  }

  private until(condition: () => boolean): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = (): void => {
        if (!condition()) return;
        this.changes.delete(check);
        resolve();
      };
      this.changes.add(check);
    });
  }

  private changed(): void {
    for (const check of [...this.changes]) check();
  }

  private enterDocument(loaderId: string): void {
    if (this.currentLoader === loaderId) return;
    this.currentLoader = loaderId;
    if (!this.documents.has(loaderId)) this.documents.set(loaderId, { events: new Set() });
    while (this.documents.size > DOCUMENTS_KEPT) this.documents.delete(this.documents.keys().next().value as string);
  }

  private listen(): void {
    this.session.on(
      'Page.frameNavigated',
      ({ frame }: { frame: { id: string; parentId?: string; loaderId: string } }) => {
        if (frame.parentId !== undefined || frame.id !== this.mainFrameId) return;
        this.enterDocument(frame.loaderId);
        this.navigationCount++;
        this.changed();
      },
    );
    this.session.on('Page.navigatedWithinDocument', ({ frameId }: { frameId: string }) => {
      if (frameId !== this.mainFrameId) return;
      this.navigationCount++;
      this.changed();
    });
    this.session.on(
      'Page.lifecycleEvent',
      ({ frameId, loaderId, name }: { frameId: string; loaderId: string; name: string }) => {
        if (frameId !== this.mainFrameId) return;
        if (!this.documents.has(loaderId)) this.documents.set(loaderId, { events: new Set() });
        this.documents.get(loaderId)?.events.add(name);
        this.changed();
      },
    );
    this.session.on(
      'Network.responseReceived',
      ({
        type,
        frameId,
        loaderId,
        response,
      }: {
        type: string;
        frameId?: string;
        loaderId: string;
        response: { status: number; headers: Record<string, string> };
      }) => {
        if (type !== 'Document' || frameId !== this.mainFrameId) return;
        if (!this.documents.has(loaderId)) this.documents.set(loaderId, { events: new Set() });
        const document = this.documents.get(loaderId);
        if (!document) return;
        document.status = response.status;
        const retryAfter = Object.entries(response.headers).find(
          ([header]) => header.toLowerCase() === 'retry-after',
        )?.[1];
        if (retryAfter !== undefined) document.retryAfter = retryAfter;
      },
    );
    this.session.on('Inspector.targetCrashed', () => this.fail(new Error('the page crashed')));
    const { allowRequest } = this.options;
    if (allowRequest) {
      this.session.on(
        'Fetch.requestPaused',
        ({
          requestId,
          request,
          resourceType,
        }: {
          requestId: string;
          request: { url: string };
          resourceType: string;
        }) => {
          const allowed = allowRequest({ url: request.url, resourceType });
          void this.session
            .send(
              allowed ? 'Fetch.continueRequest' : 'Fetch.failRequest',
              allowed ? { requestId } : { requestId, errorReason: 'BlockedByClient' },
            )
            // The request may be gone already (its tab navigated away or closed).
            .catch(() => undefined);
        },
      );
    }
  }
}
