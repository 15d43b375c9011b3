import ipaddr from 'ipaddr.js';

// The client address (DESIGN §4 "Client address"): the TCP peer, and X-Forwarded-For only through proxies the
// operator declared in TRUSTED_PROXIES. Pure functions; `clientIp` in request-context.ts feeds them.

type Address = ipaddr.IPv4 | ipaddr.IPv6;
export type ProxyRange = [Address, number];

/**
 * The internal header carrying the TCP peer address. Only server.ts sets it, after removing any copy the client
 * sent, and it is read only in a process where server.ts (or the test setup) said so: see `trustPeerHeader`.
 */
export const PEER_ADDRESS_HEADER = 'x-legwork-peer-address';

const TRUST_PEER_HEADER = Symbol.for('legwork.trustPeerHeader');

/** Called by server.ts (and the vitest setup): this process's requests carry a peer address it wrote itself. */
export function trustPeerHeader(): void {
  (globalThis as Record<symbol, unknown>)[TRUST_PEER_HEADER] = true;
}

/** Whether the peer-address header was written by server.ts: kept on globalThis, which Next's bundles share. */
export const peerHeaderTrusted = () => (globalThis as Record<symbol, unknown>)[TRUST_PEER_HEADER] === true;

const SHORTHANDS: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** `TRUSTED_PROXIES`: comma-separated IPs, CIDRs, `loopback`, `private`. Throws naming the first bad entry. */
export function parseTrustedProxies(value: string): ProxyRange[] {
  const ranges: ProxyRange[] = [];
  for (const raw of value.split(',')) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    for (const item of SHORTHANDS[entry] ?? [entry]) ranges.push(parseRange(item, raw.trim()));
  }
  return ranges;
}

function parseRange(item: string, original: string): ProxyRange {
  const [text = '', bits, ...rest] = item.split('/');
  const address = strictAddress(text);
  const width = text.includes(':') ? 128 : 32;
  const prefix = bits === undefined ? width : /^\d{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
  // An IPv4-mapped IPv6 range (::ffff:10.0.0.0/104) is the IPv4 range it maps: hops are compared as IPv4.
  const mapped = width === 128 && address?.kind() === 'ipv4';
  if (!address || rest.length > 0 || !(prefix >= (mapped ? 96 : 0) && prefix <= width)) {
    throw new Error(
      `"${original}" is not an IP address, a CIDR range, loopback or private (e.g. TRUSTED_PROXIES=loopback,10.0.0.0/8)`,
    );
  }
  return [address, mapped ? prefix - 96 : prefix];
}

/** An IPv4 address in four-part dotted decimal (not the classful "10.1" or "0x7f.1"), or IPv6 (mapped IPv4 unwrapped). */
function strictAddress(text: string): Address | undefined {
  if (!ipaddr.isValid(text)) return undefined;
  if (!text.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(text)) return undefined;
  return ipaddr.process(text);
}

/**
 * One hop's address as a proxy wrote it (`1.2.3.4`, `1.2.3.4:5678`, `[::1]:80`, `::ffff:1.2.3.4`, `fe80::1%eth0`),
 * parsed; undefined when it is not an address.
 */
export function parseHop(value: string): Address | undefined {
  let text = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.indexOf(':'));
  return strictAddress(text.replace(/%.*$/, ''));
}

const isTrusted = (address: Address, trusted: ProxyRange[]) =>
  trusted.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));

/** Whether a TCP peer (`socket.remoteAddress`) is one of the trusted proxies. */
export function isTrustedPeer(peer: string, trusted: ProxyRange[]): boolean {
  const address = parseHop(peer);
  return !!address && isTrusted(address, trusted);
}

/**
 * The client of a chain of hops, nearest last (X-Forwarded-For's entries, then the peer): walked from the right,
 * trusted proxies are skipped and the first untrusted address is the client. An entry that is not an address ends
 * the walk at the (trusted) hop that reported it. `0.0.0.0` when nothing is known.
 */
export function clientOfChain(chain: string[], trusted: ProxyRange[]): string {
  let client: Address | undefined;
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    const hop = parseHop(chain[index] ?? '');
    if (!hop) break;
    client = hop;
    if (!isTrusted(hop, trusted)) break;
  }
  return client ? client.toString() : '0.0.0.0';
}

/** The comma-separated entries of a forwarding header, empty when absent. */
export const forwardedEntries = (value: string | null): string[] =>
  value ? value.split(',').filter((entry) => entry.trim() !== '') : [];

/**
 * The bucket a client address counts in for per-IP limits, lockouts and the connection cap: an IPv4 address as it
 * is, an IPv4-mapped IPv6 address as that IPv4, any other IPv6 address as its /64 (`2001:db8:1:2::/64`). One
 * subscriber or host is routinely handed a whole /64, so counting single IPv6 addresses would give it 2^64 fresh
 * buckets. Only the key changes: the address itself is stored and logged as it is. Unparsable input stays as is.
 */
export function addressBucket(address: string): string {
  const parsed = parseHop(address);
  if (!parsed) return address;
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const [a = 0, b = 0, c = 0, d = 0] = (parsed as ipaddr.IPv6).parts;
  return `${new ipaddr.IPv6([a, b, c, d, 0, 0, 0, 0]).toString()}/64`;
}
