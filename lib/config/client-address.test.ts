import { afterEach, describe, expect, it } from 'vitest';
import { clientIp, setClientAddress } from '@/lib/api/request-context';
import { env, resetEnvCache } from '@/lib/env';
import {
  addressBucket,
  clientOfChain,
  isTrustedPeer,
  PEER_ADDRESS_HEADER,
  parseHop,
  parseTrustedProxies,
} from './client-address';

const trusted = (value: string) => parseTrustedProxies(value);

describe('parseTrustedProxies', () => {
  it('reads IPs, CIDRs (IPv4 and IPv6) and the loopback and private shorthands', () => {
    const ranges = trusted(
      ' loopback , PRIVATE,203.0.113.7, 198.51.100.0/24,2001:db8::/32 ,::ffff:192.0.2.1,::ffff:100.64.0.0/106',
    );
    const text = ranges.map(([address, bits]) => `${address.toString()}/${bits}`);
    expect(text).toEqual([
      '127.0.0.0/8',
      '::1/128',
      '10.0.0.0/8',
      '172.16.0.0/12',
      '192.168.0.0/16',
      'fc00::/7',
      '203.0.113.7/32',
      '198.51.100.0/24',
      '2001:db8::/32',
      '192.0.2.1/32',
      '100.64.0.0/10',
    ]);
  });

  it('is empty for an empty value', () => {
    expect(trusted('')).toEqual([]);
    expect(trusted(' , ')).toEqual([]);
  });

  it.each([
    'nonsense',
    '10.0.0.0/33',
    '10.1',
    '1.2.3.4.5',
    '2001:db8::/129',
    '10.0.0.0/',
    '10.0.0.0/8/8',
    '::ffff:10.0.0.0/64',
    'localhost',
  ])('refuses %j, naming it', (entry) => {
    expect(() => trusted(`loopback,${entry}`)).toThrow(`"${entry}" is not an IP address, a CIDR range`);
  });
});

describe('parseHop', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    [' 203.0.113.9 ', '203.0.113.9'],
    ['203.0.113.9:5678', '203.0.113.9'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['fe80::1%eth0', 'fe80::1'],
  ])('reads %j as %s', (hop, expected) => {
    expect(parseHop(hop)?.toString()).toBe(expected);
  });

  it.each(['', 'unknown', '10.1', '0x7f.1', '1.2.3.256', 'example.com', '1.2.3.4, 5.6.7.8', '_hidden'])(
    'refuses %j',
    (hop) => {
      expect(parseHop(hop)).toBeUndefined();
    },
  );
});

describe('clientOfChain', () => {
  const proxies = trusted('loopback,10.0.0.0/8,2001:db8:ffff::/48,::ffff:100.64.0.0/106');

  it('takes the peer when nothing is trusted, whatever the forwarded entries say', () => {
    expect(clientOfChain(['198.51.100.1', '203.0.113.9'], [])).toBe('203.0.113.9');
  });

  it('walks from the right past trusted hops to the first untrusted address', () => {
    // A spoofed leftmost entry stays to the left of the address the trusted proxies saw.
    expect(clientOfChain(['6.6.6.6', '198.51.100.1', '10.1.2.3', '127.0.0.1'], proxies)).toBe('198.51.100.1');
    expect(clientOfChain(['2001:db8::5', '2001:db8:ffff::1', '::1'], proxies)).toBe('2001:db8::5');
    expect(clientOfChain(['198.51.100.1', '::ffff:127.0.0.1'], proxies)).toBe('198.51.100.1');
    expect(clientOfChain(['198.51.100.1', '100.100.0.1'], proxies)).toBe('198.51.100.1');
  });

  it('takes the farthest hop when every hop is trusted', () => {
    expect(clientOfChain(['10.0.0.2', '127.0.0.1'], proxies)).toBe('10.0.0.2');
  });

  it('stops at the trusted hop that reported a malformed entry', () => {
    expect(clientOfChain(['198.51.100.1', 'garbage', '10.0.0.2', '127.0.0.1'], proxies)).toBe('10.0.0.2');
    expect(clientOfChain(['unknown', '127.0.0.1'], proxies)).toBe('127.0.0.1');
  });

  it('is 0.0.0.0 when the peer itself is unknown or malformed', () => {
    expect(clientOfChain([], proxies)).toBe('0.0.0.0');
    expect(clientOfChain(['198.51.100.1', 'nonsense'], proxies)).toBe('0.0.0.0');
  });
});

describe('isTrustedPeer', () => {
  it('matches a socket address (IPv4-mapped included) against the trusted ranges', () => {
    const ranges = trusted('loopback,10.0.0.0/8');
    expect(isTrustedPeer('127.0.0.1', ranges)).toBe(true);
    expect(isTrustedPeer('::ffff:10.1.2.3', ranges)).toBe(true);
    expect(isTrustedPeer('::1', ranges)).toBe(true);
    expect(isTrustedPeer('203.0.113.9', ranges)).toBe(false);
    expect(isTrustedPeer('127.0.0.1', [])).toBe(false);
    expect(isTrustedPeer('not an address', ranges)).toBe(false);
  });
});

