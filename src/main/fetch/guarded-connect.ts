/**
 * The one place a fetch's connections are opened. Each connection resolves its host once, checks
 * every address against the policy and connects to a checked address: there is no second
 * resolution for a rebinding name to answer differently. Used by the HTTP client (through undici)
 * and by the render proxy Chromium sends all its traffic to.
 */
import net, { type Socket } from 'node:net';
import tls from 'node:tls';
import { LanternError } from '../../shared/errors';
import { assertAddressAllowed, literalAddress, resolveAndCheckHost, type AddressPolicy } from './url-policy';
import type { LookupAll } from './types';

export interface GuardedConnectOptions {
  policy: AddressPolicy;
  lookup: LookupAll;
  connectTimeoutMs: number;
  /** The user's own http(s) proxy: asked to tunnel to the checked address, never to the name. */
  proxyUrl?: string;
}

/** Opens a TCP connection to host:port (plain; TLS is the caller's), or fails with BLOCKED_URL. */
export type GuardedConnect = (host: string, port: number, signal?: AbortSignal) => Promise<Socket>;

type NodeLookupCallback = (
  error: Error | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;
type NodeLookup = (
  hostname: string,
  options: { all?: boolean | undefined; family?: number | 'IPv4' | 'IPv6' | undefined },
  callback: NodeLookupCallback,
) => void;

/**
 * A `lookup` for net/undici that resolves with the injected resolver and refuses the name when
 * any address it resolves to is blocked (mixing public and private answers is a rebinding trick).
 */
export function checkedLookup(policy: AddressPolicy, lookup: LookupAll): NodeLookup {
  return (hostname, lookupOptions, callback) => {
    resolveAndCheckHost(hostname, policy, lookup, hostname)
      .then((resolved) => {
        const family = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : lookupOptions.family;
        const wanted = family === 4 || family === 6 ? resolved.filter((a) => a.family === family) : resolved;
        const first = wanted[0];
        if (first === undefined) throw new LanternError('FETCH_FAILED', `${hostname} has no IPv${family} address.`);
        if (lookupOptions.all) callback(null, wanted);
        else callback(null, first.address, first.family);
      })
      .catch((error: Error) => callback(error, ''));
  };
}

/** Checks the address a socket actually connected to; destroys it and throws when blocked. */
export function assertSocketAllowed(socket: Socket, policy: AddressPolicy, target: string): void {
  const remote = socket.remoteAddress;
  try {
    if (remote === undefined)
      throw new LanternError('FETCH_FAILED', `Connected to ${target} but the socket has no remote address.`);
    assertAddressAllowed(remote, policy, target);
  } catch (error) {
    socket.destroy();
    throw error;
  }
}

export function createGuardedConnect(options: GuardedConnectOptions): GuardedConnect {
  const { policy, lookup, connectTimeoutMs, proxyUrl } = options;
  const resolveOnce = checkedLookup(policy, lookup);

  const direct: GuardedConnect = async (host, port, signal) => {
    const target = `${host}:${port}`;
    throwIfCancelled(signal, target);
    const literal = literalAddress(host);
    // Node skips `lookup` for IP literals, so they are checked here, before any connection.
    if (literal !== undefined) assertAddressAllowed(literal, policy, target);
    const socket = await openSocket(
      { host: literal ?? host, port, lookup: resolveOnce, timeout: connectTimeoutMs },
      target,
      connectTimeoutMs,
      signal,
    );
    assertSocketAllowed(socket, policy, target);
    return socket;
  };
  if (proxyUrl === undefined) return direct;

  const proxy = new URL(proxyUrl);
  return async (host, port, signal) => {
    const target = `${host}:${port}`;
    // An abort event has already fired for a signal aborted before the call: nothing is asked.
    throwIfCancelled(signal, target);
    // The proxy would resolve a name itself, so it is handed the address checked here instead.
    const [checked] = await resolveAndCheckHost(host, policy, lookup, target);
    const address = checked!.address;
    const tunnelTo = address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
    throwIfCancelled(signal, target);
    const proxySocket = await openProxySocket(proxy, connectTimeoutMs, signal);
    return connectThroughProxy(proxySocket, proxy, tunnelTo, connectTimeoutMs, signal, target);
  };
}

function cancelledError(target: string): LanternError {
  return new LanternError('CANCELLED', `Connecting to ${target} was cancelled.`);
}

function throwIfCancelled(signal: AbortSignal | undefined, target: string): void {
  if (signal?.aborted) throw cancelledError(target);
}

function openSocket(
  connectOptions: net.NetConnectOpts,
  target: string,
  connectTimeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Socket> {
  // An abort event has already fired for a signal aborted before the call, so it is checked here.
  const cancelled = (): LanternError => cancelledError(target);
  if (signal?.aborted) return Promise.reject(cancelled());
  return new Promise((resolve, reject) => {
    const socket = net.connect(connectOptions);
    const fail = (error: Error): void => {
      socket.destroy();
      reject(error);
    };
    const onAbort = (): void => fail(cancelled());
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('timeout', () =>
      fail(
        Object.assign(new Error(`connect to ${target} timed out after ${connectTimeoutMs} ms`), {
          code: 'UND_ERR_CONNECT_TIMEOUT',
        }),
      ),
    );
    socket.once('error', fail);
    socket.once('connect', () => {
      signal?.removeEventListener('abort', onAbort);
      socket.off('error', fail);
      socket.setTimeout(0);
      resolve(socket);
    });
  });
}

async function openProxySocket(proxy: URL, connectTimeoutMs: number, signal: AbortSignal | undefined): Promise<Socket> {
  const port = Number(proxy.port) || (proxy.protocol === 'https:' ? 443 : 80);
  const host = literalAddress(proxy.hostname) ?? proxy.hostname;
  const socket = await openSocket({ host, port, timeout: connectTimeoutMs }, proxy.host, connectTimeoutMs, signal);
  if (proxy.protocol !== 'https:') return socket;
  return new Promise((resolve, reject) => {
    const secure = tls.connect({ socket, servername: net.isIP(host) ? undefined : host }, () => resolve(secure));
    secure.once('error', reject);
  });
}

/**
 * Sends CONNECT and hands back the tunnel once the proxy answers 2xx, with any bytes that came
 * after the answer's head (a server that speaks first) put back at the front of the socket.
 */
function connectThroughProxy(
  socket: Socket,
  proxy: URL,
  tunnelTo: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  target: string,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const headers = [`CONNECT ${tunnelTo} HTTP/1.1`, `Host: ${tunnelTo}`];
    if (proxy.username !== '') {
      const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
      headers.push(`Proxy-Authorization: Basic ${Buffer.from(credentials).toString('base64')}`);
    }
    let received = Buffer.alloc(0);
    const settle = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.off('data', onData);
      socket.off('error', fail);
    };
    const fail = (error: Error): void => {
      settle();
      socket.destroy();
      reject(error);
    };
    const onAbort = (): void => fail(cancelledError(target));
    const timer = setTimeout(
      () => fail(new LanternError('TIMEOUT', `The proxy ${proxy.host} did not answer CONNECT within ${timeoutMs} ms.`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer): void => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) {
        if (received.length > 16 * 1024)
          fail(new LanternError('FETCH_FAILED', `The proxy ${proxy.host} sent an oversized answer to CONNECT.`));
        return;
      }
      // Node's stream docs (readable.unshift) pull a head off with a 'readable' listener and
      // "Remove the 'readable' listener before unshifting"; this listener is a 'data' one, so the
      // socket is flowing, and a chunk unshifted onto a flowing stream is emitted again on the next
      // tick, to no listener once ours is gone: lost. So the flow is stopped first, then our
      // listener removed, then the rest put back, and the socket handed over paused.
      socket.pause();
      settle();
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(received.subarray(0, end).toString('latin1'))?.[1]);
      if (!(status >= 200 && status < 300)) {
        fail(
          new LanternError(
            'FETCH_FAILED',
            `The proxy ${proxy.host} refused to connect to ${tunnelTo} (answer ${Number.isNaN(status) ? 'unreadable' : status}); check the proxy setting.`,
          ),
        );
        return;
      }
      const rest = received.subarray(end + 4);
      if (rest.length > 0) socket.unshift(rest);
      handOverPaused(socket);
      resolve(socket);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.on('data', onData);
    socket.once('error', fail);
    socket.write(`${headers.join('\r\n')}\r\n\r\n`);
  });
}

/**
 * The tunnel is handed over paused, its early bytes held in its buffer. A reader that pipes it,
 * reads it or listens for 'readable' (undici) gets them as it is. A paused stream does not start
 * flowing when a 'data' listener is added, as a fresh socket does (Node's http client relies on
 * that), so the first 'data' listener resumes it here, as Readable.on('data') resumes a stream
 * never paused: resume() only schedules the flow, by when the listener is in place.
 */
function handOverPaused(socket: Socket): void {
  const resumeOnData = (event: string | symbol): void => {
    if (event !== 'data') return;
    socket.off('newListener', resumeOnData);
    socket.resume();
  };
  socket.on('newListener', resumeOnData);
}
