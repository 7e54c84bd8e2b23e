import type { BrowserWindow } from 'electron';
import type { RevealWindow } from '../../browser/reveal-flow';
import type { PageSnapshot } from '../../browser/page-snapshot';

/**
 * The hidden search window, shown to the person while a CAPTCHA or consent wall waits for them:
 * same window, same session, same page. Closing it cancels and hides it instead of destroying it.
 * Every listener it adds is removed when the flow hides it, so flows do not pile up handlers.
 */
export class ElectronRevealWindow implements RevealWindow {
  private readonly cleanups: Array<() => void> = [];

  constructor(
    private readonly window: BrowserWindow,
    /** The page as it is now, read by the search window's PageDriver. */
    readonly snapshot: () => Promise<PageSnapshot>,
  ) {}

  async show(): Promise<void> {
    this.window.setTitle('Lantern — verify to continue searching');
    this.window.show();
    this.window.focus();
  }

  async hide(): Promise<void> {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    if (!this.window.isDestroyed()) this.window.hide();
  }

  onNavigated(listener: () => void): void {
    const contents = this.window.webContents;
    contents.on('did-finish-load', listener);
    this.cleanups.push(() => contents.off('did-finish-load', listener));
  }

  onActivity(listener: () => void): void {
    // Every key press and mouse event the person makes in the window.
    const contents = this.window.webContents;
    contents.on('before-input-event', listener);
    this.cleanups.push(() => contents.off('before-input-event', listener));
  }

  onClosed(listener: () => void): void {
    const onClose = (event: Electron.Event): void => {
      // The search session lives on in this window: hide it, and tell the flow the person gave up.
      event.preventDefault();
      this.window.hide();
      listener();
    };
    this.window.on('close', onClose);
    this.cleanups.push(() => this.window.off('close', onClose));
  }
}
