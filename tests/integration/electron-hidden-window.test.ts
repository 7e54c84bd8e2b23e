/**
 * The Electron hidden-window loader with electron replaced by doubles whose webContents.debugger
 * forwards to a real Chromium tab: the loader's PageDriver runs as it would inside Electron. Its
 * recorded CDP calls for a load equal the playwright adapter's for the same load, and a renderer
 * crash of the window is recovered on the next load.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { playwrightCdp, type CdpSession } from '../../src/main/browser/cdp-session';
import { LoadBudget } from '../../src/main/browser/load-budget';
import { PageDriver } from '../../src/main/browser/page-driver';
import type { LoadOptions } from '../../src/main/browser/page-loader';
import { chromeIdentity } from '../../src/main/doors/electron/browser-identity';
import {
  HiddenWindowPageLoader,
  searchWindowAllows,
  type SearchWindowElectron,
} from '../../src/main/doors/electron/hidden-window-loader';
import { ElectronRenderer, type RenderWindowElectron } from '../../src/main/doors/electron/render-window';
import { createGuardedConnect } from '../../src/main/fetch/guarded-connect';
import { createFetchService } from '../../src/main/fetch/service';
import { FetchPageSchema } from '../../src/shared/fetch-contract';
import { startService } from '../support/loopback-service';
import { startRenderProxy, type RenderProxy } from '../../src/main/fetch/render-proxy';
import { buildAddressPolicy, systemLookup } from '../../src/main/fetch/url-policy';
import {
  browserWindowDouble,
  realTabs,
  sessionModuleDouble,
  type RecordedCall,
  type SessionDouble,
} from '../support/electron-double';
import { startBrowserAndSite } from '../support/chromium-browser';
import type { DriverSite } from '../support/driver-site';

let browser: Browser;
let site: DriverSite;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ browser, site, close } = await startBrowserAndSite());
});
afterAll(async () => close?.());

function hiddenWindowLoader(): {
  loader: HiddenWindowPageLoader;
  BrowserWindow: ReturnType<typeof browserWindowDouble>;
} {
  const BrowserWindow = browserWindowDouble(realTabs(browser));
  const loader = new HiddenWindowPageLoader(
    { BrowserWindow, session: sessionModuleDouble() } as unknown as SearchWindowElectron,
    {
      allowedHosts: () => [new URL(site.origin).host],
      identity: chromeIdentity(
        `Mozilla/5.0 Chrome/${browser.version()} Electron/40.10.2`,
        browser.version(),
        'linux',
        'x64',
      ),
      settleGraceMs: 100,
    },
  );
  return { loader, BrowserWindow };
}

/** A session that records the calls made through it. */
function recording(session: CdpSession, calls: RecordedCall[]): CdpSession {
  return {
    send: (method, params) => {
      calls.push({ method, params: params ?? {} });
      return session.send(method, params);
    },
    on: (event, listener) => session.on(event, listener),
    off: (event, listener) => session.off(event, listener),
  };
}

/**
 * Calls in order, with the values that differ between any two tabs (frame, loader, context,
 * object and script ids) replaced. Request interception answers come in network order, so they
 * are compared as a sorted list.
 */
function comparable(calls: RecordedCall[]): { ordered: string[]; interception: string[] } {
  const text = (call: RecordedCall): string =>
    `${call.method} ${JSON.stringify(call.params, (key, value: unknown) => (/(^|[a-z])(id|Id|identifier)$/.test(key) ? '<id>' : value))}`;
  return {
    ordered: calls.filter((call) => !call.method.startsWith('Fetch.')).map(text),
    interception: calls
      .filter((call) => call.method.startsWith('Fetch.'))
      .map(text)
      .sort(),
  };
}

const WALL_LOAD: LoadOptions = {
  readySelectors: ['#rso', '#wall'],
  timeoutMs: 60_000,
  followUp: (page) => (page.html.includes('Before you continue') ? { click: ['#accept'] } : undefined),
};

