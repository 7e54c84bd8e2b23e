/**
 * Main-content extraction: HTML → clean Markdown, plain text and page metadata.
 *
 * Pipeline: parse (htmlparser2) → metadata (meta, JSON-LD, OpenGraph) → clean (share bars, sign-up
 * forms, reply and contact forms and citation boxes by structure, never-content tags, hidden
 * parts but the panels a collapsed button or a tab opens, boilerplate by role and class names unless a grid
 * of cards so named is the page) → select the main content by text mass (with a thread's replies)
 * → prune navigation-like link blocks, related-reading blocks, orphan headings, forum author panels
 * and stray labels (picture credits, advert labels), a post's chrome (likes, "Reply", edit
 * notices) and a shop card's action labels and repeated badges ("Add to cart", "Best seller"),
 * then the publisher's notes that close the content (appeals to subscribe or donate, rights
 * notices, metadata lines) → drop repeated paragraphs, quotes and a card's lines printed
 * twice in a row, a section printed twice in blocks of its own (on a product's page, any block
 * printed before) → render Markdown and text. When that leaves little text, gentler passes follow
 * (no link pruning, then hidden markup kept), then a JSON-LD articleBody; trees too deep to walk
 * are read as flat text.
 * The measured quality is in docs/benchmarks.md ("Extraction").
 */
import { dropAuthorPanels } from './author-panels.js';
import { isCommentNamed } from './class-tokens.js';
import { clean } from './clean.js';
import { dropClosingNotes } from './closing-notes.js';
import { pruneLinkBlocks, selectMainContent } from './content.js';
import {
  findFirst,
  isInside,
  isTag,
  isText,
  parseHtml,
  rawText,
  removeNode,
  treeDepth,
  walkElements,
  type Document,
  type Element,
} from './dom.js';
import { flatText } from './flat-text.js';
import { findLead } from './lead.js';
import { renderContent } from './markdown.js';
import { escapeText } from './markdown-escape.js';
import { dropOrphanHeadings } from './orphan-headings.js';
import { dropPostChrome } from './post-chrome.js';
import { dropProductRails } from './product-rails.js';
import { dropProductRepeats } from './product-repeats.js';
import { dropRelatedSections } from './related.js';
import { dropRepeatedBlocks } from './repeats.js';
import { dropRepeatedRuns } from './repeated-runs.js';
import { dropReviewWidgets } from './review-widgets.js';
import { dropShopActions } from './shop-actions.js';
import { dropStrayLabels } from './stray-labels.js';
import { readPageInfo, type PageMetadata } from './metadata.js';

export interface ExtractOptions {
  /** Keep links as Markdown links (default: link text only). */
  includeLinks?: boolean;
  /** Keep comment sections (default: dropped unless they are the page's main content). */
  includeComments?: boolean;
  /** Told, step by step, how many characters of text each pruning step removed (scripts/explain-extract.ts). */
  explain?: (entry: { step: string; removedChars: number }) => void;
}

/** The page's metadata (as the metadata reader found it) and its main content. */
export interface ExtractedDocument extends PageMetadata {
  markdown: string;
  /** Plain text of the main content (what the extraction benchmarks score). */
  text: string;
  wordCount: number;
}

/** Below this many characters of text an extraction is suspect and a gentler pass is tried. */
const MIN_TEXT_CHARS = 250;

/**
 * Passes from strict to gentle. Most pages stop at the first; pages whose content sits in link
 * lists (product grids) or in markup hidden until a script runs need a later one. The last keeps
 * blocks the class-name rules would drop, and runs only when the others left nearly nothing: a
 * shop's only grid named "related-products" is the page, and with it the page read as empty.
 */
const PASSES: Pass[] = [
  { pruneLinks: true, keepHidden: false },
  { pruneLinks: false, keepHidden: false },
  { pruneLinks: false, keepHidden: true },
  { pruneLinks: false, keepHidden: false, keepNamed: true, onlyBelow: 100 },
];

interface Pass {
  pruneLinks: boolean;
  keepHidden: boolean;
  keepNamed?: boolean;
  /** Tried only when the passes before it kept fewer characters than this. */
  onlyBelow?: number;
}

