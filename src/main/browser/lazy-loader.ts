import type { PageSnapshot } from './page-snapshot';
import type { LoadOptions, PageLoader } from './page-loader';
import { LanternError } from '../../shared/errors';
import type { RevealOptions } from './reveal-flow';

/**
 * Creates the real loader on first use, so that work which never loads a page (invalid input,
 * a cache hit, the history command) never looks for a browser nor loads the code that drives it.
 */
export class LazyPageLoader implements PageLoader {
  private loader: Promise<PageLoader> | undefined;

  constructor(private readonly create: () => Promise<PageLoader>) {}

  async load(url: string, options: LoadOptions): Promise<PageSnapshot> {
    // The page budget covers loading the browser code too: the caller's limit is wall time.
    const deadline = options.deadline ?? Date.now() + options.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new LanternError('TIMEOUT', `Starting the browser took longer than the ${options.timeoutMs} ms limit. Try again, or raise the timeout.`, {
              details: { timeoutMs: options.timeoutMs, stage: 'launching the browser' },
            }),
          ),
        Math.max(0, deadline - Date.now()),
      );
    });
    let loader: PageLoader;
    try {
      loader = await Promise.race([this.real(), outOfTime]);
    } finally {
      clearTimeout(timer);
    }
    return loader.load(url, { ...options, deadline });
  }

  async reveal(url: string, options: RevealOptions): Promise<PageSnapshot> {
    const loader = await this.real();
    if (!loader.reveal) throw new LanternError('CAPTCHA_REQUIRED', 'This browser cannot show a window to solve the check.');
    return loader.reveal(url, options);
  }

  async resetSession(): Promise<void> {
    const loader = await this.loader?.catch(() => undefined);
    await loader?.resetSession?.();
  }

  /** Whether a browser was asked for yet (health reports; no browser is started to find out). */
  get started(): boolean {
    return this.loader !== undefined;
  }

  async close(): Promise<void> {
    const loader = await this.loader?.catch(() => undefined);
    await loader?.close();
  }

  private real(): Promise<PageLoader> {
    // A failed creation (no browser found) is not cached: the next call looks again.
    this.loader ??= this.create().catch((error: unknown) => {
      this.loader = undefined;
      throw error;
    });
    return this.loader;
  }
}
