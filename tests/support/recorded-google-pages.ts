import { readdirSync } from 'node:fs';
import { sharedData } from './shared-data';

/**
 * Every recorded Google page in ../shared/data/serp, as paths relative to serp/: the desktop,
 * no-JavaScript, saved (gzipped) and block pages under google/, the archived ones under
 * webis/google/, and the plain HTTP answer under recorded-2021/.
 */
export function recordedGooglePages(): string[] {
  const pages = readdirSync(sharedData('serp', 'google'), { recursive: true, encoding: 'utf8' }).map(
    (path) => `google/${path}`,
  );
  pages.push(...readdirSync(sharedData('serp', 'webis', 'google')).map((name) => `webis/google/${name}`));
  pages.push(
    ...readdirSync(sharedData('serp', 'recorded-2021'))
      .filter((name) => name.startsWith('google-'))
      .map((name) => `recorded-2021/${name}`),
  );
  return pages.filter((path) => /\.html(\.gz)?$/.test(path)).sort();
}
