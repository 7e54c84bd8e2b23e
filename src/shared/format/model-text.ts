/**
 * Models in words, for the settings' model picker and `lantern model …` alike: sizes, a
 * download's progress (bytes, speed, time left), a model's fit for this machine.
 */
import type { ModelFit } from '../models-contract';

/** 1.1 TB, 16 GB, 1.1 GB, 350 MB, 64 kB, 12 bytes. */
export function bytesText(bytes: number): string {
  if (bytes >= 1e12) return `${(bytes / 1e12).toFixed(1)} TB`;
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(bytes >= 1e10 ? 0 : 1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(bytes >= 1e8 ? 0 : 1)} MB`;
  if (bytes >= 1e3) return `${Math.round(bytes / 1e3)} kB`;
  return `${bytes} bytes`;
}

/** "about 4 min", "about 20 s", "under a second". */
export function timeLeftText(seconds: number): string {
  if (seconds < 1) return 'under a second';
  if (seconds < 90) return `about ${Math.round(seconds)} s`;
  if (seconds < 5400) return `about ${Math.round(seconds / 60)} min`;
  return `about ${(seconds / 3600).toFixed(1)} h`;
}

/** "1.2 GB of 2.5 GB · 4.1 MB/s · about 5 min left". */
export function downloadProgressText(progress: {
  receivedBytes: number;
  totalBytes: number;
  bytesPerSecond: number;
  secondsLeft?: number | undefined;
}): string {
  const parts = [`${bytesText(progress.receivedBytes)} of ${bytesText(progress.totalBytes)}`];
  if (progress.bytesPerSecond > 0) parts.push(`${bytesText(progress.bytesPerSecond)}/s`);
  if (progress.secondsLeft !== undefined && progress.receivedBytes < progress.totalBytes)
    parts.push(`${timeLeftText(progress.secondsLeft)} left`);
  return parts.join(' · ');
}

/** What the fit means for the person. */
export function fitText(fit: ModelFit): string {
  switch (fit) {
    case 'fits':
      return 'Fits in the memory free now';
    case 'tight':
      return 'Tight: close other programs first';
    case 'too-big':
      return 'Too big for this computer';
  }
}
