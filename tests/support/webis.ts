import { readFileSync } from 'node:fs';
import { sharedData } from './shared-data';

/** One webis page as index.json lists it. */
export interface WebisEntry {
  service: string;
  query: string;
  original_url: string;
  html: string;
}

export interface WebisExpectedResult {
  rank: number;
  url: string;
  title: string;
  snippet: string;
}

/** The recorded pages of one engine in ../shared/data/serp/webis, in index order. */
export function webisEntries(service: string): WebisEntry[] {
  const index = JSON.parse(readFileSync(sharedData('serp', 'webis', 'index.json'), 'utf8')) as WebisEntry[];
  return index.filter((entry) => entry.service === service);
}

export function webisHtml(entry: WebisEntry): string {
  return readFileSync(sharedData('serp', entry.html), 'utf8');
}

/** The results the data set's authors approved for a page (`*.expected.json`). */
export function webisExpected(entry: WebisEntry): WebisExpectedResult[] {
  const file = sharedData('serp', entry.html.replace(/\.html$/, '.expected.json'));
  return (JSON.parse(readFileSync(file, 'utf8')) as { results: WebisExpectedResult[] }).results;
}
