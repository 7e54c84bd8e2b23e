import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../src/main/extract';

const prose = (topic: string, n = 3): string =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>Paragraph ${i + 1} about ${topic} explains, in plain and careful sentences, why the subject matters to readers, what the evidence shows, and which questions remain open for further study.</p>`,
  ).join('\n');

function articlePage(extra: { comments?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
  <title>Growing Tomatoes Indoors | Garden Weekly</title>
  <meta property="og:site_name" content="Garden Weekly">
  <meta property="og:title" content="Growing Tomatoes Indoors">
  <link rel="canonical" href="/guides/tomatoes">
  <script type="application/ld+json">
    {"@context":"https://schema.org","@type":"NewsArticle","headline":"Growing Tomatoes Indoors",
     "author":{"@type":"Person","name":"Ada Gardener"},"datePublished":"2024-03-05T10:00:00Z",
     "publisher":{"@type":"Organization","name":"Garden Weekly Ltd"}}
  </script>
  <style>.x{color:red}</style>
</head>
<body>
  <div id="cookie-consent">We use cookies to improve your experience. Accept all cookies?</div>
  <header class="site-header"><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/shop">Shop</a></nav></header>
  <div class="layout">
    <main>
      <article>
        <h1>Growing Tomatoes Indoors</h1>
        <div class="share-bar"><a href="https://twitter.com/share">Share on Twitter</a> <a href="https://facebook.com/share">Share on Facebook</a></div>
        <div class="entry-content">
          ${prose('light')}
          <h2>What you need</h2>
          <ul><li>A sunny <a href="/windows">south-facing window</a></li><li>Seed compost</li><li>Cherry tomato seeds</li></ul>
          <ol><li>Sow the seeds</li><li>Water gently</li></ol>
          <table>
            <thead><tr><th>Variety</th><th>Days to harvest</th></tr></thead>
            <tbody><tr><td>Sungold</td><td>57</td></tr><tr><td>Tumbler</td><td>49</td></tr></tbody>
          </table>
          <pre><code class="language-python">def water(plant):
    plant.moisture += 1</code></pre>
          ${prose('watering', 2)}
        </div>
      </article>
      <section class="related-posts"><h3>Related</h3><ul><li><a href="/a">Ten easy herbs for beginners to grow on the windowsill</a></li><li><a href="/b">Why your basil keeps dying and how to save it</a></li></ul></section>
      ${
        extra.comments === false
          ? ''
          : `<section id="comments" class="comments-area"><h3>2 comments</h3>
        <div class="comment"><p>Reader Bob: My tomatoes loved this, thank you for the clear guide.</p></div>
        <div class="comment"><p>Reader Eve: Which compost brand do you recommend for seedlings?</p></div></section>`
      }
    </main>
    <aside class="sidebar"><h3>Popular</h3><p>Subscribe to our newsletter for weekly tips.</p></aside>
  </div>
  <footer><p>© 2024 Garden Weekly. All rights reserved.</p><a href="/privacy">Privacy</a></footer>
</body>
</html>`;
}

