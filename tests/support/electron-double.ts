/**
 * Test doubles for the few electron objects the shell's modules take as parameters: windows,
 * their webContents, sessions, and webContents.debugger. Given a real Chromium (`realTabs`), each
 * window's page is a real tab in a browser context of its own session, and the debugger double
 * forwards to that tab, so the shell's PageDriver runs against a real page under plain Node.
 *
 * The doubles must be no kinder than Electron: a double that forgives what Electron refuses hides
 * the bug that matters. Every behaviour below names where it is documented; Electron's API
 * reference is also in node_modules/electron/electron.d.ts (Electron 40).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

export interface RecordedCall {
  method: string;
  params: unknown;
}

/** A window's page in the real Chromium: its tab, the CDP session the debugger forwards to, and one the double watches through. */
export interface Tab {
  page: Page;
  cdp: CDPSession;
  watcher: CDPSession;
}

/** Makes the tab of a new window, in its session's browser context. */
export type TabSource = (session: SessionDouble) => Promise<Tab>;

type Send = (method: string, params?: object) => Promise<unknown>;
const sendOn = (session: CDPSession): Send => (session as unknown as { send: Send }).send.bind(session);

/**
 * webContents.debugger. Modelled on Electron's source (shell/browser/api/electron_api_debugger.cc)
 * and https://www.electronjs.org/docs/latest/api/debugger:
 * - `sendCommand` does not resolve until the webContents has loaded something
 *   (electron/electron#14810, closed as intended; documented by electron/electron#53114): commands
 *   are held until the first load of the window has finished.
 * - `attach` throws when attached already; `sendCommand` rejects "No target available" when not attached.
 * - 'detach' ("target closed") is emitted when the webContents is closed or DevTools is opened on
 *   it (docs, Event 'detach'); commands still pending then reject "target closed while handling command".
 * - A crashed renderer does not detach it: Chromium sends Inspector.targetCrashed (see
 *   `forcefullyCrashRenderer`). A cross-process navigation does not detach it either: Electron
 *   reconnects the session to the new frame host (electron/electron#14475), losing the
 *   notifications queued meanwhile (see `lostInSwap`).
 * - Every CDP event of the tab reaches one 'message' listener as (event, method, params, sessionId).
 */
export class DebuggerDouble extends EventEmitter {
  readonly calls: RecordedCall[] = [];
  private attached = false;
  private crashed = false;
  /** The site of the main frame's document, as far as the debugger saw it. */
  private site: string | undefined;
  private readonly pending = new Set<(error: Error) => void>();

  constructor(
    private readonly target: Promise<Tab> | undefined,
    /** Resolves once the webContents has loaded something. */
    private readonly firstLoad: Promise<void>,
    /** Told of each navigation the debugger starts (Page.navigate): not the page's own. */
    private readonly onNavigate: (url: string) => void = () => undefined,
  ) {
    super();
    // A tab that could not be opened (the browser closed under a window made at teardown) fails
    // the commands and loads that await it; here it must not be an unhandled rejection.
    void target
      ?.then(({ cdp }) => {
        const emitter = cdp as unknown as EventEmitter;
        const emit = emitter.emit.bind(emitter);
        emitter.emit = (name: string | symbol, ...args: unknown[]) => {
          if (typeof name === 'string' && name.includes('.') && this.attached && !this.lostInSwap(name, args[0]))
            this.emit('message', {}, name, args[0], undefined);
          return emit(name, ...args);
        };
      })
      .catch(() => undefined);
  }

  attach(): void {
    if (this.attached) throw new TypeError('Debugger is already attached to the target');
    this.attached = true;
  }

  isAttached(): boolean {
    return this.attached;
  }

  async sendCommand(method: string, params: object = {}): Promise<unknown> {
    if (!this.attached) throw new Error('No target available');
    this.calls.push({ method, params });
    if (method === 'Page.navigate') this.onNavigate((params as { url: string }).url);
    let reject: (error: Error) => void = () => undefined;
    const closed = new Promise<never>((_, fail) => (reject = fail));
    this.pending.add(reject);
    try {
      return await Promise.race([this.forward(method, params), closed]);
    } finally {
      this.pending.delete(reject);
    }
  }

