import { describe, expect, it } from 'vitest';
import {
  assertAddressAllowed,
  buildAddressPolicy,
  classifyAddress,
  literalAddress,
  resolveAndCheck,
  resolveAndCheckHost,
  resolveHost,
  systemLookup,
} from '../../src/main/fetch/url-policy';
import { LanternError } from '../../src/shared/errors';

const strict = buildAddressPolicy({ allowPrivateNetworks: false, publicRanges: [] });
const privateAllowed = buildAddressPolicy({ allowPrivateNetworks: true, publicRanges: [] });

describe('classifyAddress', () => {
  it('allows global unicast only', () => {
    expect(classifyAddress('93.184.215.14', strict).allowed).toBe(true);
    expect(classifyAddress('2606:4700:4700::1111', strict).allowed).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.10.1', 'linkLocal'],
    ['169.254.169.254', 'cloudMetadata'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['0.0.0.0', 'unspecified'],
    ['240.0.0.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['64:ff9b::a9fe:a9fe', 'cloudMetadata'],
    ['2002:7f00:1::', '6to4'],
  ])('blocks %s (%s)', (address, range) => {
    const verdict = classifyAddress(address, strict);
    expect(verdict).toMatchObject({ allowed: false, range });
  });

  it('unwraps IPv4-mapped and NAT64 addresses to the IPv4 they carry', () => {
    expect(classifyAddress('::ffff:127.0.0.1', strict).address).toBe('127.0.0.1');
    expect(classifyAddress('64:ff9b::808:808', strict)).toMatchObject({ allowed: true, address: '8.8.8.8' });
  });

  it('opens private networks, but not metadata or special-purpose space, when allowed', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.0.0.1',
      '192.168.0.10',
      'fd00::5',
      '100.64.1.1',
      '::ffff:127.0.0.1',
    ]) {
      expect(classifyAddress(address, privateAllowed).allowed, address).toBe(true);
    }
    for (const address of ['169.254.169.254', '224.0.0.1', '0.0.0.0', '255.255.255.255']) {
      expect(classifyAddress(address, privateAllowed).allowed, address).toBe(false);
    }
  });

  it('treats listed ranges as public (fake-IP proxies)', () => {
    const policy = buildAddressPolicy({
      allowPrivateNetworks: false,
      publicRanges: ['198.18.0.0/15', 'fd00:abcd::/32'],
    });
    expect(classifyAddress('198.19.255.1', policy).allowed).toBe(true);
    expect(classifyAddress('192.0.2.1', policy).allowed).toBe(false); // reserved, not listed
    expect(classifyAddress('fd00:abcd::9', policy).allowed).toBe(true);
    expect(classifyAddress('127.0.0.1', policy).allowed).toBe(false);
  });

  it('rejects a malformed public range with a message naming it', () => {
    expect(() => buildAddressPolicy({ allowPrivateNetworks: false, publicRanges: ['198.18.0.0/99'] })).toThrow(
      /198\.18\.0\.0\/99/,
    );
  });
});

describe('assertAddressAllowed and resolveAndCheck', () => {
  it('names the address, its range and the way out', () => {
    try {
      assertAddressAllowed('10.0.0.7', strict, 'http://intranet.test/');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LanternError);
      expect((error as LanternError).code).toBe('BLOCKED_URL');
      expect((error as LanternError).message).toMatch(/10\.0\.0\.7 \(private\).*--allow-private/);
    }
  });

  it('refuses a name when any of its addresses is blocked (DNS rebinding with mixed answers)', async () => {
    const lookup = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(resolveAndCheck(new URL('https://mixed.test/'), strict, lookup)).rejects.toMatchObject({
      code: 'BLOCKED_URL',
    });
  });

  it('checks IP literals without asking DNS', async () => {
    let asked = 0;
    const lookup = async () => {
      asked++;
      return [{ address: '93.184.215.14', family: 4 }];
    };
    await expect(resolveAndCheck(new URL('http://[::1]/'), strict, lookup)).rejects.toMatchObject({
      code: 'BLOCKED_URL',
    });
    await expect(resolveAndCheck(new URL('https://ok.test/'), strict, lookup)).resolves.toHaveLength(1);
    expect(asked).toBe(1);
  });

  it('turns a DNS failure into FETCH_FAILED naming the host', async () => {
    const lookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(resolveAndCheck(new URL('https://nowhere.test/'), strict, lookup)).rejects.toMatchObject({
      code: 'FETCH_FAILED',
      message: expect.stringContaining('nowhere.test (ENOTFOUND)'),
    });
  });
});

