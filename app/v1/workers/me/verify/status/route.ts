import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getProcessor } from '@/lib/payments/get-processor';
import { getIdVerificationStatusOperation } from '@/lib/schemas/worker-verification';
import { getIdVerificationStatus } from '@/lib/services/workers/get-id-verification-status';

// GET /v1/workers/me/verify/status — the latest identity session's status
export const GET = route(getIdVerificationStatusOperation, ({ db, actor }) =>
  getIdVerificationStatus(db, getProcessor(db, actor), userOf(actor).id),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
