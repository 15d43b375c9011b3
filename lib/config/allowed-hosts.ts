// The hosts this site answers for (docs/security.md "Host"): SITE_URL's, and the aliases of ALLOWED_HOSTS. Pure
// functions; lib/http/misdirected-request.ts refuses the others, and env.ts parses ALLOWED_HOSTS with them.

// A name or an IPv4 address, or a bracketed IPv6 address, then an optional port: what a Host header may hold. Strict
// on purpose, so that nothing a URL parser would read differently (`user@host`, a path) gets through.
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?$/;

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * A Host value as compared: lowercased, without the default ports 80 and 443 (`legwork.example:443` is
 * `legwork.example`). Undefined when it is not a host, or its port is out of range.
 */
export function normalizeHost(value: string): string | undefined {
  const match = HOST.exec(value.trim().toLowerCase());
  if (!match) return undefined;
  const [, name, port] = match;
  if (port === undefined || port === '80' || port === '443') return name;
  const number = Number(port);
  return number >= 1 && number <= 65_535 ? `${name}:${number}` : undefined;
}

/** `ALLOWED_HOSTS`: comma-separated hosts, each with an optional port. Throws naming the first bad entry. */
export function parseAllowedHosts(value: string): string[] {
  const hosts: string[] = [];
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const host = normalizeHost(entry);
    if (!host) {
      throw new Error(
        `"${entry}" is not a host name or address with an optional port (e.g. ALLOWED_HOSTS=www.legwork.example,10.0.0.5:3000)`,
      );
    }
    hosts.push(host);
  }
  return hosts;
}

/**
 * Every Host value the site answers for: SITE_URL's host, the aliases, and, when SITE_URL names a loopback host
 * (local development, the test suites), the other loopback names on the same port.
 */
export function acceptedHosts(siteUrl: string, aliases: string[]): Set<string> {
  const { hostname, port } = new URL(siteUrl);
  const accepted = new Set(aliases);
  const site = normalizeHost(port ? `${hostname}:${port}` : hostname);
  if (site) accepted.add(site);
  if (LOOPBACK_NAMES.includes(hostname.toLowerCase())) {
    for (const name of LOOPBACK_NAMES) accepted.add(normalizeHost(port ? `${name}:${port}` : name) ?? name);
  }
  return accepted;
}

/** Whether a request's Host header names this site. A request without one never does. */
export function isAcceptedHost(host: string | undefined, accepted: Set<string>): boolean {
  if (host === undefined) return false;
  const normalized = normalizeHost(host);
  return normalized !== undefined && accepted.has(normalized);
}
