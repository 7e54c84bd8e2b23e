/**
 * Render a cleaned content subtree as Markdown (headings, lists, GFM tables, fenced code, quotes)
 * or as plain text with the same block structure (no Markdown syntax, no list numbers: the text
 * a reader sees, which is what the extraction metrics compare).
 *
 * In Markdown the page's text is escaped where it would otherwise parse as structure, and the
 * syntax the renderer writes is sealed until then (markdown-escape.ts), so page text cannot
 * forge a heading, a list, a link or emphasis.
 */
import { attr, isTag, isText, normalizeSpace, rawText, type ChildNode, type Element } from './dom.js';
import { definitionPairs, specRows, type SpecRow } from './label-values.js';
import { escapeInline, seal, stripSeals, type InlineKind } from './markdown-escape.js';
import { HTML_BLOCK_ELEMENTS } from '../text/html-blocks.js';

export interface RenderOptions {
  plain: boolean;
  includeLinks: boolean;
  baseUrl: string;
  /** A heading with exactly this text is the page title, reported apart: left out of the body. */
  title: string;
}

/** Tags rendered as blocks of their own (a paragraph or line apart). */
export const BLOCK_TAGS: ReadonlySet<string> = HTML_BLOCK_ELEMENTS;

const HEADING = /^h([1-6])$/;

export function renderContent(root: Element, options: RenderOptions): string {
  const renderer = new Renderer(options);
  const out = renderer.children(root);
  return out.replace(/\n{3,}/g, '\n\n').trim();
}

class Renderer {
  private readonly hasBlock = new WeakMap<Element, boolean>();
  private readonly titleKey: string;
  private titleSkipped = false;
  /** Rendering a GFM table cell, where "|" ends the cell even inside a code span. */
  private inCell = false;

  constructor(private readonly options: RenderOptions) {
    this.titleKey = normalizeSpace(options.title).toLowerCase();
  }

  /**
   * Block-level rendering of a node's children, blocks separated by blank lines. In a tight list
   * item a nested list follows the item's text on the next line, so the list stays tight.
   */
  children(node: Element, tight = false): string {
    const blocks: string[] = [];
    let inline = '';
    const flush = (): void => {
      const text = this.finish(inline, 'block');
      if (text) blocks.push(text);
      inline = '';
    };
    for (const child of node.children) {
      if (isTag(child) && (BLOCK_TAGS.has(child.name) || this.containsBlock(child))) {
        flush();
        const block = this.block(child);
        if (block) blocks.push(block);
      } else {
        inline += this.inline(child);
      }
    }
    flush();
    if (!tight || this.options.plain) return blocks.join('\n\n');
    return blocks.map((b, i) => (i > 0 && LIST_START.test(b) ? `\n${b}` : i > 0 ? `\n\n${b}` : b)).join('');
  }

  /** Inline content made a block: tidied, and in Markdown escaped with its syntax unsealed. */
  private finish(inline: string, kind: InlineKind): string {
    const text = tidyInline(inline);
    if (!this.options.plain) return escapeInline(text, kind);
    return kind === 'block' ? text : text.replace(/\n+/g, ' ');
  }

  private containsBlock(el: Element): boolean {
    const known = this.hasBlock.get(el);
    if (known !== undefined) return known;
    let result = false;
    for (const child of el.children) {
      if (isTag(child) && (BLOCK_TAGS.has(child.name) || this.containsBlock(child))) {
        result = true;
        break;
      }
    }
    this.hasBlock.set(el, result);
    return result;
  }

  private block(el: Element): string {
    const plain = this.options.plain;
    const heading = HEADING.exec(el.name);
    if (heading) {
      const inline = this.inlineChildren(el);
      const text = this.finish(inline, 'heading');
      if (!text) return '';
      const shown = stripSeals(tidyInline(inline)).replace(/\n+/g, ' ');
      if (!this.titleSkipped && this.titleKey && shown.toLowerCase() === this.titleKey) {
        this.titleSkipped = true;
        return '';
      }
      return plain ? text : `${'#'.repeat(Number(heading[1]))} ${text}`;
    }
    switch (el.name) {
      case 'ul':
      case 'ol':
      case 'menu':
        return this.list(el);
      case 'pre':
        return this.code(el);
      case 'blockquote': {
        const inner = this.children(el);
        if (!inner || plain) return inner;
        return inner
          .split('\n')
          .map((line) => (line ? `> ${line}` : '>'))
          .join('\n');
      }
      case 'table':
        return this.table(el);
      case 'dl': {
        const pairs = definitionPairs(el);
        return pairs ? this.labelValues(pairs) : this.children(el);
      }
      case 'hr':
        return plain ? '' : '---';
      case 'dt': {
        const inline = this.inlineChildren(el);
        return this.finish(plain ? inline : wrapInline(inline, seal('**')), 'inline');
      }
      default:
        return this.children(el);
    }
  }

