import type { PageSnapshot } from './page-snapshot';
import type { LoadOptions, PageLoader } from './page-loader';
import { LanternError } from '../../shared/errors';
import { LoadBudget } from './load-budget';
import type { RevealOptions } from './reveal-flow';

/**
 * Creates the real loader on first use, so that work which never loads a page (invalid input,
 * a cache hit, the history command) never looks for a browser nor loads the code that drives it.
 */
export class LazyPageLoader implements PageLoader {
  private loader: Promise<PageLoader> | undefined;
  private ready: PageLoader | undefined;

  constructor(private readonly create: () => Promise<PageLoader>) {}

  async load(url: string, options: LoadOptions): Promise<PageSnapshot> {
    // Loading the browser code is part of starting the browser: under the launch's limit, and
    // the page's budget starts once the loader is there (the real loader's launch follows).
    const budget = new LoadBudget(url, options.timeoutMs, options);
    const cold = this.ready === undefined;
    const loader = cold ? await budget.launch(this.real(), true) : (this.ready as PageLoader);
    return loader.load(url, {
      ...options,
      deadline: budget.deadline,
      ...(budget.launchDeadline === undefined ? {} : { launchDeadline: budget.launchDeadline }),
    });
  }

  async reveal(url: string, options: RevealOptions): Promise<PageSnapshot> {
    const loader = await this.real();
    if (!loader.reveal)
      throw new LanternError('CAPTCHA_REQUIRED', 'This browser cannot show a window to solve the check.');
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
    this.loader ??= this.create().then(
      (loader) => (this.ready = loader),
      (error: unknown) => {
        this.loader = undefined;
        throw error;
      },
    );
    return this.loader;
  }
}
