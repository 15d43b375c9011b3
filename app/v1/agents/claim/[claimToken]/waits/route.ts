import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { createClaimWaitOperation } from '@/lib/schemas/waits';
import { createClaimWait } from '@/lib/services/waits/create-wait';

// POST /v1/agents/claim/{claimToken}/waits — a durable wait for the human to claim (no API key yet)
export const POST = route(createClaimWaitOperation, ({ db, params, body }) =>
  createClaimWait(db, { claimToken: params.claimToken, ...body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
