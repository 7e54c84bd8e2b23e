/**
 * The publisher's appeal to the reader that closes an article, whatever the template calls it:
 * "Subscribe now for the full story", "Support our journalism – become a member", "Jede Spende
 * hilft", "Follow us on Twitter", "Download our app", a newsletter pitch without its form (the
 * form rule of structural-boilerplate.ts catches those with one). Written as paragraphs of the
 * article, such notes are known by two things together:
 * - where they stand: in the run of blocks that ends the content, after the article's prose;
 * - what they say: most blocks of that run ask the reader to subscribe, donate, join, sign up,
 *   follow or install, in words of the languages of the data we see.
 * One such sentence amid the prose ("the club relies on donations") is not at the end and stays;
 * a short page that is all appeal (a donation page) has no prose before it and stays too.
 */
import { isTag, isText, rawText, removeNode, type Element } from './dom.js';

/**
 * Blocks read as one unit: a list is one block (an appeal's list of member perks is read with
 * the appeal), other containers are read through to the blocks inside them.
 */
const LEAF_BLOCKS = new Set([
  'p',
  'li',
  'ul',
  'ol',
  'dl',
  'table',
  'blockquote',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);
const CONTAINERS = new Set(['div', 'section', 'article', 'main', 'header', 'footer', 'aside', 'form', 'center']);

/** An appeal is a short note; a longer block (a list of testimonials) is content whatever it says. */
const APPEAL_MAX_CHARS = 600;
/** An appeal's run is a few short notes: a longer run is content. */
const RUN_MAX_BLOCKS = 10;
const RUN_MAX_CHARS = 1500;
/**
 * Prose must come before the run, at least half its length (a paywalled article keeps only its
 * first paragraphs before a long pitch).
 */
const PROSE_MIN_RATIO = 0.5;

/**
 * Phrases that ask something of the reader, by language: imperatives and "our newsletter", not
 * the nouns ("subscription", "donations", "app"), which articles about them use as topics.
 */
const APPEAL = new RegExp(
  [
    // English
    String.raw`\bsubscribe\b|\balready a (?:subscriber|member)\b`,
    String.raw`\bdonate\b|\b(?:make|your) (?:a )?donation\b|\bwe need you\b`,
    String.raw`\bsupport (?:us|our (?:work|journalism|reporting|newsroom|mission)|independent journalism)\b`,
    String.raw`\b(?:become|join) (?:a |our )?(?:member|subscriber|supporter|patron)s?\b|\bjoin now\b`,
    String.raw`\bour newsletters?\b`,
    String.raw`\bfollow (?:us|[\p{Lu}][\p{L}]+(?: [\p{Lu}][\p{L}]+)*) on (?:twitter|x|facebook|instagram|linkedin|telegram|whatsapp|youtube|tiktok)\b`,
    String.raw`\bdownload (?:the|our)\b[^.!?]{0,40}\bapps?\b|\bapps? for (?:ios|android)\b|\bstraight to your (?:phone|inbox)\b`,
    // German
    String.raw`\babonnieren sie\b|\bjetzt (?:abonnieren|abonnent|abo)\b`,
    String.raw`\bjetzt spenden\b|\bspenden sie\b|\bspende jetzt\b|\bjede (?:kleine )?spende\b|\bwir brauchen (?:dich|euch|sie)\b`,
    String.raw`\bunterstütze\b|\bunterstützen sie uns\b|\bsupporte\b|\bunsere arbeit (?:zu )?unterstützen\b`,
    String.raw`\bmitglied werden\b|\bwerden sie mitglied\b|\bunser(?:en)? newsletter\b`,
    String.raw`\bfolge(?:n sie)? uns\b`,
    // Spanish, Portuguese, Italian, French
    String.raw`\bsuscr[ií]bete\b|\bap[óo]yanos\b|\bapoya (?:el|a|al|nuestro)\b|\bhazte (?:miembro|socio)\b|\bhágase miembro\b|\bte necesitamos\b`,
    String.raw`\bassine\b|\bapoie\b|\babbonati\b|\bsostienici\b`,
    String.raw`\babonnez-vous\b|\bsoutenez(?:-nous)?\b|\bfaites un don\b|\badhérez\b`,
    // Polish, Dutch
    String.raw`\bwesprzyj\b|\bwspieraj nas\b|\bzaprenumeruj\b|\bpotrzebujemy (?:cię|was)\b`,
    String.raw`\babonneer\b|\bsteun ons\b|\bdoneer\b|\bword lid\b`,
  ].join('|'),
  'iu',
);

interface Block {
  el: Element;
  text: string;
}

export function dropClosingAppeals(root: Element): void {
  const blocks = leafBlocks(root);
  const total = blocks.reduce((sum, b) => sum + b.text.length, 0);
  // The earliest start from which the rest of the content is a short run, mostly appeals.
  let start = -1;
  let runChars = 0;
  let appeals = 0;
  for (let i = blocks.length - 1; i >= 0 && blocks.length - i <= RUN_MAX_BLOCKS; i--) {
    const block = blocks[i] as Block;
    runChars += block.text.length;
    if (runChars > RUN_MAX_CHARS) break;
    if (block.text.length > APPEAL_MAX_CHARS || !APPEAL.test(block.text)) continue;
    appeals++;
    if (appeals * 2 > blocks.length - i) start = i;
  }
  if (start < 0) return;
  const run = blocks.slice(start);
  const chars = run.reduce((sum, b) => sum + b.text.length, 0);
  if (total - chars < PROSE_MIN_RATIO * chars) return;
  for (const block of run) removeNode(block.el);
}

function leafBlocks(root: Element): Block[] {
  const blocks: Block[] = [];
  const visit = (el: Element): void => {
    for (const child of el.children) {
      if (!isTag(child)) continue;
      // A container with text of its own beside its blocks is read whole.
      if (CONTAINERS.has(child.name) && hasBlockChild(child) && !hasOwnText(child)) visit(child);
      else if (LEAF_BLOCKS.has(child.name) || CONTAINERS.has(child.name)) {
        const text = rawText(child).replace(/\s+/g, ' ').trim();
        if (text.length === 0) continue;
        blocks.push({ el: child, text });
      }
    }
  };
  visit(root);
  return blocks;
}

function hasBlockChild(el: Element): boolean {
  return el.children.some((c) => isTag(c) && (LEAF_BLOCKS.has(c.name) || CONTAINERS.has(c.name)));
}

function hasOwnText(el: Element): boolean {
  return el.children.some((c) => isText(c) && c.data.trim().length > 0);
}
