/**
 * undici dispatchers whose every connection is checked against the address policy. The check runs
 * on the addresses DNS returned, before the socket connects (so a blocked address never sees a
 * packet), and again on the connected socket's remote address.
 */
import type { Socket } from 'node:net';
import { Agent, ProxyAgent, buildConnector, type Dispatcher } from 'undici';
import { LanternError } from '../../shared/errors';
import { assertAddressAllowed, literalAddress, resolveHost, type AddressPolicy } from './url-policy';
import type { LookupAll } from './types';

type NodeLookupCallback = (
  error: Error | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

export interface DispatcherOptions {
  policy: AddressPolicy;
  lookup: LookupAll;
  connectTimeoutMs: number;
  proxyUrl?: string;
}

export function createGuardedDispatcher(options: DispatcherOptions): Dispatcher {
  if (options.proxyUrl !== undefined) {
    // Through a proxy the socket goes to the proxy (the user's own choice, often on localhost);
    // the target's address is checked before the request instead (see http-client).
    return new ProxyAgent({ uri: options.proxyUrl, connect: { timeout: options.connectTimeoutMs } });
  }
  return new Agent({ connect: guardedConnector(options) });
}

function guardedConnector({ policy, lookup, connectTimeoutMs }: DispatcherOptions): buildConnector.connector {
  const checkedLookup = (
    hostname: string,
    lookupOptions: { all?: boolean; family?: number },
    callback: NodeLookupCallback,
  ): void => {
    resolveHost(hostname, lookup)
      .then((resolved) => {
        for (const { address } of resolved) assertAddressAllowed(address, policy, hostname);
        const wanted =
          lookupOptions.family === 4 || lookupOptions.family === 6
            ? resolved.filter((a) => a.family === lookupOptions.family)
            : resolved;
        const first = wanted[0];
        if (first === undefined)
          throw new LanternError('FETCH_FAILED', `${hostname} has no IPv${lookupOptions.family} address.`);
        if (lookupOptions.all) callback(null, wanted);
        else callback(null, first.address, first.family);
      })
      .catch((error: Error) => callback(error, ''));
  };
  const connect = buildConnector({ timeout: connectTimeoutMs, lookup: checkedLookup } as buildConnector.BuildOptions);

  return (connectOptions, callback) => {
    const target = `${connectOptions.protocol}//${connectOptions.host ?? connectOptions.hostname}`;
    // Node skips `lookup` for IP literals, so they are checked here, before any connection.
    const literal = literalAddress(connectOptions.hostname);
    if (literal !== undefined) {
      try {
        assertAddressAllowed(literal, policy, target);
      } catch (error) {
        callback(error as Error, null);
        return;
      }
    }
    connect(connectOptions, (error, socket) => {
      if (error !== null) {
        callback(error, null);
        return;
      }
      const remote = (socket as Socket).remoteAddress;
      try {
        if (remote === undefined)
          throw new LanternError('FETCH_FAILED', `Connected to ${target} but the socket has no remote address.`);
        assertAddressAllowed(remote, policy, target);
      } catch (checkError) {
        socket.destroy();
        callback(checkError as Error, null);
        return;
      }
      callback(null, socket);
    });
  };
}
