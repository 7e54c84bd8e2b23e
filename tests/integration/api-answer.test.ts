/**
 * POST /v1/answer over real HTTP: JSON, and server-sent events in order with `done` last; a
 * client that goes away mid-answer cancels the work (the AbortSignal reaches the pipeline).
 * Search, fetch and answer as text with format=compact|cited.
 */
import { request as httpRequest } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedMcpClient } from '../support/mcp-client';
import { AnswerEventSchema, AnswerResponseSchema, type AnswerEvent } from '../../src/shared/answer-contract';
import { FetchPageSchema } from '../../src/shared/fetch-contract';
import { ARTICLES, startAnswerSite, type AnswerSite } from '../support/answer-site';
import { goodHeaders, rawRequest, startTestApi, type TestApi } from '../support/api-server';

let site: AnswerSite;
let api: TestApi;
beforeAll(async () => {
  site = await startAnswerSite();
  api = await startTestApi({ LANTERN_ENGINE_URL_GOOGLE: site.engine }, { heartbeatMs: 200 });
  // The article server is on 127.0.0.1: the person who runs the server allows it in the settings
  // (a request body never can).
  await api.runtime.settings.update({ fetch: { allowPrivateNetworks: true } });
});
afterAll(async () => {
  await api?.close();
  await site?.close();
});

interface StreamedEvent {
  type: string;
  data: unknown;
}

/** Opens an event stream; `stopAfter` returning true ends the client's side early (it goes away). */
function answerStream(
  body: unknown,
  stopAfter: (seen: { events: StreamedEvent[]; heartbeats: number }) => boolean = () => false,
): Promise<{ status: number; contentType: string; events: StreamedEvent[]; heartbeats: number }> {
  return new Promise((resolve, reject) => {
    const events: StreamedEvent[] = [];
    let heartbeats = 0;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: api.server.port,
        method: 'POST',
        path: '/v1/answer',
        headers: goodHeaders(api, { accept: 'text/event-stream' }),
      },
      (res) => {
        let buffer = '';
        const finish = (): void =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type']),
            events,
            heartbeats,
          });
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith(':')) {
              heartbeats += 1;
            } else {
              const type = /^event: (.*)$/m.exec(block)?.[1] ?? '';
              events.push({ type, data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown });
            }
            if (stopAfter({ events, heartbeats })) {
              req.destroy();
              finish();
              return;
            }
          }
        });
        res.on('end', finish);
        res.on('error', () => {});
      },
    );
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end(JSON.stringify(body));
  });
}

