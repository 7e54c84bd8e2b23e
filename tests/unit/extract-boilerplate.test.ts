/**
 * Boilerplate around an article, one kind per test, on small hand-made pages: each must leave the
 * extracted text, while the article's own prose (which may talk about comments or related
 * work) stays.
 */
import { describe, expect, it } from 'vitest';
import { dropClosingNotes } from '../../src/main/extract/closing-notes.js';
import { findFirst, parseHtml, rawText, type Element } from '../../src/main/extract/dom.js';
import { extractHtml } from '../../src/main/extract';

const sentences = [
  'Der Stadtrat hat am Dienstag beschlossen, die alte Markthalle bis zum Herbst zu sanieren und danach wieder für Händler zu öffnen.',
  'Die Kosten von rund vier Millionen Euro teilen sich Stadt und Land, wie die Bürgermeisterin nach der Sitzung erklärte.',
  'Anwohner hatten seit Jahren gefordert, das denkmalgeschützte Gebäude zu erhalten, statt es für einen Neubau abzureißen.',
  'Die Arbeiten beginnen im Frühjahr mit dem Dach, danach folgen die Fassade, die Heizung und die Stände im Inneren.',
];
const prose = sentences.map((s) => `<p>${s}</p>`).join('\n');

/**
 * An article page. `inBody` goes inside the element that holds the article text, after the
 * prose: boilerplate there is not left out by choosing the right element, it must be recognised.
 */
function page(parts: { header?: string; inBody?: string }): string {
  return `<!doctype html><html lang="de"><head><title>Markthalle wird saniert</title></head><body>
  <main>
    <article>
      <header><h1>Markthalle wird saniert</h1>${parts.header ?? ''}</header>
      <div class="entry-content">
        ${prose}
        ${parts.inBody ?? ''}
      </div>
    </article>
  </main>
  </body></html>`;
}

const textOf = (html: string): string => extractHtml(html, 'https://zeitung.example/markthalle').text;

function expectArticleKept(text: string): void {
  for (const s of sentences) expect(text).toContain(s);
}

