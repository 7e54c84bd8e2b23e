import { readFileSync } from 'node:fs';
import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import type { PageSnapshot } from '../../src/main/browser/page-snapshot';
import type { PageState } from '../../src/main/search/engine';
import { google } from '../../src/main/search/engines/google';
import { sharedData } from '../support/shared-data';

const SEARCH_URL = 'https://www.google.com/search?q=lantern';
const LOCAL_URL = 'http://127.0.0.1:43123/search?q=lantern';

function recorded(...parts: string[]): string {
  return readFileSync(sharedData('serp', 'google', ...parts), 'utf8');
}

function snapshot(html: string, finalUrl = SEARCH_URL, status = 200): PageSnapshot {
  return { finalUrl, status, html, title: load(html)('title').first().text() };
}

/** The same recorded page without Google's consent dialog (what the page looks like once consent is given). */
function withoutConsentDialog(html: string): string {
  const $ = load(html);
  const dialogs = $('[role="dialog"][aria-modal="true"]');
  expect(dialogs).toHaveLength(1); // the recorded page really had one
  dialogs.remove();
  return $.html();
}

const CHROMIUM_ERROR_PAGE = `<!doctype html><html dir="ltr" lang="en"><head><title>www.google.com</title></head>
<body class="neterror" id="t"><div id="main-frame-error" class="interstitial-wrapper"><div id="main-content">
<div id="main-message"><h1><span>This site can’t be reached</span></h1>
<div class="error-code">ERR_NAME_NOT_RESOLVED</div></div></div></div></body></html>`;

/** The shell Google served to clients without JavaScript in 2025, in the shape open-source reports show. */
const ENABLEJS_SHELL = `<!doctype html><html lang="en"><head><title>Google Search</title>
<noscript><meta content="0;url=/httpservice/retry/enablejs?sei=abc" http-equiv="refresh">
<div style="display:block">Please click <a href="/httpservice/retry/enablejs?sei=abc">here</a> if you are not redirected within a few seconds.</div></noscript>
</head><body><div style="display:block">If you're having trouble accessing Google Search, please <a href="/search?q=lantern&amp;emsg=SG_REL">click here</a>, or send feedback.</div></body></html>`;

describe('google.classify on recorded block pages', () => {
  const cases: ReadonlyArray<[string, PageState]> = [
    ['sorry-recaptcha-2020.html', 'captcha'],
    ['consent-overlay-2022.html', 'consent'],
    ['enable-js-shell-synthetic.html', 'js-shell'],
  ];

  it.each(cases)('%s is %s wherever it is served from, never results', (file, state) => {
    const html = recorded('blocked', file);
    for (const finalUrl of [SEARCH_URL, LOCAL_URL, 'https://www.google.de/search?q=x']) {
      const classification = google.classify(snapshot(html, finalUrl));
      expect(classification.state, `${file} at ${finalUrl}: ${classification.reason}`).toBe(state);
      expect(classification.reason.length).toBeGreaterThan(0);
    }
  });

  it('the /sorry/ path decides CAPTCHA on any host, and the reason says so', () => {
    const html = recorded('blocked', 'sorry-recaptcha-2020.html');
    const local = google.classify(snapshot(html, 'http://127.0.0.1:43123/sorry/index?continue=x'));
    expect(local).toEqual({ state: 'captcha', reason: 'URL is /sorry/index' });
    // Even an empty body at /sorry/ or on sorry.google.com is a CAPTCHA, not "unexpected".
    expect(google.classify(snapshot('', 'https://www.google.com/sorry/index?q=x')).state).toBe('captcha');
    expect(google.classify(snapshot('', 'https://sorry.google.com/sorry/Captcha?x=1')).reason).toBe(
      'host is sorry.google.com',
    );
  });

  it('HTTP 429 is a CAPTCHA block whatever the body', () => {
    const classification = google.classify(snapshot('<html><body>Too Many Requests</body></html>', SEARCH_URL, 429));
    expect(classification.state).toBe('captcha');
    expect(classification.reason).toMatch(/429/);
  });

  it('the consent host, and a consent form over anything, are consent', () => {
    expect(
      google.classify(snapshot('<html><body>x</body></html>', 'https://consent.google.com/ml?continue=x')).state,
    ).toBe('consent');
    const form =
      '<html><body><div id="rso"><a href="https://example.org/"><h3>Result</h3></a></div><form action="https://consent.google.com/save" method="POST"><button>Accept all</button></form></body></html>';
    expect(google.classify(snapshot(form))).toEqual({
      state: 'consent',
      reason: 'form posting to consent.google.com, with organic results under it',
      resultsUnder: true,
    });
  });

  it('the consent overlay of the 2022 page wins over the results under it', () => {
    const html = recorded('blocked', 'consent-overlay-2022.html');
    const overlaid = google.classify(snapshot(html));
    expect(overlaid.state).toBe('consent');
    expect(overlaid.reason).toMatch(/Before you continue/);
    // Under the overlay there is a real results page: once consent is given it is results.
    expect(google.classify(snapshot(withoutConsentDialog(html))).state).toBe('results');
  });

  it('a consent dialog hidden with display:none does not block', () => {
    const $ = load(recorded('blocked', 'consent-overlay-2022.html'));
    $('[role="dialog"][aria-modal="true"]').attr('style', 'display: none');
    expect(google.classify(snapshot($.html())).state).toBe('results');
  });
});

