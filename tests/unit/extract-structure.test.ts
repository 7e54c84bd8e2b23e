/**
 * Page structures other than an article, and boilerplate known by its structure, on small
 * hand-made pages. Class names here are neutral ("x1", "box") on purpose: what is kept or dropped
 * must follow from the structure (repeated posts, label/value rows, a form asking for an e-mail,
 * links to social sites, a citation pattern), in any language, never from a template's names.
 */
import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../src/main/extract';

const textOf = (html: string, url = 'https://site.example/page'): string => extractHtml(html, url).text;

const sentences = [
  'The council voted on Tuesday to restore the old market hall by the autumn and to reopen it to traders afterwards.',
  'The cost of about four million euros is shared by the city and the region, the mayor said after the meeting.',
  'Residents had asked for years that the listed building be kept instead of being torn down for a new one.',
  'Work starts in spring with the roof, followed by the facade, the heating and the stalls inside the hall.',
];
const prose = sentences.map((s) => `<p>${s}</p>`).join('\n');

function article(inBody: string, opts: { before?: string } = {}): string {
  return `<!doctype html><html><head><title>Market hall restored</title></head><body>
  <div class="x0"><div class="x1">
    <h1>Market hall restored</h1>
    ${opts.before ?? ''}
    <div class="x2">${prose}${inBody}</div>
  </div></div></body></html>`;
}

