/**
 * What each pruning step of the extractor removed from one page, for whoever tunes a step:
 *
 *   npx tsx scripts/explain-extract.ts page.html[.gz] [url]
 *
 * Prints one line a step that ran (its name and the characters of text it removed, spaces not
 * counted; a step runs once per part, so it may appear more than once), then the extracted
 * text's length. The steps are PART_STEPS and ALL_PARTS_STEPS in src/main/extract/index.ts.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { extractHtml } from '../src/main/extract';

const [file, url = 'https://example.com/'] = process.argv.slice(2);
if (file === undefined) {
  process.stderr.write('usage: npx tsx scripts/explain-extract.ts page.html [url]\n');
  process.exit(2);
}
const bytes = readFileSync(file);
const html = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
const document = extractHtml(html, url, {
  explain: ({ step, removedChars }) => process.stdout.write(`${step.padEnd(18)} ${removedChars} chars removed\n`),
});
process.stdout.write(`kept: ${document.text.replace(/\s+/g, '').length} chars of text, "${document.title}"\n`);
