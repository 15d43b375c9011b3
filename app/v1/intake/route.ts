import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { listIntakeOperation } from '@/lib/schemas/intake';
import { listIntakeConversations } from '@/lib/services/intake/list-intake-conversations';

// GET /v1/intake — the SMS concierge's conversations, latest message first (admin)
export const GET = route(listIntakeOperation, ({ db, actor, query }) =>
  listIntakeConversations(db, { admin: userOf(actor), ...query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
