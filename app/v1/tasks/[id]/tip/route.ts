import { creationKeyOf } from '@/lib/api/creation-key';
import { funderOf } from '@/lib/api/funder-of';
import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { tipReply } from '@/lib/api/tip-reply';
import { tipTaskOperation } from '@/lib/schemas/tips';
import { tipTask } from '@/lib/services/tips/tip-task';

// POST /v1/tasks/{id}/tip — tip a completed task's worker (card, x402, or 402)
export const POST = route(tipTaskOperation, async (input) =>
  tipReply(
    await tipTask(input.db, {
      funder: funderOf(input),
      taskId: input.params.id,
      amountCents: input.body.amountCents,
      key: creationKeyOf(input.request, input.rawBody),
    }),
  ),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
