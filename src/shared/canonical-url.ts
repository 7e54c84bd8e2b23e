/**
 * What makes two links the same page: deep research reads each page once, and a thread's
 * citation numbers follow a page by it (src/main/answer/thread-numbers.ts); and what makes two
 * the same document (a library document's parts, a saved page's anchors).
 */

/** The same page whatever the link's decoration: no fragment, tracking parameters, www. or trailing slash; http and https alike. */
export function canonicalUrl(url: string): string {
  try {
    const u = new URL(url);
    for (const key of [...u.searchParams.keys()]) if (/^(utm_|fbclid$|gclid$)/i.test(key)) u.searchParams.delete(key);
    u.searchParams.sort();
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    const path = u.pathname.replace(/\/+$/, '');
    const query = u.searchParams.toString();
    return `${host}${u.port ? `:${u.port}` : ''}${path}${query ? `?${query}` : ''}`;
  } catch {
    return url;
  }
}

/** The link without its fragment ("…/log.pdf#page=2" → "…/log.pdf"): the document a part of it is cited in. */
export function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}