describe('the Electron hidden-window loader, over a webContents.debugger double on real Chromium', () => {
  it('makes the same CDP calls for a load as the playwright adapter', async () => {
    const url = `${site.origin}/wall`;
    // The playwright adapter: the driver over playwright's session, set up as the Electron loader sets it up.
    const page = await browser.newPage();
    const playwrightCalls: RecordedCall[] = [];
    const driver = await PageDriver.attach(
      recording(playwrightCdp(await page.context().newCDPSession(page)), playwrightCalls),
      { allowRequest: searchWindowAllows },
    );
    playwrightCalls.length = 0;
    const viaPlaywright = await driver.load(url, new LoadBudget(url, 60_000), { ...WALL_LOAD, graceMs: 100 });

    // The Electron adapter: the same first load sets the window up, then the same load is recorded.
    const { loader, BrowserWindow } = hiddenWindowLoader();
    await loader.load(url, WALL_LOAD);
    const electronCalls = BrowserWindow.created[0]?.webContents.debugger.calls ?? [];
    electronCalls.length = 0;
    const viaElectron = await loader.load(url, WALL_LOAD);
    // Both tabs start from the results page their first load ended on.
    playwrightCalls.length = 0;
    const again = await driver.load(url, new LoadBudget(url, 60_000), { ...WALL_LOAD, graceMs: 100 });
    await loader.close();

    expect(viaElectron).toEqual(again.page);
    expect(viaPlaywright.page.title).toBe('results');
    expect(comparable(electronCalls)).toEqual(comparable(playwrightCalls));
    expect(electronCalls.map((call) => call.method)).toContain('Input.dispatchMouseEvent');
  });

  it('recovers from a renderer crash of the hidden window on the next load', async () => {
    const { loader, BrowserWindow } = hiddenWindowLoader();
    expect((await loader.load(`${site.origin}/results`, { readySelectors: ['#rso'], timeoutMs: 60_000 })).title).toBe(
      'results',
    );

    // The renderer dies in the middle of a load: that load fails at once, not at its deadline.
    const asked = site.requests.filter((path) => path === '/hang').length;
    const loading = loader.load(`${site.origin}/hang`, { readySelectors: ['#rso'], timeoutMs: 60_000 });
    const crashed = BrowserWindow.created[0];
    await expect
      .poll(() => site.requests.filter((path) => path === '/hang').length, { timeout: 10_000 })
      .toBe(asked + 1);
    crashed?.webContents.forcefullyCrashRenderer();
    await expect(loading).rejects.toMatchObject({ code: 'ENGINE_UNREACHABLE' });
    expect(crashed?.isDestroyed()).toBe(true);

    const after = await loader.load(`${site.origin}/results`, { readySelectors: ['#rso'], timeoutMs: 60_000 });
    expect(after.title).toBe('results');
    expect(BrowserWindow.created).toHaveLength(2);
    expect(loader.windowsCreated).toBe(2);

    // The renderer dies between loads: the next load does not use the dead window.
    const idle = BrowserWindow.created[1];
    idle?.webContents.forcefullyCrashRenderer();
    await expect.poll(() => idle?.isDestroyed()).toBe(true);
    expect((await loader.load(`${site.origin}/results`, { readySelectors: ['#rso'], timeoutMs: 60_000 })).title).toBe(
      'results',
    );
    expect(BrowserWindow.created).toHaveLength(3);

    // Someone opens DevTools on it: the driver's session is gone, so is the window.
    BrowserWindow.created[2]?.webContents.openDevTools();
    expect((await loader.load(`${site.origin}/results`, { readySelectors: ['#rso'], timeoutMs: 60_000 })).title).toBe(
      'results',
    );
    expect(BrowserWindow.created).toHaveLength(4);
    await loader.close();
  });

  it("ends a load at once with BLOCKED_URL when the engine redirects off the engines' hosts, and never follows the redirect", async () => {
    const { loader } = hiddenWindowLoader();
    // A deadline far beyond the test's own: the load must end because the redirect was refused, not because time ran out.
    const loading = loader.load(`${site.origin}/redirect-away`, { readySelectors: ['#rso'], timeoutMs: 600_000 });
    await expect(loading).rejects.toMatchObject({
      code: 'BLOCKED_URL',
      message: expect.stringContaining('http://localhost:'),
    });
    expect(site.requests).not.toContain('/elsewhere');
    // The window is usable for the next search.
    expect((await loader.load(`${site.origin}/results`, { readySelectors: ['#rso'], timeoutMs: 60_000 })).title).toBe(
      'results',
    );
    await loader.close();
  });

  it("ends a load at once with BLOCKED_URL when the page sends itself off the engines' hosts (will-navigate), and never goes there", async () => {
    const { loader } = hiddenWindowLoader();
    const loading = loader.load(`${site.origin}/leaves`, { readySelectors: ['#rso'], timeoutMs: 600_000 });
    await expect(loading).rejects.toMatchObject({
      code: 'BLOCKED_URL',
      message: expect.stringContaining('http://localhost:'),
    });
    expect((await loader.load(`${site.origin}/results`, { readySelectors: ['#rso'], timeoutMs: 60_000 })).title).toBe(
      'results',
    );
    expect(site.requests).not.toContain('/elsewhere');
    await loader.close();
  });

  it('says where a page is after a navigation to another site, whose Page.frameNavigated Electron loses', async () => {
    const BrowserWindow = browserWindowDouble(realTabs(browser));
    const other = `http://localhost:${new URL(site.origin).port}`;
    const loader = new HiddenWindowPageLoader(
      { BrowserWindow, session: sessionModuleDouble() } as unknown as SearchWindowElectron,
      {
        allowedHosts: () => [new URL(site.origin).host, new URL(other).host],
        identity: chromeIdentity(
          `Mozilla/5.0 Chrome/${browser.version()} Electron/40.10.2`,
          browser.version(),
          'linux',
          'x64',
        ),
        settleGraceMs: 100,
      },
    );
    expect(
      (await loader.load(`${site.origin}/results`, { readySelectors: ['#rso'], timeoutMs: 60_000 })).finalUrl,
    ).toBe(`${site.origin}/results`);
    const elsewhere = await loader.load(`${other}/elsewhere`, { readySelectors: ['#rso'], timeoutMs: 60_000 });
    expect(elsewhere).toMatchObject({ title: 'elsewhere', finalUrl: `${other}/elsewhere` });
    expect(BrowserWindow.created).toHaveLength(1);
    await loader.close();
  });

  it('closes its window when idle, and makes a new one for the next load', async () => {
    const BrowserWindow = browserWindowDouble(realTabs(browser));
    const loader = new HiddenWindowPageLoader(
      { BrowserWindow, session: sessionModuleDouble() } as unknown as SearchWindowElectron,
      {
        allowedHosts: () => [],
        identity: chromeIdentity('Mozilla/5.0 Chrome/1', browser.version(), 'linux', 'x64'),
        idleCloseMs: 50,
        settleGraceMs: 100,
      },
    );
    await loader.load(`${site.origin}/results`, { readySelectors: ['#rso'], timeoutMs: 60_000 });
    await expect.poll(() => BrowserWindow.created[0]?.isDestroyed(), { timeout: 5000 }).toBe(true);
    expect(loader.started).toBe(false);
    await loader.load(`${site.origin}/results`, { readySelectors: ['#rso'], timeoutMs: 60_000 });
    expect(BrowserWindow.created).toHaveLength(2);
    await loader.close();
    expect(BrowserWindow.created[1]?.isDestroyed()).toBe(true);
  });
});

