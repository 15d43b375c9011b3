import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { getWaitOperation } from '@/lib/schemas/waits';
import { keyOwner } from '@/lib/services/waits/key-owner';
import { readWait } from '@/lib/services/waits/read-wait';

// A long poll may last a minute; the platform must not cut it short (seconds).
export const maxDuration = 70;

// GET /v1/waits/{id} — the wait, settled now; with timeoutSec, held until it finishes
export const GET = route(getWaitOperation, ({ database, actor, params, query, request }) =>
  readWait(database, { owner: keyOwner(actor), id: params.id, timeoutSec: query.timeoutSec, signal: request.signal }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
