import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { listAuditLogOperation } from '@/lib/schemas/admin';
import { adminOf } from '@/lib/services/admin/admin-of';
import { listAuditLog } from '@/lib/services/admin/list-audit-log';

// GET /v1/admin/audit-log — every admin action, newest first (admin)
export const GET = route(listAuditLogOperation, ({ db, actor, context, query }) => {
  adminOf(actor, context.ip);
  return listAuditLog(db, query);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
