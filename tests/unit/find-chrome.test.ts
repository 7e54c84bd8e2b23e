import { describe, expect, it } from 'vitest';
import { LanternError } from '../../src/shared/errors';
import { findChrome } from '../../src/main/browser/find-chrome';

describe('findChrome', () => {
  it('prefers LANTERN_CHROME when it exists', () => {
    expect(findChrome({ LANTERN_CHROME: '/opt/chrome' }, 'linux', (p) => p === '/opt/chrome')).toBe('/opt/chrome');
  });

  it('fails with BROWSER_NOT_FOUND naming a LANTERN_CHROME that does not exist', () => {
    expect(() => findChrome({ LANTERN_CHROME: '/nope' }, 'linux', () => false)).toThrow(
      /LANTERN_CHROME points to \/nope/,
    );
  });

  it('finds the usual install places per OS', () => {
    expect(findChrome({}, 'linux', (p) => p === '/usr/bin/google-chrome')).toBe('/usr/bin/google-chrome');
    expect(findChrome({}, 'darwin', (p) => p.includes('Chromium.app'))).toBe(
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
    );
    const windows = findChrome({ PROGRAMFILES: 'C:\\Program Files' }, 'win32', (p) => p.endsWith('chrome.exe'));
    expect(windows).toBe('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
  });

  it.each([
    ['linux', /apt-get install chromium/],
    ['darwin', /brew install --cask google-chrome/],
    ['win32', /winget install Google.Chrome/],
  ] as const)('tells how to install a browser on %s', (platform, hint) => {
    try {
      findChrome({}, platform, () => false);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LanternError);
      expect((error as LanternError).code).toBe('BROWSER_NOT_FOUND');
      expect((error as LanternError).message).toMatch(hint);
    }
  });
});
