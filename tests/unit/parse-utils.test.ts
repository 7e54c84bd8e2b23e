import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import {
  cleanText,
  collapseWhitespace,
  isDateLike,
  isGoogleHost,
  isHttpUrl,
  resolveUrl,
  splitLeadingDate,
  textOfNodes,
  unwrapRedirectUrl,
  urlIdentityKey,
} from '../../src/main/search/parse-utils';

describe('text cleanup', () => {
  it('collapses all kinds of whitespace and drops invisible marks', () => {
    expect(collapseWhitespace('  a\u00a0\u00a0b\n\tc\u2009d  ')).toBe('a b c d');
    expect(collapseWhitespace('\u202aKatsuo\u202c -\u200b x\ufeff')).toBe('Katsuo - x');
  });

  it('cleanText strips tags without gluing words and decodes entities', () => {
    expect(cleanText('<em>Kolex</em> is <b>here</b>&nbsp;now')).toBe('Kolex is here now');
    expect(cleanText('<div>one</div><div>two</div>')).toBe('one two');
    expect(cleanText('A <em>b</em>, c')).toBe('A b, c');
    expect(cleanText('Tom &amp; Jerry&#39;s &#x27;x&#x27; &hellip; &eacute;t&eacute; &bogus;')).toBe(
      "Tom & Jerry's 'x' … été &bogus;",
    );
  });

  it('textOfNodes keeps word boundaries between blocks and skips scripts and styles', () => {
    const $ = load(
      '<div id="x"><div>first</div><div>second<br>third</div><script>var a=1</script><style>.a{}</style><span>fo</span><b>ur</b></div>',
    );
    expect(textOfNodes($('#x').toArray())).toBe('first second third four');
    expect($('#x').text()).toContain('firstsecond'); // why the helper exists
  });
});

describe('splitLeadingDate', () => {
  it.each([
    ['Mar 3, 2025 — Lantern reads pages.', 'Mar 3, 2025', 'Lantern reads pages.'],
    ['2 days ago — Fresh news.', '2 days ago', 'Fresh news.'],
    ['3 hours ago · Latest.', '3 hours ago', 'Latest.'],
    ['Mar 3, 2019 - Older layout.', 'Mar 3, 2019', 'Older layout.'],
    ['2016/07/22 - I dunno about you', '2016/07/22', 'I dunno about you'],
    ['13 mrt. 2020 — Dutch.', '13 mrt. 2020', 'Dutch.'],
    ['3 de marzo de 2025 — Spanish.', '3 de marzo de 2025', 'Spanish.'],
    ['2019年3月4日 — 中文.', '2019年3月4日', '中文.'],
    ['1 日前 — 日本語', '1 日前', '日本語'],
    ['vor 2 Tagen — Deutsch', 'vor 2 Tagen', 'Deutsch'],
    ['١٥/٠٦/٢٠٠٩ — The word Gnosticism', '١٥/٠٦/٢٠٠٩', 'The word Gnosticism'],
    ['April 2023 — Month and year.', 'April 2023', 'Month and year.'],
  ])('moves the date out of %j', (snippet, date, text) => {
    expect(splitLeadingDate(snippet)).toEqual({ date, text });
  });

  it.each([
    'Google - Wikipedia is a page about Google.',
    'Windows 10 Home 2019 - the edition guide.',
    'Marketing 2019 - a review.',
    'The year 2019 — was a good one for many people who lived in it.',
    'No separator at all, Mar 3, 2025.',
    '',
  ])('leaves %j without a date', (snippet) => {
    const split = splitLeadingDate(snippet);
    expect(split.date).toBeUndefined();
    expect(split.text).toBe(collapseWhitespace(snippet));
  });

  it('isDateLike rejects long or wordy candidates', () => {
    expect(isDateLike('Mar 3, 2025')).toBe(true);
    expect(isDateLike('Some words about March 3, 2025 and more')).toBe(false);
    expect(isDateLike('2335 results')).toBe(false);
  });
});

describe('URL helpers', () => {
  it('resolves relative hrefs and rejects garbage', () => {
    expect(resolveUrl('/url?q=x', 'https://www.google.com')).toBe('https://www.google.com/url?q=x');
    expect(resolveUrl('   ', 'https://www.google.com')).toBeUndefined();
    expect(resolveUrl('http://[bad', 'https://www.google.com')).toBeUndefined();
  });

  it('accepts only absolute http(s) URLs', () => {
    expect(isHttpUrl('https://example.org/a')).toBe(true);
    expect(isHttpUrl('http://example.org')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('data:text/html,x')).toBe(false);
    expect(isHttpUrl('/relative')).toBe(false);
  });

  it('recognises Google hosts across country domains only', () => {
    expect(isGoogleHost('www.google.com')).toBe(true);
    expect(isGoogleHost('google.co.uk')).toBe(true);
    expect(isGoogleHost('www.google.com.br')).toBe(true);
    expect(isGoogleHost('maps.google.de')).toBe(true);
    expect(isGoogleHost('google.example.com')).toBe(false);
    expect(isGoogleHost('notgoogle.com')).toBe(false);
  });

  it('unwraps Google /url redirects (q or url, relative or absolute)', () => {
    expect(unwrapRedirectUrl('/url?q=https://working.kolex.org/&sa=U&ved=2ah')).toBe('https://working.kolex.org/');
    expect(unwrapRedirectUrl('https://www.google.co.uk/url?sa=t&url=https%3A%2F%2Fexample.org%2Fa%3Fb%3D1')).toBe(
      'https://example.org/a?b=1',
    );
    // A target with percent-encoded characters keeps them encoded once.
    expect(unwrapRedirectUrl('/url?q=https://www.amazon.com/Lid%25EF%25BC%258C/dp/B0&sa=U')).toBe(
      'https://www.amazon.com/Lid%EF%BC%8C/dp/B0',
    );
  });

  it('unwraps DuckDuckGo and Bing redirects', () => {
    expect(unwrapRedirectUrl('//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.org%2Fx&rut=abc')).toBe(
      'https://example.org/x',
    );
    const target = Buffer.from('https://example.org/bing?a=1').toString('base64url');
    expect(unwrapRedirectUrl(`https://www.bing.com/ck/a?!&&p=abc&u=a1${target}&ntb=1`)).toBe(
      'https://example.org/bing?a=1',
    );
  });

  it('leaves non-redirects and non-http targets alone', () => {
    expect(unwrapRedirectUrl('https://example.org/url?q=https://other.org/')).toBe(
      'https://example.org/url?q=https://other.org/',
    );
    expect(unwrapRedirectUrl('/url?q=javascript:alert(1)')).toBe('https://www.google.com/url?q=javascript:alert(1)');
    expect(unwrapRedirectUrl('https://example.org/page')).toBe('https://example.org/page');
  });

  it('urlIdentityKey ignores fragments, trailing slashes and host case, keeps scheme and query', () => {
    expect(urlIdentityKey('https://Example.org/a/#top')).toBe(urlIdentityKey('https://example.org/a'));
    expect(urlIdentityKey('https://example.org/a?x=1')).not.toBe(urlIdentityKey('https://example.org/a?x=2'));
    expect(urlIdentityKey('http://example.org/')).not.toBe(urlIdentityKey('https://example.org/'));
  });
});
