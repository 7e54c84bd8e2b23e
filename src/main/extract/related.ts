/**
 * Blocks that a heading announces as pointers elsewhere: "Related posts", "Ähnliche Beiträge",
 * "À lire aussi", "Lee también", "Zobacz także", "Lue myös", "About the author". Structure alone
 * cannot tell them from a section of the article when the template names nothing and their
 * teasers carry text of their own, so the heading's words decide, and structure bounds what goes:
 * the heading's own block when it opens one (a widget: heading + teasers), else the heading and
 * the link-heavy run after it up to the next heading.
 */
import { childElements, isInside, isTag, isText, removeNode, type AnyNode, type Element } from './dom.js';
import { measure, type MassMap } from './measure.js';

/**
 * Heading texts that announce links to other pages or an author box, matched at the heading's
 * start. Deliberately not "more information" or "weitere Informationen": on public-sector and
 * service pages those head content; nor "see also", which documentation uses for its own notes.
 */
const RELATED_CUE = new RegExp(
  '^(?:' +
    [
      // English
      'related(?: (?:articles?|posts?|stories|content|news|topics|reading|links))?$',
      // Not "more on …" or "more about …": documentation titles its sections so.
      'more (?:from|stories|news|articles|posts|like this|to explore)',
      'read (?:more|also|next)\\b',
      'also read',
      'you (?:may|might) also (?:like|enjoy|be interested)',
      'recommended(?: for you| articles| stories)?$',
      'explore further',
      'most (?:read|popular|viewed)',
      'popular (?:posts|articles|stories)',
      'about the author',
      'latest (?:news|posts|stories|articles)$',
      // Recommendations beside a product
      'similar (?:items|products)',
      '(?:people|customers|shoppers) (?:who )?(?:also )?(?:viewed|bought)',
      'frequently bought together',
      'related (?:products|items)',
      'recently viewed',
      'complete the look',
      // Citation boxes ("Cite this article", "How to cite") in every language below
      'cite this (?:article|page|paper|post|entry)',
      'how to cite',
      'citations?:?$',
      // German
      'ähnliche (?:beiträge|artikel|themen|posts|nachrichten)',
      'verwandte (?:artikel|themen|beiträge)',
      'weitere (?:nachrichten|artikel|beiträge|themen|meldungen|news|aktuelle|tipps|tourentipps|rezepte|videos)',
      'mehr (?:zum thema|aus|zu|von|vom|zum|news)\\b',
      'das könnte (?:sie|dich|euch)',
      'lesen sie (?:auch|mehr)',
      'lies auch',
      'auch interessant',
      'passend zum thema',
      'meistgelesen',
      'viel gelesen',
      'über (?:den|die) autor',
      'ähnliche (?:produkte|artikel)',
      'kunden (?:kauften|kaufen|die)',
      'zuletzt angesehen',
      'zum autor',
      'zitiervorschlag',
      'zitierweise',
      'so zitieren',
      // French
      '(?:à )?lire (?:aussi|également|la suite)',
      'sur le même (?:sujet|thème)',
      'articles? (?:similaires|liés|connexes|recommandés)',
      'dans la même rubrique',
      'vous aimerez aussi',
      'les plus lus',
      'produits (?:similaires|associés|recommandés)',
      'récemment consultés',
      'citer (?:cet article|cette page)',
      'comment citer',
      // Spanish, Italian, Portuguese
      'lee también',
      'te puede interesar',
      '(?:noticias|artículos|notas) relacionad[oa]s',
      'más noticias',
      'lo más leído',
      'leggi anche',
      'potrebbe interessarti',
      'articoli correlati',
      'leia também',
      'veja também',
      'notícias relacionadas',
      'productos (?:relacionados|similares)',
      'prodotti (?:correlati|simili)',
      'produtos (?:relacionados|semelhantes)',
      'cómo citar',
      'citar (?:este|esta)',
      'come citare',
      'como citar',
      // Polish, Finnish, Dutch
      'zobacz (?:też|także|również)',
      'czytaj (?:też|także|również|więcej)',
      'przeczytaj (?:też|także|również)',
      'polecamy',
      'podobne produkty',
      'jak cytować',
      'lue myös',
      'katso myös',
      'aiheesta lisää',
      'lees ook',
      'gerelateerde artikelen',
      'vergelijkbare producten',
      'hoe te citeren',
    ].join('|') +
    ')',
  'iu',
);

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const HEADING_MAX_CHARS = 60;
const LABEL_MAX_CHARS = 45;
/** Content whose text is less than this share links reads as prose (as in content.ts). */
const PROSE_LINK_SHARE = 0.25;
/** The run after the heading goes when this share of its text is links: teasers, not prose. */
const TEASER_LINK_SHARE = 0.4;
/**
 * Content with less text than this outside links is a listing of links alone, whose section
 * headings ("Latest news", "Most read") are its own.
 */
