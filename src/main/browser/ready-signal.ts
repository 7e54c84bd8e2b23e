import type { CdpSession } from './cdp-session';
import { READ_PAGE_CONTENT, type PageContent } from './page-content';

/** The isolated world the watcher runs in: it shares the page's DOM, not its JavaScript. */
const WORLD = 'lantern-ready';
const BINDING = 'lanternReady';
/** Where each watcher of a document keeps its read-as-is function, by token (in the isolated world). */
const AS_IS = 'lanternReadAsIs';

/**
 * Tells from inside a tab the moment its page can be read: the parser is past the end of an
 * element that holds everything the caller reads, or a ready marker is in a parsed document.
 *
 * Asking from outside (playwright's waitForSelector / waitForFunction) only gets an answer when
 * the page's main thread is free, and a results page still running its inline scripts keeps it
 * busy: the answer came 150–300 ms after the results were there. A MutationObserver runs at the
 * parser's own pauses and calls a CDP binding at once. Observer and binding live in an isolated
 * world, so the page's scripts can see neither.
 */
export class ReadySignal {
  private nextToken = 0;
  private readonly waiting = new Map<string, (content: PageContent) => void>();
  private mainFrameId: string | undefined;

  private constructor(private readonly session: CdpSession) {
    session.on('Runtime.bindingCalled', ({ name, payload }: { name: string; payload: string }) => {
      if (name !== BINDING) return;
      const { token, content } = JSON.parse(payload) as { token: string; content: PageContent };
      this.waiting.get(token)?.(content);
    });
  }

  /** Sets up the tab's session (one round trip per tab; tabs are reused). */
  static async attach(session: CdpSession): Promise<ReadySignal> {
    // Binding calls are reported only to a session with the Runtime domain on; scripts for new
    // documents run only with the Page domain on.
    await Promise.all([
      session.send('Page.enable'),
      session.send('Runtime.enable'),
      session.send('Runtime.addBinding', { name: BINDING, executionContextName: WORLD }),
    ]);
    return new ReadySignal(session);
  }

  /**
   * Watches every document the tab loads from now on, and with `currentDocument` the one it
   * shows (after a click that may or may not have navigated). `ready` resolves once one of them
   * is ready; dispose when done with the load.
   */
  async watch(selectors: ReadySelectors, { currentDocument = false } = {}): Promise<ReadyWatch> {
    const token = `${++this.nextToken}`;
    let resolveReady!: (content: PageContent) => void;
    const ready = new Promise<PageContent>((resolve) => (resolveReady = resolve));
    this.waiting.set(token, resolveReady);
    const markers = [...selectors.readySelectors, ...(selectors.completeSelectors ?? [])].join(', ');
    const containers = selectors.completeSelectors?.join(', ') ?? '';
    const trailing = {
      selectors: selectors.trailingSelectors ?? [],
      waitMs: selectors.trailingWaitMs ?? DEFAULT_TRAILING_WAIT_MS,
      capMs: selectors.trailingCapMs ?? DEFAULT_TRAILING_CAP_MS,
    };
    const source = `(${OBSERVE_READINESS})(${JSON.stringify(markers)}, ${JSON.stringify(containers)}, ${JSON.stringify(trailing)}, ${JSON.stringify(token)}, ${READ_PAGE_CONTENT});`;
    const { identifier } = await this.session.send<{ identifier: string }>('Page.addScriptToEvaluateOnNewDocument', {
      source,
      worldName: WORLD,
    });
    if (currentDocument)
      await this.session.send('Runtime.evaluate', { expression: source, contextId: await this.isolatedWorld() });
    return {
      ready,
      readAsIs: async () => {
        const { result } = await this.session.send<{ result: { value?: PageContent | null } }>('Runtime.evaluate', {
          expression: `globalThis.${AS_IS}?.[${JSON.stringify(token)}]?.() ?? null`,
          contextId: await this.isolatedWorld(),
          returnByValue: true,
        });
        return result.value ?? undefined;
      },
      dispose: () => {
        this.waiting.delete(token);
        void this.session.send('Page.removeScriptToEvaluateOnNewDocument', { identifier }).catch(() => undefined);
      },
    };
  }

