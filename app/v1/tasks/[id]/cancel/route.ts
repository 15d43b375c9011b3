import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { cancelTaskOperation } from '@/lib/schemas/task-actions';
import { cancelTask } from '@/lib/services/tasks/cancel-task';
import { transitionView } from '@/lib/services/tasks/transition-view';

// POST /v1/tasks/{id}/cancel — draft, posted or accepted → cancelled; refunded, less a late cancel's fee
export const POST = route(cancelTaskOperation, async ({ db, actor, params, body }) =>
  transitionView(await cancelTask(db, userOf(actor), params.id, body)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
