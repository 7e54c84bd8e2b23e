/**
 * The local API's guard on its own (doors/http/guard.ts), on Node's own request objects: every branch
 * with its exact refusal, including the ones the HTTP tests (integration/api-guard.test.ts,
 * web-ui-session.test.ts) reach only through a whole server.
 */
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { allowedHosts, checkHost, guardRequest } from '../../src/main/doors/http/guard';

const PORT = 7777;
const TOKEN = 'tok_EN-0123456789abcdefghijklmnopqrstuvwxyzAB';

function request(headers: Record<string, string>, method = 'GET'): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.headers = headers;
  return req;
}

const agent = (extra: Record<string, string> = {}, method = 'GET') =>
  guardRequest(request({ host: `127.0.0.1:${PORT}`, authorization: `Bearer ${TOKEN}`, ...extra }, method), {
    port: PORT,
    token: () => TOKEN,
  });
const ui = (extra: Record<string, string> = {}, method = 'GET') =>
  guardRequest(request({ host: `127.0.0.1:${PORT}`, ...extra }, method), {
    port: PORT,
    token: () => TOKEN,
    uiSession: true,
  });

const HOST_REFUSAL = {
  code: 'FORBIDDEN',
  message: `Host must be 127.0.0.1:${PORT}, localhost:${PORT} or [::1]:${PORT}.`,
};
const TOKEN_REFUSAL = {
  code: 'UNAUTHORIZED',
  message: 'Send the token from `lantern token` as "Authorization: Bearer <token>".',
};
const OPTIONS_REFUSAL = { code: 'FORBIDDEN', message: 'OPTIONS is not supported: this API has no CORS.' };

describe('the Host check', () => {
  it('knows exactly the three loopback spellings of this port', () => {
    expect([...allowedHosts(PORT)]).toEqual([`127.0.0.1:${PORT}`, `localhost:${PORT}`, `[::1]:${PORT}`]);
  });

  it('accepts them in any case and refuses anything else, or no Host, with the same message', () => {
    expect(checkHost(request({ host: `LocalHost:${PORT}` }), PORT)).toBeUndefined();
    expect(checkHost(request({ host: `[::1]:${PORT}` }), PORT)).toBeUndefined();
    for (const host of [`127.0.0.1:${PORT + 1}`, '127.0.0.1', `evil.example:${PORT}`, '']) {
      expect(checkHost(request({ host }), PORT), host).toEqual(HOST_REFUSAL);
    }
    expect(checkHost(request({}), PORT)).toEqual(HOST_REFUSAL);
  });

  it('comes first, for agents and the UI session alike', () => {
    expect(agent({ host: `evil.example:${PORT}`, origin: 'https://evil.example' })).toEqual(HOST_REFUSAL);
    expect(ui({ host: `evil.example:${PORT}` })).toEqual(HOST_REFUSAL);
  });
});

describe('an agent (no UI session)', () => {
  it('passes with the token in the Authorization header, surrounding spaces allowed', () => {
    expect(agent()).toBeUndefined();
    expect(agent({ authorization: `  Bearer ${TOKEN}  ` })).toBeUndefined();
  });

  it('reads the token in force at each request', () => {
    let token = TOKEN;
    const options = { port: PORT, token: () => token };
    const req = request({ host: `localhost:${PORT}`, authorization: `Bearer ${TOKEN}` });
    expect(guardRequest(req, options)).toBeUndefined();
    token = 'rotated';
    expect(guardRequest(req, options)).toEqual(TOKEN_REFUSAL);
  });

  it.each([
    ['no header', undefined],
    ['another token', 'Bearer wrong'],
    ['the token with a character more', `Bearer ${TOKEN}x`],
    ['lower-case scheme', `bearer ${TOKEN}`],
    ['another scheme', `Basic ${TOKEN}`],
    ['the bare token', TOKEN],
    ['Bearer not first', `NotBearer ${TOKEN}`],
    ['a second word', `Bearer ${TOKEN} more`],
    ['characters outside base64url', `Bearer ${TOKEN}+/`],
    ['an empty token', 'Bearer '],
  ])('is refused with %s', (_name, authorization) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${PORT}` };
    if (authorization !== undefined) headers.authorization = authorization;
    expect(guardRequest(request(headers), { port: PORT, token: () => TOKEN })).toEqual(TOKEN_REFUSAL);
  });

  it('is refused from a web page, whatever its Origin, before the token is looked at', () => {
    for (const origin of ['null', 'https://evil.example', `http://127.0.0.1:${PORT}`, '']) {
      expect(agent({ origin }), origin).toEqual({
        code: 'FORBIDDEN',
        message: 'Requests from web pages (with an Origin header) are not accepted.',
      });
    }
  });

  it('is refused a preflight (OPTIONS) even with the token', () => {
    expect(agent({}, 'OPTIONS')).toEqual(OPTIONS_REFUSAL);
    expect(agent({}, 'POST')).toBeUndefined();
  });
});