  /**
   * What the tab's page shows now of the ready and complete selectors: said when a load runs out
   * of time, so a changed layout can be told from a slow page by one error message. Read in an
   * isolated world, like the watcher.
   */
  async inspect(selectors: ReadySelectors): Promise<ReadinessSeen> {
    const args = [selectors.readySelectors, selectors.completeSelectors ?? []]
      .map((list) => JSON.stringify(list))
      .join(', ');
    const { result } = await this.session.send<{ result: { value: unknown } }>('Runtime.evaluate', {
      expression: `(${INSPECT_READINESS})(${args})`,
      contextId: await this.isolatedWorld(),
      returnByValue: true,
    });
    return result.value as ReadinessSeen;
  }

  /** An isolated world in the document the tab shows now (the page's scripts cannot reach into it). */
  async isolatedWorld(): Promise<number> {
    // A tab's main frame keeps its id across navigations: asked once, not at every call (an
    // answer on a timed-out page must come quickly).
    this.mainFrameId ??= (
      await this.session.send<{ frameTree: { frame: { id: string } } }>('Page.getFrameTree')
    ).frameTree.frame.id;
    const { executionContextId } = await this.session.send<{ executionContextId: number }>('Page.createIsolatedWorld', {
      frameId: this.mainFrameId,
      worldName: WORLD,
    });
    return executionContextId;
  }
}

/** The page's side of a readiness wait, at one moment. */
export interface ReadinessSeen {
  /** document.readyState: "loading" while the parser is still at work. */
  readyState: string;
  /** Ready or complete selectors that match an element. */
  present: string[];
  /** Complete selectors present whose element has nothing after it yet (still being parsed). */
  open: string[];
}

export interface ReadySelectors {
  /** Present in a parsed document: ready. */
  readySelectors: readonly string[];
  /** Parsed past the end of each one begun (at least one): ready, while the rest of the document is still coming. */
  completeSelectors?: readonly string[] | undefined;
  /** Then waited for until each has begun and ended, the parser has made no progress for trailingWaitMs, or trailingCapMs passed (see LoadOptions). */
  trailingSelectors?: readonly string[] | undefined;
  trailingWaitMs?: number | undefined;
  trailingCapMs?: number | undefined;
}

/**
 * How long a page whose results are parsed waits for what follows them (Google's related
 * searches) while the parser makes no progress: a tail held up by the network. Counted as time
 * without a DOM insertion, not wall time, so a parser slowed by a busy machine (a 2 MB results
 * page takes seconds to parse at load 8 on 2 cores) is waited for. A page that has no trailing
 * element is read as soon as its document is parsed, so this bounds only a stalled tail.
 */
const DEFAULT_TRAILING_WAIT_MS = 1000;
/**
 * How long after the results ended a tail that keeps coming is waited for, in wall time: well
 * within a search's page budget (5 s). When the budget ends first, the driver reads the page as
 * it is (PageDriver.settle).
 */
const DEFAULT_TRAILING_CAP_MS = 3000;

export interface ReadyWatch {
  /** The page's content, read in the page at the ready moment. */
  ready: Promise<PageContent>;
  /**
   * The page's content now if every complete container it has begun is ended, but for trailing
   * ones (which may be missing or half-parsed), else undefined: for a load out of time before `ready`.
   */
  readAsIs(): Promise<PageContent | undefined>;
  dispose(): void;
}

/**
 * Runs in the page (isolated world): reports `token` and the page's content through the binding
 * once the parser is past the end of every `containers` element it has begun (an element follows
 * each that no script moved there) and then of every `trailing` element — or, if one has not come,
 * once the DOM has had no insertion for `trailing.waitMs` of the page's running time, or
 * `trailing.capMs` after the containers ended — or once a `markers` element is in the document
 * and the document is parsed; never for a document that is being left.
 * Checked at every batch of DOM insertions, at each ready-state change and, for markers that
 * appear through attribute changes, every 100 ms while the page is idle. Also leaves, under
 * `token` in the isolated world's AS_IS, a function that reads the page if its containers have
 * ended (ReadyWatch.readAsIs).
 * Kept as source text: a compiled function's text may name helpers (e.g. esbuild's __name) that
 * do not exist in the page.
 */
