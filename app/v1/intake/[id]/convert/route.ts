import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { env } from '@/lib/env';
import { getProcessor } from '@/lib/payments/get-processor';
import { convertIntakeOperation } from '@/lib/schemas/intake';
import { adminOf } from '@/lib/services/admin/admin-of';
import { convertIntake } from '@/lib/services/claims/convert-intake';

// POST /v1/intake/{id}/convert — a draft task and its claim link, texted to the number (admin)
export const POST = route(convertIntakeOperation, ({ db, actor, context, params, body }) =>
  // The task's mode is the processor's, as for a proposal: the claim page pays it with that same processor.
  convertIntake(
    db,
    { admin: adminOf(actor, context.ip), conversationId: params.id, task: body.task },
    { siteUrl: env().SITE_URL, livemode: getProcessor(db).livemode },
  ),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
