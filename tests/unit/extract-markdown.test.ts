/**
 * The extracted Markdown, read back the way a reader or a Markdown renderer reads it: parsed with
 * micromark + GFM, its structure compared to the source HTML's on hand-made pages, and page text
 * that looks like Markdown shown as the text it is.
 */
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'htmlparser2';
import { isTag, isText, type AnyNode, type Element } from 'domhandler';
import { extractHtml } from '../../src/main/extract';

function toHtml(markdown: string): string {
  return micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

/** Elements whose nesting is the structure compared; others are transparent. */
const STRUCTURE: Record<string, string> = {
  h1: 'h1',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h5',
  h6: 'h6',
  ul: 'ul',
  ol: 'ol',
  li: 'li',
  table: 'table',
  tr: 'tr',
  th: 'th',
  td: 'td',
  pre: 'pre',
  code: 'code',
  blockquote: 'blockquote',
  br: 'br',
  em: 'em',
  i: 'em',
  strong: 'strong',
  b: 'strong',
  del: 'del',
  a: 'a',
  hr: 'hr',
  img: 'img',
  script: 'script',
};

/**
 * A canonical outline of an HTML fragment: structural elements as tags (code with its language,
 * links with their href when asked), text with whitespace collapsed, code kept as written.
 */
function outline(node: AnyNode, options: { links: boolean }, inPre = false): string {
  if (isText(node)) return inPre ? node.data : node.data.replace(/\s+/g, ' ');
  if (!isTag(node) && !('children' in node)) return '';
  const el = node as Element;
  const inner = (pre: boolean): string => (el.children ?? []).map((c) => outline(c, options, pre)).join('');
  if (!isTag(node)) return inner(inPre);
  const name = STRUCTURE[el.name];
  if (!name || (name === 'a' && !options.links)) return el.name === 'p' ? ` ${inner(inPre)} ` : inner(inPre);
  if (name === 'br' || name === 'hr' || name === 'img') return `<${name}>`;
  let label = name;
  if (name === 'code') label += `${/language-(\S+)/.exec(el.attribs.class ?? '')?.[1] ?? ''}`;
  if (name === 'a') label += ` ${el.attribs.href ?? ''}`;
  // A fenced block ends its code with a newline; the source's <pre> need not.
  const body = name === 'code' && inPre ? inner(true).replace(/\n+$/, '') : inner(inPre || name === 'pre');
  // Markdown has one code block: a bare <pre> reads as <pre><code>.
  if (name === 'pre' && !body.startsWith('<code')) return `<pre><code>${body.replace(/\n+$/, '')}</code></pre>`;
  return `<${label}>${body}</${name}>`;
}

/** The outline with insignificant whitespace (around tags, repeated) removed. */
function structureOf(html: string, links = false): string {
  const doc = parseDocument(html, { decodeEntities: true });
  const raw = doc.children.map((c) => outline(c, { links })).join('');
  // Whitespace inside code blocks is content; elsewhere only single spaces between words count.
  return raw
    .split(/(<pre>[\s\S]*?<\/pre>)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/\s+/g, ' ').replace(/ ?(<[^>]+>) ?/g, '$1')))
    .join('')
    .trim();
}

function sourceArticle(html: string): string {
  const match = /<article>([\s\S]*)<\/article>/.exec(html);
  if (!match) throw new Error('test page without <article>');
  return match[1] as string;
}

/** What a browser shows for an HTML fragment: tags dropped, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  // Blocks and line breaks separate words, as they do on screen.
  const doc = parseDocument(html.replace(/<(?:br|\/p|\/h[1-6]|\/li|\/blockquote)\b[^>]*>/g, '$& '), {
    decodeEntities: true,
  });
  const text = (n: AnyNode): string =>
    isText(n) ? n.data : 'children' in n ? (n.children as AnyNode[]).map(text).join('') : '';
  return text(doc).replace(/\s+/g, ' ').trim();
}

/** `n` paragraphs numbered from `first`: distinct, since the extractor gives no paragraph twice. */
const filler = (n: number, first = 1): string =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>Filler paragraph ${i + first} gives the article enough ordinary prose for the extractor to take it as the page's main content, as on a real page.</p>`,
  ).join('\n');

function page(article: string): string {
  return `<!doctype html><html lang="en"><head><title>Structure test page</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article>${article}</article>
<footer>Footer text</footer></body></html>`;
}

const STRUCTURED = `
${filler(2)}
<a href="/guide"><h2>A heading inside a link</h2></a>
<h3>Prices &amp; <em>options</em></h3>
<table>
  <tr><th>Plan</th><th>Price | per month</th><th>Flags</th></tr>
  <tr><td>Basic *starter*</td><td>5 <code>a|b</code></td><td>_none_</td></tr>
  <tr><td>Pro</td><td>12</td><td><b>all</b></td></tr>
</table>
<pre><code class="language-python">def area(w, h):
    return w * h  # *not* emphasis, __dunder__ kept
print(area(2, 3) ** 2)</code></pre>
<ul>
  <li>Fruit
    <ul>
      <li>Apples
        <ol><li>Cox</li><li>Gala</li></ol>
      </li>
      <li>Pears</li>
    </ul>
  </li>
  <li>Vegetables with <code>under_score</code> and <code>tick \` inside</code></li>
</ul>
<blockquote><p>A quoted line<br>and its second line, <strong>strong</strong> and <i>ital</i>ics.</p></blockquote>
<pre>A fence in the code:
\`\`\`
still code
\`\`\`\`</pre>
<p>An address:<br>1 High Street<br>Townsville</p>
${filler(1, 3)}
`;