/** Google's /sorry/ page with only the reCAPTCHA widget, its text in a language the notice pattern does not know. */
const RECAPTCHA_ONLY = readFileSync(new URL('../fixtures/google/sorry-recaptcha-only.html', import.meta.url), 'utf8');

describe('google.classify on a block page with only the reCAPTCHA widget', () => {
  it('is captcha by the widget alone, shown at a search URL (mutant: CAPTCHA_SELECTORS reduced to form#captcha-form)', () => {
    expect(load(RECAPTCHA_ONLY)('form#captcha-form')).toHaveLength(0); // the fixture really has no form
    for (const finalUrl of [SEARCH_URL, LOCAL_URL, 'https://www.google.co.jp/search?q=fixture']) {
      expect(google.classify(snapshot(RECAPTCHA_ONLY, finalUrl))).toEqual({
        state: 'captcha',
        reason: 'CAPTCHA form or reCAPTCHA widget in the page',
      });
    }
  });

  it.each([
    ['the g-recaptcha div', '<div class="g-recaptcha" data-sitekey="k"></div>'],
    ['the recaptcha iframe', '<iframe src="https://www.google.com/recaptcha/api2/anchor?k=k"></iframe>'],
    ['the #recaptcha element', '<div id="recaptcha"></div>'],
    ['the captcha form', '<form id="captcha-form" action="index" method="post"></form>'],
  ])('%s alone makes a page captcha', (_name, marker) => {
    const html = `<html lang="ja"><body><div>お使いのコンピュータ ネットワークから通常と異なるトラフィックが検出されました。</div>${marker}</body></html>`;
    expect(google.classify(snapshot(html)).state).toBe('captcha');
    // Without the marker the same page is nothing Lantern knows.
    expect(google.classify(snapshot(html.replace(marker, ''))).state).toBe('unexpected');
  });
});

