// No other site may frame any Legwork page or response (clickjacking): `X-Frame-Options` for older browsers, CSP
// `frame-ancestors` for current ones. next.config.ts sends them on everything Next serves; server.ts also on the
// routes it serves itself.
export const FRAME_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
};

/**
 * An uploaded file's CSP: nothing loads, scripts never run (a file opened directly is sandboxed), and no site frames
 * it. It replaces the general one on /uploads/: Next keeps the first Content-Security-Policy set on a response (by
 * next.config.ts or server.ts) and drops the route's own, so both must send this one there.
 */
export const UPLOAD_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

/** Where uploads are served (app/uploads/[id]/route.ts). */
export const UPLOADS_PREFIX = '/uploads/';

/** The frame headers for a request path: the general ones, with the uploads' sandboxing CSP under /uploads/. */
export function frameHeadersFor(pathname: string): Readonly<Record<string, string>> {
  return pathname.startsWith(UPLOADS_PREFIX)
    ? { ...FRAME_HEADERS, 'Content-Security-Policy': UPLOAD_CSP }
    : FRAME_HEADERS;
}