/** What a pass knows of the page besides its tree. */
interface PageKind {
  oneProduct: boolean;
  reviewOpenings: string[];
}

/**
 * Deeper trees than this are read as flat text: the tree passes recurse once per level, and
 * real pages stay far below it (broken markup with thousands of unclosed tags does not).
 */
const MAX_TREE_DEPTH = 1500;

export function extractHtml(html: string, url: string, options: ExtractOptions = {}): ExtractedDocument {
  const doc = parseHtml(html);
  if (treeDepth(doc) > MAX_TREE_DEPTH) {
    const { metadata } = readPageInfo(doc, url);
    const text = flatText(html);
    return { ...metadata, markdown: escapeText(text), text, wordCount: countWords(text) };
  }
  return extractFromTree(doc, html, url, options);
}

function extractFromTree(parsed: Document, html: string, url: string, options: ExtractOptions): ExtractedDocument {
  let doc = parsed;
  const { metadata, structuredBody, oneProduct, reviewOpenings } = readPageInfo(doc, url);
  let best = { markdown: '', text: '' };
  for (const [index, pass] of PASSES.entries()) {
    if (pass.onlyBelow !== undefined && best.text.length >= pass.onlyBelow) break;
    if (index > 0) doc = parseHtml(html); // each pass edits the tree it works on
    const body = pageBody(doc, html);
    if (!body) break;
    const result = extractBody(body, url, metadata, options, { ...pass, oneProduct, reviewOpenings });
    // A gentler pass replaces the strict one only when it recovers real content, not a few stray lines.
    if (index === 0 || result.text.length >= MIN_TEXT_CHARS) best = result;
    if (best.text.length >= MIN_TEXT_CHARS) break;
  }
  // A script shell with little readable markup may still carry its text in JSON-LD.
  if (best.text.length < MIN_TEXT_CHARS && structuredBody.length > best.text.length) {
    best = { markdown: escapeText(structuredBody), text: structuredBody };
  }
  return { ...metadata, ...best, wordCount: countWords(best.text) };
}

function extractBody(
  body: Element,
  url: string,
  metadata: PageMetadata,
  options: ExtractOptions,
  pass: Pass & PageKind,
): { markdown: string; text: string } {
  const includeComments = options.includeComments ?? false;
  clean(body, { includeComments, keepHidden: pass.keepHidden, keepNamed: pass.keepNamed ?? false });
  const root = selectMainContent(body, { threadReplies: !includeComments });
  // Comment sections asked for but lying outside the main content follow it.
  const lead = findLead(body, root);
  const parts = [...(lead ? [lead] : []), root, ...(includeComments ? commentSectionsOutside(body, root) : [])];
  const context: StepContext = { url, metadata, pass };
  const explain = options.explain;
  const step = (name: string, run: () => void): void => {
    if (!explain) return run();
    const before = textChars(parts);
    run();
    explain({ step: name, removedChars: before - textChars(parts) });
  };
  // Each part alone (the lead, the content, comment sections), then the content, then all together.
  for (const part of parts) {
    for (const { name, when, run } of PART_STEPS) {
      if (when === undefined || when(pass)) step(name, () => run(part, context));
    }
  }
  for (const { name, when, run } of ALL_PARTS_STEPS) {
    if (when === undefined || when(pass)) step(name, () => run(parts, root));
  }
  const render = (plain: boolean): string =>
    parts
      .map((part) =>
        renderContent(part, {
          baseUrl: url,
          title: metadata.title,
          plain,
          includeLinks: !plain && (options.includeLinks ?? false),
        }),
      )
      .filter((t) => t.length > 0)
      .join('\n\n');
  return { markdown: render(false), text: render(true) };
}

/** What a pruning step knows besides the tree it prunes. */
interface StepContext {
  url: string;
  metadata: PageMetadata;
  pass: Pass & PageKind;
}

/** A pruning step after the main content is chosen: its name (for --explain), when it runs, what it does. */
interface Step<Target> {
  name: string;
  when?: (pass: Pass & PageKind) => boolean;
  run: Target;
}

