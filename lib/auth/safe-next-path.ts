// Where to send a browser after it signs in: only a path on this site. Browsers read `/\evil.example` and
// `/<tab>/evil.example` as `//evil.example` (another origin), so the value is resolved the way a browser resolves
// it (the WHATWG URL parser) against our own origin, and anything that leaves it falls back to the dashboard.
// No server imports: the login form runs it in the browser too.

const FALLBACK = '/dashboard';
const PLACEHOLDER_ORIGIN = 'https://legwork.invalid';

export function safeNextPath(value: unknown, siteUrl: string = PLACEHOLDER_ORIGIN): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return FALLBACK;
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(siteUrl);
    resolved = new URL(value, base);
  } catch {
    return FALLBACK;
  }
  if (resolved.origin !== base.origin) return FALLBACK;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // A path that itself begins with two slashes would be read as another host once it is sent as a Location.
  return path.startsWith('//') ? FALLBACK : path;
}