describe('google.classify on recorded results pages', () => {
  it.each(['google.html', 'google-100.html', 'featured-snippet.html', 'matrix.html', 'paris.html', 'coffee.html'])(
    'desktop-2023/%s was recorded under the EU consent dialog, and is results without it',
    (file) => {
      const html = recorded('desktop-2023', file);
      expect(google.classify(snapshot(html)).state).toBe('consent');
      const classification = google.classify(snapshot(withoutConsentDialog(html)));
      expect(classification.state, classification.reason).toBe('results');
      expect(classification.reason).toBe('organic results');
    },
  );

  it.each(['google-nojs.html', 'google100-nojs.html', 'matrix-nojs.html', 'coffee-nojs.html'])(
    'nojs-2023/%s (basic layout) is results',
    (file) => {
      expect(google.classify(snapshot(recorded('nojs-2023', file))).state).toBe('results');
    },
  );

  it('desktop-2019 is results', () => {
    expect(google.classify(snapshot(recorded('desktop-2019', 'van-gogh-paintings.html'))).state).toBe('results');
  });

  it('no-results pages say no-results, by the "did not match any documents" notice', () => {
    const basic = google.classify(snapshot(recorded('nojs-2023', 'no-results-nojs.html')));
    expect(basic.state).toBe('no-results');
    expect(basic.reason).toMatch(/did not match any documents/);
    const desktop = google.classify(snapshot(withoutConsentDialog(recorded('desktop-2023', 'no-results.html'))));
    expect(desktop.state).toBe('no-results');
  });

  it('a localised no-results notice counts too', () => {
    const html =
      '<html><body><div id="search"><div id="rso"></div></div><div id="topstuff"><p role="heading">Es wurden keine mit deiner Suchanfrage - xyz - übereinstimmenden Dokumente gefunden.</p></div></body></html>';
    expect(google.classify(snapshot(html)).state).toBe('no-results');
  });

  it('the hidden "trouble accessing" text inside a results page does not make it a shell', () => {
    const $ = load(recorded('nojs-2023', 'google-nojs.html'));
    $('body').append(
      '<div style="display:none">If you\'re having trouble accessing Google Search, please <a href="/search?q=google&amp;emsg=SG_REL">click here</a>.</div><noscript><meta content="0;url=/httpservice/retry/enablejs?sei=1" http-equiv="refresh"></noscript>',
    );
    expect(google.classify(snapshot($.html())).state).toBe('results');
  });

  it('a results page whose snippets quote the CAPTCHA notice stays results', () => {
    const html = `<html><body><div id="search"><div id="rso"><div><a href="https://support.example/unusual"><h3>Unusual traffic?</h3></a>
      <div class="VwiC3b">Our systems have detected unusual traffic from your computer network. What it means.</div></div></div></div></body></html>`;
    expect(google.classify(snapshot(html))).toEqual({ state: 'results', reason: 'organic results' });
    const notice =
      '<html><body><div>Our systems have detected unusual traffic from your computer network.</div></body></html>';
    expect(google.classify(snapshot(notice)).state).toBe('captcha');
  });

  it('a results container without organic results or a notice is unexpected, not results', () => {
    const html = '<html><body><div id="search"><div id="rso"><div>Something new</div></div></div></body></html>';
    const classification = google.classify(snapshot(html));
    expect(classification.state).toBe('unexpected');
    expect(classification.reason).toMatch(/layout/);
  });
});

describe('google.classify on pages that are not Google results', () => {
  it('the 2025 enablejs shell is js-shell', () => {
    const classification = google.classify(snapshot(ENABLEJS_SHELL));
    expect(classification.state).toBe('js-shell');
  });

  it.each([
    ['about:blank', 'about:blank', '<html><head></head><body></body></html>'],
    ['Chromium error page at chrome-error://', 'chrome-error://chromewebdata/', CHROMIUM_ERROR_PAGE],
    ['Chromium error page reported under the requested URL', SEARCH_URL, CHROMIUM_ERROR_PAGE],
    [
      'sign-in page',
      'https://accounts.google.com/ServiceLogin?continue=x',
      '<html><body><form id="gaia_loginform"></form></body></html>',
    ],
    ['empty page', SEARCH_URL, ''],
    ['garbage', SEARCH_URL, '\u0000\u0001 not html at all <<<>>>'],
    [
      'some other site',
      'https://example.org/',
      '<html><body><h1>Example Domain</h1><a href="https://iana.org/"><h3>More</h3></a></body></html>',
    ],
    ['unparseable URL', 'not a url', '<html></html>'],
  ])('%s is unexpected', (_name, finalUrl, html) => {
    const classification = google.classify(snapshot(html, finalUrl));
    expect(classification.state, classification.reason).toBe('unexpected');
  });
});