describe('extractHtml Markdown: structure survives a Markdown parser', () => {
  const html = page(STRUCTURED);
  const doc = extractHtml(html, 'https://example.test/guide');

  it('parses back to the structure of the source HTML', () => {
    expect(structureOf(toHtml(doc.markdown))).toBe(structureOf(sourceArticle(html)));
  });

  it('keeps the code block verbatim with its language', () => {
    expect(toHtml(doc.markdown)).toContain(
      '<pre><code class="language-python">def area(w, h):\n    return w * h  # *not* emphasis, __dunder__ kept\nprint(area(2, 3) ** 2)\n</code></pre>',
    );
  });

  it('nests lists as tight lists, indented under their item', () => {
    expect(doc.markdown).toContain('- Fruit\n  - Apples\n    1. Cox\n    2. Gala\n  - Pears\n- Vegetables');
  });
});

describe('extractHtml Markdown: page text cannot forge structure', () => {
  const HOSTILE = [
    '# not a heading',
    '[x](javascript:alert(1))',
    '- not a list item',
    '> not a quote',
    '1. not a numbered item',
    '***',
    'Setext line',
    '===',
    '<script>alert(1)</script> and <b>raw</b> and &amp;amp; and &copy;',
    '*not emphasis* and _not emphasis_ and **not strong** and ~~not struck~~',
    '`not code` and ``not code either``',
    '[ref]: https://attacker.example/ "Title"',
    'a reference [ref] and ![image](https://attacker.example/i.png) and <https://attacker.example/>',
    '| a | b |',
    '| --- | --- |',
    'trailing backslash \\',
    '```',
  ];
  // Each hostile line is its own paragraph, and all of them again as lines of one paragraph.
  const article = `${filler(2)}${HOSTILE.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}<p>${HOSTILE.map(escapeHtml).join('<br>')}</p>${filler(1, 3)}`;
  const doc = extractHtml(page(article), 'https://example.test/hostile', { includeLinks: true });
  const rendered = toHtml(doc.markdown);

  it('renders every line as plain paragraph text', () => {
    // GFM links a bare URL in text to itself; that hides nothing from a reader and is the only markup.
    const bare = rendered.replace(/<a href="(https:[^"]*)">\1<\/a>/g, '$1');
    expect(bare).not.toMatch(/<(h[1-6]|ul|ol|li|blockquote|a|img|em|strong|del|code|pre|table|hr|script|b)\b/);
    expect(structureOf(bare)).toBe(structureOf(sourceArticle(page(article))));
  });

  it('shows exactly the text of the page', () => {
    expect(visibleText(rendered)).toBe(visibleText(sourceArticle(page(article))));
  });

  it('leaves ordinary prose as written, so quotes of it read naturally', () => {
    const prose = `<p>It costs 5 * 3 = 15 euros, uses snake_case_names, C# and ~5 km of cable; 2 < 3 & so on.</p>`;
    const plain = extractHtml(
      page(`${filler(2)}${prose}<h2>1. Introduction</h2>${filler(1, 3)}`),
      'https://example.test/p',
    );
    expect(plain.markdown).toContain(
      'It costs 5 * 3 = 15 euros, uses snake_case_names, C# and ~5 km of cable; 2 < 3 & so on.',
    );
    expect(plain.markdown).toContain('## 1. Introduction');
  });
});

describe('extractHtml Markdown: links, when asked for', () => {
  const article = `${filler(2)}<p>For the details of every step, with the measurements behind them, see <a href="/a b(c)|d">the [annotated] guide</a>, which this page summarises; ignore <a href="javascript:alert(1)">a script</a>, and write to us by <a href="mailto:x@example.test">mail</a> with any question.</p>
<h2><a href="/section">Linked heading</a></h2>${filler(1, 3)}`;
  const doc = extractHtml(page(article), 'https://example.test/dir/', { includeLinks: true });

  it('writes each safe link as one link to its own URL, and no script link', () => {
    const rendered = toHtml(doc.markdown);
    const hrefs = [...rendered.matchAll(/<a href="([^"]*)">/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      'https://example.test/a%20b%28c%29%7Cd',
      'mailto:x@example.test',
      'https://example.test/section',
    ]);
    expect(rendered).toContain('>the [annotated] guide</a>');
    expect(rendered).toContain('<h2><a href="https://example.test/section">Linked heading</a></h2>');
    expect(visibleText(rendered)).toContain(
      'see the [annotated] guide, which this page summarises; ignore a script, and write to us by mail with',
    );
  });
});

