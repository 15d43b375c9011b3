// No other site may frame any Legwork page or response (clickjacking): `X-Frame-Options` for older browsers, CSP
// `frame-ancestors` for current ones. next.config.ts sends them on everything Next serves; server.ts also on the
// routes it serves itself.
export const FRAME_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
};