const PROSE_MIN_CHARS = 400;
/** The heading's block is taken whole only while it is a small part of the content. */
const BLOCK_MAX_SHARE = 0.3;

export function dropRelatedSections(root: Element): void {
  const headings: Element[] = [];
  const visit = (el: Element): void => {
    for (const child of childElements(el)) {
      if (isHeadingLike(child)) {
        if (RELATED_CUE.test(cueText(child))) headings.push(child);
      } else visit(child);
    }
  };
  visit(root);
  if (headings.length === 0) return;
  const { map } = measure(root);
  const rootMass = map.get(root);
  if (!rootMass) return;
  // What each heading takes with it: the block it opens, or itself and the teaser run after it.
  const doomed: Element[] = [];
  for (const heading of headings) {
    if (doomed.some((d) => isInside(heading, d))) continue;
    const block = openedBlock(heading, root, map, rootMass.text);
    if (block) {
      doomed.push(block);
      continue;
    }
    const run = followingRun(heading);
    let text = 0;
    let link = 0;
    for (const el of run) {
      text += map.get(el)?.text ?? 0;
      link += map.get(el)?.link ?? 0;
    }
    if (text > 0 && link >= TEASER_LINK_SHARE * text) doomed.push(...run);
    doomed.push(heading);
  }
  // In a listing or a front page, where the rest is links too, teaser sections are the content;
  // beside prose (an article whose other teasers carry text) the cue headings still go.
  let text = rootMass.text;
  let link = rootMass.link;
  for (const el of doomed) {
    text -= map.get(el)?.text ?? 0;
    link -= map.get(el)?.link ?? 0;
  }
  if (link > PROSE_LINK_SHARE * text) {
    if (rootMass.text - rootMass.link >= PROSE_MIN_CHARS) for (const heading of headings) removeNode(heading);
    return;
  }
  for (const el of doomed) removeNode(el);
}

/**
 * A heading, or a line standing alone as one: a paragraph or box with no blocks inside (the cue
 * words and the length limit of `cueText` do the rest).
 */
function isHeadingLike(el: Element): boolean {
  if (HEADINGS.has(el.name)) return true;
  if (!LABEL_TAGS.has(el.name)) return false;
  return !el.children.some((c) => isTag(c) && !INLINE_TAGS.has(c.name));
}

const LABEL_TAGS = new Set(['p', 'div', 'span', 'strong', 'b']);
const INLINE_TAGS = new Set(['strong', 'b', 'em', 'i', 'span', 'a', 'br', 'small', 'u']);

function cueText(el: Element): string {
  const text = plainText(el).replace(/\s+/g, ' ').trim();
  // A line that is not a heading element must be a short label to be read as one.
  const max = HEADINGS.has(el.name) ? HEADING_MAX_CHARS : LABEL_MAX_CHARS;
  return text.length <= max ? text : '';
}

/**
 * The block the heading opens: the nearest ancestor (below the root) whose first text is the
 * heading's, when it holds a small share of the content.
 */
function openedBlock(heading: Element, root: Element, map: MassMap, rootText: number): Element | undefined {
  let found: Element | undefined;
  let node: Element = heading;
  while (node.parent && isTag(node.parent) && node.parent !== root) {
    const parent: Element = node.parent;
    if (firstTextElement(parent) !== node) break;
    if ((map.get(parent)?.text ?? 0) > BLOCK_MAX_SHARE * rootText) break;
    found = parent;
    node = parent;
  }
  return found;
}

/** The first child of `el` that holds text. */
function firstTextElement(el: Element): AnyNode | undefined {
  for (const child of el.children) {
    if (isText(child)) {
      if (child.data.trim() !== '') return child;
    } else if (isTag(child) && plainText(child).trim() !== '') return child;
  }
  return undefined;
}

/** The heading's following siblings up to the next heading. */
function followingRun(heading: Element): Element[] {
  const run: Element[] = [];
  const siblings = heading.parent ? heading.parent.children : [];
  for (let i = siblings.indexOf(heading) + 1; i < siblings.length; i++) {
    const sibling = siblings[i] as AnyNode;
    if (!isTag(sibling)) continue;
    if (isHeadingLike(sibling)) break;
    run.push(sibling);
  }
  return run;
}

function plainText(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (!isTag(node)) return '';
  return node.children.map(plainText).join('');
}
