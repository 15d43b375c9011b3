import type { ServerOptions } from 'node:http';

/**
 * server.ts's timeouts, chosen rather than left to Node's defaults. A request must send its headers within 20 s
 * (slowloris) and its whole body within 180 s (a 25 MB proof upload over a slow phone link); an idle keep-alive
 * connection is closed after 10 s, long enough for an agent's next long poll to reuse it. The long poll itself
 * (up to MAX_AWAIT_SECONDS, 60 s) is a response being written, which none of these cut short; requestTimeout stays
 * above it anyway (a test checks). Node checks the header and request deadlines every 5 s instead of 30 s.
 */
export const SERVER_TIMEOUTS = {
  headersTimeout: 20_000,
  requestTimeout: 180_000,
  keepAliveTimeout: 10_000,
  connectionsCheckingInterval: 5_000,
} as const satisfies ServerOptions;
