import { otherMethods } from '@/lib/api/other-methods';
import { reply } from '@/lib/api/outcome';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getProcessor } from '@/lib/payments/get-processor';
import { createTaskOperation, listTasksOperation } from '@/lib/schemas/task-actions';
import { insertDraftTask } from '@/lib/services/tasks/insert-draft-task';
import { listTasks } from '@/lib/services/tasks/list-tasks';
import { createTask } from '@/lib/services/tasks/post-task';
import { toTaskResource } from '@/lib/services/tasks/to-task-resource';
import { priceTask } from '@/lib/tasks/task-rules';
import { fundingReply, x402For } from './funding-reply';

// POST /v1/tasks — create and fund a task (x402, the operator's card, or 402); GET /v1/tasks — your tasks
export const POST = route(createTaskOperation, async ({ db, actor, body, request }) => {
  const user = userOf(actor);
  const processor = getProcessor(db, actor);
  if (body.draft) {
    const draft = await insertDraftTask(db, user.id, body, processor.livemode);
    return reply(201, toTaskResource(draft, { side: 'requester' }));
  }
  const { requirements, readOffer } = x402For(request, { ...priceTask(body.budgetCents), title: body.title });
  return fundingReply(actor, requirements, () => createTask(db, processor, user, body, readOffer()), 201);
});

export const GET = route(listTasksOperation, async ({ db, actor, query }) => listTasks(db, userOf(actor).id, query));

export const { PUT, PATCH, DELETE } = otherMethods({ POST, GET });
