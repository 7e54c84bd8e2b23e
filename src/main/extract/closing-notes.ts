/**
 * The notes a publisher appends after an article, whatever the template calls them, written as
 * paragraphs of the article:
 * - appeals to the reader: "Subscribe now for the full story", "Support our journalism – become
 *   a member", "Jede Spende hilft", "Follow us on Twitter", "Download our app", a newsletter
 *   pitch without its form (the form rule of structural-boilerplate.ts catches those with one);
 * - notices about the post: rights and reprint notices ("© 2022 …, all rights reserved"), the
 *   publisher's disclaimer ("… is not responsible for the opinions of contributors"), metadata
 *   lines ("Von: …", "Last modified: …", "Aufrufe: 1120 | Tags: …", "(No ratings yet)") and the
 *   link back to the list the post came from.
 * They are known by two things together:
 * - where they stand: in the run of blocks that ends the content, after the article's prose;
 * - what they say: most blocks of that run are such notes, read by their words in the
 *   languages of the data we see (short lines between them, a name after "Von:", go with them).
 * One such sentence amid the prose ("the club relies on donations") is not at the end and stays;
 * a short page that is all appeal (a donation page) has no prose before it and stays too.
 */
import { isTag, rawText, removeNode, type ChildNode, type Element } from './dom.js';
import { wordRule } from '../text/word-boundary.js';

/**
 * Containers are read through to the blocks inside them, layout tables too (old templates set
 * a post and its metadata rows in one table); any other block is read as one unit (a list is
 * one block: an appeal's list of member perks is read with the appeal).
 */
const CONTAINERS = new Set([
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'form',
  'center',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'td',
  'th',
]);

/** Elements that run inside a line of text. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'br',
  'cite',
  'code',
  'data',
  'em',
  'font',
  'i',
  'img',
  'kbd',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);

/** An appeal is a short note; a longer block (a list of testimonials) is content whatever it says. */
const APPEAL_MAX_CHARS = 600;
/** A notice is shorter still: a line or two. */
const NOTICE_MAX_CHARS = 300;
/** Lines this short between notes (a name after "Von:", "Comments") count neither way. */
const NEUTRAL_MAX_CHARS = 30;
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
const APPEAL = wordRule(
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

/** Notices about the post, by language; label lines only at the start of their block. */
const NOTICE = wordRule(
  [
    // Rights and reprint notices
    String.raw`©|\bcopyrighted property\b|\ball rights reserved\b|\balle rechte vorbehalten\b|\btodos los derechos reservados\b|\btous droits réservés\b|\bwithout (?:the )?(?:written |prior )?permission\b`,
    // The publisher's disclaimer
    String.raw`\bis not responsible for\b|\bübernimmt keine (?:haftung|verantwortung)\b|\bno se hace responsable\b`,
    // Metadata lines
    String.raw`^(?:von|by|autor(?:in)?|author|posted by|geschrieben von|verfasst von|publicado por)\s*:`,
    String.raw`\b(?:last modified|zuletzt geändert|aufrufe|views|hinzugefügt von|kommentare insgesamt)\s*:`,
    String.raw`\(noch keine bewertungen?\)|\bno ratings yet\b`,
    // The link back to the list
    String.raw`^(?:zurück|back) (?:zur|zum|to(?: the)?) (?:liste|listenansicht|übersicht|list|overview)\b`,
  ].join('|'),
  'iu',
);

interface Block {
  nodes: ChildNode[];
  text: string;
}

export function dropClosingNotes(root: Element): void {
  // Read from the end, and no further than needed: the run, then enough prose before it.
  const run: Block[] = [];
  let runChars = 0;
  let notes = 0;
  let others = 0;
  // The earliest start from which the rest of the content is a short run, mostly notes.
  let start = 0;
  let startChars = 0;
  let prose = 0;
  for (const block of blocksFromEnd(root)) {
    const length = block.text.length;
    if (prose === 0 && run.length < RUN_MAX_BLOCKS && runChars + length <= RUN_MAX_CHARS) {
      run.push(block);
      runChars += length;
      const note = isNote(block.text);
      if (note) notes++;
      else if (length > NEUTRAL_MAX_CHARS) others++;
      if (note && notes > others) {
        start = run.length;
        startChars = runChars;
      }
      continue;
    }
    if (start === 0) return;
    prose += length;
    if (prose >= PROSE_MIN_RATIO * startChars) break;
  }
  // Blocks of the run before its start are prose too.
  if (start === 0 || prose + runChars - startChars < PROSE_MIN_RATIO * startChars) return;
  for (const b of run.slice(0, start)) for (const node of b.nodes) removeNode(node);
}

/**
 * The content's blocks, last first. Text and inline elements between blocks (a "Von:" line set
 * with <br> in a <div> beside paragraphs) make a block of their own.
 */
function* blocksFromEnd(el: Element): Generator<Block> {
  let line: ChildNode[] = [];
  for (let i = el.children.length - 1; i >= 0; i--) {
    const child = el.children[i] as ChildNode;
    if (isTag(child) && !INLINE.has(child.name)) {
      const before = block(line);
      if (before) yield before;
      line = [];
      if (CONTAINERS.has(child.name) && hasBlockChild(child)) yield* blocksFromEnd(child);
      else {
        const whole = block([child]);
        if (whole) yield whole;
      }
    } else line.unshift(child);
  }
  const first = block(line);
  if (first) yield first;
}

function block(nodes: ChildNode[]): Block | undefined {
  if (nodes.length === 0) return undefined;
  const text = nodes.map(rawText).join('').replace(/\s+/g, ' ').trim();
  return text.length > 0 ? { nodes, text } : undefined;
}

function isNote(text: string): boolean {
  return (
    (text.length <= APPEAL_MAX_CHARS && APPEAL.test(text)) || (text.length <= NOTICE_MAX_CHARS && NOTICE.test(text))
  );
}

function hasBlockChild(el: Element): boolean {
  return el.children.some((c) => isTag(c) && !INLINE.has(c.name));
}
