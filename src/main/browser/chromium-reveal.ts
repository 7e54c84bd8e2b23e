import type { BrowserContext, Page } from 'playwright-core';
import type { PageSnapshot } from './page-snapshot';
import type { RevealWindow } from './reveal-flow';

/** Linux needs an X or Wayland display for a visible window; macOS and Windows always have one. */
export function hasDisplay(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): boolean {
  if (platform !== 'linux') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** Reports any input from the person to the flow (throttled: one call per second at most). */
const ACTIVITY_SCRIPT = `(() => {
  let last = 0;
  const report = () => {
    const now = Date.now();
    if (now - last < 1000) return;
    last = now;
    if (typeof window.__lanternActivity === 'function') window.__lanternActivity();
  };
  for (const type of ['keydown', 'mousedown', 'mousemove', 'wheel', 'scroll', 'touchstart', 'input']) {
    window.addEventListener(type, report, { capture: true, passive: true });
  }
})();`;

/** A RevealWindow on a headed Chromium context: one visible tab showing the blocked page. */
export class ChromiumRevealWindow implements RevealWindow {
  private navigated: Array<() => void> = [];
  private activity: Array<() => void> = [];
  private closed: Array<() => void> = [];

  private constructor(
    private readonly context: BrowserContext,
    readonly page: Page,
    private readonly url: string,
  ) {}

  static async open(context: BrowserContext, url: string): Promise<ChromiumRevealWindow> {
    const page = context.pages()[0] ?? (await context.newPage());
    const window = new ChromiumRevealWindow(context, page, url);
    await context.exposeBinding('__lanternActivity', () => window.activity.forEach((listener) => listener()));
    await context.addInitScript(ACTIVITY_SCRIPT);
    page.on('load', () => window.navigated.forEach((listener) => listener()));
    page.on('close', () => window.closed.forEach((listener) => listener()));
    context.on('close', () => window.closed.forEach((listener) => listener()));
    return window;
  }

  async show(): Promise<void> {
    await this.page.goto(this.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await this.page.bringToFront();
  }

  async hide(): Promise<void> {
    // Closing the context flushes the cookies the person earned to the profile on disk.
    await this.context.close().catch(() => undefined);
  }

  async snapshot(): Promise<PageSnapshot> {
    return { finalUrl: this.page.url(), status: 0, html: await this.page.content(), title: await this.page.title() };
  }

  onNavigated(listener: () => void): void {
    this.navigated.push(listener);
  }

  onActivity(listener: () => void): void {
    this.activity.push(listener);
  }

  onClosed(listener: () => void): void {
    this.closed.push(listener);
  }
}
