import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { getClaimWaitOperation } from '@/lib/schemas/waits';
import { readWait } from '@/lib/services/waits/read-wait';

// A long poll may last a minute; the platform must not cut it short (seconds).
export const maxDuration = 70;

// GET /v1/agents/claim/{claimToken}/waits/{id} — a claim wait, settled now; with timeoutSec, held until it finishes
export const GET = route(getClaimWaitOperation, ({ database, params, query, request }) =>
  readWait(database, {
    owner: { claimToken: params.claimToken },
    id: params.id,
    timeoutSec: query.timeoutSec,
    signal: request.signal,
  }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
