import { ApiError } from '@/lib/errors/api-error';
import { logger } from '@/lib/logger';
import type { Outcome } from './outcome';
import type { RequestContext } from './request-context';

// Postgres rejects NUL characters and invalid UTF-8 in text; that is the client's input, not our fault.
const BAD_TEXT_CODES = new Set(['22021', '22P05']);

/** Turns anything a step or handler threw into an Outcome in the error envelope. */
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
  logger.error('unhandled error', {
    requestId: context.requestId,
    method: context.method,
    path: context.pathname,
    error,
  });
  const internal = new ApiError('INTERNAL_ERROR');
  return { status: internal.status, body: internal.toBody() };
}

export function toResponse(outcome: Outcome, extraHeaders: Record<string, string>): Response {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  for (const [name, value] of Object.entries({ ...extraHeaders, ...outcome.headers })) headers.set(name, value);
  if (!outcome.later) return new Response(JSON.stringify(outcome.body), { status: outcome.status, headers });
  // A body still to come must not be compressed: a gzip stream per waiting client costs memory and holds the
  // first byte back. That byte is JSON whitespace, sent now so the status line and headers leave at once.
  headers.set('cache-control', 'no-store, no-transform');
  const later = outcome.later;
  let started = false;
  let gone = false; // the client left: nothing more may be enqueued
  // Pulled only when a reader asks (highWaterMark 0): the API router writes the bytes of `deferredBody` itself and
  // never reads this stream, so 5,000 waking answers cost it no web-stream work.
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
  const response = new Response(body, { status: outcome.status, headers });
  deferred.set(response, later);
  return response;
}

/** The leading byte of a deferred answer, sent with the status line and headers. */
export const LEADING_WHITESPACE = new TextEncoder().encode(' ');

const deferred = new WeakMap<Response, Promise<Uint8Array>>();

/**
 * The rest of a deferred answer's body (after `LEADING_WHITESPACE`), for a server that writes it itself instead
 * of reading `response.body`; undefined for an answer that is complete.
 */
export function deferredBody(response: Response): Promise<Uint8Array> | undefined {
  return deferred.get(response);
}

/**
 * A serialiser with memory: `build()` is serialised once per `key` object, so every deferred answer made from the
 * same object (woken waiters of one thread share their query's result) reuses the same bytes. One per operation.
 */
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