describe('POST /v1/answer', () => {
  it('streams the answer events in order, with done last', async () => {
    const stream = await answerStream({
      question: 'How much caffeine is in a shot of espresso?',
      pages: 3,
      engine: 'google',
    });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const events = stream.events.map((event) => AnswerEventSchema.parse(event.data));
    expect(stream.events.every((event, i) => event.type === events[i]?.type)).toBe(true);
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('sources');
    expect(types.at(-1)).toBe('done');
    expect(types.filter((type) => type === 'page')).toHaveLength(3);
    expect(types.indexOf('citations')).toBeGreaterThan(types.lastIndexOf('text'));
    expect(types.lastIndexOf('page')).toBeLessThan(types.indexOf('text'));
    const text = events
      .filter((event): event is Extract<AnswerEvent, { type: 'text' }> => event.type === 'text')
      .map((event) => event.delta)
      .join('');
    expect(text).toContain('63 mg');
  }, 90_000);

  it('reads one results page for its sources, even one holding fewer results than the pages asked for', async () => {
    const before = site.searches.length;
    // The stand-in Google's page holds 3 results; the answer reads 6 pages by default.
    const response = await rawRequest(api.server.port, {
      method: 'POST',
      path: '/v1/answer',
      headers: goodHeaders(api),
      body: JSON.stringify({ question: 'How strong is a shot of espresso?', engine: 'google' }),
    });
    expect(response.status).toBe(200);
    expect(AnswerResponseSchema.parse(response.json()).sources).toHaveLength(3);
    expect(site.searches.slice(before)).toEqual([expect.not.stringContaining('start=')]);
  }, 90_000);

  it('answers JSON without the event-stream Accept header', async () => {
    const response = await rawRequest(api.server.port, {
      method: 'POST',
      path: '/v1/answer',
      headers: goodHeaders(api),
      body: JSON.stringify({
        question: 'At what temperature should green tea be brewed?',
        urls: [`${site.pages}/green-tea`],
      }),
    });
    expect(response.status).toBe(200);
    const answer = AnswerResponseSchema.parse(response.json());
    expect(answer.sources[0]?.url).toBe(`${site.pages}/green-tea`);
  }, 90_000);

  it("asks in a thread given by the body's threadId (or the query's): the search names the thread's subject", async () => {
    const first = await api.runtime.answer(
      { question: 'What is the film Parasite about?', urls: [`${site.pages}/green-tea`] },
      { recordHistory: true, allowPrivateNetworks: true },
    );
    const post = (body: unknown, query = '') =>
      rawRequest(api.server.port, {
        method: 'POST',
        path: `/v1/answer${query}`,
        headers: goodHeaders(api),
        body: JSON.stringify(body),
      });
    const before = site.searches.length;
    const response = await post({ question: 'Who directed it?', threadId: first.threadId, pages: 1 });
    expect(response.status).toBe(200);
    expect(AnswerResponseSchema.parse(response.json())).toMatchObject({
      question: 'Who directed it?',
      searchedFor: 'Who directed Parasite?',
      threadId: first.threadId,
    });
    const byQuery = await post({ question: 'When was it released?', pages: 1 }, `?threadId=${first.threadId}`);
    expect(AnswerResponseSchema.parse(byQuery.json()).searchedFor).toBe('When was Parasite released?');
    expect(site.searches.slice(before).map((path) => new URL(path, 'http://x').searchParams.get('q'))).toEqual([
      'Who directed Parasite?',
      'When was Parasite released?',
    ]);
    // An agent's questions are not the person's history: the thread is read, not added to.
    expect((await api.runtime.history.get({ id: first.threadId ?? 0 })).turns).toHaveLength(1);
    const unknown = await post({ question: 'Who directed it?', threadId: 9999 });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const twice = await post(
      { question: 'Who directed it?', threadId: first.threadId },
      `?threadId=${(first.threadId ?? 0) + 1}`,
    );
    expect(twice.status).toBe(400);
    expect(twice.json()).toMatchObject({ error: { code: 'INVALID_INPUT' } });
  }, 90_000);

  it('keeps a quiet stream alive with heartbeats, and cancels the work when the client goes away mid-answer', async () => {
    const before = api.settled.length;
    // /hang never answers: without the cancel, the answer would wait out the 30 s page budget.
    const stream = await answerStream(
      { question: 'How much caffeine is in espresso?', urls: [`${site.pages}/hang`] },
      (seen) => seen.heartbeats >= 2,
    );
    // While the page hangs, only heartbeats (every 200 ms here) tell the client the answer is alive.
    expect(stream.events.map((event) => event.type)).toEqual(['sources']);
    expect(stream.heartbeats).toBe(2);
    // Cancelled, not ended by the page budget or the reading budget (which would not be CANCELLED).
    await expect.poll(() => api.settled.slice(before), { timeout: 30_000 }).toEqual(['answer:rejected:CANCELLED']);
  }, 60_000);

  it("POST /v1/fetch reads a page, and result N of the session's latest search", async () => {
    const post = (path: string, body: unknown) =>
      rawRequest(api.server.port, { method: 'POST', path, headers: goodHeaders(api), body: JSON.stringify(body) });
    const page = await post('/v1/fetch', { url: `${site.pages}/green-tea` });
    expect(page.status).toBe(200);
    expect(FetchPageSchema.parse(page.json()).finalUrl).toBe(`${site.pages}/green-tea`);

    expect((await post('/v1/search?session=agent-7', { query: 'espresso caffeine', engine: 'google' })).status).toBe(
      200,
    );
    const first = await post('/v1/fetch?session=agent-7', { index: 0 });
    expect(first.status).toBe(200);
    expect(FetchPageSchema.parse(first.json()).finalUrl.startsWith(site.pages)).toBe(true);
    // Another session has no search to take result 0 from.
    const other = await post('/v1/fetch?session=agent-8', { index: 0 });
    expect(other.status).toBe(404);
  }, 90_000);
});

