import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// Outbound webhook URLs are attacker-chosen, so every delivery is an SSRF risk (reference/protocols.md §9).
// The syntactic rules run at registration and at each delivery; the address rules run on what DNS answers
// right before connecting, and the request then connects to that very address (see deliver.ts).

export const MAX_WEBHOOK_URL_LENGTH = 2048;

export class BlockedUrlError extends Error {}

/** Resolves a host name to its addresses (injectable so tests can make a name resolve anywhere). */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

const cidrs = (list: string[]) => list.map((cidr) => ipaddr.parseCIDR(cidr));

const BLOCKED_V4 = cidrs([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '255.255.255.255/32',
]);

// IPv6 is an allow-list: only global unicast (2000::/3) minus documentation, IETF/Teredo and 6to4 (whose
// embedded IPv4 is checked instead), and NAT64 whose embedded IPv4 must itself be public. Everything else
// (::, ::1, IPv4-compatible, fc00::/7, fe80::/10, ff00::/8) falls outside it.
const GLOBAL_V6 = ipaddr.parseCIDR('2000::/3');
const BLOCKED_V6 = cidrs(['2001:db8::/32', '2001::/23', '3fff::/20']);
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

const BLOCKED_NAMES = new Set(['localhost', 'metadata.google.internal', 'metadata', 'instance-data']);

/** True when `address` (any textual IP form) is not a public unicast address. */
export function isBlockedAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // `process` turns IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 it carries.
    parsed = ipaddr.process(address);
  } catch {
    return true;
  }
  if (parsed.kind() === 'ipv4') return BLOCKED_V4.some((range) => parsed.match(range));
  const v6 = parsed as ipaddr.IPv6;
  if (v6.match(NAT64)) return isBlockedAddress(embeddedV4(v6.toByteArray().slice(12, 16)));
  if (v6.match(SIX_TO_FOUR)) return isBlockedAddress(embeddedV4(v6.toByteArray().slice(2, 6)));
  if (!v6.match(GLOBAL_V6)) return true;
  return BLOCKED_V6.some((range) => v6.match(range));
}

const embeddedV4 = (bytes: number[]) => bytes.join('.');

export type UrlRules = { allowPrivate: boolean };

/**
 * The rules a URL string must pass before anything is resolved: a valid absolute https URL (http too when
 * private URLs are allowed), no user info, no fragment, at most 2,048 characters, and no IP literal or
 * host name that names an internal machine. Returns the parsed URL or throws BlockedUrlError.
 */
export function checkUrlSyntax(raw: string, rules: UrlRules): URL {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH)
    throw new BlockedUrlError(`Must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlockedUrlError('Must be an absolute URL, e.g. https://example.com/webhooks');
  }
  const schemes = rules.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new BlockedUrlError('Must use https');
  if (url.username || url.password || /^[a-z]+:\/\/[^/?#]*@/i.test(raw)) {
    throw new BlockedUrlError('Must not contain a user name or password');
  }
  if (raw.includes('#')) throw new BlockedUrlError('Must not contain a fragment (#…)');
  if (!url.hostname) throw new BlockedUrlError('Must name a host');
  if (rules.allowPrivate) return url;
  const host = hostOf(url);
  // WHATWG URL parsing already turned 127.1, 0x7f000001 and 2130706433 into 127.0.0.1.
  if (isIP(host)) {
    if (isBlockedAddress(host)) throw new BlockedUrlError('Must not point at a private, loopback or reserved address');
    return url;
  }
  const name = host.replace(/\.$/, '').toLowerCase();
  if (BLOCKED_NAMES.has(name) || name.endsWith('.localhost') || name.endsWith('.internal') || !name.includes('.')) {
    throw new BlockedUrlError('Must name a public host');
  }
  return url;
}

/** The host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Resolves the URL's host and returns the address to connect to. Without `allowPrivate`, any blocked address
 * among the answers refuses the URL (a name with one internal answer is not trusted with the others).
 */
export async function resolveDeliveryAddress(url: URL, rules: UrlRules, resolve: Resolver): Promise<string> {
  const host = hostOf(url);
  if (isIP(host)) return host;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new BlockedUrlError(`The host ${host} could not be resolved`);
  }
  if (addresses.length === 0) throw new BlockedUrlError(`The host ${host} could not be resolved`);
  if (!rules.allowPrivate && addresses.some(isBlockedAddress)) {
    throw new BlockedUrlError(`The host ${host} resolves to a private, loopback or reserved address`);
  }
  return addresses[0] as string;
}

/** Both steps, for registration: the URL must pass now, as it must again at every delivery. */
export async function checkWebhookUrl(raw: string, rules: UrlRules, resolve: Resolver = systemResolver): Promise<URL> {
  const url = checkUrlSyntax(raw, rules);
  await resolveDeliveryAddress(url, rules, resolve);
  return url;
}
