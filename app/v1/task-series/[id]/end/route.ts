import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { endTaskSeriesOperation } from '@/lib/schemas/task-series';
import { endTaskSeries } from '@/lib/services/series/end-task-series';

// POST /v1/task-series/{id}/end — create no more occurrences, for good
export const POST = route(endTaskSeriesOperation, ({ db, actor, params }) =>
  endTaskSeries(db, { userId: userOf(actor).id }, params.id),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
