import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getTaskOperation, updateTaskOperation } from '@/lib/schemas/task-actions';
import { loadTaskAccess } from '@/lib/services/tasks/task-access';
import { toTaskResource } from '@/lib/services/tasks/to-task-resource';
import { updateTask } from '@/lib/services/tasks/update-task';

// GET /v1/tasks/{id} — state and proof; PATCH /v1/tasks/{id} — change a draft or posted task
export const GET = route(getTaskOperation, async ({ db, actor, params }) => {
  const access = await loadTaskAccess(db, params.id, userOf(actor).id);
  return toTaskResource(access.task, access);
});

export const PATCH = route(updateTaskOperation, async ({ db, actor, params, body }) =>
  toTaskResource(await updateTask(db, userOf(actor), params.id, body), { side: 'requester' }),
);

export const { POST, PUT, DELETE } = otherMethods({ GET, PATCH });
