/**
 * Which addresses a fetch may reach (server-side request forgery defence). Addresses are
 * classified by ipaddr.js; only global unicast passes unless the user allowed private networks
 * or listed a range as public. The HTTP client calls checkAddress on the address it is about to
 * connect to and again on the socket's remote address, so DNS tricks cannot slip past.
 */
import { isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { LanternError } from '../../shared/errors';
import type { LookupAll, ResolvedAddress } from './types';

export interface AddressPolicy {
  allowPrivateNetworks: boolean;
  /** Parsed CIDR ranges treated as public. */
  publicRanges: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
}

/** Ranges that "allow private networks" opens: the user's own networks, not special-purpose space. */
const PRIVATE_NETWORK_RANGES = new Set(['private', 'loopback', 'linkLocal', 'carrierGradeNat', 'uniqueLocal']);

/** Cloud metadata endpoints stay closed even with private networks allowed: they hand out credentials. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

export function buildAddressPolicy(settings: {
  allowPrivateNetworks: boolean;
  publicRanges: readonly string[];
}): AddressPolicy {
  const publicRanges = settings.publicRanges.map((cidr) => {
    try {
      return ipaddr.parseCIDR(cidr.trim());
    } catch {
      throw new LanternError(
        'INVALID_INPUT',
        `The public-ranges setting holds "${cidr}", which is not a CIDR range such as 198.18.0.0/15; fix it in settings.`,
      );
    }
  });
  return { allowPrivateNetworks: settings.allowPrivateNetworks, publicRanges };
}

export interface AddressVerdict {
  allowed: boolean;
  /** ipaddr.js range name of the address (after unwrapping IPv4-mapped and NAT64 forms). */
  range: string;
  /** The address as classified, e.g. "127.0.0.1" for "::ffff:127.0.0.1". */
  address: string;
}

export function classifyAddress(address: string, policy: AddressPolicy): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() unwraps IPv4-mapped IPv6 (::ffff:127.0.0.1 → 127.0.0.1).
    parsed = ipaddr.process(address);
  } catch {
    return { allowed: false, range: 'invalid', address };
  }
  // NAT64 (64:ff9b::/96) carries an IPv4 address in its last 32 bits: judge that address.
  if (parsed.kind() === 'ipv6' && parsed.range() === 'rfc6052') {
    const bytes = parsed.toByteArray().slice(12);
    parsed = ipaddr.fromByteArray(bytes);
  }
  const normalized = parsed.toString();
  const range: string = parsed.range();
  const listedPublic = policy.publicRanges.some(
    ([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits),
  );
  if (listedPublic) return { allowed: true, range, address: normalized };
  if (METADATA_ADDRESSES.has(normalized)) return { allowed: false, range: 'cloudMetadata', address: normalized };
  if (range === 'unicast') return { allowed: true, range, address: normalized };
  if (policy.allowPrivateNetworks && PRIVATE_NETWORK_RANGES.has(range))
    return { allowed: true, range, address: normalized };
  return { allowed: false, range, address: normalized };
}

/** Throws BLOCKED_URL unless `address` may be connected to. `target` names the URL for the message. */
export function assertAddressAllowed(address: string, policy: AddressPolicy, target: string): void {
  const verdict = classifyAddress(address, policy);
  if (verdict.allowed) return;
  const privateKind = PRIVATE_NETWORK_RANGES.has(verdict.range);
  const nextStep = privateKind
    ? 'Private networks are off: enable them in settings (or pass --allow-private to the CLI) to fetch it.'
    : verdict.range === 'cloudMetadata'
      ? 'Cloud metadata endpoints are never fetched.'
      : "Only public addresses can be fetched; if this range is a proxy's fake-IP range, list it under public ranges in settings.";
  throw new LanternError(
    'BLOCKED_URL',
    `Refused to fetch ${target}: it resolves to ${verdict.address} (${verdict.range}). ${nextStep}`,
    // `setting` names what would allow it, so a screen can offer it rather than quote the advice.
    {
      details: {
        url: target,
        address: verdict.address,
        range: verdict.range,
        ...(privateKind ? { setting: 'fetch.allowPrivateNetworks' } : {}),
      },
    },
  );
}

/** The IP address of a URL whose host is an IP literal ("[::1]" → "::1"), else undefined. */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
}

export const systemLookup: LookupAll = async (hostname) => {
  const addresses = await dnsLookup(hostname, { all: true, verbatim: true });
  return addresses.map((a) => ({ address: a.address, family: a.family }));
};

/**
 * Resolves a host and checks every address it resolves to, where no connection is being opened:
 * a cached page, and a render's first and final URL (an early refusal; the browser's connections
 * themselves are checked in guarded-connect). A name that resolves to any blocked address is
 * refused: mixing public and private answers is a rebinding trick.
 */
export function resolveAndCheck(url: URL, policy: AddressPolicy, lookup: LookupAll): Promise<ResolvedAddress[]> {
  return resolveAndCheckHost(url.hostname, policy, lookup, url.href);
}

/** The same for a bare host (an IP literal is checked as it is); `target` names it in the error. */
export async function resolveAndCheckHost(
  host: string,
  policy: AddressPolicy,
  lookup: LookupAll,
  target: string,
): Promise<ResolvedAddress[]> {
  const literal = literalAddress(host);
  if (literal !== undefined) {
    assertAddressAllowed(literal, policy, target);
    return [{ address: literal, family: isIP(literal) }];
  }
  const addresses = await resolveHost(host, lookup);
  for (const { address } of addresses) assertAddressAllowed(address, policy, target);
  return addresses;
}

export async function resolveHost(hostname: string, lookup: LookupAll): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await lookup(hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new LanternError(
      'FETCH_FAILED',
      `Could not resolve ${hostname} (${code}); check the host name and your network.`,
      {
        cause: error,
        details: { host: hostname, dnsCode: code },
      },
    );
  }
  if (addresses.length === 0) {
    throw new LanternError('FETCH_FAILED', `${hostname} resolved to no address; check the host name.`);
  }
  return addresses;
}
