import zlib from 'node:zlib';
import type { RawExchange } from '../../test/raw-exchange';

// How router-parity.spec.ts compares one request's answers from the two servers: the status, the headers that
// matter and the body, with what differs between any two runs (ids, times, keys, a side's tag and base URL) replaced
// by placeholders.

export type Side = {
  name: 'router' | 'next';
  base: string;
  tag: string;
  /** What earlier requests gave this side: its session token, API key, task ids. */
  state: Record<string, string>;
};

export type Answer = RawExchange & { attempts?: number };

export function decoded(answer: Answer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body);
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body);
  if (encoding === 'deflate') return zlib.inflateSync(answer.body);
  return answer.body;
}

/** What must match between the sides: the status, the headers that matter, the normalised body. */
export function view(side: Side, answer: Answer) {
  const header = (name: string) => {
    const value = answer.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const headers: Record<string, unknown> = {};
  for (const name of [
    'content-type',
    'cache-control',
    'allow',
    'content-encoding',
    'idempotent-replayed',
    'ratelimit-policy',
  ]) {
    headers[name] = header(name);
  }
  headers['www-authenticate'] = challenges(side, header('www-authenticate'));
  headers.location = header('location')?.replace(side.base, '<base>');
  // The window's seconds left may tick between the two requests; the remaining count may not.
  headers.ratelimit = header('ratelimit')?.replace(/;t=\d+/, ';t=<seconds>');
  headers['retry-after'] = header('retry-after')?.replace(/^\d+$/, '<seconds>');
  headers['payment-required'] = decodedHeader(side, header('payment-required'));
  headers['x-payment-response'] = decodedHeader(side, header('x-payment-response'));
  headers['x-request-id'] = header('x-request-id')?.replace(/^req_[\w-]{8,}$/, 'req_<id>');
  // Only Vary's Accept-Encoding member: Next adds its own router's (rsc, next-router-state-tree, …) to what it serves.
  headers['vary accept-encoding'] = /accept-encoding/i.test(header('vary') ?? '');
  return {
    status: answer.status,
    attempts: answer.attempts,
    reusedConnection: answer.reusedConnection,
    headers,
    body: normalisedBody(side, answer),
  };
}

/**
 * `WWW-Authenticate`: a `Payment` (MPP) challenge's parameters, its base64url JSON ones decoded. Its id is an HMAC
 * over the caller and the moment, its realm the side's own host: those become placeholders; the rest must match.
 */
function challenges(side: Side, value: string | undefined) {
  if (value === undefined || !value.startsWith('Payment ')) return value;
  const host = new URL(side.base).host;
  const params = Object.fromEntries(
    [...value.matchAll(/(\w+)="([^"]*)"/g)].map(([, name = '', raw = '']) => {
      if (name === 'id') return [name, '<id>'];
      if (name === 'realm') return [name, raw.replace(host, '<host>')];
      if (name === 'request' || name === 'opaque') {
        return [name, normalise(side, JSON.parse(Buffer.from(raw, 'base64url').toString()))];
      }
      return [name, normalise(side, raw)];
    }),
  );
  return { scheme: 'Payment', params };
}

function decodedHeader(side: Side, value: string | undefined) {
  if (value === undefined) return undefined;
  return normalise(side, JSON.parse(Buffer.from(value, 'base64').toString()));
}

function normalisedBody(side: Side, answer: Answer): unknown {
  const text = decoded(answer).toString();
  if (text.trim() === '') return text;
  // An MCP answer may come as an SSE stream: its events' data.
  if (String(answer.headers['content-type']).startsWith('text/event-stream')) {
    const events = text.split('\n').filter((line) => line.startsWith('data:'));
    return events.map((line) => normalise(side, JSON.parse(line.slice(5))));
  }
  try {
    return normalise(side, JSON.parse(text));
  } catch {
    return text;
  }
}

const SECRET_FIELDS = new Set(['key', 'keyPrefix', 'keySuffix', 'token', 'signature', 'nonce', 'transaction', 'payer']);
const PATTERNS: [RegExp, string][] = [
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>'],
  [/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g, '<time>'],
  [/req_[\w-]{8,}/g, 'req_<id>'],
];

/** A JSON value with the run's incidental values replaced by placeholders. */
function normalise(side: Side, value: unknown, field = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => normalise(side, item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, normalise(side, item, name)]));
  }
  // The seconds left in a rate-limit window tick between the two sides' requests.
  if (field === 'retryAfter' && typeof value === 'number') return '<seconds>';
  if (typeof value !== 'string') return value;
  if (SECRET_FIELDS.has(field)) return `<${field}>`;
  let text = value.replaceAll(side.base, '<base>').replaceAll(side.tag, '<tag>');
  for (const [pattern, placeholder] of PATTERNS) text = text.replace(pattern, placeholder);
  return text;
}
