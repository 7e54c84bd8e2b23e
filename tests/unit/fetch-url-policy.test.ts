import { describe, expect, it } from 'vitest';
import {
  assertAddressAllowed,
  buildAddressPolicy,
  classifyAddress,
  resolveAndCheck,
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
