import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { claimCodeStatusOperation } from '@/lib/schemas/claim-codes';
import { getClaimCodeStatus } from '@/lib/services/claims/get-claim-code-status';

// GET /v1/operators/me/agents/claim-code/{code} — waiting, claimed (with the agent) or expired
export const GET = route(claimCodeStatusOperation, ({ db, actor, params }) =>
  getClaimCodeStatus(db, { ownerId: userOf(actor).id, code: params.code }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