describe('extractHtml: structure of non-article pages', () => {
  it('keeps every reply of a forum thread whose first post alone is an <article>', () => {
    const reply = (who: string, body: string): string =>
      `<div class="r1"><div class="r2"><span class="u">${who}</span> <span class="d">12 March 2025</span></div><div class="r3"><p>${body}</p></div></div>`;
    const html = `<!doctype html><html><head><title>Sourdough starter smells of acetone</title></head><body>
      <div class="board"><h1>Sourdough starter smells of acetone</h1>
        <article class="r1"><div class="r2"><span class="u">breadfan</span> <span class="d">11 March 2025</span></div>
          <div class="r3"><p>My starter is two weeks old and since yesterday it smells strongly of acetone after every feeding, although it still rises well. Should I throw it away and start again, or is there a way to save it?</p>
          <p>I feed it once a day with equal weights of white flour and water and keep it on the kitchen counter next to the oven, where it is quite warm in the evening. It doubles in about four hours and then falls back, and the smell is strongest the next morning just before the feed.</p>
          <p>There is no mould and no pink or orange colour anywhere on it, only a thin layer of grey liquid on top that I stir back in before feeding. I have read very different advice about that liquid, from pouring it off to always mixing it in.</p></div></article>
        ${reply('millerjane', 'An acetone smell means the starter is hungry: the yeast has eaten all the flour and is making solvents. Feed it twice a day at a higher ratio, one part starter to five parts flour and water, and the smell goes within a few days.')}
        ${reply('crumbshot', 'Same happened to mine in a warm kitchen last summer. Moving the jar to a cooler shelf and using some rye flour in every feed sorted it out in less than a week, no need to start over.')}
        ${reply('breadfan', 'Thank you both, I fed it one to five this morning with a spoon of rye and it already smells of yoghurt again instead of nail polish remover.')}
      </div></body></html>`;
    const text = textOf(html);
    expect(text).toContain('My starter is two weeks old');
    expect(text).toContain('An acetone smell means the starter is hungry');
    expect(text).toContain('Moving the jar to a cooler shelf');
    expect(text).toContain('smells of yoghurt again');
    expect(text).toContain('millerjane');
  });

  it('keeps the replies of a thread whose question alone is marked as the article body', () => {
    const reply = (who: string, body: string): string =>
      `<div class="reply"><div class="who">${who}</div><div class="text md">${body}</div></div>`;
    const html = `<!doctype html><html><head><title>First trip to Japan</title></head><body>
      <div class="page"><h1>First trip to Japan: tour or on our own?</h1>
        <div class="text md" itemprop="articleBody"><p>We have travelled a lot but never to Japan. Should we plan the trip ourselves or take a tour? We want to see Tokyo, Kyoto and Osaka in about two weeks, and we both like to walk a lot. Planning it feels more daunting than planning a trip in Europe ever did.</p></div>
        <section id="replies">
          ${reply('kyotofan', '<p>Plan it yourselves: the trains are simple, every station has signs in English, and a rail pass covers Tokyo to Osaka and back. Book the first and the last hotel and leave the middle open for a while.</p>')}
          ${reply('walker22', '<p>We took a hybrid tour last spring, where the agency booked hotels and trains and we spent the days on our own. It took the stress away for a first visit, and the guides on two of the days were excellent.</p>')}
          ${reply('osaka_m', '<p>Two weeks is enough for those three cities plus a day in Nara and one in Hiroshima. Avoid the Golden Week holidays at the start of May, when every train and hotel is full and prices double.</p>')}
        </section>
      </div></body></html>`;
    const text = textOf(html);
    expect(text).toContain('never to Japan');
    expect(text).toContain('Plan it yourselves');
    expect(text).toContain('We took a hybrid tour');
    expect(text).toContain('Avoid the Golden Week holidays');
  });

  it('keeps each item of a listing with its title and summary, though page builders name each card a widget', () => {
    const item = (title: string, summary: string): string =>
      `<div class="widget c"><h3><a href="/e/${title.length}">${title}</a></h3><p>${summary}</p><span>2 May 2025</span></div>`;
    const html = `<!doctype html><html><head><title>Events in May</title></head><body>
      <div class="l0"><h1>Events in May</h1><p>What is on in the city this month, from concerts to markets.</p>
        <div class="l1">
          ${item('Spring flea market on the river', 'Two hundred stalls along the quay sell books, furniture and old records from eight in the morning.')}
          ${item('Open rehearsal of the city orchestra', 'The orchestra rehearses Dvořák in the town hall and answers questions from the audience afterwards.')}
          ${item('Night of the museums', 'Twelve museums stay open until midnight, with one ticket for all of them and a shuttle bus between them.')}
          ${item('Children’s book fair', 'Authors read from their new books every hour, and children can draw their own comic with an illustrator.')}
        </div>
        <div class="widget"><p>Opening hours of the tourist office: Monday to Friday from nine to five.</p></div>
      </div></body></html>`;
    const text = textOf(html);
    expect(text).not.toContain('Opening hours of the tourist office');
    for (const t of ['Spring flea market on the river', 'Night of the museums', 'Children’s book fair'])
      expect(text).toContain(t);
    expect(text).toContain('Twelve museums stay open until midnight');
  });

  it('keeps the sections of a page whose builder names every content block a widget, apart from one another, and drops a lone sidebar widget', () => {
    const topics = [
      [
        'Accounting',
        'Accountants prepare timely and accurate statements; our courses lead to the internal auditor certificate.',
      ],
      [
        'Data analytics',
        'Businesses use data to plan; learn SQL, dashboards and the basics of machine learning in twelve evenings.',
      ],
      [
        'Finance',
        'Financial planning, investments and retirement: the planner course prepares for the national examination.',
      ],
    ];
    const section = ([title, text]: string[]): string =>
      `<section><div class="s0"><div class="s1"><div class="s2"><div class="s3">
        <div class="widget w-box"><h2>${title}</h2><p>${text}</p></div>
      </div></div></div><div class="s4"><a href="/apply">Apply</a></div></div></section>`;
    const html = `<!doctype html><html><head><title>Professional development</title></head><body>
      <div class="p0"><h1>Professional development</h1>
        <p>Over sixty certificate programmes for working professionals, taught in the evening and online.</p>
        ${topics.map(section).join('')}
        <div class="widget w-hours"><p>Opening hours of the front office: Monday to Friday from nine to five.</p></div>
      </div></body></html>`;
    const text = textOf(html);
    for (const [title, body] of topics) {
      expect(text).toContain(title);
      expect(text).toContain(body);
    }
    expect(text).not.toContain('Opening hours of the front office');
  });

  it('drops a citation box, in English and in German, but not prose that mentions a citation', () => {
    const html = article(
      `<p>The plan cites a study that was retrieved from the city archive last year.</p>
       <div class="b1"><h4>Cite this article</h4><p>Doe, J. (2025). Market hall restored. City News. Retrieved 3 May 2025 from https://site.example/page</p></div>
       <div class="b2"><p>Zitiervorschlag: Doe, J. (2025): Markthalle saniert. Abgerufen am 3. Mai 2025 von https://site.example/page</p></div>`,
    );
    const text = textOf(html);
    for (const s of sentences) expect(text).toContain(s);
    expect(text).toContain('The plan cites a study that was retrieved from the city archive');
    expect(text).not.toContain('Cite this article');
    expect(text).not.toContain('Retrieved 3 May 2025');
    expect(text).not.toContain('Abgerufen am');
  });

  it('keeps a list whose links leave the site (where to buy each tool), drops a list of the site’s own stories built the same way and a rail of a shop’s cards', () => {
    const item = (href: string, name: string, other: string): string =>
      `<li>Stocked by <a href="${href}/1">${name}: cordless drill with two batteries</a> and <a href="${href}/2">${other}: the same drill in a kit case</a></li>`;
    const html = article(
      `<p>Traders will need their own tools for the new stalls, and the council has published a short buying guide for the drills that fit the mounting rails of the hall, which are older than any standard in use today.</p>
       <p>The guide lists one drill that the fitters tested on the rails, with the two shops that stock it, and the stories the city paper wrote about the fitting work so far.</p>
       <ul>${item('https://hardware-hall.example/p', 'Hardware Hall', 'Tool Depot online')}</ul>
       <ul>${item('/guides', 'Our guide', 'Our review')}</ul>
       <p>Stallholders who would rather rent their tools can ask at the market office, which lends drills, ladders and spirit levels for the first month free of charge, against a deposit of fifty euros.</p>
       <div><div><a href="https://garden-shop.example/a">Jerusalem artichoke tubers, three pieces</a> 9.99 €</div><div><a href="https://garden-shop.example/b">Digging fork with four bayonet tines</a> 30.95 €</div></div>`,
    );
    const text = textOf(html);
    for (const s of sentences) expect(text).toContain(s);
    expect(text).toContain('Hardware Hall: cordless drill with two batteries');
    expect(text).toContain('Tool Depot online: the same drill in a kit case');
    expect(text).not.toContain('Our guide');
    // A rail of a shop's cards (blocks, not a list) is still a teaser block.
    expect(text).not.toContain('Digging fork');
  });

  it('keeps an article its template does not mark when teaser cards beside it are each an <article> headed by a link', () => {
    const card = (href: string, title: string, excerpt: string): string =>
      `<article class="c"><h3><a href="${href}">${title}</a></h3><p>${excerpt}</p></article>`;
    const html = `<!doctype html><html><head><title>Market hall restored</title></head><body>
      <div class="x0"><h1>Market hall restored</h1>
        <div class="x2">${prose}</div>
        <div class="x3">
          ${card('/bridge', 'Old bridge closes for repairs', 'The bridge over the river will be closed to cars for six weeks from Monday while its deck is replaced, the city said.')}
          ${card('/library', 'Library opens on Sundays', 'From next month the central library opens on Sunday afternoons, a trial the council wants to run for a whole year.')}
          ${card('/pool', 'Swimming pool gets a new roof', 'The indoor pool closes in June for three months so that its leaking roof can be replaced before the winter season.')}
        </div>
      </div></body></html>`;
    const text = textOf(html);
    for (const s of sentences) expect(text).toContain(s);
  });

  it('drops a bar of share links to social sites and a newsletter form, whatever their names', () => {
    const html = article(
      `<div class="b3"><a href="https://www.facebook.com/sharer/sharer.php?u=x">Facebook</a> <a href="https://twitter.com/intent/tweet?url=x">X</a> <a href="https://wa.me/?text=x">WhatsApp</a> <a href="mailto:?subject=x">E-Mail</a></div>
       <div class="b4"><h4>Nie mehr etwas verpassen</h4><p>Unser Newsletter bringt jeden Freitag das Wichtigste aus der Stadt.</p>
         <form action="/n"><input type="email" name="e" placeholder="Ihre E-Mail-Adresse"><button>Anmelden</button></form></div>`,
    );
    const text = textOf(html);
    for (const s of sentences) expect(text).toContain(s);
    expect(text).not.toContain('WhatsApp');
    expect(text).not.toContain('Nie mehr etwas verpassen');
    expect(text).not.toContain('Unser Newsletter');
  });

  it('gives no paragraph twice when the lead is printed above the body and again as its first paragraph', () => {
    const lead = 'The city will restore its old market hall by the autumn, the council decided on Tuesday.';
    const html = `<!doctype html><html><head><title>Market hall restored</title></head><body>
      <article><header><h1>Market hall restored</h1><p class="article-lead">${lead}</p></header>
        <div class="article-body"><p>${lead}</p>${prose}</div></article></body></html>`;
    const text = textOf(html);
    for (const s of sentences) expect(text).toContain(s);
    expect(text.split(lead).length - 1).toBe(1);
  });

  it('gives a card’s name and price once when the card prints them twice in a row, and keeps two cards’ same line and a table’s repeated cells', () => {
    const card = (name: string, price: string, age: string): string =>
      `<div class="c"><a href="/p/${encodeURIComponent(name)}"><span class="t">${name}</span></a><h3>${name}</h3><div class="n">${name}</div>
        <div class="pr"><span class="from">${price}</span></div><div class="pr"><span class="sale">${price}</span></div><div class="age">${age}</div></div>`;
    const html = `<!doctype html><html><head><title>Coffee</title></head><body><div class="shop"><h1>Coffee</h1>
      <p>Whole beans and ground coffee from our roastery, roasted every week in small batches and sent the day after roasting.</p>
      <div class="grid">${card('Chocolate Hazelnut Coffee', '$19.99', '2 days ago')}${card('Dark Roast Single-Serve Pods', '$14.99', '1 day ago')}${card('Medium Roast Ground Coffee', '$17.49', '5 days ago')}</div>
      <div class="news">${['Winter blend is back', 'New roastery opens in Leeds', 'Pods now compostable'].map((t) => `<div class="item">${t}, with the details on our blog and in the next newsletter<div class="age">2 days ago</div></div>`).join('')}</div>
      <table><tr><th>Roast</th><th>Light</th><th>Medium</th><th>Dark</th></tr><tr><td>Organic beans</td><td>Yes</td><td>Yes</td><td>Yes</td></tr></table>
      </div></body></html>`;
    const text = textOf(html);
    expect(text.split('Chocolate Hazelnut Coffee').length - 1).toBe(1);
    expect(text.split('$19.99').length - 1).toBe(1);
    expect(text.split('2 days ago').length - 1).toBe(4);
    expect(text.split('Yes').length - 1).toBe(3);
  });

  it('drops a reply’s quote of the post above it, with its "said:" line, and keeps the reply', () => {
    const question =
      'I am making an English course for car rental companies and need a name for it. Which sounds better: Car Rental English, or English for Car Rental? Any better idea is welcome.';
    const post = (who: string, body: string): string =>
      `<div class="m"><div class="who">${who}</div><div class="body">${body}</div></div>`;
    const html = `<!doctype html><html><head><title>Car rental or car rent?</title></head><body>
      <div class="thread"><h1>Car rental or car rent?</h1>
        ${post('tomas', question)}
        ${post('raton', `<blockquote><div class="attribution">tomas said:</div><div class="q">${question}</div><div class="expand">Click to expand...</div></blockquote>I would rather say: An English Course in Car Rental, which names both the language and the trade.`)}
        ${post('bhai', 'Perhaps: English for Car Rental Businesses. In Britain you will also hear car hire, so the course could mention both words somewhere.')}
      </div></body></html>`;
    const text = textOf(html);
    expect(text.split('Which sounds better').length - 1).toBe(1);
    expect(text).not.toContain('tomas said:');
    expect(text).toContain('I would rather say: An English Course in Car Rental');
    expect(text).toContain('English for Car Rental Businesses');
  });

  it('drops the author panel printed with the same labels under every post, keeps a list of facts printed once and a documentation field list', () => {
    const panel = (joined: string, posts: string): string =>
      `<dl class="x"><dt>Joined</dt><dd>${joined}</dd><dt>Messages</dt><dd>${posts}</dd><dt>Native language</dt><dd>Spanish</dd></dl>`;
    const post = (who: string, joined: string, posts: string, body: string): string =>
      `<div class="m"><div class="who">${who}${panel(joined, posts)}</div><div class="body"><p>${body}</p></div></div>`;
    const html = `<!doctype html><html><head><title>Which tense after "since"?</title></head><body>
      <div class="thread"><h1>Which tense after "since"?</h1>
        <dl><dt>Level</dt><dd>Intermediate learners of English</dd></dl>
        ${post('ana', 'Dec 23, 2009', '1,204', 'Is it "I live here since 2019" or "I have lived here since 2019"? My teacher says the first one is wrong, but I hear it often.')}
        ${post('ben', 'Apr 12, 2008', '30,117', 'With "since" and a point in time, English uses the present perfect: "I have lived here since 2019". The simple present is a common learner error.')}
        ${post('cai', 'Feb 20, 2010', '52', 'The continuous form works too and sounds more natural in speech: "I have been living here since 2019".')}
      </div></body></html>`;
    const text = textOf(html);
    expect(text).toContain('I have been living here since 2019');
    expect(text).toContain('Intermediate learners of English');
    expect(text).not.toContain('Joined');
    expect(text).not.toContain('30,117');

    // A documentation field list repeats its label for every entry, with long values: content.
    const entry = (name: string, args: string): string =>
      `<div class="ev"><h3>${name}</h3><p>Sent when the ${name} event happens on a worker, with the fields below.</p><dl><dt>signature:</dt><dd>${name}(${args})</dd></dl></div>`;
    const docs = textOf(`<!doctype html><html><head><title>Events</title></head><body><div class="doc"><h1>Events</h1>
      ${entry('task-sent', 'uuid, name, args, kwargs, retries, eta, expires, queue')}
      ${entry('task-received', 'uuid, name, args, kwargs, retries, eta, hostname, timestamp')}
      ${entry('task-started', 'uuid, hostname, timestamp, pid, worker, root_id, parent_id')}
      </div></body></html>`);
    expect(docs).toContain('task-started(uuid, hostname, timestamp, pid, worker, root_id, parent_id)');
  });

  it('drops the recommendations a heading announces beside a product (similar items, customers also bought)', () => {
    const card = (name: string, price: string): string =>
      `<div class="k"><a href="/p/${price}">${name}</a><span>${price}</span><span>Free delivery on orders over 50 euros</span></div>`;
    const html = `<!doctype html><html><head><title>Trail 40 backpack</title></head><body>
      <div class="p0"><h1>Trail 40 backpack</h1>
        <div class="p1"><p>The Trail 40 is a light backpack for long day hikes and hut tours. Its back panel lets air through on hot climbs, the hip belt carries most of the weight, and the lid pocket holds a map and a phone within reach.</p>
          <p>A rain cover sits in its own pocket under the floor, and the side pockets take a litre bottle each, reachable without taking the pack off.</p>
          <p>The main compartment opens at the top and at the front, so that a jacket buried at the bottom comes out without unpacking everything else.</p>
          <p>Every seam is taped, the zips are water-repellent, and the fabric is recycled polyamide that keeps its colour after years in the sun.</p>
          <div class="k0"><h3>Kunden kauften auch</h3>${card('Trail 30 daypack in moss green', '89,95 €')}${card('Trekking poles, carbon, pair', '119,00 €')}${card('Hydration bladder 2 litres', '34,95 €')}</div></div>
      </div></body></html>`;
    const text = textOf(html);
    expect(text).toContain('The Trail 40 is a light backpack');
    expect(text).not.toContain('Kunden kauften auch');
    expect(text).not.toContain('Trekking poles');
  });

  it('keeps a product’s description and its specification table as "Label: value" lines, drops the "customers also bought" carousel and the reviews widget', () => {
    const card = (name: string, price: string): string =>
      `<li class="s"><a href="/p/${price}"><img src="/i.jpg" alt=""><span>${name}</span></a><span>${price}</span></li>`;
    const review = (who: string, stars: string, body: string): string =>
      `<div class="v"><span class="st">${stars}</span><span class="w">${who}</span><span class="d">3 March 2025</span><p>${body}</p><button>Helpful (4)</button></div>`;
    const html = `<!doctype html><html><head><title>Trail 40 backpack</title></head><body>
      <div class="p0"><h1>Trail 40 backpack</h1>
        <div class="p1"><span>129,00 €</span>
          <p>The Trail 40 is a light backpack for long day hikes and hut tours. Its back panel lets air through on hot climbs, the hip belt carries most of the weight, and the lid pocket holds a map and a phone within reach.</p>
          <p>A rain cover sits in its own pocket under the floor, and the side pockets take a litre bottle each, reachable without taking the pack off.</p>
          <p>The main compartment opens at the top and at the front, so that a jacket buried at the bottom comes out without unpacking everything else.</p>
          <h2>Specifications</h2>
          <table class="t"><tbody><tr><th>Weight</th><td>1,150 g</td></tr><tr><th>Volume</th><td>40 l</td></tr><tr><th>Back length</th><td>45–52 cm</td></tr><tr><th>Fabric</th><td>Recycled polyamide</td></tr></tbody></table>
        </div>
        <div class="p2"><h2>Customers also bought</h2><ul class="c">${card('Trail 30 daypack in moss green', '89,95 €')}${card('Trekking poles, carbon, pair', '119,00 €')}${card('Hydration bladder 2 litres', '34,95 €')}</ul></div>
        <div class="p3"><h2>Reviews (3)</h2><div class="avg">4.3 out of 5 stars · 3 ratings</div><button>Write a review</button>
          ${review('hikerjo', '★★★★★', 'Carried it for a week in the Dolomites, comfortable all day even with three litres of water in the side pockets.')}
          ${review('mara_k', '★★★★☆', 'Good pack, but the hip belt pockets are too small for a modern phone and the zips are stiff at first.')}
          ${review('tom', '★★★★☆', 'Light and well made, though the rain cover is a bit fiddly to put on in the wind with cold hands.')}
        </div>
      </div></body></html>`;
    const text = textOf(html);
    expect(text).toContain('The Trail 40 is a light backpack');
    expect(text).toContain('The main compartment opens at the top');
    expect(text).toContain('Weight: 1,150 g\n\nVolume: 40 l\n\nBack length: 45–52 cm\n\nFabric: Recycled polyamide');
    expect(text).not.toContain('Trekking poles');
    expect(text).not.toContain('Customers also bought');
    expect(text).not.toContain('Dolomites');
    expect(text).not.toContain('hikerjo');
    expect(text).not.toContain('out of 5 stars');
    expect(text).not.toContain('Write a review');
  });

  it('keeps the rated testimonials of a service page, which carry no date, and the stars after each hotel’s name in a list of offers', () => {
    const quote = (who: string, body: string): string =>
      `<div class="q"><h4>${who}</h4><p>${body}</p><span title="5 out of 5">★★★★★</span></div>`;
    const offer = (name: string, deal: string): string =>
      `<div class="o"><h3>${name}<br>★★★★</h3><p>${deal}, with breakfast for two and a late check-out on the day you leave.</p><p>Book by Dec 31, 2025</p></div>`;
    const html = `<!doctype html><html><head><title>Blockchain course</title></head><body>
      <div class="c0"><h1>Blockchain course</h1>${prose}${prose}
        <section class="c1"><h2>What our students say</h2>
          ${quote('Leonard', 'Our team wanted to upskill, and the trainers and content were easy to follow from the first lesson to the exam.')}
          ${quote('Karen', 'The course gave me just the right amount of technical and business understanding to lead our first project.')}</section>
        <section class="c2"><h2>Offers</h2>${offer('Riu Latino', 'Up to 23% off rooms')}${offer('Hilton Barbados', 'A resort credit of 100 dollars')}</section>
      </div></body></html>`;
    const text = textOf(html);
    expect(text).toContain('the trainers and content were easy to follow');
    expect(text).toContain('to lead our first project');
    expect(text).toContain('Hilton Barbados');
    expect(text).toContain('A resort credit of 100 dollars');
  });

  it('drops a rail of other products’ cards, with no heading, from a page that declares one product, and keeps the same cards as a listing’s items', () => {
    const card = (name: string, price: string): string =>
      `<div class="k"><a href="/p/${encodeURIComponent(name)}"><img src="/i.jpg" alt="">${name}</a><span>${price}</span><span>In stock, free delivery</span></div>`;
    const cards = [
      card('Trail 30 daypack in moss green', '$89.95'),
      card('Trekking poles, carbon, pair', '$119.00'),
      card('Hydration bladder 2 litres', '$34.95'),
      card('Rain cover for 40 litre packs', '$24.95'),
    ].join('');
    const page = (
      head: string,
    ): string => `<!doctype html><html><head><title>Trail 40 backpack</title>${head}</head><body>
      <div class="p0"><h1>Trail 40 backpack</h1>
        <div class="p1"><p>The Trail 40 is a light backpack for long day hikes and hut tours. Its back panel lets air through on hot climbs, the hip belt carries most of the weight, and the lid pocket holds a map and a phone within reach.</p>
          <p>A rain cover sits in its own pocket under the floor, and the side pockets take a litre bottle each, reachable without taking the pack off.</p>
          <p>The main compartment opens at the top and at the front, so that a jacket buried at the bottom comes out without unpacking everything else.</p></div>
        <div class="p2">${cards}</div>
      </div></body></html>`;
    const product = textOf(
      page(
        '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Trail 40 backpack"}</script>',
      ),
    );
    expect(product).toContain('The main compartment opens at the top');
    expect(product).not.toContain('Trekking poles');
    expect(product).not.toContain('$34.95');
    expect(textOf(page(''))).toContain('Trekking poles, carbon, pair');
  });

  it('drops a rail of cards whose long product names sit outside an empty link laid over each card', () => {
    const card = (name: string, price: string): string =>
      `<li><section><h3>${name}</h3><span>New · Business</span><span>${price}</span><span>+ $23.12 delivery</span><a href="/itm/${encodeURIComponent(name)}" aria-label="${name}"></a></section></li>`;
    const cards = [
      card('Moto chain DID 520 VX3 gold 120 links O-ring with clip closure for motorbikes', '$103.40'),
      card('Moto chain DID 520 ERS3 gold 100 links for road and track motorbikes spare part', '$152.15'),
      card('Moto chain DID 520 ERS3 gold 130 links for road and track motorbikes spare part', '$197.49'),
      card('Chain guide for Tenere 700 black plastic 2019 to 2024 models with mounting screws', '$72.03'),
    ].join('');
    const html = `<!doctype html><html><head><title>DID 520 ERS3 chain, 104 links</title>
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"DID 520 ERS3 chain, 104 links"}</script></head><body>
      <div class="p0"><h1>DID 520 ERS3 chain, 104 links</h1>
        <div class="p1"><p>A gold racing chain for 520 sprockets with 104 links, riveted, for sport bikes up to 1000 cc. It comes with a rivet link and needs a riveting tool to fit.</p>
          <p>The ERS3 is made for the track and for dry roads: it runs without O-rings, so it turns with less friction but needs cleaning and grease after every ride.</p>
          <p>Check the number of links on the old chain before ordering: cutting a longer chain down is possible, adding links is not.</p>
          <p>Replace the sprockets with the chain: a new chain on worn sprockets stretches within a few hundred kilometres, and a worn chain wears new sprockets as fast.</p>
          <p>Tension it with the bike on its side stand, at the tightest point of the chain, to the slack the owner's manual gives, usually 25 to 35 millimetres.</p></div>
        <div class="p2"><ul>${cards}</ul></div>
      </div></body></html>`;
    const text = textOf(html);
    expect(text).toContain('Check the number of links on the old chain');
    expect(text).not.toContain('Chain guide for Tenere 700');
    expect(text).not.toContain('$152.15');
  });
  it('gives a product page’s feature copy and specification table once when it prints them for wide screens and again for phones, and keeps both on other pages', () => {
    const features = `<ul><li>Double-wall vacuum insulation keeps drinks cold for hours</li><li>Dishwasher safe</li><li>Fits in most cup holders</li></ul>
      <table><tr><th>Capacity</th><td>591 ml</td></tr><tr><th>Weight</th><td>340 g</td></tr></table>`;
    const page = (
      head: string,
    ): string => `<!doctype html><html><head><title>Rambler 20 oz tumbler</title>${head}</head><body>
      <div class="p0"><h1>Rambler 20 oz tumbler</h1>
        <div class="p1"><p>A stainless steel tumbler for coffee on the go. Its lid closes with a magnet, so the slider stays put in a bag and comes off for cleaning without tools.</p>
          <p>The steel is kitchen grade and resists punctures and rust, and the outside powder coat keeps its grip with wet hands.</p>
          <div class="desktop"><h2>Features</h2>${features}</div>
          <p>Every tumbler comes with the lid and a five-year warranty against defects in materials and workmanship.</p>
          <div class="mobile"><h2>Features</h2>${features}</div></div>
      </div></body></html>`;
    const count = (text: string, part: string): number => text.split(part).length - 1;
    const product = textOf(
      page(
        '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Rambler 20 oz tumbler"}</script>',
      ),
    );
    expect(count(product, 'Double-wall vacuum insulation')).toBe(1);
    expect(count(product, 'Dishwasher safe')).toBe(1);
    expect(count(product, '591 ml')).toBe(1);
    expect(count(product, 'Features')).toBe(2);
    expect(product).toContain('five-year warranty');
    const other = textOf(page(''));
    expect(count(other, 'Double-wall vacuum insulation')).toBe(2);
    expect(count(other, '591 ml')).toBe(2);
  });
  it('drops the reviews a product’s JSON-LD declares, though the page shows them without rating or date', () => {
    const bodies = [
      'Functionally it is one of the best mics I use for recording audio books, warm and extremely clear.',
      'I have been using it for podcasts for a year now and it still sounds great with any interface I tried.',
    ];
    const page = (reviews: unknown[]): string => `<!doctype html><html><head><title>SM7 microphone</title>
      <script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'SM7 microphone', review: reviews })}</script></head><body>
      <div class="p0"><h1>SM7 microphone</h1>
        <div class="p1">${prose}</div>
        <div class="p2"><h2>What buyers say</h2>${bodies.map((b, i) => `<div class="r"><h4>Buyer ${i + 1}</h4><p>${b.replace('audio books,', 'audio books,<br>')}</p></div>`).join('')}</div>
      </div></body></html>`;
    const declared = textOf(
      page(bodies.map((b) => ({ '@type': 'Review', reviewBody: b.replace('audio books,', 'audio books,<br />') }))),
    );
    expect(declared).toContain('The council voted on Tuesday');
    expect(declared).not.toContain('recording audio books');
    expect(declared).not.toContain('podcasts for a year');
    expect(textOf(page([]))).toContain('podcasts for a year');
  });
});
