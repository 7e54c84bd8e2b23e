/**
 * Forum threads, listings and collections on small hand-made pages: what is kept and dropped must
 * follow from the structure (posts built alike, repeated facts beside each post), never from a
 * template's class names, which are neutral here on purpose.
 */
import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../src/main/extract';

const textOf = (html: string, url = 'https://forum.example/t/1'): string => extractHtml(html, url).text;

describe('extractHtml: forum threads and listings', () => {
  it('keeps every post of a thread when one reply pastes a log longer than all the others together', () => {
    const post = (who: string, body: string): string =>
      `<div class="p1"><div class="p2">${who} · 3 May 2024</div><div class="p3">${body}</div></div>`;
    const log = Array.from(
      { length: 60 },
      (_, i) =>
        `2024-05-03 10:09:${String(i).padStart(2, '0')} ERROR (MainThread) [core] Error doing job: task ${i} never retrieved`,
    ).join('\n');
    const html = `<!doctype html><html><head><title>Stuck on "starting" after the update</title></head><body>
      <div class="wrap"><h1>Stuck on "starting" after the update</h1>
        ${post('raoul', '<p>Since the update to version 5.0 the start screen never goes away and several devices stay unavailable. Going back to 4.4 fixes it. How can I find the cause?</p>')}
        ${post('raoul', `<p>This is part of the log, I hope it is enough:</p><pre><code>${log}</code></pre>`)}
        ${post('bill', '<p>Looks like the local integration is at fault. Disable it, restart, and open an issue on its own tracker as well.</p>')}
        ${post('raoul', '<p>Disabling it worked, thank you. There is already an issue open about it.</p>')}
      </div></body></html>`;
    const text = textOf(html);
    expect(text).toContain('Going back to 4.4 fixes it');
    expect(text).toContain('This is part of the log');
    expect(text).toContain('Disable it, restart');
    expect(text).toContain('Disabling it worked');
  });

  it('keeps both posts of a two-post thread whose posts are each an <article>, when the answer outweighs the question', () => {
    const post = (who: string, body: string): string =>
      `<article class="e1"><div class="e2"><a href="/u/${who}">${who}</a> · 26 August 2024</div><div class="e3">${body}</div></article>`;
    const html = `<!doctype html><html><head><title>Roadmap of the site builder</title></head><body>
      <nav><a href="/">Home</a> <a href="/forums">Forums</a> <a href="/help">Help</a></nav>
      <div class="e0"><h1>Roadmap of the site builder</h1>
        ${post('ron', '<p>Hi, is there a roadmap for future products and releases? The forum only lists changes to released ones.</p>')}
        ${post('paul', '<blockquote><p>Is there a roadmap for future products?</p></blockquote><p>There is no public roadmap. Members of the partner circle hear about upcoming features earlier, so check whether you can join it. Release notes for shipped features are published every month on the product updates page, and the help centre keeps a list of features in beta that anyone can try before they are released to everyone.</p><p>Feature requests go to the feedback form in the help centre; the product team reads them, and the most requested ones are often the next to be built. Sharing a concrete use case there helps far more than a vote in a thread.</p>')}
      </div><footer>© 2024 The builder company</footer></body></html>`;
    const text = textOf(html);
    expect(text).toContain('is there a roadmap for future products and releases');
    expect(text).toContain('There is no public roadmap');
  });

  it('drops the chrome each post prints (likes, actions, post counts, badges, edit notices) in any language, and keeps sentences that mention them', () => {
    const post = (who: string, count: string, body: string, chrome: string): string =>
      `<div class="k1"><div class="k2"><a href="/u/${who}">${who}</a><div class="k4">${count}</div></div>
        <div class="k3">${body}</div><div class="k5">${chrome}</div></div>`;
    const html = `<!doctype html><html><head><title>Which tyres for winter commuting?</title></head><body>
      <div class="k0"><h1>Which tyres for winter commuting?</h1>
        ${post('mara', '<div>1,024 posts ·</div><div>12.4k3 gold badges41 silver badges73 bronze badges</div>', '<p>I ride twelve kilometres to work on icy roads. Are studded tyres worth it, or do winter compounds grip well enough?</p>', '<span>Last edited: Jul 4, 2024</span><button>Reply</button><button>Quote</button>')}
        ${post('jonas', '87 Beiträge', '<p>Spikes lohnen sich nur bei Glatteis; auf nassem Asphalt sind Winterreifen leiser und rollen leichter. My last answer got 12 likes and was edited by a moderator, so trust it.</p>', '<span>12 Likes</span><button>Antworten</button><button>Melden</button>')}
        ${post('lucie', 'Messages: 3', '<p>J’ai des pneus cloutés depuis trois hivers : aucune chute, mais ils usent vite sur le sec.</p>', '<span>Modifié par lucie</span><button>Répondre</button><span>3 reactions</span>')}
      </div></body></html>`;
    const text = textOf(html);
    expect(text).toContain('Are studded tyres worth it');
    expect(text).toContain('My last answer got 12 likes and was edited by a moderator');
    expect(text).toContain('aucune chute');
    for (const chrome of [
      '1,024 posts',
      '87 Beiträge',
      'Messages: 3',
      'Last edited',
      '12 Likes',
      'Reply',
      'Quote',
      'Antworten',
      'Melden',
      'Modifié par',
      'Répondre',
      '3 reactions',
      'badges',
    ])
      expect(text).not.toContain(chrome);
  });

  it('drops the action labels a shop prints on each card ("Quick view", "Add to cart", "Ajouter au panier"), and keeps headings and sentences that use the words', () => {
    const card = (name: string, blurb: string, actions: string): string =>
      `<li class="g2"><a href="/p/${name.toLowerCase().replace(/ /g, '-')}"><span class="g3">${name}</span></a>
        <p>${blurb}</p><div class="g4">${actions}</div></li>`;
    const html = `<!doctype html><html><head><title>Trail running shoes</title></head><body>
      <div class="g0"><h1>Trail running shoes</h1>
        <p>Grip on wet rock, a rock plate under the forefoot and a fit that holds on descents: every shoe here was run on mountain trails, and if one does not suit you, add to cart another size and send the first back.</p>
        <h2>Our picks <span>Quick view</span></h2>
        <ul class="g1">
          ${card('Ridge Runner 3', 'A firm, protective shoe for long days on rocky ground.', '<a href="#q1">Quick view</a><a href="/cart?add=1">Add to cart</a>')}
          ${card('Mud Dancer', 'Deep lugs that shed mud, for wet forests and fell races.', '<span>Quick Shop</span><a href="/cart?add=2">Ajouter au panier</a>')}
          ${card('Cloud Trail', 'A soft, light shoe for smooth paths and easy runs.', '<a href="#q3">Quick view</a><span>Compare</span>')}
        </ul></div></body></html>`;
    const text = textOf(html, 'https://shop.example/c/trail');
    expect(text).toContain('Deep lugs that shed mud');
    expect(text).toContain('add to cart another size');
    expect(text).toContain('Our picks Quick view');
    for (const action of ['Add to cart', 'Quick Shop', 'Ajouter au panier', 'Compare'])
      expect(text).not.toContain(action);
    expect(text.match(/Quick view/g)).toHaveLength(1);
  });

  it('drops a card\'s "Learn more" and "Read more →" links, and keeps a sentence that says them', () => {
    const service = (name: string, blurb: string, more: string): string =>
      `<div class="s2"><h3>${name}</h3><p>${blurb}</p><a class="s4" href="/services/${name.toLowerCase()}">${more}</a></div>`;
    const html = `<!doctype html><html><head><title>Our services</title></head><body>
      <div class="s0"><h1>Our services</h1>
        <p>We look after small offices from the first cable to the last backup, and you can read more about each service below.</p>
        <div class="s1">
          ${service('Networks', 'Cabling, wifi that reaches every desk, and firewalls we keep up to date for you.', 'Learn more')}
          ${service('Backups', 'Nightly copies of every machine, kept off site and tested by a restore each month.', 'Read more →')}
          ${service('Support', 'A help desk that answers in an hour, and a visit the same day when a fix needs hands.', 'Learn more')}
        </div>
      </div></body></html>`;
    const text = textOf(html, 'https://it.example/services');
    expect(text).toContain('tested by a restore each month');
    expect(text).toContain('read more about each service below');
    expect(text).not.toContain('Learn more');
    expect(text).not.toContain('Read more →');
  });

  it('drops a badge three cards print alike ("Best seller"), and keeps a badge printed once ("Sold out")', () => {
    const card = (name: string, blurb: string, badge: string): string =>
      `<li class="h2"><div class="h5">${badge}</div><a href="/p/${name.toLowerCase().replace(/ /g, '-')}"><span class="h3">${name}</span></a><p>${blurb}</p></li>`;
    const html = `<!doctype html><html><head><title>Camping stoves</title></head><body>
      <div class="h0"><h1>Camping stoves</h1>
        <p>From a canister stove that boils a litre in three minutes to a wood burner that needs no fuel to carry, these stoves cook for one walker or a whole camp.</p>
        <ul class="h1">
          ${card('Pocket Rocket', 'A tiny canister stove that folds to the size of an egg and boils fast.', 'Best seller')}
          ${card('Camp Chef Duo', 'Two burners on a folding stand, for car camping and family meals.', 'Best seller')}
          ${card('Twig Burner', 'A steel chimney that burns sticks and pine cones, no fuel to carry.', 'Sold out')}
          ${card('Ultra Lite', 'Titanium, sixty grams, a flame that holds in the wind.', 'Best seller')}
        </ul></div></body></html>`;
    const text = textOf(html, 'https://shop.example/c/stoves');
    expect(text).toContain('burns sticks and pine cones');
    expect(text).toContain('Sold out');
    expect(text).not.toContain('Best seller');
  });

  it('drops the facts beside each author ("Posts:", "Joined:") labelled inside their values, and keeps each author’s name', () => {
    const post = (who: string, posts: string, joined: string, body: string): string =>
      `<div class="pb"><dl class="pp"><dt><a href="/u/${who}">${who}</a></dt><dd>Posting Freak</dd>
        <dd><strong>Posts:</strong> <a href="/search?u=${who}">${posts}</a></dd><dd><strong>Joined:</strong> ${joined}</dd></dl>
        <div class="pc"><p>${body}</p></div></div>`;
    const html = `<!doctype html><html><head><title>Turning off all LEDs of the board</title></head><body>
      <div class="topic"><h1>Turning off all LEDs of the board</h1>
        ${post('ovecka', '2', 'Sun Dec 17, 2023 11:18 am', 'The flickering green activity light is annoying in a bedroom. Is there a setting that turns off every light on the board, including the network port?')}
        ${post('jahboater', '9179', 'Wed Feb 04, 2015 6:38 pm', 'Add the activity and power light parameters to the boot configuration file and set both triggers to none, then reboot.')}
        ${post('bensimmo', '8292', 'Sun Dec 28, 2014 3:02 pm', 'The network port lights have their own parameters in the overlays documentation; they are listed near the end of that file.')}
      </div></body></html>`;
    const text = textOf(html);
    expect(text).toContain('set both triggers to none');
    expect(text).toContain('jahboater');
    expect(text).not.toContain('Joined');
    expect(text).not.toContain('9179');
    expect(text).not.toContain('Posting Freak');
  });

  it('keeps a listing whose cards, each in a wrapper of its own, carry a boilerplate-like name, and still drops such a name beside an article', () => {
    const stories = [
      [
        'The health agency has had no confirmed director for months',
        'A law passed two years ago requires a director confirmed by the senate; since the spring the agency has had only acting heads.',
      ],
      [
        'Digital twins help people manage diabetes',
        'Startups pair wearable sensors with models of each patient to suggest meals and exercise, as employers look for cheaper treatments.',
      ],
      [
        'A food website contradicts the new dietary guidelines',
        'The site answers questions with a chatbot whose advice on protein differs from what the government published a week earlier.',
      ],
      [
        'Public health workers quit over detention assignments',
        'Doctors and nurses are increasingly deployed to detention centres; some resigned in protest, others describe the conditions there.',
      ],
      [
        'A galaxy made almost entirely of dark matter is confirmed',
        'Astronomers measured the motion of its few stars and found that they move far too fast for the visible mass to hold them.',
      ],
    ];
    const card = ([title, summary]: string[]): string =>
      `<div class="w"><div class="items no-read-more"><h3><a href="/story">${title}</a></h3><p>${summary}</p></div></div>`;
    const listing = textOf(`<!doctype html><html><head><title>Science</title></head><body>
      <div class="page"><h1>Science</h1>${stories.map(card).join('\n')}</div></body></html>`);
    for (const [title, summary] of stories) {
      expect(listing).toContain(title);
      expect(listing).toContain(summary);
    }

    const long = Array.from(
      { length: 6 },
      (_, i) =>
        `<p>Paragraph ${i + 1} of the report: the council met again on Tuesday evening and went through the plans for the market hall, its roof, its stalls and the heating, one by one and at length.</p>`,
    ).join('');
    const story = textOf(`<!doctype html><html><head><title>Market hall</title></head><body>
      <div class="page"><h1>Market hall</h1><div class="txt">${long}</div>${stories.slice(0, 2).map(card).join('\n')}</div></body></html>`);
    expect(story).toContain('Paragraph 6 of the report');
    expect(story).not.toContain('Digital twins help people manage diabetes');
  });

  it('keeps the folded panels that a collapsed button opens (aria-expanded, aria-controls) with the button’s label, and drops markup hidden for good', () => {
    const panel = (n: number, question: string, answer: string): string =>
      `<h3><button aria-expanded="false" aria-controls="faq-${n}">${question}</button></h3>
       <div id="faq-${n}" class="a" aria-hidden="true" style="display:none"><p>${answer}</p></div>`;
    const html = `<!doctype html><html><head><title>Sleeping bags</title></head><body>
      <div class="page"><h1>Sleeping bags</h1>
        <p>Choose a bag by the coldest night you expect, its weight and how small it packs, then by its shape and the fill.</p>
        ${panel(1, 'Which temperature rating do I need?', 'Pick a bag rated about five degrees below the coldest night you expect: ratings assume a sleeping pad and a warm hat.')}
        ${panel(2, 'Down or synthetic fill?', 'Down is lighter and packs smaller; synthetic fill keeps some warmth when wet and costs less, which suits damp climates.')}
        ${panel(3, 'Mummy or rectangular?', 'A mummy shape saves weight and warmth by hugging the body; a rectangular bag leaves room to turn and opens into a quilt.')}
        <div class="t" style="display:none"><p>Your session has expired because you have been inactive for too long; please sign in again.</p></div>
      </div></body></html>`;
    const text = textOf(html, 'https://shop.example/c/sleeping-bags');
    expect(text).toContain('rated about five degrees below the coldest night');
    expect(text).toContain('synthetic fill keeps some warmth when wet');
    expect(text).toContain('opens into a quilt');
    // The button that opens a panel is its heading: the question.
    expect(text).toContain('Down or synthetic fill?');
    expect(text).not.toContain('Your session has expired');
  });

  it('keeps the hidden panels of tabs (role="tabpanel") and of an accordion whose button and panel name each other, and drops a popover', () => {
    const tab = (n: number, name: string, body: string): string =>
      `<div role="tabpanel" id="p${n}" aria-labelledby="t${n}"${n > 1 ? ' hidden' : ''}><p>${body}</p></div>`;
    const fold = (n: number, title: string, body: string): string =>
      `<div class="h"><a id="b${n}" role="button" aria-controls="f${n}">${title}</a></div>
       <div class="w" style="display:none"><div id="f${n}" role="region" aria-labelledby="b${n}"><p>${body}</p></div></div>`;
    const html = `<!doctype html><html><head><title>Send a text message</title></head><body>
      <div class="page"><h1>Send a text message</h1>
        <p>Install the library for your language, set your account's key as an environment variable, then run the sample below.</p>
        <div role="tablist"><span role="tab" id="t1">Python</span><span role="tab" id="t2">Node.js</span></div>
        ${tab(1, 'Python', 'With Python, create a client from the key and call messages.create with the sender, the recipient and the text.')}
        ${tab(2, 'Node.js', 'With Node.js, require the package, build a client from the key and await client.messages.create with the same three fields.')}
        <h2>Steps after sending</h2>
        ${fold(1, 'Check the delivery status', 'Each message gets an identifier; ask for its status a few seconds later to learn whether the carrier delivered it.')}
        ${fold(2, 'Handle replies', 'Point the number’s webhook at your server to receive the replies people send back, one request per message.')}
        <div popover id="push"><p>Allow notifications to hear about new replies in this forum as soon as they are posted.</p></div>
      </div></body></html>`;
    const text = textOf(html, 'https://docs.example/sms/quickstart');
    expect(text).toContain('With Python, create a client');
    expect(text).toContain('With Node.js, require the package');
    expect(text).toContain('ask for its status a few seconds later');
    expect(text).toContain('receive the replies people send back');
    expect(text).toContain('Handle replies');
    expect(text).not.toContain('Allow notifications');
  });

  it('keeps every fold of accordions printed from one template, whose ids repeat', () => {
    const fold = (n: number, title: string, body: string): string =>
      `<div class="h"><a id="acc_${n}_head" role="button" aria-controls="acc_${n}_body">${title}</a></div>
       <div id="acc_${n}_body" role="region" aria-labelledby="acc_${n}_head" style="display:none"><p>${body}</p></div>`;
    const html = `<!doctype html><html><head><title>Going solar, step by step</title></head><body>
      <div class="page"><h1>Going solar, step by step</h1>
        <p>Most home installations take two to three months from the first quote to the day the panels produce power.</p>
        <h2>Before you sign</h2>
        ${fold(0, 'Check your roof', 'An installer looks at the roof’s age, pitch and shade; a roof due for replacement should be redone before the panels go up.')}
        ${fold(1, 'Compare quotes', 'Ask three installers for quotes and compare the price per watt, the panels’ warranty and who handles the permits.')}
        <h2>After you sign</h2>
        ${fold(0, 'Permits', 'The installer files the building and grid connection permits, which takes two to six weeks depending on the town.')}
        ${fold(1, 'Installation day', 'Mounting the racking, the panels and the inverter usually takes a single day, and the utility inspects afterwards.')}
      </div></body></html>`;
    const text = textOf(html, 'https://energy.example/solar-steps');
    expect(text).toContain('a roof due for replacement should be redone');
    expect(text).toContain('compare the price per watt');
    expect(text).toContain('grid connection permits');
    expect(text).toContain('usually takes a single day');
  });

  it('keeps the panels of an accordion whose header buttons leave aria-expanded to a script, not a folded form or a button outside a heading', () => {
    const step = (n: number, title: string, body: string): string =>
      `<div class="s"><div><a role="button" aria-controls="step-${n}"><span role="heading" aria-level="3">${title}</span></a></div>
       <div id="step-${n}" role="region" style="display:none"><p>${body}</p></div></div>`;
    const html = `<!doctype html><html><head><title>Installing solar panels</title></head><body>
      <div class="page"><h1>Installing solar panels</h1>
        <p>From the first quote to switching the system on, a home installation takes about three months, in five steps.</p>
        <p>Most of that time is paperwork: the permit from the town and the agreement with the grid operator take longer than the work on the roof, which is usually done in two or three days.</p>
        ${step(1, '1. Understand your electric bill', 'Gather twelve months of bills: the installer sizes the system from what the house uses over a whole year.')}
        ${step(2, '2. Check your roof', 'Shade, the angle towards the sun and the age of the roof decide how much the panels can make.')}
        ${step(3, '3. Compare quotes', 'Ask three installers for a quote and compare the price per watt, the panels and the warranty.')}
        <h3><button aria-controls="zip">Prices near you</button></h3>
        <div id="zip" style="display:none"><form><p>Enter your postcode to see what installers near you charge per watt this month.</p><input name="zip"></form></div>
        <button aria-controls="note">Details</button>
        <div id="note" style="display:none"><p>Figures on this page were last checked by our editors against installer price lists in March.</p></div>
      </div></body></html>`;
    const text = textOf(html, 'https://energy.example/guides/installing');
    expect(text).toContain('Gather twelve months of bills');
    expect(text).toContain('compare the price per watt');
    expect(text).toContain('2. Check your roof');
    expect(text).not.toContain('Enter your postcode');
    expect(text).not.toContain('last checked by our editors');
  });

  it('keeps the replies of a thread whose first post’s body is named like an article’s, though it outweighs each reply many times', () => {
    const post = (who: string, body: string): string =>
      `<div class="p"><div class="who">${who}</div><div class="post-content">${body}</div></div>`;
    const question = [
      'We want to set up our first freshwater tank of about sixty litres in the living room and have read a lot of conflicting advice about which fish to buy first.',
      'The shop near us sells tetras, guppies, corydoras and a few kinds of gourami, and the staff suggested buying ten small fish on the first day to start the tank.',
      'Other sources say the tank must run for four to six weeks without fish, with ammonia added by hand, before any fish go in. Which is right, and what should we check at the shop before buying?',
    ]
      .map((p) => `<p>${p}</p>`)
      .join('');
    const html = `<!doctype html><html><head><title>What to look for before buying new fish</title></head><body>
      <div class="topic"><h1>What to look for before buying new fish</h1>
        ${post('newfishkeeper', question)}
        ${post('aquacare', '<p>Cycle the tank first. Then look for clear eyes and fins.</p>')}
        ${post('marn', '<p>Never buy from a tank with a dead fish in it.</p>')}
        ${post('diana', '<p>Ask how long the fish have been in the shop.</p>')}
      </div></body></html>`;
    const text = textOf(html);
    expect(text).toContain('Which is right, and what should we check');
    expect(text).toContain('Cycle the tank first');
    expect(text).toContain('Never buy from a tank with a dead fish');
    expect(text).toContain('Ask how long the fish have been in the shop');

    // Only the first post's body is marked as the article's (itemprop), deep inside its post; the
    // replies' bodies are built the same way but marked as comments.
    const deep = (who: string, prop: string, body: string): string =>
      `<div class="p"><div class="who">${who}</div><div class="b1"><div class="b2"><div class="b3">
        <div itemprop="${prop}" class="txt">${body}</div></div></div></div></div>`;
    const marked =
      textOf(`<!doctype html><html><head><title>What to look for before buying new fish</title></head><body>
      <div class="topic"><h1>What to look for before buying new fish</h1>
        ${deep('newfishkeeper', 'articleBody', question)}
        ${deep('aquacare', 'commentText', '<p>Cycle the tank first. Then look for clear eyes and fins.</p>')}
        ${deep('marn', 'commentText', '<p>Never buy from a tank with a dead fish in it.</p>')}
        ${deep('diana', 'commentText', '<p>Ask how long the fish have been in the shop.</p>')}
      </div></body></html>`);
    expect(marked).toContain('Which is right, and what should we check');
    expect(marked).toContain('Cycle the tank first');
    expect(marked).toContain('Ask how long the fish have been in the shop');
  });

  it('keeps the replies of a thread whose first post carries a class more than the replies (the thread starter’s mark)', () => {
    const post = (cls: string, who: string, body: string): string =>
      `<div class="${cls}"><div class="who">${who}</div><div class="c1"><div class="c2"><article>${body}</article></div></div></div>`;
    const question = [
      'I am comparing game server hosts for a small survival server of about twenty players and would like to hear from people who have used them for a season or more.',
      'My shortlist has four hosts between one and four dollars per gigabyte of memory, all with a web panel, daily backups and servers in Europe and North America.',
      'Prices and panels look the same on paper, so what matters in practice: support response times, how often nodes lag at peak hours, or how easy it is to move a world between plans?',
    ]
      .map((p) => `<p>${p}</p>`)
      .join('');
    const html = `<!doctype html><html><head><title>Which game server host for twenty players?</title></head><body>
      <div class="thread"><h1>Which game server host for twenty players?</h1>
        ${post('msg thread-starter', 'pelex', question)}
        ${post('msg', 'cdb', '<p>Support times matter most; two of them answer within the hour.</p>')}
        ${post('msg', 'onecountry', '<p>Peak-hour lag was my only real problem with the cheapest one.</p>')}
        ${post('msg', 'darth', '<p>Moving a world between plans took me ten minutes with a backup.</p>')}
      </div></body></html>`;
    const text = textOf(html);
    expect(text).toContain('so what matters in practice');
    expect(text).toContain('Support times matter most');
    expect(text).toContain('Peak-hour lag was my only real problem');
    expect(text).toContain('Moving a world between plans');
  });

  it('prints a section once when the template prints it twice, paragraphs too far apart to be a repeat in a row', () => {
    const guide = [
      'A carry-on bag is the suitcase you keep with you in the cabin, so it has to fit the overhead bin.',
      'Most airlines allow about 22 by 14 by 9 inches, wheels and handles included, but check yours.',
      'Hard shells protect what is inside better; soft sides squeeze into a bin that is almost full.',
      'Four spinner wheels roll beside you in an aisle, two wheels roll better over kerbs and cobbles.',
      'A front pocket keeps a laptop and a passport at hand at the security check without opening the bag.',
      'An expandable zip adds a few centimetres on the way home, but the bag may then be too deep for the bin.',
      'A lighter bag leaves more of the weight allowance for what you pack, which matters most on budget airlines.',
    ]
      .map((p) => `<p>${p}</p>`)
      .join('');
    const html = `<!doctype html><html><head><title>Carry-on luggage</title></head><body>
      <div class="page"><h1>Carry-on luggage</h1>
        <div class="grid"><div class="c"><a href="/p/1">Spinner 55 cm</a></div><div class="c"><a href="/p/2">Duffel 40 l</a></div></div>
        <div class="g1"><h2>Choosing a carry-on</h2>${guide}</div>
        <div class="g2"><h2>Choosing a carry-on</h2>${guide}</div>
      </div></body></html>`;
    const text = textOf(html, 'https://shop.example/luggage/carry-on');
    expect(text).toContain('fit the overhead bin');
    expect(text.split('fit the overhead bin').length - 1).toBe(1);
    expect(text.split('roll better over kerbs').length - 1).toBe(1);
  });

  it('keeps a section the text itself repeats further on in the same block (a second week of a meal plan)', () => {
    const day = [
      'Breakfast: two poached eggs on wholegrain toast with half an avocado and a handful of spinach.',
      'Lunch: a salad of lentils, cherry tomatoes, cucumber and feta with a spoon of olive oil.',
      'Snack: a cup of plain yoghurt with a handful of blueberries and a few crushed walnuts.',
      'Dinner: baked salmon with roasted sweet potato wedges and steamed green beans on the side.',
    ]
      .map((p) => `<p>${p}</p>`)
      .join('');
    const filler = Array.from(
      { length: 4 },
      (_, i) =>
        `<p>Tip ${i + 1}: cook the grains for the whole week on Sunday and keep them in the fridge in closed boxes.</p>`,
    ).join('');
    const html = `<!doctype html><html><head><title>Two weeks of meal prep</title></head><body>
      <article><h1>Two weeks of meal prep</h1>
        <h2>Week one</h2>${day}${filler}<h2>Week two</h2>${day}
      </article></body></html>`;
    const text = textOf(html, 'https://food.example/meal-prep');
    expect(text.split('baked salmon with roasted').length - 1).toBe(2);
  });
});