describe('extractHtml: boilerplate around an article', () => {
  it('keeps a section whose id is its heading’s anchor, though a word of it names boilerplate ("menu")', () => {
    const section = (heading: string, body: string): string => {
      const id = heading
        .toLowerCase()
        .replace(/[^a-z]+/g, '-')
        .replace(/^-|-$/g, '');
      return `<section id="${id}"><h2>${heading}</h2><p>${body}</p></section>`;
    };
    const html = `<!doctype html><html><head><title>Running a small restaurant</title></head><body>
      <div class="menu"><a href="/">Home</a> <a href="/blog">Blog</a> <a href="/demo">Book a demo</a></div>
      <article><h1>Running a small restaurant</h1>
        ${section('Staffing for the busy hours', 'Schedule the strongest cooks for the Friday and Saturday rush and train two people for every station, so one absence never closes the grill.')}
        ${section('Menu innovation strategies for memorable dinners', 'Change a third of the dishes with the seasons, keep the best sellers all year, and test each new dish as a weekly special before it joins the printed card.')}
        ${section('Buying from local suppliers', 'A weekly order from two nearby farms costs a little more than the wholesaler but cuts waste, since the produce lasts longer and arrives in the amounts you need.')}
      </article></body></html>`;
    const text = textOf(html);
    expect(text).toContain('Change a third of the dishes with the seasons');
    expect(text).toContain('train two people for every station');
    expect(text).not.toContain('Book a demo');
  });

  it('keeps a layout wrapper named for the content and its sidebar ("content-sidebar-wrap")', () => {
    const card = (title: string, line: string): string =>
      `<article class="entry"><a href="/r/${title.length}"><h2>${title}</h2><p>${line}</p></a></article>`;
    const html = `<!doctype html><html><head><title>Air fryer recipes</title></head><body>
      <div class="intro"><h1>Air fryer recipes</h1><p>Every recipe here was tested in two basket air fryers and comes with oven times, so you can cook it whichever way your kitchen allows tonight, with the same crisp result and less oil.</p></div>
      <div class="content-sidebar-wrap"><main class="content">
        ${card('Sticky air fryer chicken thighs', 'Crisp skin and a honey glaze in twenty minutes.')}
        ${card('Cottage cheese bagels', 'Four ingredients and high in protein.')}
        ${card('Maple salmon bites', 'Glazed cubes ready in under fifteen minutes.')}
        ${card('Crispy chickpeas', 'A crunchy snack with smoked paprika.')}
      </main><aside class="sidebar"><a href="/about">About me</a></aside></div></body></html>`;
    const text = textOf(html);
    expect(text).toContain('Every recipe here was tested');
    expect(text).toContain('Sticky air fryer chicken thighs');
    expect(text).toContain('Glazed cubes ready in under fifteen minutes');
  });

  it('keeps the text a "read more" button unfolds ("readmore-answer-text"), and drops a "read-more" link box', () => {
    const faq = (question: string, answer: string): string =>
      `<h3>${question}</h3><div class="readmore-answer-text"><p>${answer}</p></div>`;
    const html = `<!doctype html><html><head><title>Remodeling a kitchen</title></head><body><article>
      <h1>Remodeling a kitchen</h1>${prose}
      <h2>Questions</h2>
      ${faq('Is remodeling cheaper than building new?', 'Remodeling almost always costs less than building from the ground up, since the walls, roof and plumbing stay where they are.')}
      ${faq('How long does it take?', 'Timelines run from a few days for new fronts and handles to well over two months when walls move and the wiring is redone.')}
      <div class="read-more"><a href="/blog">Read more from our blog</a></div>
      </article></body></html>`;
    const text = textOf(html);
    expect(text).toContain('since the walls, roof and plumbing stay where they are');
    expect(text).toContain('when walls move and the wiring is redone');
    expect(text).not.toContain('Read more from our blog');
  });

  it('keeps a section whose id is made from its heading, though the heading names social media, and drops a block a template names so', () => {
    const text = textOf(
      page({
        inBody: `<section id="wie-die-haendler-die-social-media-nutzen-sollen">
            <h2>Wie die Händler die Social Media nutzen sollen</h2>
            <p>Die Stadt bietet den Händlern im Herbst drei kostenlose Kurse an, in denen sie lernen, ihre Stände und Angebote online zu zeigen.</p>
          </section>
          <div id="social-links-box-top"><p>Folgen Sie der Markthalle auf allen Kanälen und verpassen Sie keine Neuigkeit mehr.</p></div>`,
      }),
    );
    expectArticleKept(text);
    expect(text).toContain('drei kostenlose Kurse');
    expect(text).not.toContain('Folgen Sie der Markthalle');
  });

  it('drops a comment section with its count and reply prompt', () => {
    const text = textOf(
      page({
        inBody: `<div id="comments" class="comments-area">
          <h3 class="comments-title">3 Kommentare</h3>
          <ol class="comment-list">
            <li class="comment"><p>Endlich! Die Halle verdient es, gerettet zu werden.</p></li>
            <li class="comment"><p>Wer zahlt am Ende die Mieten der Händler?</p></li>
          </ol>
          <div id="respond"><h3>Schreibe einen Kommentar</h3></div>
        </div>`,
      }),
    );
    expectArticleKept(text);
    expect(text).not.toContain('3 Kommentare');
    expect(text).not.toContain('Endlich!');
    expect(text).not.toContain('Schreibe einen Kommentar');
  });

  it('drops a comment thread that outweighs the article, beside a body the theme names', () => {
    const comment = (i: number): string =>
      `<li class="comment"><p>Leser ${i}: Ich wohne seit dreißig Jahren neben der Halle und finde, dass die Sanierung viel zu lange gedauert hat, aber besser spät als nie, und die Händler verdienen endlich ein dichtes Dach.</p></li>`;
    const html = `<!doctype html><html><head><title>Markthalle</title></head><body>
      <div class="site"><article><div class="td-post-content">${prose}${prose}${prose}</div></article>
      <div id="comments" class="comments-area"><ol>${Array.from({ length: 20 }, (_, i) => comment(i)).join('')}</ol></div></div>
      </body></html>`;
    const text = textOf(html);
    expectArticleKept(text);
    expect(text).not.toContain('Leser 3:');
  });

  it('drops a related-posts list and the heading left above it', () => {
    const text = textOf(
      page({
        inBody: `<h3>Ähnliche Beiträge</h3>
          <ul>
            <li><a href="/a">Neuer Wochenmarkt am Rathausplatz</a></li>
            <li><a href="/b">Stadtbibliothek verlängert Öffnungszeiten</a></li>
            <li><a href="/c">Schwimmbad schließt für drei Monate</a></li>
          </ul>`,
      }),
    );
    expectArticleKept(text);
    expect(text).not.toContain('Neuer Wochenmarkt');
    expect(text).not.toContain('Ähnliche Beiträge');
  });

  it('drops a "Lesen Sie auch:" label whose teaser links were pruned', () => {
    const text = textOf(
      page({
        inBody: `<p><strong>Lesen Sie auch die folgenden Beiträge:</strong></p>
          <ul><li><a href="/x">Wie die Stadt ihre Bäder rettet</a></li><li><a href="/y">Neue Pläne für den Bahnhof</a></li></ul>`,
      }),
    );
    expectArticleKept(text);
    expect(text).not.toContain('Lesen Sie auch');
    expect(text).not.toContain('Bäder rettet');
  });

  it('drops a "Read more:" paragraph that is one teaser link, keeps a paragraph with a link in its prose', () => {
    const linked =
      'Nach Angaben des <a href="/amt">Bauamts</a> bleibt der Wochenmarkt während der Arbeiten auf dem Vorplatz der Halle.';
    const text = textOf(
      page({
        inBody: `<p>${linked}</p><p>Lesen Sie mehr: <a href="/z">Wie die Nachbarstadt ihre alte Halle umbaute</a></p>`,
      }),
    );
    expectArticleKept(text);
    expect(text).toContain('bleibt der Wochenmarkt während der Arbeiten');
    expect(text).not.toContain('Nachbarstadt');
  });

  it('drops a teaser card for another story inside the article text', () => {
    const short = sentences
      .slice(0, 3)
      .map((t) => `<p>${t}</p>`)
      .join('');
    const text = textOf(`<!doctype html><html><head><title>M</title></head><body><article><div class="entry-content">
      ${short}
      <div class="teaser teaser--inline"><a href="/bahnhof"><h3>Bahnhof: Umbau verzögert sich</h3></a><p>Die Bauarbeiten am Hauptbahnhof dauern mindestens ein weiteres Jahr, teilte die Bahn mit.</p></div>
    </div></article></body></html>`);
    expect(text).toContain(sentences[0]);
    expect(text).not.toContain('Umbau verzögert sich');
    expect(text).not.toContain('mindestens ein weiteres Jahr');
  });

  it('drops a share widget', () => {
    const text = textOf(
      page({
        inBody: `<div class="social-share"><p>Artikel teilen: Empfehlen Sie diesen Beitrag Ihren Freunden und Bekannten weiter.</p><a href="https://facebook.com/sharer">Facebook</a></div>`,
      }),
    );
    expectArticleKept(text);
    expect(text).not.toContain('Artikel teilen');
  });

  it('drops an author box', () => {
    const text = textOf(
      page({
        inBody: `<div class="author-box"><h4>Über die Autorin</h4><p>Eva Muster schreibt seit 2010 über Stadtentwicklung und Verkehr für unsere Zeitung.</p></div>`,
      }),
    );
    expectArticleKept(text);
    expect(text).not.toContain('Eva Muster schreibt');
  });

  it('drops a cookie notice', () => {
    const text = textOf(
      page({
        inBody: `<div class="cookie-notice"><p>Wir verwenden Cookies, um Inhalte zu personalisieren und Zugriffe zu analysieren. Mit „Akzeptieren“ stimmen Sie zu.</p></div>`,
      }),
    );
    expectArticleKept(text);
    expect(text).not.toContain('Wir verwenden Cookies');
  });

  it('drops picture captions, credits and the date line', () => {
    const text = textOf(
      page({
        inBody: `<div class="dateline">Veröffentlicht am <time datetime="2024-03-05">05.03.2024</time></div><div class="article__caption">Die Markthalle im Winter. Foto: Archiv</div><p class="photo-credit">Bild: Stadtarchiv</p>`,
      }),
    );
    expectArticleKept(text);
    expect(text).not.toContain('05.03.2024');
    expect(text).not.toContain('Foto: Archiv');
  });

  it('drops a block its heading announces as related reading, though its teasers carry text', () => {
    const between = 'Der Denkmalschutz hat dem Plan bereits zugestimmt, auch die Händler sind einverstanden.';
    const next = 'Wie es weitergeht, entscheidet der Bauausschuss im Mai nach einer Anhörung der Händler.';
    const teaser = (title: string, summary: string): string =>
      `<li><a href="/${title.length}">${title}</a><p>${summary}</p></li>`;
    const text = textOf(
      page({
        inBody: `<div><p><strong>À lire aussi</strong></p><a href="/z">Les halles de Lyon rouvrent après travaux</a><p>Un an de chantier, de nouveaux commerçants et des horaires plus longs le dimanche matin.</p></div>
        <p>${between}</p>
        <h3>Ähnliche Beiträge</h3><ul>
          ${teaser('Neue Markthalle in Köln nach zwei Jahren Umbau eröffnet', 'Händler sind zufrieden, die Mieten für die Stände bleiben gleich.')}
          ${teaser('Wochenmarkt zieht vorübergehend auf den Domplatz um', 'Ab März für ein Jahr, danach kehrt er in die Altstadt zurück.')}
        </ul>
        <h3>Wie geht es weiter?</h3><p>${next}</p>`,
      }),
    );
    expectArticleKept(text);
    expect(text).toContain(between);
    expect(text).toContain(next);
    for (const gone of [
      'Ähnliche Beiträge',
      'Neue Markthalle in Köln',
      'Händler sind zufrieden',
      'À lire aussi',
      'Les halles de Lyon',
      'Un an de chantier',
    ])
      expect(text).not.toContain(gone);
  });

  it('drops the heading of a related block on a page whose other teasers outweigh the prose', () => {
    const cards = (prefix: string): string =>
      Array.from(
        { length: 4 },
        (_, i) =>
          `<li><a href="/${prefix}/${i}"><h4>${prefix} ${i}</h4><p>Händler, Mieten und Öffnungszeiten: was sich nach dem Umbau der Halle Nummer ${i} ändert.</p></a></li>`,
      ).join('');
    const text = textOf(
      page({
        inBody: `<div class="bottom"><div><h3>Das könnte Sie auch interessieren</h3><ul>${cards('Markt')}</ul></div>
          <div><h3>Aus den Regionen</h3><ul>${cards('Region')}</ul></div></div>`,
      }),
    );
    expectArticleKept(text);
    expect(text).not.toContain('Das könnte Sie auch interessieren');
  });

  it('drops a reply form with its heading and note, whatever the template calls it', () => {
    const text = textOf(
      page({
        inBody: `<div class="box"><h3>Ihre Meinung ist gefragt</h3>
          <form action="/senden" method="post"><p>Ihre Adresse wird nicht veröffentlicht.</p>
          <label>Name</label><input name="n"><textarea name="t"></textarea><button>Senden</button></form></div>`,
      }),
    );
    expectArticleKept(text);
    expect(text).not.toContain('Ihre Meinung ist gefragt');
    expect(text).not.toContain('Ihre Adresse wird nicht veröffentlicht');
  });

  it('drops a contact form asking for a phone number, with its heading and consent small print', () => {
    const consent =
      'Mit dem Absenden willigen Sie ein, dass die Stadtwerke Sie unter der angegebenen Telefonnummer zu Angeboten rund um die Markthalle anrufen und Ihnen E-Mails senden dürfen; die Einwilligung können Sie jederzeit widerrufen.';
    const text = textOf(
      page({
        inBody: `<div class="cta"><h3>Jetzt einen Stand reservieren</h3><p>Rufen Sie uns an oder lassen Sie sich zurückrufen.</p>
          <form action="/rueckruf" method="post"><label>Name</label><input name="n"><label>Telefon</label><input type="tel" name="t">
          <select name="land"><option>Deutschland</option><option>Österreich</option></select>
          <p>${consent}</p><button>Rückruf anfordern</button></form></div>`,
      }),
    );
    expectArticleKept(text);
    expect(text).not.toContain('Jetzt einen Stand reservieren');
    expect(text).not.toContain('zurückrufen');
    expect(text).not.toContain('Einwilligung');
  });

  it('drops picture credits and advert labels printed as lines of their own, keeps code and credits naming a source site', () => {
    const text = textOf(
      page({
        inBody: `<p>Die Halle im Jahr 1950, Foto: Stadtarchiv</p><div><span>- Anzeige -</span></div><div class="box"><h3>Advertisement</h3></div><p><em>Titelbild:</em> Anna Beispiel</p>
          <p>Photo credit: www.markthallen.example</p><pre><code>image: nginx:1.27</code></pre>`,
      }),
    );
    expectArticleKept(text);
    expect(text).not.toContain('Stadtarchiv');
    expect(text).not.toContain('Anna Beispiel');
    expect(text).not.toContain('Anzeige');
    expect(text).not.toContain('Advertisement');
    expect(text).toContain('Photo credit: www.markthallen.example');
    expect(text).toContain('image: nginx:1.27');
  });

  it('drops the appeal that closes an article: subscribe, donate, follow, in any language, with the lines between', () => {
    const text = textOf(
      page({
        inBody: `<p>Subscribe now to our print edition for the full story.</p>
          <div class="note"><p>Unabhängiger Journalismus kostet Geld.</p>
          <p>Jede kleine Spende hilft uns, weiter über die Stadt zu berichten.</p></div>
          <p>Follow The Courier on Twitter and Instagram @Courier.</p>`,
      }),
    );
    expectArticleKept(text);
    expect(text).not.toContain('Journalismus kostet Geld');
    expect(text).not.toContain('Jede kleine Spende');
    expect(text).not.toContain('Subscribe now');
    expect(text).not.toContain('Follow The Courier');
  });

  it('explains which step removed what: the closing appeal is the closing-notes step, the prose is kept', () => {
    const html = page({ inBody: `<p>Subscribe now to our print edition for the full story.</p>` });
    const trace: { step: string; removedChars: number }[] = [];
    const { text } = extractHtml(html, 'https://zeitung.example/markthalle', { explain: (entry) => trace.push(entry) });
    expect(trace.map((entry) => entry.step)).toContain('related sections');
    const removed: Record<string, number> = {};
    for (const entry of trace) removed[entry.step] = (removed[entry.step] ?? 0) + entry.removedChars;
    expect(removed['closing notes']).toBe('Subscribenowtoourprinteditionforthefullstory.'.length);
    expect(Object.values(removed).reduce((a, b) => a + b, 0)).toBe(removed['closing notes']);
    expect(text).toBe(extractHtml(html, 'https://zeitung.example/markthalle').text);
  });

  it('drops the notices that close a post: rights notice, disclaimer, metadata lines, the link back to the list', () => {
    const text = textOf(
      page({
        inBody: `<p>© 2024 Stadtanzeiger. Alle Rechte vorbehalten.</p>
          <div><strong>Von:</strong><br>Anna Beispiel</div>
          <p>Aufrufe: 1120 | Hinzugefügt von: Posh | Tags: Stadt, Markt</p>
          <p>The Courier is not responsible for the opinions of contributors.</p>
          <p><a href="/news">zurück zur Listenansicht</a></p>`,
      }),
    );
    expectArticleKept(text);
    for (const gone of ['Alle Rechte vorbehalten', 'Anna Beispiel', 'Aufrufe', 'not responsible', 'Listenansicht'])
      expect(text).not.toContain(gone);
  });

  it('reads the closing notes of a post laid out in table cells row by row', () => {
    // The content an old template's layout table holds, as main-content selection hands it on.
    const doc = parseHtml(`<td><table class="entry"><tr><td>${prose}</td></tr>
      <tr><td>Aufrufe: 1120 | Hinzugefügt von: Posh</td></tr></table>
      <table><tr><td>Kommentare insgesamt: 0</td></tr></table></td>`);
    const cell = findFirst(doc, (el) => el.name === 'td') as Element;
    dropClosingNotes(cell);
    const text = rawText(cell);
    expectArticleKept(text);
    expect(text).not.toContain('Aufrufe');
    expect(text).not.toContain('Kommentare insgesamt');
  });

  it('drops a heading left at the end of a dated page whose template marks no article', () => {
    const html = `<!doctype html><html><head><title>Markthalle</title>
      <meta property="article:published_time" content="2024-03-05T08:00:00Z"></head><body>
      <div class="main"><h1>Markthalle wird saniert</h1>${prose}<h2>Auch auf stadt.example</h2></div>
      </body></html>`;
    const text = textOf(html);
    expectArticleKept(text);
    expect(text).not.toContain('Auch auf stadt.example');
  });

  it('puts the lead printed in the article header before the body text', () => {
    const lead = 'Nach jahrelangem Streit ist die Entscheidung gefallen: Die Markthalle bleibt stehen.';
    const text = textOf(page({ header: `<p class="article-lead">${lead}</p>` }));
    expectArticleKept(text);
    expect(text).toContain(lead);
    expect(text.indexOf(lead)).toBeLessThan(text.indexOf(sentences[0] as string));
  });
});