  private list(el: Element): string {
    const ordered = el.name === 'ol';
    const items: string[] = [];
    let n = Number(attr(el, 'start') ?? '1') || 1;
    for (const child of el.children) {
      if (!isTag(child)) continue;
      const body = child.name === 'li' ? this.children(child, true) : this.block(child);
      if (!body) continue;
      if (this.options.plain) {
        items.push(body);
        continue;
      }
      const marker = ordered ? `${n++}. ` : '- ';
      const pad = ' '.repeat(marker.length);
      const lines = body.split('\n');
      items.push(lines.map((line, i) => (i === 0 ? marker + line : line ? pad + line : '')).join('\n'));
    }
    return items.join(this.options.plain ? '\n\n' : '\n');
  }

  private code(el: Element): string {
    const text = rawText(el).replace(/^\n+|\s+$/g, '');
    if (!text) return '';
    if (this.options.plain) return text;
    const codeEl = el.children.find((c): c is Element => isTag(c) && c.name === 'code');
    // Language from class names: "language-x"/"lang-x" (highlight.js, Prism, GFM renderers) or
    // Sphinx's "highlight-x" on the wrapping <div>s.
    const wrappers = [el.parent, el.parent?.parent].filter((p): p is Element => Boolean(p && isTag(p)));
    const classes = [el, codeEl, ...wrappers].map((e) => (e ? (attr(e, 'class') ?? '') : '')).join(' ');
    const named = /(?:^|\s)(?:language|lang|highlight)-([\w+#.-]+)/.exec(classes)?.[1] ?? '';
    const lang = named === 'default' || named === 'none' ? '' : named;
    // A fence longer than any backtick run in the code, so no line of it can close the block.
    const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1));
    return `${fence}${lang}\n${text}\n${fence}`;
  }

  private table(el: Element): string {
    const rows: Element[] = [];
    const collectRows = (node: Element): void => {
      for (const child of node.children) {
        if (!isTag(child)) continue;
        if (child.name === 'tr') rows.push(child);
        else if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') collectRows(child);
      }
    };
    collectRows(el);
    const cells = rows.map((row) =>
      row.children.filter((c): c is Element => isTag(c) && (c.name === 'td' || c.name === 'th')),
    );
    const caption = el.children.find((c): c is Element => isTag(c) && c.name === 'caption');
    const spec = specRows(cells);
    if (spec) {
      const lines = this.labelValues(spec);
      return caption ? `${this.finish(this.inlineChildren(caption), 'block')}\n\n${lines}` : lines;
    }
    const isLayout =
      cells.some((row) => row.some((cell) => hasNested(cell, 'table'))) || cells.every((row) => row.length <= 1);
    if (isLayout || this.options.plain) {
      // Layout tables (and plain text) read cell by cell as blocks.
      const blocks: string[] = [];
      for (const row of cells) {
        const parts = row.map((cell) => this.children(cell)).filter((t) => t.length > 0);
        if (parts.length === 0) continue;
        const hasBlocks = parts.some((p) => p.includes('\n'));
        blocks.push(hasBlocks || isLayout ? parts.join('\n\n') : parts.join('\t'));
      }
      if (caption) blocks.unshift(this.finish(this.inlineChildren(caption), 'block'));
      return blocks.join('\n\n');
    }
    const width = Math.max(...cells.map((r) => r.length));
    const lines = cells
      .filter((r) => r.length > 0)
      .map((row) => {
        const texts = row.map((cell) => {
          this.inCell = true;
          const inline = this.inlineChildren(cell);
          this.inCell = false;
          return this.finish(inline, 'cell');
        });
        while (texts.length < width) texts.push('');
        return `| ${texts.join(' | ')} |`;
      });
    if (lines.length === 0) return '';
    lines.splice(1, 0, `|${' --- |'.repeat(width)}`);
    return lines.join('\n');
  }

  /**
   * Label/value facts (label-values.ts) as one "Label: value" line each, apart as paragraphs; a
   * group's heading row as a line of its own.
   */
  private labelValues(rows: readonly SpecRow[]): string {
    const lines = rows.map((row) => {
      if ('heading' in row) return this.finish(this.oneLine(row.heading).join(' '), 'block');
      const label = this.oneLine(row.label).join(' ');
      const colon = /[:：]$/.test(stripSeals(label)) ? '' : ':';
      return this.finish(`${label}${colon} ${row.values.flatMap((value) => this.oneLine(value)).join(', ')}`, 'block');
    });
    return lines.filter((line) => line !== '').join('\n\n');
  }