describe('clientIp', () => {
  const saved = { TRUSTED_PROXIES: process.env.TRUSTED_PROXIES, VERCEL: process.env.VERCEL };
  const flag = Symbol.for('legwork.trustPeerHeader');
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    (globalThis as Record<symbol, unknown>)[flag] = true;
    resetEnvCache();
  });
  const configure = (settings: Record<string, string>) => {
    Object.assign(process.env, settings);
    resetEnvCache();
  };
  const headers = (values: Record<string, string>) => new Headers(values);

  it('is the peer by default; X-Forwarded-For and X-Real-IP are ignored', () => {
    configure({ TRUSTED_PROXIES: '' });
    const sent = headers({
      [PEER_ADDRESS_HEADER]: '::ffff:203.0.113.9',
      'x-forwarded-for': '198.51.100.1',
      'x-real-ip': '198.51.100.2',
    });
    expect(clientIp(sent)).toBe('203.0.113.9');
  });

  it('reads X-Forwarded-For through a trusted peer', () => {
    configure({ TRUSTED_PROXIES: 'loopback' });
    const sent = headers({ [PEER_ADDRESS_HEADER]: '127.0.0.1', 'x-forwarded-for': '6.6.6.6, 198.51.100.1' });
    expect(clientIp(sent)).toBe('198.51.100.1');
  });

  it('ignores the peer header in a process where server.ts did not write it (next dev): 0.0.0.0', () => {
    configure({ TRUSTED_PROXIES: 'loopback' });
    (globalThis as Record<symbol, unknown>)[flag] = undefined;
    const sent = headers({ [PEER_ADDRESS_HEADER]: '127.0.0.1', 'x-forwarded-for': '198.51.100.1' });
    expect(clientIp(sent)).toBe('0.0.0.0');
  });

  it("uses Vercel's x-vercel-forwarded-for on Vercel", () => {
    configure({ VERCEL: '1', TRUSTED_PROXIES: '' });
    const sent = headers({ 'x-vercel-forwarded-for': '198.51.100.7', 'x-forwarded-for': '6.6.6.6' });
    expect(clientIp(sent)).toBe('198.51.100.7');
    expect(clientIp(headers({ 'x-forwarded-for': '6.6.6.6' }))).toBe('0.0.0.0');
  });

  // MCP's in-process API calls carry the caller's address this way: whatever the configuration and whatever
  // address headers were there, the pipeline must read back exactly the address it was given.
  it('reads back what setClientAddress wrote, in every configuration, over any address header already there', () => {
    const cases: [Record<string, string>, string, boolean][] = [
      [{ TRUSTED_PROXIES: '', VERCEL: '' }, '203.0.113.9', true],
      [{ TRUSTED_PROXIES: 'loopback', VERCEL: '' }, '198.51.100.3', true],
      [{ TRUSTED_PROXIES: 'loopback', VERCEL: '' }, '127.0.0.1', true],
      [{ TRUSTED_PROXIES: '', VERCEL: '1' }, '2001:db8::7', true],
      // next dev behind a proxy the operator declared as 0.0.0.0: the peer header is not read, XFF is.
      [{ TRUSTED_PROXIES: '0.0.0.0', VERCEL: '' }, '198.51.100.4', false],
      [{ TRUSTED_PROXIES: '', VERCEL: '' }, '0.0.0.0', false],
    ];
    for (const [settings, ip, peerTrusted] of cases) {
      configure(settings);
      (globalThis as Record<symbol, unknown>)[flag] = peerTrusted || undefined;
      const sent = headers({
        [PEER_ADDRESS_HEADER]: '6.6.6.6',
        'x-forwarded-for': '6.6.6.7',
        'x-vercel-forwarded-for': '6.6.6.8',
      });
      setClientAddress(sent, ip);
      expect(clientIp(sent), JSON.stringify({ settings, ip })).toBe(ip);
    }
  });

  it('refuses a malformed TRUSTED_PROXIES with a message naming the variable', () => {
    configure({ TRUSTED_PROXIES: 'loopback,10.0.0.0/40' });
    expect(() => env()).toThrow(/TRUSTED_PROXIES: "10\.0\.0\.0\/40" is not an IP address/);
  });
});

describe('addressBucket', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['0.0.0.0', '0.0.0.0'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['::1', '::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['not an address', 'not an address'],
  ])('%s counts as %s', (address, bucket) => {
    expect(addressBucket(address)).toBe(bucket);
  });

  it('puts two addresses of one /64 together and the next /64 apart', () => {
    expect(addressBucket('2001:db8:a:b::1')).toBe(addressBucket('2001:db8:a:b:ffff:ffff:ffff:ffff'));
    expect(addressBucket('2001:db8:a:b::1')).not.toBe(addressBucket('2001:db8:a:c::1'));
  });
});