  /**
   * A main-frame navigation to another site moves the page to a new renderer; Electron then
   * reconnects the debugger to the new frame host and the notifications queued meanwhile are lost
   * (electron/electron#51959): Page.frameNavigated of such a navigation does not arrive
   * (electron/electron#40763).
   */
  private lostInSwap(method: string, params: unknown): boolean {
    if (method !== 'Page.frameNavigated') return false;
    const { frame } = params as { frame: { parentId?: string; url: string } };
    if (frame.parentId !== undefined) return false;
    const site = siteOf(frame.url);
    if (site === undefined) return false;
    const swapped = this.site !== undefined && site !== this.site;
    this.site = site;
    return swapped;
  }

  /** The renderer is gone: Chromium says so, and holds every command (until a navigation makes a new renderer, which the shell never waits for). */
  crash(): void {
    this.crashed = true;
    if (this.attached) this.emit('message', {}, 'Inspector.targetCrashed', {}, undefined);
  }

  private async forward(method: string, params: object): Promise<unknown> {
    await this.firstLoad;
    if (!this.target) return {};
    const answer = await sendOn((await this.target).cdp)(method, params).catch((error: unknown) =>
      this.crashed ? undefined : Promise.reject(error),
    );
    if (this.crashed) await new Promise<never>(() => undefined);
    return answer;
  }

  detach(): void {
    if (!this.attached) return;
    this.attached = false;
    for (const reject of this.pending) reject(new Error('target closed while handling command'));
    this.pending.clear();
    this.emit('detach', {}, 'target closed');
  }
}

