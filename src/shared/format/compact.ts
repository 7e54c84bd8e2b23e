import type { EngineChoice, SearchResponse } from '../contract';
import { oneLine } from './one-line';
import { escapeWrapperTags } from './untrusted';
import { plural } from './plural';

const ENGINE_NAMES: Record<EngineChoice, string> = {
  google: 'Google',
  bing: 'Bing',
  duckduckgo: 'DuckDuckGo',
  baidu: 'Baidu',
  brave: 'Brave',
  all: 'web',
};

/** Page text on one line that cannot pass for the untrusted-content wrapper. */
function field(text: string): string {
  return escapeWrapperTags(oneLine(text));
}

/**
 * A search response in the token-lean style agents read: no URLs (the agent fetches a result by
 * its number, which the store keeps for the session), titles, dates when known, the source's
 * domain and the snippet, each on its own line. Numbered from 0, as `web_fetch(index=N)` counts.
 */
export function formatCompactResults(response: SearchResponse, options: { urls?: boolean } = {}): string {
  const count = response.results.length;
  const lines = [
    `A ${ENGINE_NAMES[response.engine]} search for '${field(response.query)}' found ${plural(count, 'result')}:`,
  ];
  for (const result of response.results) {
    lines.push('', `${result.index}. ${field(result.title) || field(result.url)}`);
    if (options.urls) lines.push(`URL: ${field(result.url)}`);
    if (result.date) lines.push(`Date published: ${field(result.date)}`);
    lines.push(`Source: ${field(result.source)}`);
    if (result.snippet.trim()) lines.push(field(result.snippet));
  }
  if (count > 0) lines.push('', 'Use web_fetch(index=N) to fetch the full text of result N.');
  return lines.join('\n');
}
