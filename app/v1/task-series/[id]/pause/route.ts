import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { pauseTaskSeriesOperation } from '@/lib/schemas/task-series';
import { pauseTaskSeries } from '@/lib/services/series/pause-task-series';

// POST /v1/task-series/{id}/pause — stop creating occurrences until resumed
export const POST = route(pauseTaskSeriesOperation, ({ db, actor, params }) =>
  pauseTaskSeries(db, { userId: userOf(actor).id }, params.id),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
