import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { callerOf } from '@/lib/auth/admin';
import { getDisputeOperation } from '@/lib/schemas/disputes';
import { getDispute } from '@/lib/services/disputes/get-dispute';

// GET /v1/disputes/{id} — a dispute with its evidence and resolution
export const GET = route(getDisputeOperation, ({ db, actor, params }) =>
  getDispute(db, { caller: callerOf(actor), disputeId: params.id }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
