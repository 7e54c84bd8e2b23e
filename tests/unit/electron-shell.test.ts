/**
 * The desktop shell's Electron parts with electron replaced by test doubles: every window's
 * webPreferences, the hidden search window's session and navigation rules, the identity it shows,
 * and the IPC wrapper's refusals on every channel.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ResearchApi } from '../../src/shared/api';
import { IPC_CHANNELS, type IpcResult } from '../../src/shared/ipc';
import { chromeIdentity } from '../../src/main/doors/electron/browser-identity';
import { electronCdp, type WebContentsLike } from '../../src/main/doors/electron/electron-cdp';
import {
  HiddenWindowPageLoader,
  SEARCH_PARTITION,
  type SearchWindowElectron,
} from '../../src/main/doors/electron/hidden-window-loader';
import { ownUiMatcher, registerIpcHandlers } from '../../src/main/doors/electron/ipc';
import { RunRegistry } from '../../src/main/common/run-registry';
import { createMainWindow, type MainWindowElectron } from '../../src/main/doors/electron/main-window';
import { isNavigationAllowed } from '../../src/main/doors/electron/search-session';
import { appEnvironment } from '../../src/main/doors/electron/development-overrides';
import { allowOnlyUiClipboardWrite, type PermissionSession } from '../../src/main/doors/electron/permissions';
import { ElectronRenderer, type RenderWindowElectron } from '../../src/main/doors/electron/render-window';
import { engineOriginsFromEnv } from '../../src/main/search/engine-origins';
import { CATALOG } from '../../src/main/models/catalog';
import { catalogFromEnv, probeTargetsFromEnv } from '../../src/main/models/models-env';
import { DEFAULT_PROBE_TARGETS } from '../../src/main/models/probe';
import {
  browserWindowDouble,
  sessionModuleDouble,
  WebContentsDouble,
  type BrowserWindowDouble,
  type SessionDouble,
} from '../support/electron-double';
import { IpcMainDouble } from '../support/ipc-double';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ELECTRON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) lantern/0.1.0 Chrome/144.0.7559.96 Electron/40.10.2 Safari/537.36';
const identity = chromeIdentity(ELECTRON_UA, '144.0.7559.96', 'linux', 'x64');

/** A hidden-window loader on doubles, with its window made (a load is started and left to fail). */
async function hiddenWindow(): Promise<{ window: BrowserWindowDouble; session: SessionDouble }> {
  const BrowserWindow = browserWindowDouble();
  const sessions = sessionModuleDouble();
  const loader = new HiddenWindowPageLoader({ BrowserWindow, session: sessions } as unknown as SearchWindowElectron, {
    allowedHosts: () => ['www.google.com', 'www.bing.com', '127.0.0.1:8123'],
    identity,
  });
  await loader
    .load('https://www.google.com/search?q=x', { readySelectors: ['#rso'], timeoutMs: 50 })
    .catch(() => undefined);
  await loader.close();
  const window = BrowserWindow.created[0];
  const session = sessions.partitions.get(SEARCH_PARTITION);
  if (!window || !session) throw new Error('the loader made no window in the search partition');
  return { window, session };
}

const SECURE = { sandbox: true, contextIsolation: true, nodeIntegration: false, webviewTag: false };

