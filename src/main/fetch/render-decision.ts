/**
 * Whether a page that yielded little text was built by scripts (an empty app root plus bundles,
 * or a "please enable JavaScript" noscript), so that rendering it in a browser is worth the cost.
 */
import * as cheerio from 'cheerio/slim';

const APP_ROOTS =
  '#root, #app, #__next, #__nuxt, #svelte, #___gatsby, [data-reactroot], app-root, #main-app, #application';

export function looksScriptBuilt(html: string, wordCount: number, minWords: number): boolean {
  if (wordCount >= minWords) return false;
  const $ = cheerio.load(html);
  const scripts =
    $('script[src], script[type="module"]').length +
    $('script:not([src])').filter((_, el) => $(el).text().length > 2000).length;
  const noscriptAsksForJs = /enable javascript|requires javascript|javascript is (disabled|required)/i.test(
    $('noscript').text(),
  );
  const emptyRoot = $(APP_ROOTS)
    .toArray()
    .some((el) => $(el).text().trim().length < 50);
  $('script, style, noscript, template').remove();
  const visibleChars = $('body').text().replace(/\s+/g, ' ').trim().length;
  if (scripts === 0) return false;
  return emptyRoot || noscriptAsksForJs || visibleChars < 200;
}
