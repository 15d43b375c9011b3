import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { unsuspendUserOperation } from '@/lib/schemas/admin';
import { adminOf } from '@/lib/services/admin/admin-of';
import { unsuspendUser } from '@/lib/services/admin/unsuspend-user';

// POST /v1/admin/users/{id}/unsuspend — lift a suspension (admin)
export const POST = route(unsuspendUserOperation, ({ db, actor, context, params }) =>
  unsuspendUser(db, { admin: adminOf(actor, context.ip), userId: params.id }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
