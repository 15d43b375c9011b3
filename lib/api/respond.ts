import { isDatabaseUnavailable } from '@/db/retry-transient';
import { ApiError } from '@/lib/errors/api-error';
import { logger } from '@/lib/logger';
import type { Outcome } from './outcome';
import type { RequestContext } from './request-context';

// Postgres rejects NUL characters and invalid UTF-8 in text; that is the client's input, not our fault.
const BAD_TEXT_CODES = new Set(['22021', '22P05']);

const DATABASE_UNAVAILABLE = new ApiError('SERVICE_UNAVAILABLE', {
  message: 'The database is briefly unavailable',
  hint:
    'Retry after `Retry-After` seconds with the same Idempotency-Key: a write that got this answer happened once ' +
    'or not at all, and the retry tells you which.',
  headers: { 'Retry-After': '2' },
});

export function errorOutcome(error: unknown, context: RequestContext, signal?: AbortSignal): Outcome {
  if (error instanceof ApiError) return { status: error.status, body: error.toBody(), headers: error.headers };
  // The client hung up mid-request: nobody will read this answer, and it is not a server fault.
  if (signal?.aborted) {
    logger.info('client closed the request', { requestId: context.requestId, path: context.pathname });
    return { status: 499, body: new ApiError('CLIENT_CLOSED_REQUEST').toBody() };
  }
  const pgCode = (error as { code?: unknown })?.code;
  if (typeof pgCode === 'string' && BAD_TEXT_CODES.has(pgCode)) {
    const invalid = new ApiError('VALIDATION_ERROR', {
      issues: [{ path: [], message: 'Text must be valid UTF-8 without NUL (\\u0000) characters' }],
    });
    return { status: invalid.status, body: invalid.toBody() };
  }
  if (isDatabaseUnavailable(error)) {
    // A restart or failover the driver's retries did not outlast: the client's retry, keyed, is safe.
    logger.warn('database unavailable', { requestId: context.requestId, path: context.pathname, error });
    return {
      status: DATABASE_UNAVAILABLE.status,
      body: DATABASE_UNAVAILABLE.toBody(),
      headers: DATABASE_UNAVAILABLE.headers,
    };
  }
  logger.error('unhandled error', {
    requestId: context.requestId,
    method: context.method,
    path: context.pathname,
    error,
  });
  const internal = new ApiError('INTERNAL_ERROR');
  return { status: internal.status, body: internal.toBody() };
}

export type Answer = {
  status: number;
  headers: Record<string, string>;
  body: string | undefined;
  later?: Promise<Uint8Array>;
};

export function toAnswer(outcome: Outcome, extraHeaders: Record<string, string>): Answer {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  };
  for (const [name, value] of Object.entries(extraHeaders)) headers[name.toLowerCase()] = value;
  for (const [name, value] of Object.entries(outcome.headers ?? {})) headers[name.toLowerCase()] = value;
  if (!outcome.later) return { status: outcome.status, headers, body: JSON.stringify(outcome.body) };
  // A body still to come must not be compressed: a gzip stream per waiting client costs memory and holds the
  // first byte back. That byte is JSON whitespace, sent now so the status line and headers leave at once.
  headers['cache-control'] = 'no-store, no-transform';
  return { status: outcome.status, headers, body: undefined, later: outcome.later };
}

export function toResponse(outcome: Outcome, extraHeaders: Record<string, string>): Response {
  return responseOf(toAnswer(outcome, extraHeaders));
}

export function responseOf(answer: Answer): Response {
  const { status, headers, later } = answer;
  if (!later) return new Response(answer.body, { status, headers });
  let started = false;
  let gone = false; // the client left: nothing more may be enqueued
  // Pulled only when a reader asks (highWaterMark 0): the API router never builds this Response.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!started) {
          started = true;
          return controller.enqueue(LEADING_WHITESPACE);
        }
        return later.then(
          (bytes) => {
            if (gone) return;
            controller.enqueue(bytes);
            controller.close();
          },
          (error: unknown) => {
            logger.error('a deferred answer failed', { error });
            if (!gone) controller.error(error);
          },
        );
      },
      cancel() {
        gone = true;
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status, headers });
}

export const LEADING_WHITESPACE = new TextEncoder().encode(' ');

// Every deferred answer made from the same `key` object (woken waiters sharing a query) reuses the same bytes.
export function sharedEncoder(): (key: unknown, build: () => unknown) => Uint8Array {
  const encoded = new WeakMap<object, Uint8Array>();
  return (key, build) => {
    const cacheable = typeof key === 'object' && key !== null;
    const cached = cacheable ? encoded.get(key) : undefined;
    if (cached) return cached;
    const bytes = new TextEncoder().encode(JSON.stringify(build()));
    if (cacheable) encoded.set(key, bytes);
    return bytes;
  };
}
