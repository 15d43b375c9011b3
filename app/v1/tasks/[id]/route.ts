import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { callerLivemode } from '@/lib/payments/get-processor';
import { getTaskOperation, updateTaskOperation } from '@/lib/schemas/task-actions';
import { toTaskResource } from '@/lib/services/tasks/to-task-resource';
import { updateTask } from '@/lib/services/tasks/update-task';
import { viewTask } from '@/lib/services/tasks/view-task';

// GET /v1/tasks/{id} — state and proof
export const GET = route(getTaskOperation, async ({ database, actor, params }) =>
  viewTask(database, { taskId: params.id, viewerId: userOf(actor).id, livemode: callerLivemode(actor) }),
);

// PATCH /v1/tasks/{id} — change a draft or posted task
export const PATCH = route(updateTaskOperation, async ({ db, actor, params, body }) =>
  toTaskResource(await updateTask(db, { user: userOf(actor), taskId: params.id, patch: body }), { side: 'requester' }),
);

export const { POST, PUT, DELETE } = otherMethods({ GET, PATCH });
