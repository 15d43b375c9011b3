import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { callerOf, isAdminCaller } from '@/lib/auth/admin';
import { callerLivemode } from '@/lib/payments/get-processor';
import { getTaskProofOperation } from '@/lib/schemas/task-proof';
import { getTaskProof } from '@/lib/services/tasks/get-task-proof';

// GET /v1/tasks/{id}/proof — the latest submission: note, position, verdict, photos with their sizes
export const GET = route(getTaskProofOperation, async ({ db, actor, params }) =>
  getTaskProof(db, {
    taskId: params.id,
    userId: userOf(actor).id,
    admin: isAdminCaller(callerOf(actor)),
    livemode: callerLivemode(actor),
  }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