describe('the policy at its edges', () => {
  it('trims a listed range, and names a malformed one as INVALID_INPUT with an example', () => {
    const policy = buildAddressPolicy({ allowPrivateNetworks: false, publicRanges: [' 198.18.0.0/15 '] });
    expect(classifyAddress('198.18.0.1', policy).allowed).toBe(true);
    expect(() => buildAddressPolicy({ allowPrivateNetworks: false, publicRanges: ['fake-ip'] })).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message:
          'The public-ranges setting holds "fake-ip", which is not a CIDR range such as 198.18.0.0/15; fix it in settings.',
      }),
    );
  });

  it('says "invalid" for what is not an address', () => {
    expect(classifyAddress('not-an-ip', privateAllowed)).toEqual({
      allowed: false,
      range: 'invalid',
      address: 'not-an-ip',
    });
  });

  it('compares a listed range only with addresses of its own family', () => {
    const policy = buildAddressPolicy({ allowPrivateNetworks: false, publicRanges: ['0.0.0.0/0'] });
    expect(classifyAddress('::1', policy)).toEqual({ allowed: false, range: 'loopback', address: '::1' });
    expect(classifyAddress('127.0.0.1', policy)).toEqual({ allowed: true, range: 'loopback', address: '127.0.0.1' });
  });

  it('keeps every cloud metadata address closed with private networks allowed', () => {
    for (const address of ['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '::ffff:169.254.169.254']) {
      expect(classifyAddress(address, privateAllowed), address).toMatchObject({
        allowed: false,
        range: 'cloudMetadata',
      });
    }
  });

  it('judges only the NAT64 prefix by the IPv4 address it carries', () => {
    expect(classifyAddress('64:ff9b::7f00:1', privateAllowed)).toEqual({
      allowed: true,
      range: 'loopback',
      address: '127.0.0.1',
    });
    expect(classifyAddress('2001:db8::7f00:1', strict)).toMatchObject({
      allowed: false,
      range: 'reserved',
      address: '2001:db8::7f00:1',
    });
  });

  it('tells each kind of refusal its own way out, with the details', () => {
    const refusal = (address: string) => {
      try {
        assertAddressAllowed(address, strict, 'http://t.test/');
      } catch (error) {
        return error as LanternError;
      }
      throw new Error(`${address} was allowed`);
    };
    expect(refusal('::1')).toMatchObject({
      code: 'BLOCKED_URL',
      message:
        'Refused to fetch http://t.test/: it resolves to ::1 (loopback). Private networks are off: enable them in settings (or pass --allow-private to the CLI) to fetch it.',
      details: { url: 'http://t.test/', address: '::1', range: 'loopback', setting: 'fetch.allowPrivateNetworks' },
    });
    // Only a private address names the setting that would allow it; the metadata endpoint has none.
    expect(refusal('169.254.169.254').details).not.toHaveProperty('setting');
    expect(refusal('169.254.169.254').message).toBe(
      'Refused to fetch http://t.test/: it resolves to 169.254.169.254 (cloudMetadata). Cloud metadata endpoints are never fetched.',
    );
    expect(refusal('198.18.0.1').message).toBe(
      "Refused to fetch http://t.test/: it resolves to 198.18.0.1 (reserved). Only public addresses can be fetched; if this range is a proxy's fake-IP range, list it under public ranges in settings.",
    );
    expect(() => assertAddressAllowed('93.184.215.14', strict, 'x')).not.toThrow();
  });
});

describe('literal addresses and resolution', () => {
  it('takes the address out of a bracketed IPv6 host, and nothing else', () => {
    expect(literalAddress('[::1]')).toBe('::1');
    expect(literalAddress('::1')).toBe('::1');
    expect(literalAddress('10.0.0.1')).toBe('10.0.0.1');
    expect(literalAddress('example.com')).toBeUndefined();
    expect(literalAddress('[1.2.3.4x')).toBeUndefined();
    expect(literalAddress('x1.2.3.4]')).toBeUndefined();
  });

  it('answers a literal with its family, without resolving', async () => {
    const lookup = async () => {
      throw new Error('not asked');
    };
    expect(await resolveAndCheckHost('[::1]', privateAllowed, lookup, 'x')).toEqual([{ address: '::1', family: 6 }]);
    expect(await resolveAndCheckHost('127.0.0.1', privateAllowed, lookup, 'x')).toEqual([
      { address: '127.0.0.1', family: 4 },
    ]);
  });

  it('answers every address a name resolves to when all are allowed', async () => {
    const addresses = [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:4700:4700::1111', family: 6 },
    ];
    expect(await resolveAndCheck(new URL('https://ok.test/'), strict, async () => addresses)).toEqual(addresses);
  });

  it('fails FETCH_FAILED for a name with no address, or a resolver error without a code', async () => {
    await expect(resolveHost('empty.test', async () => [])).rejects.toMatchObject({
      code: 'FETCH_FAILED',
      message: 'empty.test resolved to no address; check the host name.',
    });
    const cause = new Error('resolver broke');
    await expect(
      resolveHost('odd.test', async () => {
        throw cause;
      }),
    ).rejects.toMatchObject({
      code: 'FETCH_FAILED',
      message: 'Could not resolve odd.test (unknown error); check the host name and your network.',
      details: { host: 'odd.test', dnsCode: 'unknown error' },
      cause,
    });
  });

  it('resolves with the system resolver, every address with its family', async () => {
    const addresses = await systemLookup('localhost');
    expect(addresses.length).toBeGreaterThan(0);
    for (const { address, family } of addresses) {
      expect(family).toBe(address.includes(':') ? 6 : 4);
      expect(address).toMatch(/^(127\.|::1$)/);
    }
  });
});
