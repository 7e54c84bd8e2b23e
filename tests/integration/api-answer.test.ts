/**
 * POST /v1/answer over real HTTP: JSON, and server-sent events in order with `done` last; a
 * client that goes away mid-answer cancels the work (the AbortSignal reaches the pipeline).
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerEventSchema, AnswerResponseSchema, type AnswerEvent } from '../../src/shared/answer-contract';
import { FetchPageSchema } from '../../src/shared/fetch-contract';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
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
      { host: '127.0.0.1', port: api.server.port, method: 'POST', path: '/v1/answer', headers: goodHeaders(api, { accept: 'text/event-stream' }) },
      (res) => {
        let buffer = '';
        const finish = (): void => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), events, heartbeats });
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
    const stream = await answerStream({ question: 'How much caffeine is in a shot of espresso?', pages: 3, engine: 'google' });
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
    const text = events.filter((event): event is Extract<AnswerEvent, { type: 'text' }> => event.type === 'text').map((event) => event.delta).join('');
    expect(text).toContain('63 mg');
  }, 90_000);

  it('answers JSON without the event-stream Accept header', async () => {
    const response = await rawRequest(api.server.port, {
      method: 'POST',
      path: '/v1/answer',
      headers: goodHeaders(api),
      body: JSON.stringify({ question: 'At what temperature should green tea be brewed?', urls: [`${site.pages}/green-tea`] }),
    });
    expect(response.status).toBe(200);
    const answer = AnswerResponseSchema.parse(response.json());
    expect(answer.sources[0]?.url).toBe(`${site.pages}/green-tea`);
  }, 90_000);

  it('keeps a quiet stream alive with heartbeats, and cancels the work when the client goes away mid-answer', async () => {
    const before = api.settled.length;
    const started = Date.now();
    // /hang never answers: without the cancel, the answer would wait out the 30 s page budget.
    const stream = await answerStream({ question: 'How much caffeine is in espresso?', urls: [`${site.pages}/hang`] }, (seen) => seen.heartbeats >= 2);
    // While the page hangs, only heartbeats (every 200 ms here) tell the client the answer is alive.
    expect(stream.events.map((event) => event.type)).toEqual(['sources']);
    expect(stream.heartbeats).toBe(2);
    await expect.poll(() => api.settled.slice(before), { timeout: 10_000 }).toEqual(['answer:rejected:CANCELLED']);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 60_000);

  it('POST /v1/fetch reads a page, and result N of the session\'s latest search', async () => {
    const post = (path: string, body: unknown) =>
      rawRequest(api.server.port, { method: 'POST', path, headers: goodHeaders(api), body: JSON.stringify(body) });
    const page = await post('/v1/fetch', { url: `${site.pages}/green-tea` });
    expect(page.status).toBe(200);
    expect(FetchPageSchema.parse(page.json()).finalUrl).toBe(`${site.pages}/green-tea`);

    expect((await post('/v1/search?session=agent-7', { query: 'espresso caffeine', engine: 'google' })).status).toBe(200);
    const first = await post('/v1/fetch?session=agent-7', { index: 0 });
    expect(first.status).toBe(200);
    expect(FetchPageSchema.parse(first.json()).finalUrl.startsWith(site.pages)).toBe(true);
    // Another session has no search to take result 0 from.
    const other = await post('/v1/fetch?session=agent-8', { index: 0 });
    expect(other.status).toBe(404);
  }, 90_000);
});
