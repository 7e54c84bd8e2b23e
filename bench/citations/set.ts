/**
 * The citation-check dev set (issue 34): cited sentences written over recorded pages of
 * ../shared/data, each a faithful paraphrase, a close rewording or a fault (a changed value, a
 * negation, a flipped comparison, an invented claim, a citation to the wrong page), with the
 * page's own sentence(s) it was written from (`evidence`, a short span for a reviewer). The set is
 * every *.json file of set/ (one array of items each). Items are split into a tune and a check
 * half by a hash of their id, so that a rule tuned on one half is measured on the other.
 *
 * Pages are read the way the answer pipeline reads them: the stored bytes gunzipped, decoded as
 * a text/html response without a charset parameter (`decodeBody`), extracted (`extractHtml`) and
 * cut to the pipeline's 100,000 characters (`textWindow`).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { decodeBody } from '../../src/main/fetch/charset.js';
import { extractHtml } from '../../src/main/extract';
import { textWindow } from '../../src/main/fetch/budget.js';
import { sharedData } from '../../tests/support/shared-data.js';

export const KINDS = [
  'paraphrase',
  'rewording',
  'wrong-number',
  'wrong-date',
  'wrong-name',
  'wrong-unit',
  'negation',
  'comparative-flipped',
  'wrong-source',
  'unsupported-claim',
] as const;
export type Kind = (typeof KINDS)[number];
/** Kinds whose sentence the cited page supports; every other kind is a fault the check must catch. */
export const SUPPORTED_KINDS: readonly Kind[] = ['paraphrase', 'rewording'];

export interface CitationItem {
  id: string;
  /** The cited page, relative to ../shared/data (for wrong-source: the wrong page). */
  page: string;
  /** For wrong-source: the page that does hold the fact. */
  truePage?: string;
  lang: string;
  pageType: string;
  kind: Kind;
  /** The sentence as a model would write it, without its citation marker. */
  sentence: string;
  expected: 'supported' | 'unsupported';
  /** The page's own sentence(s) the item is written from (on truePage for wrong-source). */
  evidence: string;
}

export const SET_DIR = join(dirname(fileURLToPath(import.meta.url)), 'set');

export function loadCitationSet(dir = SET_DIR): CitationItem[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as CitationItem[]);
}

export type Half = 'tune' | 'check';

/** The item's half: the first byte of sha1(id), even → tune, odd → check. */
export function halfOf(id: string): Half {
  const first = createHash('sha1').update(id).digest()[0] ?? 0;
  return first % 2 === 0 ? 'tune' : 'check';
}

/** Whitespace collapsed, soft hyphens dropped: how an evidence span is looked for in a page's text. */
export function normalizeText(text: string): string {
  return text
    .replace(/\u00ad/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

let urls: Map<string, string> | undefined;

/** The page's original URL, from its data set's own index (the extractor reads it). */
export function pageUrl(page: string): string {
  if (!urls) {
    urls = new Map();
    const aeb = JSON.parse(
      readFileSync(sharedData('extraction/article-extraction-benchmark/ground-truth.json'), 'utf8'),
    ) as Record<string, { url?: string }>;
    for (const [id, entry] of Object.entries(aeb))
      if (entry.url) urls.set(`extraction/article-extraction-benchmark/html/${id}.html.gz`, entry.url);
    const traf = JSON.parse(
      readFileSync(sharedData('extraction/trafilatura-eval-dev/evaldata.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    for (const [url, entry] of Object.entries(traf))
      urls.set(`extraction/trafilatura-eval-dev/html/${entry.file}.gz`, url);
  }
  const known = urls.get(page);
  if (known) return known;
  const wcxb = /^extraction\/wcxb-dev\/html\/(\d+)\.html\.gz$/.exec(page);
  if (wcxb) {
    const truth = JSON.parse(readFileSync(sharedData(`extraction/wcxb-dev/ground-truth/${wcxb[1]}.json`), 'utf8')) as {
      url?: string;
    };
    if (truth.url) return truth.url;
  }
  return 'https://example.com/';
}

export interface ReadPage {
  url: string;
  title: string;
  /** The Markdown the answer pipeline cuts into passages (first 100,000 characters). */
  markdown: string;
  /** The extracted plain text, where evidence spans are looked for. */
  text: string;
}

const pages = new Map<string, ReadPage>();

export function readPage(page: string): ReadPage {
  let read = pages.get(page);
  if (!read) {
    const url = pageUrl(page);
    const bytes = gunzipSync(readFileSync(sharedData(page)));
    const doc = extractHtml(decodeBody(bytes, undefined, 'html').text, url);
    read = { url, title: doc.title, markdown: textWindow(doc.markdown, 0, 100_000).text, text: doc.text };
    pages.set(page, read);
  }
  return read;
}
