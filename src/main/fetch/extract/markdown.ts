/**
 * Render a cleaned content subtree as Markdown (headings, lists, GFM tables, fenced code, quotes)
 * or as plain text with the same block structure (no Markdown syntax, no list numbers: the text
 * a reader sees, which is what the extraction metrics compare).
 */
import { attr, isTag, isText, normalizeSpace, rawText, type ChildNode, type Element } from './dom.js';

export interface RenderOptions {
  plain: boolean;
  includeLinks: boolean;
  baseUrl: string;
  /** A heading with exactly this text is the page title, reported apart: left out of the body. */
  title: string;
}

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'details',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'ul',
  'body',
  'html',
  'menu',
]);

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

  constructor(private readonly options: RenderOptions) {
    this.titleKey = normalizeSpace(options.title).toLowerCase();
  }

  /** Block-level rendering of a node's children, blocks separated by blank lines. */
  children(node: Element): string {
    const blocks: string[] = [];
    let inline = '';
    const flush = (): void => {
      const text = tidyInline(inline);
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
    return blocks.join('\n\n');
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
      const text = tidyInline(this.inlineChildren(el)).replace(/\n+/g, ' ');
      if (!text) return '';
      if (!this.titleSkipped && this.titleKey && text.toLowerCase() === this.titleKey) {
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
      case 'hr':
        return plain ? '' : '---';
      case 'dt': {
        const text = tidyInline(this.inlineChildren(el));
        return plain || !text ? text : `**${text}**`;
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
      const body = child.name === 'li' ? this.children(child) : this.block(child);
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
    const fence = text.includes('```') ? '````' : '```';
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
      const caption = el.children.find((c): c is Element => isTag(c) && c.name === 'caption');
      if (caption) blocks.unshift(tidyInline(this.inlineChildren(caption)));
      return blocks.join('\n\n');
    }
    const width = Math.max(...cells.map((r) => r.length));
    const lines = cells
      .filter((r) => r.length > 0)
      .map((row) => {
        const texts = row.map((cell) =>
          tidyInline(this.inlineChildren(cell)).replace(/\n+/g, ' ').replace(/\|/g, '\\|'),
        );
        while (texts.length < width) texts.push('');
        return `| ${texts.join(' | ')} |`;
      });
    if (lines.length === 0) return '';
    lines.splice(1, 0, `|${' --- |'.repeat(width)}`);
    return lines.join('\n');
  }

  private inlineChildren(el: Element): string {
    let out = '';
    for (const child of el.children) out += this.inline(child);
    return out;
  }

  private inline(node: ChildNode): string {
    if (isText(node)) return node.data.replace(/\s+/g, ' ');
    if (!isTag(node)) return '';
    const plain = this.options.plain;
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
        return resolved ? `[${text.trim()}](${resolved})` : text;
      }
      case 'strong':
      case 'b':
        return plain ? this.inlineChildren(node) : wrapInline(this.inlineChildren(node), '**');
      case 'em':
      case 'i':
        return plain ? this.inlineChildren(node) : wrapInline(this.inlineChildren(node), '_');
      case 'code':
      case 'kbd':
      case 'samp': {
        const text = rawText(node).replace(/\s+/g, ' ');
        if (plain || !text.trim()) return text;
        const tick = text.includes('`') ? '``' : '`';
        return `${tick}${text.trim()}${tick}`;
      }
      case 'sup':
      case 'sub':
        return this.inlineChildren(node);
      default:
        return this.inlineChildren(node);
    }
  }
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
