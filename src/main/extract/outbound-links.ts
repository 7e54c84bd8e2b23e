/**
 * Links that leave the site. In an article, a list whose every link goes to another site names
 * things the text is about — the shops a buying guide sends the reader to, the resorts a travel
 * writer reviews, the studies a report cites — while a list of links to the site's own pages is
 * its navigation or its other stories. Link pruning reads the first as content.
 */
import { walkElements, type Element } from './dom.js';

/** The page's host without "www.", or '' when the address is not a web one (nothing can be told then). */
export function siteHost(url: string): string {
  return hostOf(url);
}

/** True when `el` holds links and every one of them goes to a host other than `host`. */
export function linksLeaveSite(el: Element, host: string): boolean {
  if (host === '') return false;
  let links = 0;
  let outbound = 0;
  walkElements(el, (e) => {
    if (e.name !== 'a') return true;
    links++;
    // Relative, fragment and script addresses stay on the site.
    const target = hostOf(e.attribs.href ?? '', `https://${host}/`);
    if (target !== '' && target !== host) outbound++;
    return false;
  });
  return links > 0 && outbound === links;
}

function hostOf(url: string, base?: string): string {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname.replace(/^www\./, '') : '';
  } catch {
    return '';
  }
}
