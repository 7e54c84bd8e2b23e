/**
 * False alarms of "Where the sources disagree" (src/main/deep-research/disagreements.ts): pages that
 * are about different things should not disagree. The human-extracted text of unrelated pages —
 * articles of article-extraction-benchmark, and WCXB dev pages of every type (products, listings,
 * documentation…), their Markdown — is cut into groups of 20 (a deep run's default page budget)
 * and each group is searched for disagreements; every one found is printed for reading, and the
 * time of the slowest group is given.
 *
 *   npx tsx bench/research/disagreement-noise.ts [--limit N]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findDisagreements, type SourceText } from '../../src/main/deep-research/disagreements.js';
import { SHARED_DATA } from '../../tests/support/shared-data.js';

const GROUP = 20;
const limitAt = process.argv.indexOf('--limit');
const limit = limitAt > 0 ? Number(process.argv[limitAt + 1]) : Infinity;

function articles(): string[] {
  const file = join(SHARED_DATA, 'extraction/article-extraction-benchmark/ground-truth.json');
  const truth = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { articleBody: string }>;
  return Object.values(truth).map((page) => page.articleBody);
}

function wcxb(): string[] {
  const folder = join(SHARED_DATA, 'extraction/wcxb-dev/ground-truth');
  return readdirSync(folder)
    .sort()
    .map(
      (name) =>
        JSON.parse(readFileSync(join(folder, name), 'utf8')) as {
          ground_truth: { main_content_markdown?: string | null; main_content?: string | null };
        },
    )
    .map((page) => page.ground_truth.main_content_markdown || page.ground_truth.main_content || '');
}

for (const [name, texts] of [
  ['article-extraction-benchmark', articles()],
  ['wcxb-dev', wcxb()],
] as const) {
  let groups = 0;
  let found = 0;
  let slowest = 0;
  for (let start = 0; start + GROUP <= texts.length && groups < limit; start += GROUP) {
    const sources: SourceText[] = texts
      .slice(start, start + GROUP)
      .map((text, i) => ({ n: i + 1, title: `page ${start + i}`, text }));
    const began = performance.now();
    const disagreements = findDisagreements('What do these pages say?', [], sources);
    slowest = Math.max(slowest, performance.now() - began);
    groups++;
    found += disagreements.length;
    for (const d of disagreements) {
      console.log(`  ${name} pages ${start}–${start + GROUP - 1}: ${d.topic}`);
      for (const c of d.claims) console.log(`    [${start + c.n - 1}] ${c.value}: ${c.quote}`);
    }
  }
  console.log(
    `${name}: ${groups} groups of ${GROUP} unrelated pages, ${found} disagreements found, slowest group ${slowest.toFixed(0)} ms`,
  );
}