/** A URL as its document request carries it: normalised, without its fragment. */
function requestUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/** Scheme and registrable part of a URL's host (an IP address or a one-label name whole); undefined for about:, data: and the like. */
function siteOf(url: string): string | undefined {
  const { protocol, hostname } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') return undefined;
  const domain = /^[\d.]+$|^\[/.test(hostname) ? hostname : hostname.split('.').slice(-2).join('.');
  return `${protocol}//${domain}`;
}

/** A navigation event's first argument, as Electron passes it (docs: Event<WebContentsWillRedirectEventParams>). */
export interface NavigationEventDouble {
  url: string;
  isMainFrame: boolean;
  isSameDocument: boolean;
  defaultPrevented: boolean;
  preventDefault(): void;
}

function navigationEvent(url: string, isMainFrame: boolean): NavigationEventDouble {
  return {
    url,
    isMainFrame,
    isSameDocument: false,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

/**
 * webContents (https://www.electronjs.org/docs/latest/api/web-contents), over the window's tab:
 * - `getURL()` is '' until something was loaded.
 * - `loadURL` navigates the tab; its promise resolves at 'did-finish-load' and rejects as
 *   'did-fail-load' does (an aborted load, ERR_ABORTED, included), with a noop rejection handler
 *   already attached (docs, contents.loadURL).
 * - 'will-navigate' is emitted for the page's own navigations of the main frame (a link, a form,
 *   `location` changed by a script), never for those started with loadURL (docs, Event
 *   'will-navigate') or by the debugger; `preventDefault()` stops the navigation. Electron's
 *   navigation throttle asks before the navigation's request starts, so the double asks when that
 *   request is paused, not on Page.frameRequestedNavigation: that event comes from the renderer and
 *   may reach the session after the browser has paused the request.
 * - 'will-redirect' is emitted for every server-side redirect of a navigation, whoever started it;
 *   `preventDefault()` cancels the navigation, not just the redirect (docs, Event 'will-redirect'),
 *   which ends it with ERR_ABORTED.
 * - 'did-finish-load' when the main frame's onload was dispatched (docs).
 * - `forcefullyCrashRenderer` kills the renderer: 'render-process-gone' follows (docs), and the
 *   debugger receives Inspector.targetCrashed from Chromium.
 */
export class WebContentsDouble extends EventEmitter {
  readonly id: number;
  audioMuted = false;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  destroyed = false;
  webRtcPolicy = 'default';
  static nextId = 1;

  readonly debugger: DebuggerDouble;
  private loadedSomething = false;
  private lastUrl = '';
  private markLoaded: () => void = () => undefined;
  /**
   * Settles once the tab's navigations are watched. Electron's navigation throttle is there from
   * the window's first navigation on, so nothing navigates the tab before this: a page that sends
   * itself elsewhere as soon as it is parsed must meet 'will-navigate', however slow the machine.
   */
  private readonly watching: Promise<void>;
  /** Navigations started by loadURL or the debugger, until their document request is seen. */
  private readonly startedHere = new Set<string>();

  constructor(private readonly tab: Promise<Tab> | undefined) {
    super();
    this.id = WebContentsDouble.nextId++;
    const firstLoad = new Promise<void>((resolve) => (this.markLoaded = resolve));
    this.debugger = new DebuggerDouble(tab, firstLoad, (url) => this.startedHere.add(requestUrl(url)));
    this.watching =
      tab === undefined ? Promise.resolve() : tab.then((opened) => this.watch(opened)).catch(() => undefined);
  }

  setAudioMuted(muted: boolean): void {
    this.audioMuted = muted;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  setWebRTCIPHandlingPolicy(policy: string): void {
    this.webRtcPolicy = policy;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  send(): void {}

  getURL(): string {
    return this.loadedSomething ? this.lastUrl : '';
  }

  loadURL(url: string): Promise<void> {
    const loading = this.navigate(url);
    loading.catch(() => undefined);
    return loading;
  }

  /**
   * The renderer dies at once, whatever it was doing (Chromium's Page.crash would wait for a
   * pending navigation to commit, so the double stands in for it): the debugger gets
   * Inspector.targetCrashed, 'render-process-gone' follows, and no command is answered any more.
   */
  forcefullyCrashRenderer(): void {
    this.debugger.crash();
    void this.tab?.then(({ page }) => page.close()).catch(() => undefined);
    this.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
  }

  openDevTools(): void {
    this.debugger.detach();
  }

  private async navigate(url: string): Promise<void> {
    if (!this.tab) {
      this.lastUrl = url;
      this.loadedSomething = true;
      this.markLoaded();
      return;
    }
    const { page } = await this.tab;
    await this.watching;
    this.startedHere.add(requestUrl(url));
    try {
      await page.goto(url, { waitUntil: 'load' });
      this.loadedSomething = true;
      this.lastUrl = page.url();
    } catch (error) {
      const code = /net::(ERR_[A-Z_]+)/.exec(String(error))?.[1] ?? 'ERR_FAILED';
      throw Object.assign(new Error(`${code} loading '${url}'`), { code, url });
    } finally {
      this.markLoaded();
    }
  }

  /**
   * The tab's navigations as Electron's navigation throttle sees them: the page's own (link,
   * form, script) before they start, and every document's redirect before it is followed.
   */
  private async watch({ page, watcher }: Tab): Promise<void> {
    page.on('load', () => {
      this.lastUrl = page.url();
      if (this.loadedSomething) this.emit('did-finish-load', {});
    });
    const send = sendOn(watcher);
    const { frameTree } = (await send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
    watcher.on(
      'Fetch.requestPaused',
      (paused: {
        requestId: string;
        request: { url: string };
        frameId: string;
        redirectedRequestId?: string;
        responseStatusCode?: number;
        responseHeaders?: Array<{ name: string; value: string }>;
      }) => {
        const location = paused.responseHeaders?.find(({ name }) => name.toLowerCase() === 'location')?.value;
        const status = paused.responseStatusCode ?? 0;
        const isMainFrame = paused.frameId === frameTree.frame.id;
        let prevented = false;
        // A main-frame document request that no loadURL or debugger started, nor a redirect: the page's own navigation, asked about before it is sent.
        if (
          paused.responseStatusCode === undefined &&
          isMainFrame &&
          paused.redirectedRequestId === undefined &&
          !this.startedHere.delete(paused.request.url)
        ) {
          const event = navigationEvent(paused.request.url, true);
          this.emit('will-navigate', event, paused.request.url);
          prevented = event.defaultPrevented;
        }
        if (status >= 300 && status < 400 && location !== undefined) {
          const target = new URL(location, paused.request.url).href;
          const event = navigationEvent(target, isMainFrame);
          this.emit('will-redirect', event, target, false, isMainFrame, 0, 0);
          prevented = event.defaultPrevented;
        }
        void send(
          prevented ? 'Fetch.failRequest' : 'Fetch.continueRequest',
          prevented ? { requestId: paused.requestId, errorReason: 'Aborted' } : { requestId: paused.requestId },
        ).catch(() => undefined);
      },
    );
    await send('Page.enable');
    await send('Fetch.enable', {
      patterns: [
        { urlPattern: '*', resourceType: 'Document', requestStage: 'Request' },
        { urlPattern: '*', resourceType: 'Document', requestStage: 'Response' },
      ],
    });
  }
}

type WindowOptions = Record<string, unknown> & { webPreferences?: Record<string, unknown>; show?: boolean };

export class BrowserWindowDouble extends EventEmitter {
  readonly webContents: WebContentsDouble;
  visible = false;
  destroyed = false;
  title = '';

  constructor(
    readonly options: WindowOptions,
    readonly tab: Promise<Tab> | undefined,
  ) {
    super();
    this.webContents = new WebContentsDouble(tab);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** Closing the webContents ends its debugging session (docs, debugger Event 'detach'). */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.webContents.debugger.detach();
    void this.tab?.then(({ page }) => page.close()).catch(() => undefined);
    this.emit('closed');
  }
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {}
  setTitle(title: string): void {
    this.title = title;
  }
  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url);
  }
}

export interface BrowserWindowDoubleClass {
  new (options: WindowOptions): BrowserWindowDouble;
  /** Every window made, in order. */
  readonly created: BrowserWindowDouble[];
}

/** A BrowserWindow class whose instances remember their options; tabs come from `tabs` when given, in the window's session. */
export function browserWindowDouble(tabs?: TabSource): BrowserWindowDoubleClass {
  const created: BrowserWindowDouble[] = [];
  // A constructor that returns its object: `new BrowserWindow(options)` as the shell writes it.
  const BrowserWindow = function (options: WindowOptions) {
    // Without a session of its own a window is in the default session (docs, BrowserWindow webPreferences.session).
    const session = (options.webPreferences?.session as SessionDouble | undefined) ?? defaultSession;
    const window = new BrowserWindowDouble(options, tabs?.(session));
    created.push(window);
    return window;
  } as unknown as BrowserWindowDoubleClass;
  return Object.assign(BrowserWindow, { created });
}

export interface ProxyConfigDouble {
  proxyRules?: string;
  proxyBypassRules?: string;
}

/**
 * A session (https://www.electronjs.org/docs/latest/api/session): the handlers the shell installs,
 * and its network. `setProxy` applies to this session only, to every window in it and to the next
 * request each makes (docs, ses.setProxy); with a dead proxy its pages do not load. As in
 * Chromium, loopback addresses bypass the proxy unless the bypass rules say `<-loopback>`.
 */
export class SessionDouble extends EventEmitter {
  permissionRequestHandler:
    | ((contents: unknown, permission: string, callback: (granted: boolean) => void, details?: unknown) => void)
    | null
    | undefined;
  permissionCheckHandler:
    | ((contents: unknown, permission: string, requestingOrigin: string, details?: unknown) => boolean)
    | null
    | undefined;
  userAgent =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) lantern/0.1.0 Chrome/144.0.7559.96 Electron/40.10.2 Safari/537.36';
  proxy: ProxyConfigDouble | undefined;
  storageCleared = 0;
  connectionsClosed = 0;
  private network: Promise<string> | undefined;
  private readonly sockets = new Set<Duplex>();

  setPermissionRequestHandler(handler: SessionDouble['permissionRequestHandler']): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: SessionDouble['permissionCheckHandler']): void {
    this.permissionCheckHandler = handler;
  }
  async setProxy(config: ProxyConfigDouble): Promise<void> {
    if (config.proxyRules !== undefined && upstreamOf(config.proxyRules) === undefined)
      throw new Error(`the double does not model proxy rules "${config.proxyRules}"`);
    this.proxy = config;
  }
  /** Ends every connection of the session, tunnels through a previous proxy included (docs, ses.closeAllConnections). */
  async closeAllConnections(): Promise<void> {
    this.connectionsClosed++;
    for (const socket of this.sockets) socket.destroy();
  }
  async clearStorageData(): Promise<void> {
    this.storageCleared++;
  }
  setUserAgent(userAgent: string): void {
    this.userAgent = userAgent;
  }
  getUserAgent(): string {
    return this.userAgent;
  }

  /** Where this session's pages send their traffic: an HTTP proxy on loopback that goes on as the session's proxy settings say at each request. */
  endpoint(): Promise<string> {
    this.network ??= startSessionNetwork(
      (host) => this.upstreamFor(host),
      (socket) => {
        this.sockets.add(socket);
        socket.once('close', () => this.sockets.delete(socket));
      },
    );
    return this.network;
  }

  private upstreamFor(host: string): { host: string; port: number } | undefined {
    const rules = this.proxy?.proxyRules;
    if (!rules) return undefined;
    const loopback = host === 'localhost' || /^127\./.test(host) || host === '[::1]' || host === '::1';
    if (loopback && !(this.proxy?.proxyBypassRules ?? '').split(/[,;\s]+/).includes('<-loopback>')) return undefined;
    return upstreamOf(rules);
  }
}

const defaultSession = new SessionDouble();

/** "http://127.0.0.1:4312" or "127.0.0.1:4312" → host and port; anything else is not modelled. */
function upstreamOf(rules: string): { host: string; port: number } | undefined {
  const match = /^(?:http:\/\/)?([\w.-]+):(\d+)\/?$/.exec(rules.trim());
  return match ? { host: match[1]!, port: Number(match[2]) } : undefined;
}

/** The session's network stack: every request of its pages, sent directly or through the proxy its settings name now. */
async function startSessionNetwork(
  upstreamFor: (host: string) => { host: string; port: number } | undefined,
  track: (socket: Duplex) => void,
): Promise<string> {
  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? '');
    const upstream = upstreamFor(target.hostname);
    const outgoing = http.request(
      {
        host: upstream?.host ?? target.hostname,
        port: upstream?.port ?? (Number(target.port) || 80),
        // To a proxy the whole URL, to the server its path.
        path: upstream ? target.href : target.pathname + target.search,
        method: request.method,
        headers: request.headers,
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => response.destroy());
    request.pipe(outgoing);
  });
  server.on('connect', (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    const [host = '', port = '443'] = (request.url ?? '').split(/:(?=\d+$)/);
    const upstream = upstreamFor(host);
    const socket = net.connect(upstream?.port ?? Number(port), upstream?.host ?? host, () => {
      if (upstream) socket.write(`CONNECT ${request.url} HTTP/1.1\r\nHost: ${request.url}\r\n\r\n`);
      else client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) socket.write(head);
      socket.pipe(client);
      client.pipe(socket);
    });
    socket.on('error', () => client.destroy());
    client.on('error', () => socket.destroy());
    client.on('close', () => socket.destroy());
  });
  server.on('connection', track);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The network lives as long as the test process; it must not keep it alive.
  server.unref();
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