const OBSERVE_READINESS = `(markers, containers, trailing, token, readContent) => {
  let reported = false;
  // When the containers were first seen ended while a trailing element was still to come.
  let containersEndedAt;
  // The page's running time since the last DOM insertion: the parser's progress, as the
  // observer sees every batch of it. A tick that comes late says the page itself did not run (a
  // starved machine), when the parser could not progress either: it counts as one tick or two.
  const TICK_MS = 100;
  let quietMs = 0;
  let lastTickAt = Date.now();
  // A page that navigates itself away stops parsing half-way, which looks like a parsed
  // document: a document being left is never reported (the next one is watched too).
  let leaving = false;
  addEventListener('beforeunload', () => (leaving = true));
  addEventListener('pagehide', () => (leaving = true));
  // Nodes a script took out of the tree (to put them elsewhere): they say nothing of where the
  // parser is. Google's knowledge panel is parsed inside #rso and its own inline script moves it
  // (#rhs) to the end of #rcnt at once, while the results after it are still to come.
  const moved = new WeakSet();
  const noteMoves = (records) => {
    for (const record of records) for (const node of record.removedNodes) moved.add(node);
  };
  const parsedAfter = (node) => {
    for (let next = node.nextElementSibling; next; next = next.nextElementSibling) if (!moved.has(next)) return true;
    return false;
  };
  const isReady = () => {
    if (document.readyState !== 'loading') return markers !== '' && document.querySelector(markers) !== null;
    if (containers === '') return false;
    if (!containersEnded()) return false;
    const trailingEnded = trailing.selectors.every((selector) => {
      const element = document.querySelector(selector);
      return element !== null && isClosed(element);
    });
    if (trailingEnded) return true;
    if (containersEndedAt === undefined) {
      containersEndedAt = Date.now();
      quietMs = 0;
    }
    return quietMs >= trailing.waitMs || Date.now() - containersEndedAt >= trailing.capMs;
  };
  // The parser is past a container's end once an element it made follows the container or an
  // ancestor (the parser only ever appends, at the element it is in). Every container begun
  // must be ended: Google's #botstuff (related searches) starts right after #rso ends, and a
  // parser pause inside it would read the page without them.
  // exceptTrailing: a trailing element that is also a container may still be open.
  const trailingSelector = trailing.selectors.join(', ');
  const containersEnded = (exceptTrailing = false) => {
    if (containers === '') return false;
    const found = [...document.querySelectorAll(containers)].filter((element) => !exceptTrailing || trailingSelector === '' || !element.matches(trailingSelector));
    return found.length > 0 && found.every(isClosed);
  };
  const isClosed = (container) => {
    for (let node = container; node && node !== document.body; node = node.parentElement) {
      if (parsedAfter(node)) return true;
    }
    return false;
  };
  // Records not yet delivered (a check from a timer or a ready-state change) are read first.
  const notePending = () => {
    const pending = observer.takeRecords();
    if (pending.length > 0) quietMs = 0;
    noteMoves(pending);
  };
  const check = () => {
    notePending();
    if (reported || leaving || !isReady()) return;
    reported = true;
    observer.disconnect();
    clearInterval(timer);
    // Read at once, in this pause of the parser: asking from outside would wait for the page's
    // main thread to be free again.
    ${BINDING}(JSON.stringify({ token, content: readContent() }));
  };
  const observer = new MutationObserver((records) => {
    quietMs = 0;
    noteMoves(records);
    check();
  });
  observer.observe(document, { childList: true, subtree: true });
  document.addEventListener('readystatechange', check);
  const timer = setInterval(() => {
    const now = Date.now();
    quietMs += Math.min(Math.max(0, now - lastTickAt), 2 * TICK_MS);
    lastTickAt = now;
    check();
  }, TICK_MS);
  (globalThis.${AS_IS} ??= {})[token] = () => {
    notePending();
    return !leaving && (containersEnded(true) || (document.readyState !== 'loading' && containers !== '' && document.querySelector(containers) !== null)) ? readContent() : null;
  };
  check();
}`;

/** Runs in the page (isolated world): see ReadySignal.inspect. */
const INSPECT_READINESS = `(readySelectors, completeSelectors) => {
  const hasFollower = (element) => {
    for (let node = element; node && node !== document.body; node = node.parentElement) if (node.nextElementSibling) return true;
    return false;
  };
  const unique = [...new Set([...readySelectors, ...completeSelectors])];
  return {
    readyState: document.readyState,
    present: unique.filter((selector) => document.querySelector(selector) !== null),
    open: completeSelectors.filter((selector) => {
      const element = document.querySelector(selector);
      return element !== null && !hasFollower(element);
    }),
  };
}`;
