import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getProcessor } from '@/lib/payments/get-processor';
import { publishTaskOperation } from '@/lib/schemas/task-actions';
import { publishTask } from '@/lib/services/tasks/post-task';
import { loadTaskAccess } from '@/lib/services/tasks/task-access';
import { fundingReply, x402For } from '../../funding-reply';

// POST /v1/tasks/{id}/publish — fund a draft (x402, card, or 402) and post it
export const POST = route(publishTaskOperation, async ({ db, actor, params, request }) => {
  const user = userOf(actor);
  const { task } = await loadTaskAccess(db, params.id, user.id, { partiesOnly: true });
  const { requirements, readOffer } = x402For(request, task);
  return fundingReply(
    actor,
    requirements,
    () => publishTask(db, getProcessor(db, actor), user, task.id, readOffer()),
    200,
  );
});

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
