/**
 * The deep-research gatherer's off-topic check (src/main/deep-research/on-topic.ts) against pages
 * whose topic is known, per half of each set (halfOf: the check half is never read while tuning):
 * - kept: each open question's own pages (bench/open/set) and each factoid question's gold page
 *   (bench/answer/qa), which speak to their question by construction;
 * - dropped: the pages of other open questions, as bench:open serves them for distractors (a
 *   seeded draw of 5 per question), which are about something else.
 * A factoid question's distractors are left out: many are on its topic on purpose.
 *
 *   npx tsx bench/open/on-topic.ts                 the tuning half
 *   npx tsx bench/open/on-topic.ts --with-check    both halves (once a rule is settled)
 */
import { speaksTo } from '../../src/main/deep-research/on-topic';
import { shuffled } from '../answer/metrics';
import { loadQaSet, pageMarkdown, readPageBytes } from '../answer/qa-set';
import { halfOf, loadOpenSet, type Half } from './open-set';

const SEED = 'lantern-open-1';
const DISTRACTORS = 5;

const markdownCache = new Map<string, string>();
const page = (file: string): { title: string; markdown: string } => {
  let markdown = markdownCache.get(file);
  if (markdown === undefined) {
    markdown = pageMarkdown(readPageBytes(file), 'http://127.0.0.1/');
    markdownCache.set(file, markdown);
  }
  return { title: '', markdown };
};

type Tally = Record<Half, { kept: number; of: number }>;
const tally = (): Tally => ({ tune: { kept: 0, of: 0 }, check: { kept: 0, of: 0 } });
const own = tally();
const gold = tally();
const others = tally();

const open = loadOpenSet();
for (const item of open) {
  const half = halfOf(item.id);
  for (const file of item.pages) {
    own[half].of++;
    if (speaksTo(page(file), [item.question])) own[half].kept++;
  }
  const foreign = open.filter((other) => other.id !== item.id).flatMap((other) => other.pages);
  for (const file of shuffled(foreign, `${SEED}:${item.id}`).slice(0, DISTRACTORS)) {
    others[half].of++;
    if (speaksTo(page(file), [item.question])) others[half].kept++;
  }
}
for (const item of loadQaSet()) {
  if (item.gold === null || item.context !== undefined) continue;
  const half = halfOf(item.id);
  gold[half].of++;
  if (speaksTo(page(item.goldPage), [item.question])) gold[half].kept++;
}

const share = ({ kept, of }: { kept: number; of: number }): string =>
  `${kept}/${of} (${of === 0 ? '—' : ((100 * kept) / of).toFixed(1)} %)`;
const halves: Half[] = process.argv.includes('--with-check') ? ['tune', 'check'] : ['tune'];
const row = (what: string, counts: Tally): string =>
  `| ${what} | ${halves.map((half) => share(counts[half])).join(' | ')} |`;
console.log(`| pages | ${halves.map((half) => `${half}: kept`).join(' | ')} |`);
console.log(`| --- | ${halves.map(() => '---').join(' | ')} |`);
console.log(row("open questions' own pages (keep)", own));
console.log(row("factoid questions' gold pages (keep)", gold));
console.log(row("other open questions' pages (drop)", others));