describe("the hidden window's start, outside the page budget", () => {
  /** A loader whose windows get their tab only once the test opens the gate. */
  function gatedLoader(): { loader: HiddenWindowPageLoader; open: () => void; asked: () => boolean } {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let asked = false;
    const tabs = realTabs(browser);
    const BrowserWindow = browserWindowDouble(async (session) => {
      asked = true;
      await gate;
      return tabs(session);
    });
    const loader = new HiddenWindowPageLoader(
      { BrowserWindow, session: sessionModuleDouble() } as unknown as SearchWindowElectron,
      {
        allowedHosts: () => [new URL(site.origin).host],
        identity: chromeIdentity(
          `Mozilla/5.0 Chrome/${browser.version()} Electron/40.10.2`,
          browser.version(),
          'linux',
          'x64',
        ),
        settleGraceMs: 100,
      },
    );
    onTestFinished(() => loader.close());
    return { loader, open, asked: () => asked };
  }

  it('loads the page when its budget ran out while the window was made; a window made already keeps the deadline', async () => {
    const { loader, open, asked } = gatedLoader();
    // Spent before the window exists; far past every stage of a page that loads once it does.
    const spent = (): LoadOptions => ({ readySelectors: ['#rso'], timeoutMs: 60_000, deadline: Date.now() - 1 });
    const loading = loader.load(`${site.origin}/results`, spent());
    loading.catch(() => undefined);
    await expect.poll(asked, { timeout: 30_000 }).toBe(true);
    open();
    expect((await loading).title).toBe('results');
    const error = await loader.load(`${site.origin}/results`, spent()).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ code: 'TIMEOUT', details: { stage: 'waiting for the page to respond' } });
  });

  it('gives up on a window that never gets ready at the launch limit, naming the launch', async () => {
    const { loader } = gatedLoader();
    const error = await loader
      .load(`${site.origin}/results`, { readySelectors: ['#rso'], timeoutMs: 60_000, launchTimeoutMs: 300 })
      .catch((failure: unknown) => failure);
    expect(error).toMatchObject({ code: 'TIMEOUT', details: { stage: 'launching the browser', launchTimeoutMs: 300 } });
    expect((error as Error).message).toContain('300 ms launch limit');
  });
});

