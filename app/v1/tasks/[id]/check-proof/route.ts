import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { checkProofOperation } from '@/lib/schemas/check-proof';
import { checkProof } from '@/lib/services/tasks/check-proof';

// POST /v1/tasks/{id}/check-proof — the assigned worker previews the verdict a proof would get
export const POST = route(checkProofOperation, ({ db, actor, params, body }) =>
  checkProof(db, { user: userOf(actor), taskId: params.id, proof: body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
