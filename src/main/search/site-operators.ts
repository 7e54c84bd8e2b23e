/**
 * A search's domains as each engine's own query operators, so the engine spends its results on
 * the domains asked for. Only what the engine documents is used; the rest is left to the
 * results filter (source-filter.ts), which applies in every case.
 */
import type { EngineQuery } from './engine';

export interface SiteOperatorSupport {
  /** `site:` for one domain; 'any' when the engine also takes several joined by OR. */
  include: 'one' | 'any';
  /** `-site:` to keep a domain out. */
  exclude: boolean;
}

/** The query text the engine is sent: the query, then its site operators. */
export function queryWithSites(query: EngineQuery, support: SiteOperatorSupport): string {
  const parts = [query.query];
  const include = query.includeDomains ?? [];
  if (include.length === 1) parts.push(`site:${include[0]}`);
  else if (include.length > 1 && support.include === 'any')
    parts.push(`(${include.map((domain) => `site:${domain}`).join(' OR ')})`);
  if (support.exclude) for (const domain of query.excludeDomains ?? []) parts.push(`-site:${domain}`);
  return parts.join(' ');
}
