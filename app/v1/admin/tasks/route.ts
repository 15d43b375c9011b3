import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { listAdminTasksOperation } from '@/lib/schemas/admin';
import { adminOf } from '@/lib/services/admin/admin-of';
import { listAdminTasks } from '@/lib/services/admin/list-admin-tasks';

// GET /v1/admin/tasks — every task, newest first, searchable (admin)
export const GET = route(listAdminTasksOperation, ({ db, actor, context, query }) => {
  adminOf(actor, context.ip);
  return listAdminTasks(db, query);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