describe('the UI session (a live cookie, checked by web-ui.ts)', () => {
  it('needs no token, from its own origin or with no Origin at all', () => {
    expect(ui()).toBeUndefined();
    expect(ui({ origin: `http://127.0.0.1:${PORT}`, 'sec-fetch-site': 'same-origin' }, 'POST')).toBeUndefined();
    // The origin is compared with the Host as the browser sent it, in lower case.
    expect(ui({ host: `LOCALHOST:${PORT}`, origin: `http://localhost:${PORT}` }, 'POST')).toBeUndefined();
  });

  it('is refused from any other origin, naming it', () => {
    for (const origin of [
      `http://127.0.0.1:${PORT + 1}`,
      `https://127.0.0.1:${PORT}`,
      `http://localhost:${PORT}`,
      'null',
    ]) {
      expect(ui({ origin }), origin).toEqual({
        code: 'FORBIDDEN',
        message: `Requests from other web pages (Origin ${origin}) are not accepted.`,
      });
    }
  });

  it('is refused when Fetch Metadata says the request is not same-origin, naming what it said', () => {
    for (const site of ['same-site', 'cross-site', 'none']) {
      expect(ui({ 'sec-fetch-site': site }), site).toEqual({
        code: 'FORBIDDEN',
        message: `Requests from other web pages (Sec-Fetch-Site: ${site}) are not accepted.`,
      });
    }
  });

  it('is refused a preflight (OPTIONS)', () => {
    expect(ui({ 'sec-fetch-site': 'same-origin' }, 'OPTIONS')).toEqual(OPTIONS_REFUSAL);
  });
});

describe('an ended UI session (a session cookie this server no longer knows: it restarted)', () => {
  const ended = (extra: Record<string, string>, method = 'GET') =>
    guardRequest(request({ host: `127.0.0.1:${PORT}`, ...extra }, method), {
      port: PORT,
      token: () => TOKEN,
      endedUiSession: true,
    });
  const SESSION_ENDED = {
    code: 'UNAUTHORIZED',
    message:
      "This browser's sign-in has ended (the server restarted, or the session expired): sign in again with a new link.",
    details: { reason: 'session-ended' },
  };

  it('is told to sign in again, from the page itself, with or without an Origin', () => {
    expect(ended({ origin: `http://127.0.0.1:${PORT}`, 'sec-fetch-site': 'same-origin' }, 'POST')).toEqual(
      SESSION_ENDED,
    );
    expect(ended({ 'sec-fetch-site': 'same-origin' })).toEqual(SESSION_ENDED);
  });

  it('is still refused as a web page from any other origin, and lets a token through as before', () => {
    expect(ended({ origin: 'https://evil.example' }, 'POST')).toEqual({
      code: 'FORBIDDEN',
      message: 'Requests from web pages (with an Origin header) are not accepted.',
    });
    expect(ended({ authorization: `Bearer ${TOKEN}` })).toBeUndefined();
    expect(ended({ authorization: 'Bearer wrong' })).toEqual(TOKEN_REFUSAL);
  });
});
