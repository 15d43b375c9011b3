import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { disputeTaskOperation } from '@/lib/schemas/task-actions';
import { disputeTask } from '@/lib/services/disputes/dispute-task';
import { transitionView } from '@/lib/services/tasks/transition-view';

// POST /v1/tasks/{id}/dispute — accepted or submitted → disputed (either side)
export const POST = route(disputeTaskOperation, async ({ db, actor, params, body }) =>
  transitionView(await disputeTask(db, { user: userOf(actor), taskId: params.id, ...body })),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
