import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { getIntakeOperation } from '@/lib/schemas/intake';
import { adminOf } from '@/lib/services/admin/admin-of';
import { getIntakeConversation } from '@/lib/services/intake/get-intake-conversation';

// GET /v1/intake/{id} — one conversation with its messages; marks it read (admin)
export const GET = route(getIntakeOperation, ({ db, actor, context, params }) =>
  getIntakeConversation(db, { admin: adminOf(actor, context.ip), conversationId: params.id }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
