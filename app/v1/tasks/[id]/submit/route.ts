import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { submitProofOperation } from '@/lib/schemas/task-actions';
import { submitProof } from '@/lib/services/tasks/submit-proof';
import { transitionView } from '@/lib/services/tasks/transition-view';

// POST /v1/tasks/{id}/submit — the assigned worker submits proof (accepted → submitted)
export const POST = route(submitProofOperation, async ({ db, actor, params, body }) =>
  transitionView(await submitProof(db, { user: userOf(actor), taskId: params.id, proof: body })),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
