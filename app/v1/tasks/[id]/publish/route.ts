import { funderOf } from '@/lib/api/funder-of';
import { fundingReply } from '@/lib/api/funding-reply';
import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { publishTaskOperation } from '@/lib/schemas/task-actions';
import { publishTask } from '@/lib/services/tasks/publish-task';

// POST /v1/tasks/{id}/publish — fund a draft (x402, card, or 402) and post it
export const POST = route(publishTaskOperation, async (input) =>
  fundingReply(await publishTask(input.db, { ...funderOf(input), taskId: input.params.id }), 200),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
