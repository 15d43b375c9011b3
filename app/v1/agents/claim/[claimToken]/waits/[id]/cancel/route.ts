import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { cancelClaimWaitOperation } from '@/lib/schemas/waits';
import { cancelWait } from '@/lib/services/waits/cancel-wait';

// POST /v1/agents/claim/{claimToken}/waits/{id}/cancel — stop a working claim wait
export const POST = route(cancelClaimWaitOperation, ({ database, params }) =>
  cancelWait(database, { owner: { claimToken: params.claimToken }, id: params.id }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
