/**
 * Loading the three extraction data sets from their folders, detecting which is which by layout:
 * article-extraction-benchmark has `ground-truth.json` + `html/<id>.html.gz`; WCXB has
 * `ground-truth/<id>.json` + `html/<id>.html.gz`; trafilatura's evaluation set has
 * `evaldata.json` + `html/<file>.gz` (raw bytes in the charset the site served).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeBody } from '../../src/main/fetch/charset.js';

export type DatasetFormat = 'aeb' | 'wcxb' | 'trafilatura';

export interface AebPage {
  id: string;
  url: string;
  truth: string;
  htmlPath: string;
}

export interface WcxbPage {
  id: string;
  url: string;
  pageType: string;
  truth: string;
  with: string[];
  without: string[];
  htmlPath: string;
}

/** A page of trafilatura's evaluation set: segments a correct extraction holds, and must not. */
export interface TrafilaturaPage {
  id: string;
  url: string;
  with: string[];
  without: string[];
  htmlPath: string;
}

export type Dataset =
  | { format: 'aeb'; name: string; folder: string; pages: AebPage[] }
  | { format: 'wcxb'; name: string; folder: string; pages: WcxbPage[]; skipped: string[] }
  | { format: 'trafilatura'; name: string; folder: string; pages: TrafilaturaPage[] };

export function detectFormat(folder: string): DatasetFormat {
  if (existsSync(join(folder, 'ground-truth.json')) && existsSync(join(folder, 'html'))) return 'aeb';
  const gt = join(folder, 'ground-truth');
  if (existsSync(gt) && statSync(gt).isDirectory() && existsSync(join(folder, 'html'))) return 'wcxb';
  if (existsSync(join(folder, 'evaldata.json')) && existsSync(join(folder, 'html'))) return 'trafilatura';
  throw new Error(
    `Unknown extraction data set layout in ${folder}: expected ground-truth.json + html/ (article-extraction-benchmark), ground-truth/ + html/ (WCXB) or evaldata.json + html/ (trafilatura).`,
  );
}

export function loadDataset(folder: string, limit?: number, half?: WcxbHalf): Dataset {
  const format = detectFormat(folder);
  const name = basename(folder);
  if (format === 'aeb') {
    const truth = JSON.parse(readFileSync(join(folder, 'ground-truth.json'), 'utf8')) as Record<
      string,
      { articleBody?: string; url?: string }
    >;
    const pages = Object.keys(truth)
      .sort()
      .slice(0, limit)
      .map((id) => ({
        id,
        url: truth[id]?.url ?? 'https://example.com/',
        truth: truth[id]?.articleBody ?? '',
        htmlPath: join(folder, 'html', `${id}.html.gz`),
      }));
    return { format, name, folder, pages };
  }
  if (format === 'trafilatura') return loadTrafilaturaSet(folder, name, limit);
  const files = readdirSync(join(folder, 'ground-truth'))
    .filter((f) => f.endsWith('.json'))
    .sort();
  const pages: WcxbPage[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    if (limit !== undefined && pages.length >= limit) break;
    const id = file.replace(/\.json$/, '');
    if (half !== undefined && wcxbHalf(id) !== half) continue;
    const data = JSON.parse(readFileSync(join(folder, 'ground-truth', file), 'utf8')) as {
      url?: string;
      _internal?: { page_type?: { primary?: string } };
      ground_truth?: { main_content?: string; with?: string[]; without?: string[] };
    };
    const truth = data.ground_truth?.main_content;
    // A few files carry no main_content at all: no reference, nothing to score.
    if (typeof truth !== 'string') {
      skipped.push(id);
      continue;
    }
    pages.push({
      id,
      url: data.url ?? 'https://example.com/',
      pageType: data._internal?.page_type?.primary ?? 'unknown',
      truth,
      with: data.ground_truth?.with ?? [],
      without: data.ground_truth?.without ?? [],
      htmlPath: join(folder, 'html', `${id}.html.gz`),
    });
  }
  return { format, name, folder, pages, skipped };
}

function loadTrafilaturaSet(folder: string, name: string, limit?: number): Dataset {
  const data = JSON.parse(readFileSync(join(folder, 'evaldata.json'), 'utf8')) as Record<
    string,
    { file: string; with?: string[]; without?: string[] }
  >;
  const pages = Object.keys(data)
    .sort()
    .slice(0, limit)
    .map((url) => {
      const entry = data[url] as { file: string; with?: string[]; without?: string[] };
      return {
        id: entry.file,
        url,
        with: entry.with ?? [],
        without: entry.without ?? [],
        htmlPath: join(folder, 'html', `${entry.file}.gz`),
      };
    });
  return { format: 'trafilatura', name, folder, pages };
}

export type WcxbHalf = 'a' | 'b';

/**
 * The half of WCXB dev a page belongs to: FNV-1a (32 bit) of its id ("0341"), even → a, odd → b.
 * Rules are tuned on half a and kept only if half b does not fall, so that a gain is not a fit
 * to the pages it was tuned on.
 */
export function wcxbHalf(id: string): WcxbHalf {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 2 === 0 ? 'a' : 'b';
}

export function readHtml(path: string): string {
  return gunzipSync(readFileSync(path)).toString('utf8');
}

/** A page stored as the bytes the site served: decoded as a browser would (BOM, <meta>, UTF-8 or windows-1252). */
export function readServedHtml(path: string): string {
  return decodeBody(gunzipSync(readFileSync(path)), undefined, 'html').text;
}
