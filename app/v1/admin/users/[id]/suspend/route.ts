import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { suspendUserOperation } from '@/lib/schemas/admin';
import { adminOf } from '@/lib/services/admin/admin-of';
import { suspendUser } from '@/lib/services/admin/suspend-user';

// POST /v1/admin/users/{id}/suspend — suspend an account, unlist it, cancel its posted tasks (admin)
export const POST = route(suspendUserOperation, ({ db, actor, context, params, body }) =>
  suspendUser(db, { admin: adminOf(actor, context.ip), userId: params.id, reason: body.reason }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
