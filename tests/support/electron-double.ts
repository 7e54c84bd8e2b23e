/**
 * Test doubles for the few electron objects the shell's modules take as parameters: windows,
 * their webContents, sessions, and webContents.debugger. The debugger double records every CDP
 * call and, when given a real Chromium tab, forwards calls and events to it, so the Electron
 * loader's PageDriver runs against a real page under plain Node.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Browser, BrowserContext, CDPSession } from 'playwright-core';

export interface RecordedCall {
  method: string;
  params: unknown;
}

/** webContents.debugger: `attach`, `sendCommand` and the 'message' event, recorded. */
export class DebuggerDouble extends EventEmitter {
  readonly calls: RecordedCall[] = [];
  attached = false;
  private detached = false;

  constructor(private readonly target: Promise<CDPSession> | undefined) {
    super();
    void target?.then((session) => {
      // Every event the tab's session receives is delivered as Electron delivers it: one
      // 'message' event with the method and its params.
      const emitter = session as unknown as EventEmitter;
      const emit = emitter.emit.bind(emitter);
      emitter.emit = (name: string | symbol, ...args: unknown[]) => {
        if (typeof name === 'string' && name.includes('.') && !this.detached) this.emit('message', {}, name, args[0], undefined);
        return emit(name, ...args);
      };
    });
  }

  attach(): void {
    if (this.attached) throw new Error('Debugger is already attached to the target');
    this.attached = true;
  }

  isAttached(): boolean {
    return this.attached;
  }

  async sendCommand(method: string, params: object = {}): Promise<unknown> {
    if (!this.attached) throw new Error('No target available');
    this.calls.push({ method, params });
    if (!this.target) return {};
    const session = await this.target;
    return (session as unknown as { send(method: string, params: object): Promise<unknown> }).send(method, params);
  }

  /** Like Electron's debugger once the page is gone: commands fail. */
  detach(): void {
    this.detached = true;
    this.attached = false;
  }
}

export class WebContentsDouble extends EventEmitter {
  readonly id: number;
  audioMuted = false;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  url = '';
  destroyed = false;
  static nextId = 1;

  readonly debugger: DebuggerDouble;

  constructor(debuggerDouble: DebuggerDouble) {
    super();
    this.debugger = debuggerDouble;
    this.id = WebContentsDouble.nextId++;
  }

  setAudioMuted(muted: boolean): void {
    this.audioMuted = muted;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  getURL(): string {
    return this.url;
  }
  async loadURL(url: string): Promise<void> {
    this.url = url;
  }
  webRtcPolicy = 'default';
  isDestroyed(): boolean {
    return this.destroyed;
  }
  setWebRTCIPHandlingPolicy(policy: string): void {
    this.webRtcPolicy = policy;
  }
  send(): void {}
}

type WindowOptions = Record<string, unknown> & { webPreferences?: Record<string, unknown>; show?: boolean };

export class BrowserWindowDouble extends EventEmitter {
  readonly webContents: WebContentsDouble;
  visible = false;
  destroyed = false;
  title = '';

  constructor(
    readonly options: WindowOptions,
    readonly tab: Promise<CDPSession> | undefined,
  ) {
    super();
    this.webContents = new WebContentsDouble(new DebuggerDouble(tab));
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.webContents.debugger.detach();
    void this.tab?.then((session) => session.detach()).catch(() => undefined);
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
  async loadURL(url: string): Promise<void> {
    await this.webContents.loadURL(url);
  }
}

export interface BrowserWindowDoubleClass {
  new (options: WindowOptions): BrowserWindowDouble;
  /** Every window made, in order. */
  readonly created: BrowserWindowDouble[];
}

/** A BrowserWindow class whose instances remember their options; tabs come from `tabs` when given. */
export function browserWindowDouble(tabs?: () => Promise<CDPSession>): BrowserWindowDoubleClass {
  const created: BrowserWindowDouble[] = [];
  // A constructor that returns its object: `new BrowserWindow(options)` as the shell writes it.
  const BrowserWindow = function (options: WindowOptions) {
    const window = new BrowserWindowDouble(options, tabs?.());
    created.push(window);
    return window;
  } as unknown as BrowserWindowDoubleClass;
  return Object.assign(BrowserWindow, { created });
}

/** A session that records the handlers the shell installs. */
export class SessionDouble extends EventEmitter {
  permissionRequestHandler: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
  permissionCheckHandler: ((...args: unknown[]) => boolean) | undefined;
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) lantern/0.1.0 Chrome/144.0.7559.96 Electron/40.10.2 Safari/537.36';

  setPermissionRequestHandler(handler: SessionDouble['permissionRequestHandler']): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: SessionDouble['permissionCheckHandler']): void {
    this.permissionCheckHandler = handler;
  }
  proxy: { proxyRules?: string; proxyBypassRules?: string } | undefined;
  storageCleared = 0;
  async setProxy(config: { proxyRules?: string; proxyBypassRules?: string }): Promise<void> {
    this.proxy = config;
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
}

/** `session.fromPartition` that hands out one SessionDouble per partition name. */
export function sessionModuleDouble(): { fromPartition(partition: string): SessionDouble; partitions: Map<string, SessionDouble> } {
  const partitions = new Map<string, SessionDouble>();
  return {
    partitions,
    fromPartition(partition) {
      const existing = partitions.get(partition);
      if (existing) return existing;
      const created = new SessionDouble();
      partitions.set(partition, created);
      return created;
    },
  };
}

/** Fresh tabs of a real Chromium, each with its own CDP session, for DebuggerDouble to forward to. */
export function realTabs(browser: Browser): () => Promise<CDPSession> {
  let shared: Promise<BrowserContext> | undefined;
  return async () => {
    const context = await (shared ??= browser.newContext());
    const page = await context.newPage();
    return context.newCDPSession(page);
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
    if (!this.isEncryptionAvailable()) throw new Error('Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key(), iv);
    const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from(this.prefix()), iv, cipher.getAuthTag(), body]);
  }

  decryptString(encrypted: Buffer): string {
    const failed = (): Error => new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
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
