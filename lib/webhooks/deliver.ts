import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { BlockedUrlError, checkUrlSyntax, type Resolver, resolveDeliveryAddress, type UrlRules } from './url-guard';

export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of an answer is read at most; the log keeps the first 1 KB of it. */
const MAX_READ_BYTES = 4096;
const SNIPPET_BYTES = 1024;
export const USER_AGENT = 'Legwork-Webhooks/1.0 (+https://standardwebhooks.com)';

export type DeliveryRequest = {
  url: string;
  headers: Record<string, string>;
  /** Text, or the bytes of an encrypted web push (lib/push/web-push-sender.ts). */
  body: string | Uint8Array;
  rules: UrlRules;
  resolve: Resolver;
  timeoutMs?: number;
};

export type DeliveryResult = {
  /** Null when no HTTP answer came (blocked address, refused connection, timeout). */
  statusCode: number | null;
  retryAfter?: string;
  durationMs: number;
  error: string | null;
  responseSnippet: string | null;
};

// Keep-alive pools: sockets are keyed by host and port, and are only ever opened to a validated address.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/**
 * One POST to a webhook URL. The URL is checked again, its host resolved and checked, and the socket connects
 * to that checked address (a custom `lookup`), so a DNS answer that changes between check and connect
 * (rebinding) cannot reach an internal address. Redirects are not followed; at most 4 KB are read; 10 s in all.
 */
export async function deliver(request: DeliveryRequest): Promise<DeliveryResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = request.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  let url: URL;
  let address: string;
  try {
    url = checkUrlSyntax(request.url, request.rules);
    // DNS counts against the attempt's time too: a resolver that hangs must not hold the delivery past it.
    const checked = url;
    address = await withDeadline(
      resolveDeliveryAddress(checked, request.rules, request.resolve),
      timeoutMs,
      () => new BlockedUrlError(`The host ${checked.hostname} could not be resolved in time`),
    );
  } catch (error) {
    const message = error instanceof BlockedUrlError ? error.message : 'The URL could not be checked';
    return { statusCode: null, durationMs: elapsed(), error: `Refused: ${message}`, responseSnippet: null };
  }
  const family = isIP(address);
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  const remainingMs = Math.max(1, timeoutMs - (performance.now() - started));
  return new Promise<DeliveryResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<DeliveryResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const outgoing = transport.request(
      url,
      {
        method: 'POST',
        agent: agents[url.protocol as 'http:' | 'https:'],
        lookup: pinned,
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const body = Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString('utf8');
          const retryAfter = response.headers['retry-after'];
          finish({
            statusCode: response.statusCode ?? null,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
            error: null,
            responseSnippet: body,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (size >= MAX_READ_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_READ_BYTES) {
            // Enough for the log: stop reading and drop the connection rather than drain a large answer.
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
        response.on('close', done);
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy(new Error(`No answer within ${timeoutMs / 1000} s`));
    }, remainingMs);
    outgoing.on('error', (error) => {
      finish({ statusCode: null, error: describeNetworkError(error), responseSnippet: null });
    });
    outgoing.end(request.body);
  });
}

function withDeadline<T>(promise: Promise<T>, ms: number, timeoutError: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

function describeNetworkError(error: Error & { code?: string }): string {
  if (error.message.startsWith('No answer within')) return error.message;
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ECONNRESET':
      return 'Connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'Host unreachable';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `TLS error: ${error.code}`;
    default:
      return error.code ? `Network error: ${error.code}` : 'Network error';
  }
}
