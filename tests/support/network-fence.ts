import net from 'node:net';

/**
 * Safety net for regressions: while these tests run, a connection to anything but loopback fails
 * inside net.connect (undici connects through it), so a broken address check makes the tests fail
 * without sending a packet off this machine.
 */
export function fenceOffNetwork(): () => void {
  const isLoopback = (ip: string) => ip.startsWith('127.') || ip === '::1' || ip.startsWith('::ffff:127.');
  const original = net.connect;
  const fenced = function (this: unknown, ...args: unknown[]) {
    const options = (typeof args[0] === 'object' && args[0] !== null ? args[0] : { port: args[0], host: args[1] }) as {
      host?: string;
      lookup?: (name: string, opts: object, cb: (...r: unknown[]) => void) => void;
    };
    const host = options.host ?? 'localhost';
    if (net.isIP(host) && !isLoopback(host)) throw new Error(`test fence: connection to ${host} attempted`);
    const lookup = options.lookup;
    if (lookup !== undefined) {
      options.lookup = (name, opts, cb) =>
        lookup(name, opts, (error, address, family) => {
          const list = Array.isArray(address)
            ? address.map((a: { address: string }) => a.address)
            : [address as string];
          const outside = list.find((ip) => ip !== '' && !isLoopback(ip));
          if (error === null && outside !== undefined)
            return cb(new Error(`test fence: connection to ${outside} attempted`));
          cb(error, address, family);
        });
    }
    // Hand over the caller's own arguments (the options object is the one patched above).
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  };
  (net as { connect: unknown }).connect = fenced;
  return () => {
    (net as { connect: unknown }).connect = original;
  };
}
