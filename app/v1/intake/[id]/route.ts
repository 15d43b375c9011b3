import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getIntakeOperation } from '@/lib/schemas/intake';
import { getIntakeConversation } from '@/lib/services/intake/get-intake-conversation';

// GET /v1/intake/{id} — one conversation with its messages; marks it read (admin)
export const GET = route(getIntakeOperation, ({ db, actor, params }) =>
  getIntakeConversation(db, { admin: userOf(actor), conversationId: params.id }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