describe("every window's webPreferences", () => {
  it('the hidden search window: sandboxed, isolated, no Node, no webview, no preload, hidden, in persist:search', async () => {
    const { window, session } = await hiddenWindow();
    expect(window.options.webPreferences).toMatchObject(SECURE);
    expect(window.options.webPreferences).not.toHaveProperty('preload');
    expect(window.options.webPreferences?.session).toBe(session);
    expect(window.options.show).toBe(false);
  });

  it("the UI's window: the same, with our preload and nothing but our UI in it", () => {
    const BrowserWindow = browserWindowDouble();
    const shell = { openExternal: vi.fn(async () => undefined) };
    const window = createMainWindow({ BrowserWindow, shell } as unknown as MainWindowElectron, {
      uiUrl: 'app://lantern/index.html',
      preloadDir: '/app/out/preload',
      statePath: join(mkdtempSync(join(tmpdir(), 'lantern-window-')), 'window-state.json'),
    }) as unknown as BrowserWindowDouble;
    expect(window.options.webPreferences).toMatchObject({ ...SECURE, preload: '/app/out/preload/index.cjs' });
    const navigation = { preventDefault: vi.fn() };
    window.webContents.emit('will-navigate', navigation, 'https://example.com/');
    expect(navigation.preventDefault).toHaveBeenCalled();
    expect(shell.openExternal).toHaveBeenCalledWith('https://example.com/');
    expect(window.webContents.windowOpenHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });
});

describe('the hidden search window', () => {
  it('denies every permission request and check, and cancels downloads', async () => {
    const { session } = await hiddenWindow();
    for (const permission of ['geolocation', 'notifications', 'media', 'clipboard-read', 'midi']) {
      const callback = vi.fn();
      session.permissionRequestHandler?.({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(session.permissionCheckHandler?.({}, permission, 'https://www.google.com', {})).toBe(false);
    }
    const download = { preventDefault: vi.fn() };
    const item = { cancel: vi.fn() };
    session.emit('will-download', download, item, {});
    expect(download.preventDefault).toHaveBeenCalled();
    expect(item.cancel).toHaveBeenCalled();
  });

  it("navigates only to the engines' hosts and Google's consent and CAPTCHA pages; popups denied; muted", async () => {
    const { window } = await hiddenWindow();
    const tried = (event: 'will-navigate' | 'will-redirect', url: string): boolean => {
      const navigation = { preventDefault: vi.fn() };
      window.webContents.emit(event, navigation, url);
      return navigation.preventDefault.mock.calls.length === 0;
    };
    expect(tried('will-navigate', 'https://www.google.com/search?q=x')).toBe(true);
    expect(tried('will-redirect', 'https://consent.google.com/ml?continue=x')).toBe(true);
    expect(tried('will-redirect', 'https://sorry.google.com/sorry/index')).toBe(true);
    expect(tried('will-navigate', 'http://127.0.0.1:8123/search?q=x')).toBe(true);
    expect(tried('will-navigate', 'https://evil.example/')).toBe(false);
    expect(tried('will-redirect', 'https://www.google.com.evil.example/')).toBe(false);
    expect(tried('will-navigate', 'http://127.0.0.1:9999/')).toBe(false);
    expect(tried('will-navigate', 'file:///etc/passwd')).toBe(false);
    expect(tried('will-navigate', 'javascript:alert(1)')).toBe(false);
    expect(window.webContents.windowOpenHandler?.({ url: 'https://www.google.com/' })).toEqual({ action: 'deny' });
    expect(window.webContents.audioMuted).toBe(true);
  });

  it('shows the bundled Chromium as Chrome: no Electron or app token, client hints of the same version', async () => {
    const { window, session } = await hiddenWindow();
    expect(session.userAgent).not.toMatch(/Electron|lantern/i);
    expect(session.userAgent).toBe(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/144.0.0.0 Safari/537.36',
    );
    const override = window.webContents.debugger.calls.find((call) => call.method === 'Emulation.setUserAgentOverride');
    expect(override?.params).toMatchObject({ userAgent: session.userAgent });
    const brands = (override?.params as typeof identity).userAgentMetadata.brands;
    expect(brands).toContainEqual({ brand: 'Chromium', version: '144' });
    expect(brands).toContainEqual({ brand: 'Google Chrome', version: '144' });
  });

  it('tells allowed navigation targets apart by parsed host and scheme', () => {
    expect(isNavigationAllowed('https://www.bing.com/search', ['www.bing.com'])).toBe(true);
    expect(isNavigationAllowed('https://www.bing.com@evil.example/', ['www.bing.com'])).toBe(false);
    expect(isNavigationAllowed('not a url', ['www.bing.com'])).toBe(false);
  });
});

describe('permissions on every session', () => {
  const ask = (
    session: SessionDouble,
    permission: string,
    url: string,
    isMainFrame = true,
  ): { requested: boolean; checked: boolean } => {
    const callback = vi.fn();
    session.permissionRequestHandler?.({}, permission, callback, { isMainFrame, requestingUrl: url });
    return {
      requested: callback.mock.calls[0]?.[0] === true,
      checked:
        session.permissionCheckHandler?.({}, permission, originOf(url), { isMainFrame, requestingUrl: url }) === true,
    };
  };
  // As Chromium says it: app:// is a standard scheme there (app-protocol.ts), so its origin is app://lantern.
  const originOf = (url: string): string => /^[a-z]+:\/\/[^/]+/.exec(url)?.[0] ?? url;
  const PERMISSIONS = [
    'clipboard-read',
    'clipboard-sanitized-write',
    'geolocation',
    'media',
    'notifications',
    'midi',
    'openExternal',
    'fullscreen',
    'storage-access',
    'unknown',
  ];

  it("the UI's (default) session: clipboard writes for the UI's top frame, nothing else for anyone", () => {
    const session = sessionModuleDouble().defaultSession;
    allowOnlyUiClipboardWrite(session as unknown as PermissionSession, ownUiMatcher('app://lantern/index.html'));
    for (const permission of PERMISSIONS) {
      const granted = permission === 'clipboard-sanitized-write';
      expect(ask(session, permission, 'app://lantern/index.html'), permission).toEqual({
        requested: granted,
        checked: granted,
      });
      expect(ask(session, permission, 'https://www.google.com/'), permission).toEqual({
        requested: false,
        checked: false,
      });
      expect(ask(session, permission, 'app://lantern/index.html', false), permission).toEqual({
        requested: false,
        checked: false,
      });
    }
  });

  it('the search and render partitions: every request and check refused', async () => {
    const { session: search } = await hiddenWindow();
    const sessions = sessionModuleDouble();
    const renderer = new ElectronRenderer(
      { BrowserWindow: browserWindowDouble(), session: sessions } as unknown as RenderWindowElectron,
      identity,
    );
    await renderer
      .render('https://example.com/', {
        proxyServer: 'http://127.0.0.1:9',
        timeoutMs: 50,
        signal: new AbortController().signal,
      })
      .catch(() => undefined);
    const [render] = [...sessions.partitions.values()];
    for (const session of [search, render]) {
      if (!session) throw new Error('no session');
      for (const permission of PERMISSIONS)
        expect(ask(session, permission, 'https://www.google.com/'), permission).toEqual({
          requested: false,
          checked: false,
        });
    }
  });
});

describe('development overrides', () => {
  const env = {
    ELECTRON_RENDERER_URL: 'https://evil.example/',
    LANTERN_ENGINE_URL_GOOGLE: 'http://127.0.0.1:8123',
    Lantern_Engine_Url_Bing: 'http://127.0.0.1:8124',
    LANTERN_MODEL_CATALOG: '/tmp/catalog.json',
    LANTERN_MODEL_SERVERS: 'ollama=http://127.0.0.1:11500',
    LANTERN_DATA_DIR: '/data',
    PATH: '/usr/bin',
  };

  it('a packaged app runs without another UI origin, other engine servers, another model catalog or other model ports', () => {
    const packaged = appEnvironment(env, true);
    expect(packaged).toEqual({ LANTERN_DATA_DIR: '/data', PATH: '/usr/bin' });
    expect(engineOriginsFromEnv(packaged)).toEqual({});
    expect(catalogFromEnv(packaged)).toBe(CATALOG);
    expect(probeTargetsFromEnv(packaged)).toBe(DEFAULT_PROBE_TARGETS);
  });

  it('a development run keeps them', () => {
    expect(appEnvironment(env, false)).toBe(env);
    expect(engineOriginsFromEnv(appEnvironment(env, false))).toMatchObject({ google: 'http://127.0.0.1:8123' });
  });
});

describe('the IPC wrapper', () => {
  const OWN = { url: 'app://lantern/index.html', parent: null };
  const sender = { id: 1, send: () => undefined, isDestroyed: () => false };

  function registered(): { main: IpcMainDouble; calls: string[] } {
    const calls: string[] = [];
    // Records which operation was reached: nothing may be reached after a refusal.
    const reached = (name: string) => async () => {
      calls.push(name);
      return {};
    };
    const api = {
      search: reached('search'),
      fetch: reached('fetch'),
      answer: reached('answer'),
      history: {
        list: reached('history.list'),
        get: reached('history.get'),
        search: reached('history.search'),
        delete: reached('history.delete'),
        export: reached('history.export'),
      },
      settings: { get: reached('settings.get'), update: reached('settings.update'), reset: reached('settings.reset') },
      captcha: { pending: reached('captcha.pending'), wait: reached('captcha.wait') },
      access: {
        token: reached('access.token'),
        rotateToken: reached('access.rotateToken'),
        llmKeyState: reached('access.llmKeyState'),
        setLlmKey: reached('access.setLlmKey'),
      },
    } as unknown as ResearchApi;
    const main = new IpcMainDouble();
    registerIpcHandlers({
      ipcMain: main,
      api,
      isOwnUi: ownUiMatcher('app://lantern/index.html'),
      runs: new RunRegistry(),
    });
    return { main, calls };
  }

  it('registers a handler for every channel of the contract', () => {
    expect([...registered().main.handlers.keys()].sort()).toEqual([...IPC_CHANNELS].sort());
  });

  it.each(IPC_CHANNELS)('%s refuses a foreign frame, a subframe and a missing frame', async (channel) => {
    const { main, calls } = registered();
    for (const frame of [
      { url: 'https://www.google.com/search?q=x', parent: null },
      { url: 'app://lantern.evil/index.html', parent: null },
      { url: 'app://lantern/index.html', parent: {} },
      null,
    ]) {
      const result = (await main.invoke(channel, undefined, frame, sender)) as IpcResult<unknown>;
      expect(result).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    }
    expect(calls).toEqual([]);
  });

  it.each(IPC_CHANNELS)('%s refuses an argument its schema does not accept', async (channel) => {
    const { main, calls } = registered();
    for (const bad of [42, 'text', { unexpected: true }]) {
      const result = (await main.invoke(channel, bad, OWN, sender)) as IpcResult<unknown>;
      expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
    expect(calls).toEqual([]);
  });

  /** An IPC door over an api whose answer waits for its signal, telling what options it was given. */
  function holdingDoor(): { main: IpcMainDouble; given: unknown[] } {
    const given: unknown[] = [];
    const api = {
      answer: (_request: unknown, options: { signal: AbortSignal }) => {
        given.push({ ...options, signal: undefined });
        return new Promise((_resolve, reject) =>
          options.signal.addEventListener('abort', () => reject(options.signal.reason as Error), { once: true }),
        );
      },
    } as unknown as ResearchApi;
    const main = new IpcMainDouble();
    registerIpcHandlers({
      ipcMain: main,
      api,
      isOwnUi: ownUiMatcher('app://lantern/index.html'),
      runs: new RunRegistry(),
    });
    return { main, given };
  }

  it("calls with the desktop's caller options and the thread the frame names, and refuses a frame setting any other option", async () => {
    const { main, given } = holdingDoor();
    const asking = main.invoke(
      'answer',
      { callId: 'a1', input: { question: 'why?' }, options: { threadId: 3 } },
      OWN,
      sender,
    );
    expect(await main.invoke('call:cancel', { callId: 'a1' }, OWN, sender)).toEqual({
      ok: true,
      value: { cancelled: true },
    });
    expect(await asking).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    expect(given).toEqual([
      expect.objectContaining({ session: 'desktop', recordHistory: true, interactive: true, threadId: 3 }),
    ]);
    const forged = await main.invoke(
      'answer',
      { callId: 'a2', input: { question: 'why?' }, options: { session: 'agent', allowPrivateNetworks: true } },
      OWN,
      sender,
    );
    expect(forged).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(given).toHaveLength(1);
  });

  it("lets a window cancel only its own calls: another window's call:cancel with the same id finds nothing", async () => {
    const { main } = holdingDoor();
    const other = { ...sender, id: 2 };
    const asking = main.invoke('answer', { callId: 'same', input: { question: 'why?' } }, OWN, sender);
    expect(await main.invoke('call:cancel', { callId: 'same' }, OWN, other)).toEqual({
      ok: true,
      value: { cancelled: false },
    });
    expect(await main.invoke('call:cancel', { callId: 'same' }, OWN, sender)).toEqual({
      ok: true,
      value: { cancelled: true },
    });
    expect(await asking).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    // Once it ended, its id is free again and nothing is left to cancel.
    expect(await main.invoke('call:cancel', { callId: 'same' }, OWN, sender)).toEqual({
      ok: true,
      value: { cancelled: false },
    });
  });

  it('passes a valid call from our own UI through to the operation', async () => {
    const { main, calls } = registered();
    const result = await main.invoke('search', { callId: 'c1', input: { query: 'espresso' } }, OWN, sender);
    expect(result).toEqual({ ok: true, value: {} });
    expect(
      await main.invoke('settings.get', { input: undefined }, { url: 'http://localhost:5173/', parent: null }, sender),
    ).toMatchObject({ ok: false });
    expect(calls).toEqual(['search']);
  });
});

describe('chromeIdentity', () => {
  it.each([
    ['darwin', 'arm64', 'macOS', 'arm'],
    ['win32', 'x64', 'Windows', 'x86'],
  ] as const)('on %s/%s says %s', (platform, arch, name, architecture) => {
    const { userAgent, userAgentMetadata } = chromeIdentity(ELECTRON_UA, '144.0.7559.96', platform, arch);
    expect(userAgent).toContain('Chrome/144.0.0.0');
    expect(userAgentMetadata).toMatchObject({ platform: name, architecture, mobile: false });
    expect(userAgentMetadata.fullVersionList).toContainEqual({ brand: 'Google Chrome', version: '144.0.7559.96' });
  });
});

describe("webContents.debugger as the driver's CDP session", () => {
  it("attaches once, forwards commands, and delivers only the tab's own events to their listeners", async () => {
    const contents = new WebContentsDouble(undefined);
    const target = contents.debugger;
    const session = await electronCdp(contents as unknown as WebContentsLike);
    // Loaded before the first command: Electron answers none until then.
    expect(contents.getURL()).toBe('about:blank');
    expect(target.isAttached()).toBe(true);
    await expect(electronCdp(contents as unknown as WebContentsLike)).resolves.toBeDefined();
    await session.send('Page.enable', { x: 1 });
    expect(target.calls).toEqual([{ method: 'Page.enable', params: { x: 1 } }]);

    const seen: unknown[] = [];
    const listener = (params: unknown): void => void seen.push(params);
    session.on('Page.loadEventFired', listener);
    target.emit('message', {}, 'Page.loadEventFired', { timestamp: 1 }, undefined);
    target.emit('message', {}, 'Page.loadEventFired', { timestamp: 2 }, 'child-session');
    target.emit('message', {}, 'Page.frameNavigated', { frame: {} }, undefined);
    session.off('Page.loadEventFired', listener);
    target.emit('message', {}, 'Page.loadEventFired', { timestamp: 3 }, undefined);
    expect(seen).toEqual([{ timestamp: 1 }]);
  });
});

describe('the webContents double, as Electron behaves', () => {
  it('answers no debugger command before the first load (electron/electron#14810)', async () => {
    const contents = new WebContentsDouble(undefined);
    contents.debugger.attach();
    let answered = false;
    const command = contents.debugger.sendCommand('Page.enable').then(() => (answered = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    await contents.loadURL('about:blank');
    await command;
    expect(answered).toBe(true);
  });

  it('detaches the debugger when DevTools open or the window closes, failing the commands under way', async () => {
    const contents = new WebContentsDouble(undefined);
    contents.debugger.attach();
    const reasons: string[] = [];
    contents.debugger.on('detach', (_event, reason: string) => reasons.push(reason));
    const pending = contents.debugger.sendCommand('Page.enable');
    contents.openDevTools();
    await expect(pending).rejects.toThrow('target closed while handling command');
    await expect(contents.debugger.sendCommand('Page.enable')).rejects.toThrow('No target available');
    expect(reasons).toEqual(['target closed']);
  });
});