describe('extractHtml Markdown: facts laid out as label and value', () => {
  const article = `${filler(2)}
<table><caption>Specifications</caption>
  <tr><th>Weight</th><td>1,150 g</td></tr>
  <tr><th>Volume:</th><td><b>40</b> l</td></tr>
  <tr><th colspan="2">Materials</th></tr>
  <tr><td># Fabric</td><td>Recycled polyamide<br>PFC-free coating</td></tr>
</table>
<dl><dt>Colour</dt><dd>Moss green</dd><div><dt>Warranty</dt><dd>5 years</dd></div></dl>
<table><tr><th>Variety</th><th>Days to harvest</th></tr><tr><td>Sungold</td><td>57</td></tr><tr><td>Tumbler</td><td>49</td></tr></table>
<table><tr><td>Plan</td><td>Basic</td><td>5 euros</td></tr><tr><td>Pro</td><td>Everything</td><td>12 euros</td></tr></table>
${filler(1, 3)}`;
  const doc = extractHtml(page(article), 'https://example.test/specs');

  it('writes a specification table and a definition list as one "Label: value" paragraph a row, in Markdown and in the text', () => {
    const lines = [
      'Weight: 1,150 g',
      'Volume: 40 l',
      'Materials',
      '# Fabric: Recycled polyamide, PFC-free coating',
      'Colour: Moss green',
      'Warranty: 5 years',
    ];
    expect(visibleText(toHtml(doc.markdown))).toContain(['Specifications', ...lines].join(' '));
    expect(toHtml(doc.markdown)).toContain('<p>Weight: 1,150 g</p>');
    expect(toHtml(doc.markdown)).toContain('<p>Volume: <strong>40</strong> l</p>');
    expect(doc.text).toContain(['Specifications', ...lines].join('\n\n'));
  });

  it('keeps a table with a header row of column names, or with three columns, a table', () => {
    expect(doc.markdown).toContain('| Variety | Days to harvest |\n| --- | --- |\n| Sungold | 57 |');
    expect(doc.markdown).toContain('| Plan | Basic | 5 euros |');
  });
});

describe('extractHtml Markdown: specification tables as sites lay them out', () => {
  // Shapes seen in real product and paper pages: a title row whose second cell is empty, cells
  // whose text sits in a <p> inside a <div>, a spanning title row holding a heading, and rows
  // with an empty label that go on with the value above (arXiv's "Cite as:").
  const article = `${filler(2)}
<table><thead><tr><td>Specifications</td><td></td></tr></thead><tbody>
  <tr><td><div><p>Style</p></div></td><td><div><p>Over-ear, open-back</p></div></td></tr>
  <tr><td><div><p>Transducer type</p></div></td><td><div><p>Planar magnetic</p></div></td></tr>
</tbody></table>
<table><thead><tr><th colspan="2"><h3>Projector specs</h3></th></tr></thead>
  <tbody><tr><td>Price</td><td>$999</td></tr><tr><td>Technology</td><td>Laser DLP</td></tr></tbody></table>
<table summary="Additional metadata">
  <tr><td>Subjects:</td><td>Artificial Intelligence (cs.AI)</td></tr>
  <tr><td>Cite as:</td><td>arXiv:2512.16245 [cs.AI]</td></tr>
  <tr><td>&nbsp;</td><td>(or arXiv:2512.16245v1 [cs.AI] for this version)</td></tr>
</table>
<table><tr><td></td><td>Good</td></tr><tr><td>Core value</td><td>Useful</td></tr><tr><td>User experience</td><td>Easy to use</td></tr></table>
<table><tr><td><p>Battery</p><p>Charger</p></td><td>Yes</td></tr><tr><td>Other</td><td>No</td></tr></table>
${filler(1, 3)}`;
  const doc = extractHtml(page(article), 'https://example.test/specs');

  it('reads a title row with an empty second cell as the heading of the pairs under it', () => {
    expect(doc.text).toContain(
      ['Specifications', 'Style: Over-ear, open-back', 'Transducer type: Planar magnetic'].join('\n\n'),
    );
  });

  it('reads label and value cells whose text is one paragraph inside wrappers', () => {
    expect(toHtml(doc.markdown)).toContain('<p>Style: Over-ear, open-back</p>');
    expect(doc.markdown).not.toContain('| Style |');
  });

  it('reads a spanning title row that holds a heading as the heading of the pairs', () => {
    expect(doc.text).toContain(['Projector specs', 'Price: $999', 'Technology: Laser DLP'].join('\n\n'));
  });

  it('joins a row with an empty label to the value above it', () => {
    expect(doc.text).toContain(
      [
        'Subjects: Artificial Intelligence (cs.AI)',
        'Cite as: arXiv:2512.16245 [cs.AI], (or arXiv:2512.16245v1 [cs.AI] for this version)',
      ].join('\n\n'),
    );
  });

  it('keeps a table whose first row names its columns over an empty corner, or whose label cell holds paragraphs, a table', () => {
    expect(doc.markdown).toContain('|  | Good |\n| --- | --- |\n| Core value | Useful |');
    expect(doc.markdown).toContain('| Other | No |');
  });
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