describe('extractHtml: article text that only sounds like boilerplate', () => {
  it('keeps prose about comments and related work, and a heading with text under it', () => {
    const aboutComments =
      'In the comments on the draft, many residents asked for related measures such as more bicycle parking near the hall.';
    const closing =
      'The related plans for the square will be published in spring, together with the comments received.';
    const html = `<!doctype html><html><head><title>Hall</title></head><body><article><div class="entry-content">
      ${prose}
      <p>${aboutComments}</p>
      <h2>Related work and comments</h2>
      <p>${closing}</p>
    </div></article></body></html>`;
    const text = textOf(html);
    expectArticleKept(text);
    expect(text).toContain(aboutComments);
    expect(text).toContain('Related work and comments');
    expect(text).toContain(closing);
  });

  it('keeps teaser sections headed "Latest news" on a page made of such sections', () => {
    const section = (heading: string, n: number): string =>
      `<section><h2>${heading}</h2><ul>${Array.from({ length: 4 }, (_, i) => `<li><a href="/${heading.length}/${i}">Story ${n}.${i}: the council votes on the market hall budget</a></li>`).join('')}</ul></section>`;
    const html = `<!doctype html><html><head><title>News</title></head><body><main>
      ${section('Latest news', 1)}${section('Most read', 2)}${section('Local politics', 3)}
    </main></body></html>`;
    const text = textOf(html);
    expect(text).toContain('Latest news');
    expect(text).toContain('Story 1.3: the council votes');
    expect(text).toContain('Story 2.0: the council votes');
  });

  it('reads a utility class by its utility, not its variant: print:break-inside-avoid paragraphs stay, a print:hidden ad goes', () => {
    const paragraphs = sentences
      .map((s) => `<p class="mx-auto max-w-3xl print:break-inside-avoid lg:text-start">${s}</p>`)
      .join('');
    const html = `<!doctype html><html><head><title>Markthalle</title></head><body>
      <div class="flex flex-col site-header:min-h-[calc(100vh-64px)]"><main class="flex-1">
        <h1>Markthalle wird saniert</h1>${paragraphs}
        <div class="flex print:hidden justify-center"><span>Anzeige</span></div>
      </main></div></body></html>`;
    const text = textOf(html);
    expectArticleKept(text);
    expect(text).not.toContain('Anzeige');
    expect(text).not.toContain('Advertisement');
  });

  it('keeps an appeal amid the prose, a last paragraph about subscriptions, and a page that is all appeal', () => {
    const amid = 'Der Förderverein bittet: Spenden Sie für die neuen Stände, jede kleine Spende hilft.';
    const topic =
      'Wer die Zeitung abonniert hat, erhält den Bericht zum Umbau als Beilage in seiner Subscription-Ausgabe.';
    const article = textOf(
      page({
        inBody: `<p>${amid}</p><p>Die Eröffnung ist für den Herbst geplant, mit einem Fest für alle Händler.</p><p>${topic}</p>`,
      }),
    );
    expectArticleKept(article);
    expect(article).toContain(amid);
    expect(article).toContain(topic);
    const appeal = [
      'Die Markthalle braucht dich: Unterstütze den Förderverein mit einer Spende, damit die Stände bald wieder öffnen.',
      'Jetzt spenden: Jeder Betrag zählt, vom kleinen Beitrag bis zur Patenschaft für einen ganzen Stand in der Halle.',
      'Werden Sie Mitglied im Förderverein und erhalten Sie Einladungen zu allen Festen in der sanierten Markthalle.',
    ];
    const donationPage = textOf(
      `<!doctype html><html><head><title>Spenden</title></head><body><main><h1>Spenden</h1>${appeal.map((p) => `<p>${p}</p>`).join('')}</main></body></html>`,
    );
    for (const p of appeal) expect(donationPage).toContain(p);
  });

  it('keeps a grid of offers each named "promo" that the page lists, and drops a lone promo banner in an article', () => {
    const offers = [
      ['Bathroom renovation', 'We strip the old room, renew pipes and tiles and fit the new suite within three weeks.'],
      ['Boiler service', 'A yearly check of burner, seals and pressure keeps the warranty and lowers the gas bill.'],
      ['Leak repair', 'Our team finds hidden leaks with thermal cameras and fixes them without opening whole walls.'],
    ];
    const grid = offers.map(([name, text]) => `<div class="promo-card"><h3>${name}</h3><p>${text}</p></div>`).join('');
    const html = `<!doctype html><html><head><title>Plumbing services</title></head><body><main><div class="page">
      <h1>Plumbing services</h1>${prose}
      <div class="grid">${grid}</div>
    </div></main></body></html>`;
    const services = textOf(html);
    expectArticleKept(services);
    for (const [name, text] of offers) {
      expect(services).toContain(name);
      expect(services).toContain(text);
    }
    const banner = 'Nur diese Woche: zwei Monate Zeitung lesen für einen Euro, jederzeit kündbar.';
    const article = textOf(page({ inBody: `<div class="promo-banner"><p>${banner}</p></div>` }));
    expectArticleKept(article);
    expect(article).not.toContain(banner);
  });

  it('keeps a call to action that ends a service page', () => {
    const html = `<!doctype html><html><head><title>Plumbing</title></head><body><main><div class="page">
      ${prose}
      <h2>Book your free inspection today!</h2>
    </div></main></body></html>`;
    expect(textOf(html)).toContain('Book your free inspection today!');
  });
});

