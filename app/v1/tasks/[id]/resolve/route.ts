import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { resolveDisputeOperation } from '@/lib/schemas/task-actions';
import { adminOf } from '@/lib/services/admin/admin-of';
import { resolveDispute } from '@/lib/services/disputes/resolve-dispute';
import { transitionView } from '@/lib/services/tasks/transition-view';

// POST /v1/tasks/{id}/resolve — an admin ends a dispute (alias of POST /v1/disputes/{id}/resolve)
export const POST = route(resolveDisputeOperation, async ({ db, actor, context, params, body }) =>
  transitionView(
    await resolveDispute(db, {
      admin: adminOf(actor, context.ip),
      taskId: params.id,
      resolution: body,
    }),
  ),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
