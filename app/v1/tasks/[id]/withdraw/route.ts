import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { withdrawTaskOperation } from '@/lib/schemas/task-actions';
import { transitionView } from '@/lib/services/tasks/transition-view';
import { withdrawFromTask } from '@/lib/services/tasks/withdraw-from-task';

// POST /v1/tasks/{id}/withdraw — the assigned worker hands the task back (accepted → posted)
export const POST = route(withdrawTaskOperation, async ({ db, actor, params }) =>
  transitionView(await withdrawFromTask(db, userOf(actor), params.id)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
