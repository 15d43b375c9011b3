import type { IncomingHttpHeaders } from 'node:http';

// Next buffers a server action's whole body before the action runs (and before it checks who is signed in), with
// one global limit (next.config.ts loads this file: no runtime imports here).
export const SERVER_ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

// Next itself would read 1 MB of it and answer 500; server.ts answers 413 with a hint before Next reads a byte.
export function isOversizedServerAction(headers: IncomingHttpHeaders): boolean {
  return headers['next-action'] !== undefined && Number(headers['content-length']) > SERVER_ACTION_BODY_LIMIT_BYTES;
}

export const OVERSIZED_SERVER_ACTION = {
  message: 'Form too large',
  hint: 'A form may send at most 1 MB; photos are uploaded on their own first (POST /dashboard/uploads).',
};