/** `session.fromPartition` that hands out one SessionDouble per partition name. */
export function sessionModuleDouble(): {
  fromPartition(partition: string): SessionDouble;
  partitions: Map<string, SessionDouble>;
  defaultSession: SessionDouble;
} {
  const partitions = new Map<string, SessionDouble>();
  return {
    partitions,
    defaultSession,
    fromPartition(partition) {
      const existing = partitions.get(partition);
      if (existing) return existing;
      const created = new SessionDouble();
      partitions.set(partition, created);
      return created;
    },
  };
}

/**
 * Tabs of a real Chromium for the windows' pages: one browser context per session, whose network
 * is the session's (so its proxy settings decide where each request goes), and two CDP sessions per
 * tab, one for the debugger double and one the webContents double watches navigations through.
 */
export function realTabs(browser: Browser): TabSource {
  const contexts = new Map<SessionDouble, Promise<BrowserContext>>();
  return async (session) => {
    let context = contexts.get(session);
    if (!context) {
      context = session.endpoint().then((server) => browser.newContext({ proxy: { server, bypass: '<-loopback>' } }));
      contexts.set(session, context);
    }
    const page = await (await context).newPage();
    const [cdp, watcher] = await Promise.all([page.context().newCDPSession(page), page.context().newCDPSession(page)]);
    return { page, cdp, watcher };
  };
}

