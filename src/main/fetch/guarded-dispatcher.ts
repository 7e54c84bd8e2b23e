/**
 * undici dispatchers whose every connection is checked against the address policy. The check runs
 * on the addresses DNS returned, before the socket connects (so a blocked address never sees a
 * packet), and again on the connected socket's remote address. Through the user's proxy the
 * target is resolved and checked once here, and the proxy is asked to tunnel to that address.
 */
import type { Socket } from 'node:net';
import tls from 'node:tls';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { assertAddressAllowed, literalAddress } from './url-policy';
import {
  assertSocketAllowed,
  checkedLookup,
  createGuardedConnect,
  type GuardedConnectOptions,
} from './guarded-connect';

export type DispatcherOptions = GuardedConnectOptions;

export function createGuardedDispatcher(options: DispatcherOptions): Dispatcher {
  return new Agent({ connect: options.proxyUrl === undefined ? directConnector(options) : proxiedConnector(options) });
}

function directConnector({ policy, lookup, connectTimeoutMs }: DispatcherOptions): buildConnector.connector {
  const connect = buildConnector({
    timeout: connectTimeoutMs,
    lookup: checkedLookup(policy, lookup),
  } as buildConnector.BuildOptions);

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
      try {
        assertSocketAllowed(socket as Socket, policy, target);
      } catch (checkError) {
        callback(checkError as Error, null);
        return;
      }
      callback(null, socket);
    });
  };
}

function proxiedConnector(options: DispatcherOptions): buildConnector.connector {
  const connect = createGuardedConnect(options);
  return (connectOptions, callback) => {
    const https = connectOptions.protocol === 'https:';
    const port = Number(connectOptions.port) || (https ? 443 : 80);
    connect(connectOptions.hostname, port).then(
      (tunnel) => {
        if (!https) {
          callback(null, tunnel);
          return;
        }
        const servername = literalAddress(connectOptions.hostname) === undefined ? connectOptions.hostname : undefined;
        const secure = tls.connect({ socket: tunnel, servername, ALPNProtocols: ['http/1.1'] }, () =>
          callback(null, secure),
        );
        secure.once('error', (error) => callback(error, null));
      },
      (error: Error) => callback(error, null),
    );
  };
}
