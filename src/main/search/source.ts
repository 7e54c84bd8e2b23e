import { getDomain, getHostname } from 'tldts';

/**
 * The registrable domain a result comes from ("bbc.co.uk" for news.bbc.co.uk), public-suffix
 * aware; the bare host for IPs and hosts without a known suffix.
 */
export function sourceOf(url: string): string {
  const domain = getDomain(url, { allowPrivateDomains: true });
  if (domain) return domain;
  return getHostname(url) ?? '';
}
