import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getAvailabilityWindowsOperation } from '@/lib/schemas/worker-availability';
import { getAvailabilityWindows } from '@/lib/services/workers/get-availability-windows';

// GET /v1/workers/{id}/availability — the schedule as concrete UTC windows within [from, to]
export const GET = route(getAvailabilityWindowsOperation, ({ db, actor, params, query }) =>
  getAvailabilityWindows(db, userOf(actor).id, params.id, query),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
