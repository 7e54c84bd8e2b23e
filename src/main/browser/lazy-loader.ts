import type { PageSnapshot } from '../search/engine';
import type { LoadOptions, PageLoader } from './page-loader';
import { LanternError } from '../../shared/errors';
import type { RevealOptions } from './reveal-flow';

/**
 * Creates the real loader on first use, so that work which never loads a page (invalid input,
 * a cache hit) never looks for or starts a browser.
 */
export class LazyPageLoader implements PageLoader {
  private loader: PageLoader | undefined;

  constructor(private readonly create: () => PageLoader) {}

  load(url: string, options: LoadOptions): Promise<PageSnapshot> {
    this.loader ??= this.create();
    return this.loader.load(url, options);
  }

  reveal(url: string, options: RevealOptions): Promise<PageSnapshot> {
    this.loader ??= this.create();
    if (!this.loader.reveal) throw new LanternError('CAPTCHA_REQUIRED', 'This browser cannot show a window to solve the check.');
    return this.loader.reveal(url, options);
  }

  async close(): Promise<void> {
    await this.loader?.close();
  }
}
