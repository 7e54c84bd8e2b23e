/** Models in words (src/shared/format/model-text.ts) and the speed estimate (catalog.ts): what Settings and `lantern model` show. */
import { describe, expect, it } from 'vitest';
import { estimateText, secondsPerAnswer } from '../../src/main/models/catalog';
import { bytesText, downloadProgressText, fitText, timeLeftText } from '../../src/shared/format/model-text';

describe('model text', () => {
  it('says sizes as people read them', () => {
    expect([12, 64_000, 3_500_000, 350_000_000, 1_117_320_736, 16e9, 4e12].map(bytesText)).toEqual([
      '12 bytes',
      '64 kB',
      '3.5 MB',
      '350 MB',
      '1.1 GB',
      '16 GB',
      '4.0 TB',
    ]);
  });

  it('says the time left, and a download’s progress with its speed', () => {
    expect([0.4, 42, 250, 9000].map(timeLeftText)).toEqual([
      'under a second',
      'about 42 s',
      'about 4 min',
      'about 2.5 h',
    ]);
    expect(
      downloadProgressText({ receivedBytes: 1.2e9, totalBytes: 2.5e9, bytesPerSecond: 4.1e6, secondsLeft: 317 }),
    ).toBe('1.2 GB of 2.5 GB · 4.1 MB/s · about 5 min left');
    // Nothing arrived yet: no speed, no time; done: no time left.
    expect(
      downloadProgressText({ receivedBytes: 0, totalBytes: 2.5e9, bytesPerSecond: 0, secondsLeft: undefined }),
    ).toBe('0 bytes of 2.5 GB');
    expect(downloadProgressText({ receivedBytes: 2.5e9, totalBytes: 2.5e9, bytesPerSecond: 5e6, secondsLeft: 0 })).toBe(
      '2.5 GB of 2.5 GB · 5.0 MB/s',
    );
  });

  it('says the fit', () => {
    expect(fitText('fits')).toBe('Fits in the memory free now');
    expect(fitText('too-big')).toBe('Too big for this computer');
  });

  it('estimates a bigger model as slower, more cores as faster, and says it is an estimate', () => {
    const small = { sizeBytes: 1_117_320_736 };
    const large = { sizeBytes: 2_497_280_256 };
    expect(secondsPerAnswer(large, 2)).toBeGreaterThan(secondsPerAnswer(small, 2));
    expect(secondsPerAnswer(small, 8)).toBeLessThan(secondsPerAnswer(small, 2));
    expect(estimateText(small, 2)).toBe(
      "about 75 s per answer on this machine's CPU (2 cores; an estimate from the model's size, not measured)",
    );
    expect(estimateText(large, 8)).toBe(
      "about 50 s per answer on this machine's CPU (8 cores; an estimate from the model's size, not measured)",
    );
    expect(estimateText(large, 2)).toBe(
      "about 3 min per answer on this machine's CPU (2 cores; an estimate from the model's size, not measured)",
    );
  });
});
