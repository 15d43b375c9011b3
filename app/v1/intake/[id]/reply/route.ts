import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { replyToIntakeOperation } from '@/lib/schemas/intake';
import { adminOf } from '@/lib/services/admin/admin-of';
import { replyToIntake } from '@/lib/services/intake/reply-to-intake';

// POST /v1/intake/{id}/reply — text an answer to the number (admin)
export const POST = route(replyToIntakeOperation, ({ db, actor, context, params, body }) =>
  replyToIntake(db, { admin: adminOf(actor, context.ip), conversationId: params.id, body: body.body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
