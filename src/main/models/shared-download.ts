/**
 * One download of a model that several callers can wait on (a person's second click, the CLI and
 * the app at once). Each caller hears the progress from when it joins, with the latest progress
 * told at once, and each can leave on its own signal; the download itself stops only when the last
 * caller has left. A download every caller has left is never handed to a new one: it is still
 * settling its cancel, and the newcomer waits for that and starts afresh (ModelService).
 */
import { LanternError } from '../../shared/errors';
import type { DownloadProgress } from './download';

export interface JoinOptions {
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

export class SharedDownload {
  /** Settles with the download (never rejects, so waiting on it cannot go unhandled). */
  readonly settled: Promise<void>;
  private readonly controller = new AbortController();
  private readonly listeners = new Set<(progress: DownloadProgress) => void>();
  private callers = 0;
  private latest: DownloadProgress | undefined;
  private readonly result: Promise<string>;

  constructor(
    private readonly name: string,
    start: (options: { signal: AbortSignal; onProgress: (progress: DownloadProgress) => void }) => Promise<string>,
  ) {
    this.result = start({
      signal: this.controller.signal,
      onProgress: (progress) => {
        this.latest = progress;
        for (const listener of this.listeners) listener(progress);
      },
    });
    this.settled = this.result.then(
      () => undefined,
      () => undefined,
    );
  }

  /** True once every caller has left: the download is stopping. */
  get abandoned(): boolean {
    return this.controller.signal.aborted;
  }

  /** Waits for the download as one more caller; leaving on `signal` rejects this caller alone. */
  join({ signal, onProgress }: JoinOptions = {}): Promise<string> {
    if (signal?.aborted) return Promise.reject(this.cancelled());
    this.callers++;
    if (onProgress) {
      this.listeners.add(onProgress);
      if (this.latest) onProgress(this.latest);
    }
    return new Promise<string>((resolve, reject) => {
      const leave = (): void => {
        if (onProgress) this.listeners.delete(onProgress);
        this.callers--;
        // The last caller's cancel stops the download, and hears what it kept (download.ts).
        if (this.callers === 0) this.controller.abort();
        else reject(this.cancelled());
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.result
        .finally(() => {
          signal?.removeEventListener('abort', leave);
          if (onProgress) this.listeners.delete(onProgress);
        })
        .then(resolve, reject);
    });
  }

  private cancelled(): LanternError {
    return new LanternError('CANCELLED', `The download of ${this.name} was cancelled.`);
  }
}
