import { describe, expect, it } from 'vitest';
import { resolveDataDir } from '../../src/main/app/paths';
import { engineOriginsFromEnv } from '../../src/main/search/engine-origins';
import { sourceOf } from '../../src/main/search/source';

describe('resolveDataDir', () => {
  it('uses LANTERN_DATA_DIR when set', () => {
    expect(resolveDataDir({ LANTERN_DATA_DIR: '/data/l' }, 'linux', '/home/a')).toBe('/data/l');
  });
  it('uses the same folder as Electron userData for an app named Lantern', () => {
    expect(resolveDataDir({}, 'linux', '/home/a')).toBe('/home/a/.config/Lantern');
    expect(resolveDataDir({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/a')).toBe('/x/Lantern');
    expect(resolveDataDir({}, 'darwin', '/Users/a')).toBe('/Users/a/Library/Application Support/Lantern');
    expect(resolveDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32', 'C:\\Users\\a')).toMatch(
      /Roaming.Lantern$/,
    );
  });
});

describe('engineOriginsFromEnv', () => {
  it('reads LANTERN_ENGINE_URL_<ENGINE> as an origin', () => {
    expect(engineOriginsFromEnv({ LANTERN_ENGINE_URL_GOOGLE: 'http://127.0.0.1:8123/ignored/path' })).toEqual({
      google: 'http://127.0.0.1:8123',
    });
  });
  it('refuses values that are not http(s) URLs', () => {
    expect(() => engineOriginsFromEnv({ LANTERN_ENGINE_URL_GOOGLE: 'not a url' })).toThrow(/not a URL/);
    expect(() => engineOriginsFromEnv({ LANTERN_ENGINE_URL_GOOGLE: 'file:///etc/passwd' })).toThrow(/http\(s\)/);
  });
});

describe('sourceOf', () => {
  it('gives the registrable domain, public-suffix aware', () => {
    expect(sourceOf('https://news.bbc.co.uk/sport')).toBe('bbc.co.uk');
    expect(sourceOf('https://www.example.com/a')).toBe('example.com');
    expect(sourceOf('https://user.github.io/x')).toBe('user.github.io');
    expect(sourceOf('http://127.0.0.1:8080/')).toBe('127.0.0.1');
  });
});
