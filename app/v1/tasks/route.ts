import { creationKeyOf } from '@/lib/api/creation-key';
import { funderOf } from '@/lib/api/funder-of';
import { fundingReply } from '@/lib/api/funding-reply';
import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { createTaskOperation, listTasksOperation } from '@/lib/schemas/task-actions';
import { createTask } from '@/lib/services/tasks/create-task';
import { listTasks } from '@/lib/services/tasks/list-tasks';

// POST /v1/tasks — create and fund a task (x402, the operator's card, or 402)
export const POST = route(createTaskOperation, async (input) =>
  fundingReply(
    await createTask(input.db, {
      ...funderOf(input),
      body: input.body,
      creation: creationKeyOf(input.request, input.rawBody),
    }),
    201,
  ),
);

// GET /v1/tasks — your tasks
export const GET = route(listTasksOperation, async ({ db, actor, query }) => listTasks(db, userOf(actor).id, query));

export const { PUT, PATCH, DELETE } = otherMethods({ POST, GET });
