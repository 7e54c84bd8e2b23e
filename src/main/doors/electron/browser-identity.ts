/**
 * The identity the hidden search window shows: the bundled Chromium as plain Chrome of the same
 * version. Electron's user agent names the app and "Electron/x" (a browser no person uses, so a
 * bot signal), and its client hints must agree with whatever user agent is sent.
 */
export interface BrowserIdentity {
  userAgent: string;
  /** CDP Emulation.UserAgentMetadata: what Sec-CH-UA* headers and navigator.userAgentData say. */
  userAgentMetadata: {
    brands: Array<{ brand: string; version: string }>;
    fullVersionList: Array<{ brand: string; version: string }>;
    platform: string;
    platformVersion: string;
    architecture: string;
    model: string;
    mobile: boolean;
  };
}

const PLATFORMS: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' };

/**
 * `electronUserAgent` without the app and Electron tokens, its Chrome version reduced to
 * "<major>.0.0.0" as Chrome itself sends it, and client hints of the same version.
 */
export function chromeIdentity(
  electronUserAgent: string,
  chromeVersion: string,
  platform: NodeJS.Platform,
  arch: string,
): BrowserIdentity {
  const major = chromeVersion.split('.')[0] ?? chromeVersion;
  const userAgent = electronUserAgent
    .split(' ')
    // Electron adds "Electron/x" and "<app name>/<version>" (e.g. "lantern/0.1.0", "Lantern/0.1.0").
    .filter((token) => !/^Electron\//i.test(token) && !/^lantern\//i.test(token))
    .map((token) => (token.startsWith('Chrome/') ? `Chrome/${major}.0.0.0` : token))
    .join(' ');
  // The GREASE brand Chrome sends alongside its own (its exact text varies by version; any one is valid).
  const brands = [
    { brand: 'Chromium', version: major },
    { brand: 'Google Chrome', version: major },
    { brand: 'Not_A Brand', version: '24' },
  ];
  return {
    userAgent,
    userAgentMetadata: {
      brands,
      fullVersionList: brands.map(({ brand, version }) => ({
        brand,
        version: version === major ? chromeVersion : `${version}.0.0.0`,
      })),
      platform: PLATFORMS[platform] ?? 'Linux',
      platformVersion: '',
      architecture: arch === 'arm64' ? 'arm' : 'x86',
      model: '',
      mobile: false,
    },
  };
}
