import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { callerOf } from '@/lib/auth/admin';
import { listDisputesOperation } from '@/lib/schemas/disputes';
import { listDisputes } from '@/lib/services/disputes/list-disputes';

// GET /v1/disputes — the disputes you are part of (admins: all), oldest first
export const GET = route(listDisputesOperation, ({ db, actor, query }) =>
  listDisputes(db, { caller: callerOf(actor), ...query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