describe('extractHtml: boilerplate around forum posts', () => {
  it('drops the signature under each forum post, however the template spells it, and keeps a post about signatures', () => {
    const post = (who: string, body: string, sig: string): string =>
      `<div class="post"><div class="author">${who}</div><div class="post-body">${body}</div>${sig}</div>`;
    const html = `<!doctype html><html><head><title>Cold start of a 1998 diesel</title></head><body><main>
      <h1>Cold start of a 1998 diesel</h1>
      ${post('henk', '<p>Below minus five my diesel needs a dozen turns before it catches. The glow plugs are new. What else should I check before the winter gets worse?</p>', '<div class="post-signature">Henk — 1998 Passat TDI, 412,000 km and counting</div>')}
      ${post('ines', '<p>Check the glow plug relay and the fuse beside it; new plugs do nothing if the relay sticks. A weak battery also slows the starter enough to keep it from firing.</p>', '<div class="ipsEntry__signature">Ines | Volunteer moderator | Please read the forum rules before posting</div>')}
      ${post('henk', '<p>It was the relay. Replaced it for twenty euros and it starts on the first turn now. I also added a signature line to my letters to the garage, which made them reply faster.</p>', '<blockquote class="signature">Henk — 1998 Passat TDI, 412,000 km and counting</blockquote>')}
    </main></body></html>`;
    const text = textOf(html);
    expect(text).toContain('What else should I check');
    expect(text).toContain('Check the glow plug relay');
    expect(text).toContain('I also added a signature line to my letters');
    expect(text).not.toContain('412,000 km');
    expect(text).not.toContain('Volunteer moderator');
  });

  it('drops the title and details printed beside each poster’s name, and keeps a post about titles', () => {
    const post = (who: string, title: string, extras: string, body: string): string =>
      `<div class="post"><div class="author"><a href="/members/${who}">${who}</a><h5 class="userTitle">${title}</h5>
        <div class="message-userExtras">${extras}</div></div><div class="post-body">${body}</div></div>`;
    const html = `<!doctype html><html><head><title>Is 256 GB enough for a work phone?</title></head><body><main>
      <h1>Is 256 GB enough for a work phone?</h1>
      ${post('chrishall', 'Editorial Contributor', 'Joined Mar 2, 2019 · Location Leeds', '<p>My company phone has 256 GB and it is half full after a year of photos and offline maps. Should I ask for the larger model when it is replaced next spring?</p>')}
      ${post('lgans', 'Distinguished Member', 'Joined Jan 9, 2007 · Location Pune', '<p>Half full after a year means it lasts two more years at the same rate, longer if the photos go to the cloud. Keep the smaller one.</p>')}
      ${post('macros', 'Prominent Member', 'Joined Nov 30, 2015', '<p>Ask for the larger one: the forum gave me the title Distinguished Member before I learned that phones always fill up.</p>')}
    </main></body></html>`;
    const text = textOf(html);
    expect(text).toContain('Should I ask for the larger model');
    expect(text).toContain('Keep the smaller one');
    expect(text).toContain('the forum gave me the title Distinguished Member');
    expect(text).not.toContain('Editorial Contributor');
    expect(text).not.toContain('Prominent Member');
    expect(text).not.toContain('Location Leeds');
  });
});
