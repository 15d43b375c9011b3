import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { getAvailabilityWindowsOperation } from '@/lib/schemas/worker-availability';
import { getAvailabilityWindows } from '@/lib/services/workers/get-availability-windows';

// GET /v1/workers/{id}/availability — the schedule as concrete UTC windows within [from, to]
export const GET = route(getAvailabilityWindowsOperation, ({ db, params, query }) =>
  getAvailabilityWindows(db, params.id, query),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
