import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { callerOf } from '@/lib/auth/admin';
import { addDisputeEvidenceOperation } from '@/lib/schemas/disputes';
import { addDisputeEvidence } from '@/lib/services/disputes/add-dispute-evidence';

// POST /v1/disputes/{id}/evidence — either side, or an admin, puts evidence forward
export const POST = route(addDisputeEvidenceOperation, ({ db, actor, context, params, body }) =>
  addDisputeEvidence(db, { ...callerOf(actor), ip: context.ip, disputeId: params.id, ...body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