describe('format=compact and format=cited', () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    rawRequest(api.server.port, {
      method: 'POST',
      path,
      headers: goodHeaders(api, headers),
      body: JSON.stringify(body),
    });

  it('search, fetch and answer answer text/plain: results numbered from 0 without URLs (cited: with), the page wrapped, the answer with its sources', async () => {
    const json = await post('/v1/search?session=formats', { query: 'espresso caffeine', engine: 'google', limit: 3 });
    const results = (json.json() as { results: Array<{ title: string; url: string }> }).results;
    expect(results.length).toBe(3);

    const compact = await post('/v1/search?session=formats&format=compact', {
      query: 'espresso caffeine',
      engine: 'google',
      limit: 3,
    });
    expect(compact.status).toBe(200);
    expect(compact.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = compact.body.split('\n');
    expect(lines[0]).toBe("A Google search for 'espresso caffeine' found 3 results:");
    expect(lines).toContain(`0. ${results[0]?.title}`);
    expect(lines).toContain(`2. ${results[2]?.title}`);
    expect(compact.body).not.toContain(site.pages);
    expect(lines.at(-1)).toBe('Use web_fetch(index=N) to fetch the full text of result N.');

    const cited = await post('/v1/search?session=formats&format=cited', {
      query: 'espresso caffeine',
      engine: 'google',
      limit: 3,
    });
    expect(cited.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(cited.body.split('\n')).toContain(`URL: ${results[1]?.url}`);

    // Several queries: one rendering after another (a query that fails is one line with its code).
    const several = await post('/v1/search?session=formats-2&format=compact', {
      queries: ['espresso caffeine', 'espresso history'],
      engine: 'google',
      limit: 2,
    });
    expect(several.status).toBe(200);
    expect(several.body.split('\n').filter((line) => line.startsWith('A Google search for '))).toEqual([
      "A Google search for 'espresso caffeine' found 2 results:",
      "A Google search for 'espresso history' found 2 results:",
    ]);
    // Invalid input is still refused as JSON, whatever the format asked.
    const invalid = await post('/v1/search?format=compact', { query: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.headers['content-type']).toMatch(/^application\/json/);

    const page = await post('/v1/fetch?session=formats&format=compact', { index: 0 });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(page.body.startsWith(`<untrusted_content source="${results[0]?.url}">`)).toBe(true);
    expect(page.body.trimEnd().endsWith('</untrusted_content>')).toBe(true);

    const answer = await post('/v1/answer?format=cited', {
      question: 'At what temperature should green tea be brewed?',
      urls: [`${site.pages}/green-tea`],
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.body.startsWith('Web search results for "At what temperature should green tea be brewed?":')).toBe(
      true,
    );
    expect(answer.body).toContain(`[1] Green tea basics (${site.pages}/green-tea)`);
  }, 90_000);

  it("fetch with a question: POST /v1/fetch's text is what web_fetch answers, the passages near the best", async () => {
    const question = 'How much caffeine is in a shot of espresso?';
    const url = `${site.pages}/espresso`;
    const rest = await post('/v1/fetch?format=compact', { url, question });
    expect(rest.status).toBe(200);
    const [paragraph, , , nextDoor] = ARTICLES['/espresso'].paragraphs.slice(1);
    expect(rest.body).toContain(`\n${paragraph}`);
    expect(rest.body).not.toContain(nextDoor);
    const client = await connectedMcpClient(api.runtime, 'api-answer-test');
    try {
      const result = (await client.callTool({ name: 'web_fetch', arguments: { url, question } })) as CallToolResult;
      const [first] = result.content;
      expect(first?.type === 'text' ? first.text : undefined).toBe(rest.body);
    } finally {
      await client.close();
    }
  }, 90_000);

  it('refuses a text format where there is none, and with the event stream, as JSON errors', async () => {
    const history = await rawRequest(api.server.port, {
      path: '/v1/history?format=compact',
      headers: goodHeaders(api),
    });
    expect(history.status).toBe(400);
    expect((history.json() as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(history.body).toContain('JSON only');

    const unknown = await post('/v1/search?format=yaml', { query: 'espresso' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain("format must be 'json', 'compact' or 'cited'");

    const before = api.calls.length;
    const stream = await post('/v1/answer?format=compact', { question: 'espresso?' }, { accept: 'text/event-stream' });
    expect(stream.status).toBe(400);
    expect((stream.json() as { error: { code: string } }).error.code).toBe('INVALID_INPUT');
    expect(api.calls.length).toBe(before);
  });
});
