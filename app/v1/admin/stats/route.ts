import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { getAdminStatsOperation } from '@/lib/schemas/admin';
import { adminOf } from '@/lib/services/admin/admin-of';
import { getAdminStats } from '@/lib/services/admin/get-admin-stats';

// GET /v1/admin/stats — the platform at a glance, with a live ledger check (admin)
export const GET = route(getAdminStatsOperation, ({ db, actor, context }) => {
  adminOf(actor, context.ip);
  return getAdminStats(db);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
