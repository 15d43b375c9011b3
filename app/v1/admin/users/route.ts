import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { listAdminUsersOperation } from '@/lib/schemas/admin';
import { adminOf } from '@/lib/services/admin/admin-of';
import { listAdminUsers } from '@/lib/services/admin/list-admin-users';

// GET /v1/admin/users — every account, newest first, searchable (admin)
export const GET = route(listAdminUsersOperation, ({ db, actor, context, query }) => {
  adminOf(actor, context.ip);
  return listAdminUsers(db, query);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
