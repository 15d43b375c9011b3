import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { listIntakeOperation } from '@/lib/schemas/intake';
import { adminOf } from '@/lib/services/admin/admin-of';
import { listIntakeConversations } from '@/lib/services/intake/list-intake-conversations';

// GET /v1/intake — the SMS concierge's conversations, latest message first (admin)
export const GET = route(listIntakeOperation, ({ db, actor, context, query }) =>
  listIntakeConversations(db, { admin: adminOf(actor, context.ip), ...query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