/** What safeStorage.getSelectedStorageBackend() answers on Linux ('unknown' before app ready). */
export type StorageBackend = 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown';

/**
 * Electron's safeStorage on Linux, as https://www.electronjs.org/docs/latest/api/safe-storage
 * describes it:
 * - `isEncryptionAvailable()` is false until the app has emitted `ready`, then true when the
 *   secret key is available — `basic_text` included, whose key is a hard-coded password, so
 *   true does not mean the OS protects anything;
 * - `getSelectedStorageBackend()` names the password manager in use (`basic_text` when the
 *   desktop is not recognised or with --password-store=basic), `unknown` before `ready`;
 * - `encryptString` and `decryptString` throw when they fail: a ciphertext made under another
 *   key (the keyring was replaced, the data dir came from another machine) or not made by
 *   safeStorage at all does not decrypt, with Electron's message.
 * The bytes are AES-GCM under the backend's key (Chromium prefixes v10 for the hard-coded key,
 * v11 for a keyring's), so a wrong key is always detected rather than decrypting to garbage.
 */
export class SafeStorageDouble {
  ready = true;
  private keyringKey = randomBytes(32);

  constructor(private readonly backend: Exclude<StorageBackend, 'unknown'> = 'gnome_libsecret') {}

  isEncryptionAvailable(): boolean {
    return this.ready;
  }

  getSelectedStorageBackend(): StorageBackend {
    return this.ready ? this.backend : 'unknown';
  }

  encryptString(plainText: string): Buffer {
    if (!this.isEncryptionAvailable())
      throw new Error(
        'Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.',
      );
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key(), iv);
    const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from(this.prefix()), iv, cipher.getAuthTag(), body]);
  }

  decryptString(encrypted: Buffer): string {
    const failed = (): Error =>
      new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    if (!this.isEncryptionAvailable() || encrypted.subarray(0, 3).toString() !== this.prefix()) throw failed();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key(), encrypted.subarray(3, 15));
      decipher.setAuthTag(encrypted.subarray(15, 31));
      return Buffer.concat([decipher.update(encrypted.subarray(31)), decipher.final()]).toString('utf8');
    } catch {
      throw failed();
    }
  }

  /** The keyring now holds another key (a new login keyring, another machine): older ciphertexts no longer decrypt. */
  replaceKeyring(): void {
    this.keyringKey = randomBytes(32);
  }

  private key(): Buffer {
    return this.backend === 'basic_text' ? createHash('sha256').update('peanuts').digest() : this.keyringKey;
  }

  private prefix(): string {
    return this.backend === 'basic_text' ? 'v10' : 'v11';
  }
}
