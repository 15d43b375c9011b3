import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { callerLivemode } from '@/lib/payments/get-processor';
import { acceptTaskOperation } from '@/lib/schemas/task-actions';
import { acceptTask } from '@/lib/services/tasks/accept-task';
import { transitionView } from '@/lib/services/tasks/transition-view';

// POST /v1/tasks/{id}/accept — a listed worker takes a posted task; the thread opens
export const POST = route(acceptTaskOperation, async ({ db, actor, params }) =>
  transitionView(await acceptTask(db, { user: userOf(actor), taskId: params.id, livemode: callerLivemode(actor) })),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
