import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { requestRevisionOperation } from '@/lib/schemas/task-actions';
import { requestRevision } from '@/lib/services/tasks/request-revision';
import { transitionView } from '@/lib/services/tasks/transition-view';

// POST /v1/tasks/{id}/request-revision — submitted → accepted, at most twice
export const POST = route(requestRevisionOperation, async ({ db, actor, params, body }) =>
  transitionView(await requestRevision(db, { user: userOf(actor), taskId: params.id, reason: body.reason })),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