describe('the CAPTCHA flow in the hidden window', () => {
  it('shows the same window on the blocked page, resumes the search once the page is results, and hides it again', async () => {
    const { loader, BrowserWindow } = hiddenWindowLoader();
    const blocked = await loader.load(`${site.origin}/wall`, { readySelectors: ['#wall'], timeoutMs: 60_000 });
    expect(blocked.title).toBe('wall');
    const [window] = BrowserWindow.created;
    if (!window) throw new Error('no window');
    const states: string[] = [];
    const solving = loader.reveal(`${site.origin}/wall`, {
      isSolved: (page) => page.title === 'results',
      inactivityMs: 60_000,
      onState: (state) => states.push(state),
    });
    await expect.poll(() => window.visible).toBe(true);
    // The person solves it: the page goes on to the results, in that same window.
    await window.webContents.debugger.sendCommand('Page.navigate', { url: `${site.origin}/results` });
    await expect
      .poll(
        async () =>
          (await window.webContents.debugger.sendCommand('Runtime.evaluate', {
            expression: 'document.title',
            returnByValue: true,
          })) as unknown,
      )
      .toMatchObject({ result: { value: 'results' } });
    const solved = await solving;
    expect(solved.html).toContain('<h3>One</h3>');
    expect(states).toEqual(['blocked', 'waiting-for-person', 'solved']);
    expect(window.visible).toBe(false);
    expect(BrowserWindow.created).toHaveLength(1);
    await loader.close();
  });
});