describe('extractHtml: content as markdown', () => {
  const doc = extractHtml(articlePage(), 'https://garden.example/guides/tomatoes?ref=x');

  it('keeps the article prose and structure', () => {
    expect(doc.markdown).toContain('Paragraph 1 about light explains');
    expect(doc.markdown).toContain('## What you need');
    expect(doc.markdown).toMatch(/^- A sunny south-facing window$/m);
    expect(doc.markdown).toMatch(/^1\. Sow the seeds\n2\. Water gently$/m);
    expect(doc.markdown).toContain('| Variety | Days to harvest |\n| --- | --- |\n| Sungold | 57 |\n| Tumbler | 49 |');
    expect(doc.markdown).toContain('```python\ndef water(plant):\n    plant.moisture += 1\n```');
    expect(doc.markdown).toContain('Paragraph 2 about watering');
  });

  it('reports the title apart instead of repeating it in the body', () => {
    expect(doc.title).toBe('Growing Tomatoes Indoors');
    expect(doc.markdown).not.toContain('# Growing Tomatoes Indoors');
  });

  it('drops navigation, cookie banner, share bar, related links, sidebar, footer and comments', () => {
    for (const boilerplate of [
      'Accept all cookies',
      'Shop',
      'Share on Twitter',
      'Ten easy herbs',
      'newsletter',
      'All rights reserved',
      'Reader Bob',
    ]) {
      expect(doc.markdown).not.toContain(boilerplate);
      expect(doc.text).not.toContain(boilerplate);
    }
  });

  it('gives plain text without markdown syntax or list numbers, and counts its words', () => {
    expect(doc.text).toContain('What you need');
    expect(doc.text).not.toMatch(/[#|`*]/);
    expect(doc.text).not.toMatch(/^1\. /m);
    expect(doc.text).toContain('Sow the seeds');
    expect(doc.wordCount).toBe(doc.text.match(/[\p{L}\p{N}_]+(?:['’-][\p{L}\p{N}_]+)*/gu)?.length);
    expect(doc.wordCount).toBe(171);
  });

  it('reads metadata from JSON-LD, OpenGraph and the document', () => {
    expect(doc.byline).toBe('Ada Gardener');
    expect(doc.publishedAt).toBe('2024-03-05T10:00:00.000Z');
    expect(doc.siteName).toBe('Garden Weekly');
    expect(doc.lang).toBe('en-GB');
    expect(doc.canonicalUrl).toBe('https://garden.example/guides/tomatoes');
  });
});

describe('extractHtml: options', () => {
  it('writes links only when asked, resolved against the page URL', () => {
    const plain = extractHtml(articlePage(), 'https://garden.example/guides/tomatoes');
    expect(plain.markdown).not.toContain('](');
    const linked = extractHtml(articlePage(), 'https://garden.example/guides/tomatoes', { includeLinks: true });
    expect(linked.markdown).toContain('[south-facing window](https://garden.example/windows)');
    expect(linked.text).not.toContain('https://');
  });

  it('keeps comments only when asked', () => {
    const without = extractHtml(articlePage(), 'https://garden.example/t');
    expect(without.text).not.toContain('Which compost brand');
    const withComments = extractHtml(articlePage(), 'https://garden.example/t', { includeComments: true });
    expect(withComments.text).toContain('Which compost brand');
    expect(withComments.text).toContain('Paragraph 1 about light');
  });
});

describe('extractHtml: pages that are not single articles', () => {
  it('keeps every post of a forum thread whose posts are named "comment"', () => {
    const posts = Array.from(
      { length: 5 },
      (_, i) =>
        `<div class="comment post"><span class="user">user${i}</span><div class="comment-body"><p>Post ${i}: I tried the firmware update on my router and the wifi drops every few minutes since then, any ideas?</p></div></div>`,
    ).join('\n');
    const html = `<html><body><nav><a href="/">Forum home</a><a href="/latest">Latest</a></nav><h1>Router drops wifi</h1><div class="thread">${posts}</div></body></html>`;
    const doc = extractHtml(html, 'https://forum.example/t/1');
    for (let i = 0; i < 5; i++) expect(doc.text).toContain(`Post ${i}: I tried`);
    expect(doc.text).not.toContain('Forum home');
  });

  it('keeps all sections of a page whose content is spread over siblings', () => {
    const sections = ['Fast setup', 'Fair pricing', 'Friendly support']
      .map((name) => `<section><h2>${name}</h2>${prose(name.toLowerCase(), 1)}</section>`)
      .join('\n');
    const html = `<html><body><header><nav><a href="/">Home</a><a href="/pricing">Pricing</a></nav></header><div class="page">${sections}</div><footer>Contact us</footer></body></html>`;
    const doc = extractHtml(html, 'https://saas.example/');
    expect(doc.markdown).toContain('## Fast setup');
    expect(doc.markdown).toContain('## Fair pricing');
    expect(doc.markdown).toContain('## Friendly support');
    expect(doc.text).not.toContain('Contact us');
  });

  it('reads the <noscript> copy of a page that is otherwise a script shell', () => {
    const html = `<html><body><div id="app">Loading…</div><noscript><div role="main"><h1>Thread</h1>${prose('the noscript copy', 3)}</div></noscript></body></html>`;
    const doc = extractHtml(html, 'https://forum.example/t/2');
    expect(doc.text).toContain('Paragraph 3 about the noscript copy');
  });

  it('keeps the link lists of a page that is a list of links (an index), where pruning would leave only its intro', () => {
    const names = [
      'Ada',
      'ALGOL',
      'APL',
      'Basic',
      'COBOL',
      'Fortran',
      'Haskell',
      'Lisp',
      'Pascal',
      'Prolog',
      'Rust',
      'Scheme',
    ];
    const list = (letter: string): string =>
      `<h2>${letter}</h2><ul>${names.map((n) => `<li><a href="/wiki/${n}">${n} ${letter}</a></li>`).join('')}</ul>`;
    const html = `<html><body><main><h1>List of languages</h1><p>This is an index of programming languages, grouped by the letter their name starts with. It lists languages of every kind: compiled and interpreted, general purpose and domain specific, historical and current, each linked to its own article with its history, design and uses.</p>${['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'].map(list).join('')}</main></body></html>`;
    const text = extractHtml(html, 'https://wiki.example/List').text;
    expect(text).toContain('Prolog C');
    expect(text).toContain('Rust J');
  });

  it('reads the <noscript> copy beside a script shell whose JSON state outweighs it, but not a "enable JavaScript" notice', () => {
    const state = `<script>window.__STATE__ = ${JSON.stringify({ posts: Array.from({ length: 200 }, (_, i) => `post ${i} `.repeat(20)) })}</script>`;
    const splash = `<div id="splash">${prose('the loading splash', 2)}</div>`;
    const html = `<html><body>${state}${splash}<noscript><div id="main-outlet">${prose('the crawler view', 3)}</div></noscript></body></html>`;
    expect(extractHtml(html, 'https://forum.example/t/4').text).toContain('Paragraph 3 about the crawler view');
    const shell = `<html><body>${state}<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript></body></html>`;
    expect(extractHtml(shell, 'https://shop.example/').text).toBe('');
  });

  it('keeps an <aside> or <fieldset> that holds the whole page, and React\'s parked <div hidden id="S:1f">', () => {
    const aside = `<html><body><nav><a href="/">Home</a></nav><aside class="announcement">${prose('the aside page', 3)}</aside></body></html>`;
    expect(extractHtml(aside, 'https://a.example/').text).toContain('Paragraph 3 about the aside page');
    const form = `<html><body><form><fieldset><legend>Apply</legend>${prose('the form page', 3)}</fieldset></form></body></html>`;
    expect(extractHtml(form, 'https://f.example/').text).toContain('Paragraph 3 about the form page');
    const parked = `<html><body><div id="root">${prose('the shell', 2)}</div><div hidden id="S:1f">${prose('the streamed part', 3)}</div></body></html>`;
    expect(extractHtml(parked, 'https://r.example/').text).toContain('Paragraph 3 about the streamed part');
  });

  it('keeps a grid named like boilerplate ("related-products") when the page holds nothing else', () => {
    const card = (name: string, line: string, price: string): string =>
      `<div class="c"><a href="/p/${name}"><h3>${name}</h3><p>${line}</p><span>${price}</span></a></div>`;
    // The dealer line, printed for wide and narrow screens, outweighs the grid's link text.
    const dealer = '<p>Find a dealer near you to book a free demonstration on your lawn.</p>';
    const html = `<!doctype html><html><head><title>Robotic lawn mowers</title></head><body>
      <nav><a href="/">Home</a> <a href="/mowers">Mowers</a></nav>
      <main><h1>Robotic lawn mowers</h1><div class="d">${dealer}</div><div class="m">${dealer}</div>
        <section class="related-products">
          ${card('RX161', 'Quarter-acre robotic lawn mower with satellite positioning', '$ 2,099.99')}
          ${card('RX172', 'Half-acre robotic lawn mower with satellite positioning', '$ 2,499.99')}
          ${card('RX173', 'Three-quarter-acre robotic lawn mower with obstacle avoidance', '$ 2,999.99')}
          ${card('RX233', 'Three-acre robotic lawn mower with obstacle avoidance', '$ 8,499.99')}
        </section></main></body></html>`;
    const text = extractHtml(html, 'https://shop.example/c/robotic-lawn-mowers').text;
    expect(text).toContain('Half-acre robotic lawn mower with satellite positioning');
    expect(text).toContain('Three-acre robotic lawn mower with obstacle avoidance');
    // Beside an article the same block is still pruned.
    const article = extractHtml(
      html.replace(
        '<h1>Robotic lawn mowers</h1>',
        `<h1>Robotic lawn mowers</h1><div class="story">${'<p>A robotic mower cuts a little every day, so the clippings stay short and feed the lawn instead of smothering it.</p>'.repeat(4)}</div>`,
      ),
      'https://shop.example/guide/robotic-lawn-mowers',
    ).text;
    expect(article).toContain('feed the lawn');
    expect(article).not.toContain('Half-acre robotic lawn mower');
  });

  it('returns empty content, not an error, for a page without a body of text', () => {
    const doc = extractHtml(
      '<html><head><title>Empty</title></head><body><script>go()</script></body></html>',
      'https://x.example/',
    );
    expect(doc.title).toBe('Empty');
    expect(doc.text).toBe('');
    expect(doc.wordCount).toBe(0);
  });
});

describe('extractHtml: hostile markup', () => {
  it('reads the text after a stray </html>, as a browser puts it in <body>', () => {
    const html = `<!doctype html><html><head><title>Stray</title></head><body><header>Site</header></body></html>
      <div class="post">${prose('the stray close', 3)}</div><footer>Footer</footer>`;
    expect(extractHtml(html, 'https://stray.example/').text).toContain('Paragraph 3 about the stray close');
  });

  it('reads on after an unclosed <![CDATA[ in the markup, as a browser does, and leaves scripts alone', () => {
    const html = `<html><head><title>Forum</title><script>//<![CDATA[\nvar a = "<p>";\n//]]></script></head><body>
      <![CDATA[\n<div id="top"></div><main>${prose('the forum thread', 3)}</main></body></html>`;
    const doc = extractHtml(html, 'https://forum.example/t/3');
    expect(doc.text).toContain('Paragraph 3 about the forum thread');
    expect(doc.text).not.toContain('var a');
  });

  it('reads the page body when a second <html><body> was pasted into the head', () => {
    const html = `<!doctype html><html><head><title>Pasted</title><style>a{}</style>
      <!DOCTYPE html><html><head></head><body><script>x()</script></body></html>
      </head><body><main>${prose('the real body', 3)}</main></body></html>`;
    expect(extractHtml(html, 'https://pasted.example/').text).toContain('Paragraph 3 about the real body');
  });

  it('degrades to the flat text of the page when nesting is too deep to walk', () => {
    const depth = 20_000;
    const html = `<html><head><title>Deep</title></head><body>${'<div>'.repeat(depth)}<p>Text at the bottom of the well.</p>${'</div>'.repeat(depth)}</body></html>`;
    const doc = extractHtml(html, 'https://deep.example/');
    expect(doc.text).toContain('Text at the bottom of the well.');
    expect(doc.title).toBe('Deep');
  });
});
