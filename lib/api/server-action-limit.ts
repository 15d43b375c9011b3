import type { IncomingHttpHeaders } from 'node:http';

// Next buffers a server action's whole body before the action runs (and so before it checks who is signed in), and
// its limit is one global setting (next.config.ts, which loads this file: no runtime imports here). Kept small: the
// pages' photos go to POST /dashboard/uploads.
export const SERVER_ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A server action call (Next's `Next-Action` header) that declares a body over the limit. Next itself would read
 * 1 MB of it and answer 500; server.ts answers this one with a 413 and a hint before Next reads a byte.
 */
export function isOversizedServerAction(headers: IncomingHttpHeaders): boolean {
  return headers['next-action'] !== undefined && Number(headers['content-length']) > SERVER_ACTION_BODY_LIMIT_BYTES;
}

/** The message and hint of server.ts's 413 for such a call. */
export const OVERSIZED_SERVER_ACTION = {
  message: 'Form too large',
  hint: 'A form may send at most 1 MB; photos are uploaded on their own first (POST /dashboard/uploads).',
};