describe('the Electron render window, over doubles on real Chromium', () => {
  /** A render proxy that lets the browser reach loopback (the test site), counting the connections it opened. */
  async function loopbackRenderProxy(): Promise<{ proxy: RenderProxy; connections: () => number }> {
    let connections = 0;
    const connect = createGuardedConnect({
      policy: buildAddressPolicy({ allowPrivateNetworks: true, publicRanges: [] }),
      lookup: systemLookup,
      connectTimeoutMs: 5000,
    });
    const proxy = await startRenderProxy((host, port, signal) => {
      connections++;
      return connect(host, port, signal);
    });
    onTestFinished(() => proxy.close());
    return { proxy, connections: () => connections };
  }

  it("renders through the proxy in a partition of its own, waits for the page's fetches, and leaves nothing behind", async () => {
    const BrowserWindow = browserWindowDouble(realTabs(browser));
    const sessions = sessionModuleDouble();
    const renderer = new ElectronRenderer(
      { BrowserWindow, session: sessions } as unknown as RenderWindowElectron,
      chromeIdentity('Mozilla/5.0 Chrome/1', browser.version(), 'linux', 'x64'),
    );
    const { proxy, connections } = await loopbackRenderProxy();
    const page = await renderer.render(`${site.origin}/fetches-late`, {
      proxyServer: proxy.url,
      timeoutMs: 60_000,
      signal: new AbortController().signal,
    });
    expect(page.html).toContain('the article text');
    expect(connections()).toBeGreaterThan(0);
    const [window] = BrowserWindow.created;
    const session = window?.options.webPreferences?.session as SessionDouble | undefined;
    const [partition] = [...sessions.partitions].find(([, candidate]) => candidate === session) ?? [];
    expect(partition?.startsWith('persist:')).toBe(false);
    expect(session?.proxy).toEqual({ proxyRules: proxy.url, proxyBypassRules: '<-loopback>' });
    expect(window?.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webviewTag: false,
    });
    expect(window?.webContents.webRtcPolicy).toBe('disable_non_proxied_udp');
    expect(window?.isDestroyed()).toBe(true);
    expect(session?.storageCleared).toBe(1);
    expect(session?.connectionsClosed).toBe(1);
  });

  it('fails to render when its proxy is down: every request of the page goes through it', async () => {
    const BrowserWindow = browserWindowDouble(realTabs(browser));
    const renderer = new ElectronRenderer(
      { BrowserWindow, session: sessionModuleDouble() } as unknown as RenderWindowElectron,
      chromeIdentity('Mozilla/5.0 Chrome/1', browser.version(), 'linux', 'x64'),
    );
    const { proxy } = await loopbackRenderProxy();
    await proxy.close();
    const asked = site.requests.filter((path) => path === '/plain').length;
    await expect(
      renderer.render(`${site.origin}/plain`, {
        proxyServer: proxy.url,
        timeoutMs: 60_000,
        signal: new AbortController().signal,
      }),
    ).rejects.toMatchObject({ code: 'FETCH_FAILED' });
    expect(site.requests.filter((path) => path === '/plain')).toHaveLength(asked);
  });

  it('two renders at once each reach their own page through their own proxy, and neither reaches a private service', async () => {
    // 127.0.0.2 counts as public here; the secret service on 127.0.0.1 is private.
    const secret = await startService((_req, res) =>
      res.writeHead(200, { 'access-control-allow-origin': '*' }).end('secret'),
    );
    onTestFinished(() => secret.close());
    const page = (name: string): string =>
      `<!doctype html><html><head><title>${name}</title></head><body><main>loading…</main><script>
        fetch('${secret.origin}/probe').catch(() => {}).finally(() =>
          fetch('/${name}-data').then((r) => r.text()).then((text) => { document.querySelector('main').textContent = text; }));
      </script></body></html>`;
    const text = (name: string): string =>
      `The ${name} page's own article, fetched by its script once the page had loaded.`;
    // A's page reaches the browser only once B's render is over (and B's proxy closed): an explicit barrier.
    let browserAskedForA: () => void = () => undefined;
    const askedForA = new Promise<void>((resolve) => (browserAskedForA = resolve));
    let releaseA: () => void = () => undefined;
    const aReleased = new Promise<void>((resolve) => (releaseA = resolve));
    let servedA = 0;
    const pages = await startService((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const html = (body: string): void =>
        void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      if (path === '/a' && servedA++ === 0) html(page('a'));
      else if (path === '/a') {
        browserAskedForA();
        void aReleased.then(() => html(page('a')));
      } else if (path === '/b') html(page('b'));
      else if (path === '/a-data' || path === '/b-data')
        res.writeHead(200, { 'content-type': 'text/plain' }).end(text(path.slice(1, 2)));
      else res.writeHead(404).end();
    }, '127.0.0.2');
    onTestFinished(() => pages.close());

    const BrowserWindow = browserWindowDouble(realTabs(browser));
    const renderer = new ElectronRenderer(
      { BrowserWindow, session: sessionModuleDouble() } as unknown as RenderWindowElectron,
      chromeIdentity('Mozilla/5.0 Chrome/1', browser.version(), 'linux', 'x64'),
    );
    const fetcher = createFetchService({
      render: (url, request) => renderer.render(url, request),
      settings: () => ({ publicRanges: ['127.0.0.2/32'] }),
    });
    const a = fetcher.fetch({ url: `${pages.origin}/a`, render: 'always' });
    await askedForA;
    const b = FetchPageSchema.parse(await fetcher.fetch({ url: `${pages.origin}/b`, render: 'always' }));
    releaseA();
    const pageA = FetchPageSchema.parse(await a);

    expect(b).toMatchObject({ rendered: true, markdown: expect.stringContaining(text('b')) });
    expect(pageA).toMatchObject({ rendered: true, markdown: expect.stringContaining(text('a')) });
    expect(secret.connections()).toBe(0);
  });

  it("denies every popup the rendered page asks for (mutant: the render window's setWindowOpenHandler deny removed)", async () => {
    const BrowserWindow = browserWindowDouble(realTabs(browser));
    const renderer = new ElectronRenderer(
      { BrowserWindow, session: sessionModuleDouble() } as unknown as RenderWindowElectron,
      chromeIdentity('Mozilla/5.0 Chrome/1', browser.version(), 'linux', 'x64'),
    );
    const { proxy } = await loopbackRenderProxy();
    await renderer.render(`${site.origin}/results`, {
      proxyServer: proxy.url,
      timeoutMs: 60_000,
      signal: new AbortController().signal,
    });
    const handler = BrowserWindow.created[0]?.webContents.windowOpenHandler;
    // Electron opens a popup when no handler is set: a page must never get a window of its own.
    expect(handler).toBeDefined();
    for (const url of [`${site.origin}/results`, 'https://example.org/', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(handler?.({ url }), url).toEqual({ action: 'deny' });
    }
  });

  it('says TIMEOUT as the headless renderer does when the page never answers', async () => {
    const BrowserWindow = browserWindowDouble(realTabs(browser));
    const renderer = new ElectronRenderer(
      { BrowserWindow, session: sessionModuleDouble() } as unknown as RenderWindowElectron,
      chromeIdentity('Mozilla/5.0 Chrome/1', browser.version(), 'linux', 'x64'),
    );
    const { proxy } = await loopbackRenderProxy();
    const rendering = renderer.render(`${site.origin}/hang`, {
      proxyServer: proxy.url,
      timeoutMs: 800,
      signal: new AbortController().signal,
    });
    await expect(rendering).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringContaining('took longer than the 800 ms limit'),
    });
  });
});
