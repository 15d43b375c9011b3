import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { approveTaskOperation } from '@/lib/schemas/task-actions';
import { approveTask } from '@/lib/services/tasks/approve-task';
import { transitionView } from '@/lib/services/tasks/transition-view';

// POST /v1/tasks/{id}/approve — submitted → completed; the worker is paid
export const POST = route(approveTaskOperation, async ({ db, actor, params }) =>
  transitionView(await approveTask(db, userOf(actor), params.id)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