/** The steps run on each part alone, in this order. */
const PART_STEPS: Step<(part: Element, context: StepContext) => void>[] = [
  { name: 'link blocks', when: (pass) => pass.pruneLinks, run: (part, { url }) => pruneLinkBlocks(part, url) },
  { name: 'related sections', run: dropRelatedSections },
  {
    name: 'review widgets',
    run: (part, { pass }) => dropReviewWidgets(part, pass.oneProduct ? pass.reviewOpenings : []),
  },
  { name: 'product rails', when: (pass) => pass.oneProduct, run: dropProductRails },
  {
    name: 'orphan headings',
    run: (part, { metadata }) => dropOrphanHeadings(part, metadata.publishedAt !== undefined),
  },
  { name: 'author panels', run: dropAuthorPanels },
  { name: 'stray labels', run: dropStrayLabels },
  { name: 'post chrome', run: dropPostChrome },
  { name: 'shop actions', run: dropShopActions },
];

/** Then the steps that read the content as a whole or compare the parts, in this order. */
const ALL_PARTS_STEPS: Step<(parts: Element[], root: Element) => void>[] = [
  { name: 'closing notes', run: (_parts, root) => dropClosingNotes(root) },
  { name: 'repeated blocks', run: (parts) => dropRepeatedBlocks(parts) },
  { name: 'repeated runs', run: (parts) => dropRepeatedRuns(parts) },
  { name: 'product repeats', when: (pass) => pass.oneProduct, run: (parts) => dropProductRepeats(parts) },
];

function textChars(parts: Element[]): number {
  return parts.reduce((sum, part) => sum + rawText(part).replace(/\s+/g, '').length, 0);
}

/**
 * The element holding the page's visible text: <body>, unless the markup is broken so that most
 * text lies outside it — a second <html><body> pasted into the head (the first <body> is then a
 * stub), or a stray </body> from an embedded snippet that leaves the rest of the page after it.
 * Then the whole <html> is read (the cleaner drops <head>).
 */
function pageBody(doc: Document, html: string): Element | undefined {
  const body = findFirst(doc, (el) => el.name === 'body');
  const top = findFirst(doc, (el) => el.name === 'html');
  if (!body || !top) return body ?? top;
  adoptStrays(doc, top, body);
  // Counting text costs a walk of the page: only a page with a second <body> can need it.
  if ((html.match(/<body[\s>]/gi)?.length ?? 0) < 2) return body;
  return visibleChars(body) < BODY_MIN_SHARE * visibleChars(top) ? top : body;
}

/**
 * Markup after a stray </html> lands beside <html> in this parser's tree; a browser puts it in
 * <body>, and so does this.
 */
function adoptStrays(doc: Document, top: Element, body: Element): void {
  const index = doc.children.indexOf(top);
  if (index < 0) return;
  for (const node of doc.children.slice(index + 1)) {
    if (!isTag(node) && !isText(node)) continue;
    removeNode(node);
    node.parent = body;
    body.children.push(node);
  }
}

const BODY_MIN_SHARE = 0.5;
const INVISIBLE = new Set(['head', 'script', 'style', 'noscript', 'template', 'title']);

function visibleChars(node: Element): number {
  let n = 0;
  walkElements(node, (el) => {
    if (INVISIBLE.has(el.name)) return false;
    for (const child of el.children) if (isText(child)) n += child.data.replace(/\s+/g, '').length;
    return true;
  });
  for (const child of node.children) if (isText(child)) n += child.data.replace(/\s+/g, '').length;
  return n;
}

function commentSectionsOutside(body: Element, root: Element): Element[] {
  const sections: Element[] = [];
  walkElements(body, (el) => {
    if (el === root) return false;
    if (isCommentNamed(el) && !isInside(root, el)) {
      sections.push(el);
      return false;
    }
    return true;
  });
  return sections;
}

/** Words as a reader counts them: letters and digits, with inner apostrophes and hyphens. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}_]+(?:['’-][\p{L}\p{N}_]+)*/gu)?.length ?? 0;
}
