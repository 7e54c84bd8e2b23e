/** An LLM server's endpoint as messages name it. */

/** The endpoint without user name, password, query or fragment (secrets may hide there). */
export function endpointForPeople(baseUrl: string): string {
  if (!URL.canParse(baseUrl)) return '(an invalid base URL)';
  const url = new URL(baseUrl);
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  return url.href.replace(/\/+$/, '');
}