describe('google.readySelectors', () => {
  it('match the recorded results pages and block pages', () => {
    const matches = (html: string): boolean => {
      const $ = load(html);
      return google.readySelectors.some((selector) => $(selector).length > 0);
    };
    expect(matches(recorded('desktop-2023', 'google.html'))).toBe(true);
    expect(matches(recorded('desktop-2019', 'van-gogh-paintings.html'))).toBe(true);
    expect(matches(recorded('nojs-2023', 'google-nojs.html'))).toBe(true);
    expect(matches(recorded('blocked', 'sorry-recaptcha-2020.html'))).toBe(true);
    expect(matches(recorded('blocked', 'consent-overlay-2022.html'))).toBe(true);
    expect(matches('<html><body><div id="main">Loading…</div></body></html>')).toBe(false);
  });
});

describe('google.classify: each branch with the reason it gives', () => {
  const classify = (html: string, finalUrl = SEARCH_URL, status = 200) =>
    google.classify(snapshot(html, finalUrl, status));
  const ORGANIC =
    '<div id="search"><div id="rso"><div class="g"><a href="https://example.org/"><h3>Example</h3></a></div></div></div>';

  it('names the URL that is not a Google page', () => {
    expect(classify('<html></html>', 'about:blank')).toEqual({
      state: 'unexpected',
      reason: 'not a Google page: about:blank',
    });
    expect(classify('<html></html>', 'not a url')).toEqual({
      state: 'unexpected',
      reason: 'not a Google page: not a url',
    });
    expect(classify('<html></html>', '')).toEqual({ state: 'unexpected', reason: 'not a Google page: empty URL' });
    expect(classify('<html></html>', 'chrome-error://chromewebdata/')).toEqual({
      state: 'unexpected',
      reason: 'Chromium error page (chrome-error://chromewebdata/)',
    });
    expect(classify('<html></html>', 'chrome://network-error/-105')).toEqual({
      state: 'unexpected',
      reason: 'Chromium error page (chrome://network-error/-105)',
    });
  });

  it('takes /sorry and /sorry/… as CAPTCHA, not a path that only starts with "sorry"', () => {
    expect(classify('', 'https://www.google.com/sorry')).toEqual({ state: 'captcha', reason: 'URL is /sorry' });
    expect(classify('', 'https://sorry.google.com/index')).toEqual({
      state: 'captcha',
      reason: 'host is sorry.google.com',
    });
    expect(classify(`<html><body>${ORGANIC}</body></html>`, 'https://www.google.com/sorryful?q=x').state).toBe(
      'results',
    );
  });

  it('takes HTTP 429 and only 429 as CAPTCHA by status', () => {
    expect(classify(`<html><body>${ORGANIC}</body></html>`, SEARCH_URL, 429)).toEqual({
      state: 'captcha',
      reason: 'HTTP 429 (too many requests)',
    });
    expect(classify(`<html><body>${ORGANIC}</body></html>`, SEARCH_URL, 428).state).toBe('results');
  });

  it('names the consent host and the sign-in page', () => {
    expect(classify('', 'https://consent.google.com/ml')).toEqual({
      state: 'consent',
      reason: 'host is consent.google.com',
    });
    expect(classify('', 'https://accounts.google.com/x')).toEqual({
      state: 'unexpected',
      reason: 'sign-in page (accounts.google.com)',
    });
  });

  it.each(['<div id="main-frame-error"></div>', '<div id="error-information-popup-container"></div>'])(
    'Chromium error markup %s is unexpected, not results',
    (markup) => {
      expect(classify(`<html><body>${markup}${ORGANIC}</body></html>`)).toEqual({
        state: 'unexpected',
        reason: 'Chromium error page markup',
      });
    },
  );

  it('a neterror body is Chromium error markup', () => {
    expect(classify(`<html><body class="neterror">${ORGANIC}</body></html>`)).toEqual({
      state: 'unexpected',
      reason: 'Chromium error page markup',
    });
  });

  it.each([
    [
      'aria-label',
      '<div role="dialog" aria-label="Bevor Sie zu Google weitergehen">x</div>',
      '"Bevor Sie zu Google weitergehen" dialog over the page',
    ],
    [
      'shorter aria-label',
      '<div role="dialog" aria-label="Bevor Sie weitergehen">x</div>',
      '"Bevor Sie weitergehen" dialog over the page',
    ],
    [
      'title',
      '<div aria-modal="true" title="Avant d’accéder à Google">x</div>',
      '"Avant d’accéder à Google" dialog over the page',
    ],
    ['Accept-all button', '<div role="dialog"><button id="L2AGLb">OK</button></div>', '"consent" dialog over the page'],
    [
      'Reject-all button',
      '<div aria-modal="true"><button id="W0wltc">Nein</button></div>',
      '"consent" dialog over the page',
    ],
  ])('a consent dialog known by its %s covers results', (_by, dialog, reason) => {
    expect(classify(`<html><body>${ORGANIC}${dialog}</body></html>`)).toEqual({
      state: 'consent',
      reason: `${reason}, with organic results under it`,
      resultsUnder: true,
    });
    expect(classify(`<html><body>${dialog}</body></html>`)).toEqual({ state: 'consent', reason });
  });

  it('a dialog that is hidden, or that is not about consent, does not block', () => {
    for (const dialog of [
      '<div role="dialog" style="DISPLAY : None" aria-label="Before you continue to Google"><button id="L2AGLb">OK</button></div>',
      '<div role="dialog" style="display:none" aria-label="Before you continue to Google"></div>',
      '<div role="dialog" aria-label="Share this result"><button>Copy link</button></div>',
    ]) {
      expect(classify(`<html><body>${ORGANIC}${dialog}</body></html>`), dialog).toEqual({
        state: 'results',
        reason: 'organic results',
      });
    }
    const visible = '<div role="dialog" style="display: block" aria-label="Before you continue to Google"></div>';
    expect(classify(`<html><body>${ORGANIC}${visible}</body></html>`).state).toBe('consent');
  });

  it('the "unusual traffic" notice without results is CAPTCHA, in the languages it knows', () => {
    for (const notice of [
      'Unser System hat ungewöhnlichen Datenverkehr festgestellt.',
      'Nuestros sistemas han detectado tráfico inusual.',
    ]) {
      expect(classify(`<html><body><div>${notice}</div></body></html>`)).toEqual({
        state: 'captcha',
        reason: '"unusual traffic" notice',
      });
    }
  });

  it('a page that only links to enablejs is the JavaScript shell', () => {
    expect(classify('<html><body><a href="/httpservice/retry/enablejs?sei=1">continue</a></body></html>')).toEqual({
      state: 'js-shell',
      reason: 'JavaScript shell (enablejs) without a results container',
    });
    expect(classify('<html><body><p>Please enable JavaScript to continue.</p></body></html>').state).toBe('js-shell');
  });

  it('a no-results notice counts in a results container or under #main, #res or #topstuff only', () => {
    const notice = 'Your search - xyz - did not match any documents.';
    for (const holder of ['main', 'res', 'topstuff']) {
      expect(classify(`<html><body><div id="${holder}"><p>${notice}</p></div></body></html>`), holder).toEqual({
        state: 'no-results',
        reason: '"did not match any documents" notice and no organic result',
      });
    }
    expect(classify(`<html><body><div id="botstuff"></div><p>${notice}</p></body></html>`).state).toBe('no-results');
    expect(classify(`<html><body><p>${notice}</p></body></html>`)).toEqual({
      state: 'unexpected',
      reason: 'no results container and no block marker',
    });
  });

  it('a results container with a featured snippet but no organic result is results', () => {
    const html =
      '<html><body><div id="search"><div id="rso"><div class="xpdopen"><span class="hgKElc">Espresso is coffee brewed under pressure.</span></div></div></div></body></html>';
    expect(classify(html)).toEqual({
      state: 'results',
      reason: 'results container with page features but no organic result',
    });
  });

  it('a page read once, then another, is each classified from its own HTML', () => {
    const captcha = '<html><body><div class="g-recaptcha"></div></body></html>';
    const results = `<html><body>${ORGANIC}</body></html>`;
    expect(classify(captcha).state).toBe('captcha');
    expect(classify(results).state).toBe('results');
    expect(classify(captcha).state).toBe('captcha');
  });
});
