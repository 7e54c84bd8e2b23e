/**
 * Which results a search shows, and in what order: the request's domains (site, includeDomains,
 * excludeDomains) and the person's lists (settings `sources`, shared/source-lists.ts). Filtering
 * happens on every result whatever the engine did with its operators (site-operators.ts): an
 * engine that ignores `-site:` still never gets an excluded page shown.
 */
import { MatchPattern } from '@webext-core/match-patterns';
import type { SearchResult } from '../../shared/contract';
import type { RequestDomains } from '../../shared/search-scope';
import type { SourceLists } from '../../shared/source-lists';

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

/** A host is on a domain when it is the domain or one of its subdomains. */
function onDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

type Rule = (url: string, host: string) => boolean;

/** An entry of a list (validated by the settings contract): a match pattern or a domain. */
function ruleOf(entry: string): Rule {
  if (entry.includes('://')) {
    const pattern = new MatchPattern(entry);
    return (url) => pattern.includes(url);
  }
  return (_url, host) => onDomain(host, entry);
}

/** Lower sorts later: pinned, raised, the rest, lowered. */
const TIER = { pin: 0, raise: 1, none: 2, lower: 3 } as const;

export class SourceFilter {
  private readonly block: Rule[];
  private readonly tiers: Array<{ tier: number; rules: Rule[] }>;

  constructor(
    private readonly domains: RequestDomains,
    lists: SourceLists | undefined,
  ) {
    this.block = (lists?.block ?? []).map(ruleOf);
    this.tiers = (['pin', 'raise', 'lower'] as const).map((name) => ({
      tier: TIER[name],
      rules: (lists?.[name] ?? []).map(ruleOf),
    }));
  }

  /** True when nothing is filtered or reordered: results pass as the engine gave them. */
  get inactive(): boolean {
    return (
      this.domains.include.length === 0 &&
      this.domains.exclude.length === 0 &&
      this.block.length === 0 &&
      this.tiers.every((t) => t.rules.length === 0)
    );
  }

  /** Whether a result at `url` may be shown. */
  admits(url: string): boolean {
    const host = hostOf(url);
    if (host === undefined) return false;
    if (this.domains.include.length > 0 && !this.domains.include.some((domain) => onDomain(host, domain))) return false;
    if (this.domains.exclude.some((domain) => onDomain(host, domain))) return false;
    return !this.block.some((rule) => rule(url, host));
  }

  /** The results in the person's order (pinned, raised, the rest, lowered; the engine's order within each), renumbered. */
  order(results: readonly SearchResult[]): SearchResult[] {
    if (this.tiers.every((t) => t.rules.length === 0)) return [...results];
    const tierOf = (url: string): number => {
      const host = hostOf(url) ?? '';
      return this.tiers.find(({ rules }) => rules.some((rule) => rule(url, host)))?.tier ?? TIER.none;
    };
    return results
      .map((result, position) => ({ result, position, tier: tierOf(result.url) }))
      .sort((a, b) => a.tier - b.tier || a.position - b.position)
      .map(({ result }, index) => ({ ...result, index }));
  }
}