  /** A cell's inline text by its lines (a <br> or a block such as a <p> starts one), tidied. */
  private oneLine(cell: Element): string[] {
    const collect = (el: Element): string => {
      let out = '';
      for (const child of el.children)
        out += isTag(child) && BLOCK_TAGS.has(child.name) ? `\n${collect(child)}\n` : this.inline(child);
      return out;
    };
    return tidyInline(collect(cell))
      .split('\n')
      .filter((line) => line !== '');
  }

  private inlineChildren(el: Element): string {
    let out = '';
    for (const child of el.children) out += this.inline(child);
    return out;
  }

  private inline(node: ChildNode): string {
    const plain = this.options.plain;
    if (isText(node)) return (plain ? node.data : stripSeals(node.data)).replace(/\s+/g, ' ');
    if (!isTag(node)) return '';
    switch (node.name) {
      case 'br':
        return '\n';
      case 'a': {
        const text = this.inlineChildren(node);
        // Heading permalinks ("¶", "#", "🔗") are not content.
        if (/^\s*[¶#§🔗]\s*$/u.test(text)) return '';
        const href = attr(node, 'href');
        if (plain || !this.options.includeLinks || !href || !text.trim()) return text;
        const resolved = resolveHref(href, this.options.baseUrl);
        if (!resolved) return text;
        // Brackets in the link text would end it early or nest another link: always escaped.
        const label = text.trim().replace(/[[\]]/g, (b) => seal(`\\${b}`));
        return `${seal('[')}${label}${seal(`](${linkDestination(resolved)})`)}`;
      }
      case 'strong':
      case 'b':
        return plain ? this.inlineChildren(node) : wrapInline(this.inlineChildren(node), seal('**'));
      case 'em':
      case 'i':
        // "*", not "_": an underscore run cannot close before a letter ("*word*s" works, "_word_s" does not).
        return plain ? this.inlineChildren(node) : wrapInline(this.inlineChildren(node), seal('*'));
      case 'del':
      case 's':
      case 'strike':
        return plain ? this.inlineChildren(node) : wrapInline(this.inlineChildren(node), seal('~~'));
      case 'code':
      case 'kbd':
      case 'samp': {
        const text = rawText(node).replace(/\s+/g, ' ');
        if (plain || !text.trim()) return text;
        return seal(codeSpan(text.trim(), this.inCell));
      }
      case 'sup':
      case 'sub':
        return this.inlineChildren(node);
      default:
        return this.inlineChildren(node);
    }
  }
}

/** A rendered block that is a list (page text starting so is escaped, so only lists match). */
const LIST_START = /^(?:[-*+]|\d{1,9}[.)]) /;

function longestRun(text: string, ch: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === ch ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/**
 * A code span: delimited by a backtick run longer than any inside, padded with a space when the
 * code starts or ends with a backtick (Markdown strips one such space on each side).
 */
function codeSpan(code: string, inCell: boolean): string {
  const tick = '`'.repeat(longestRun(code, '`') + 1);
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  return `${tick}${pad}${inCell ? code.replace(/\|/g, '\\|') : code}${pad}${tick}`;
}

/** Characters that would end or break a link destination, percent-encoded (same URL). */
function linkDestination(url: string): string {
  return url.replace(/[\s()<>|\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function hasNested(el: Element, name: string): boolean {
  for (const child of el.children) if (isTag(child) && (child.name === name || hasNested(child, name))) return true;
  return false;
}

function wrapInline(text: string, mark: string): string {
  const trimmed = text.trim();
  if (!trimmed) return text;
  const lead = text.startsWith(' ') ? ' ' : '';
  const trail = text.endsWith(' ') ? ' ' : '';
  return `${lead}${mark}${trimmed}${mark}${trail}`;
}

/** Collapse spaces, keep <br> line breaks, trim each line. */
function tidyInline(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .filter((line, i, all) => line.length > 0 || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .trim();
}

function resolveHref(href: string, base: string): string | undefined {
  if (/^\s*(javascript|data|mailto):/i.test(href) && !/^\s*mailto:/i.test(href)) return undefined;
  if (href.startsWith('#')) return undefined;
  try {
    return new URL(href, base).toString();
  } catch {
    return undefined;
  }
}
