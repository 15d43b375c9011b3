import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getTaskSeriesOperation, updateTaskSeriesOperation } from '@/lib/schemas/task-series';
import { getTaskSeries } from '@/lib/services/series/get-task-series';
import { updateTaskSeries } from '@/lib/services/series/update-task-series';

// GET /v1/task-series/{id} — a recurring task, its upcoming occurrences and its tasks
export const GET = route(getTaskSeriesOperation, ({ db, actor, params }) =>
  getTaskSeries(db, { userId: userOf(actor).id }, params.id),
);

// PATCH /v1/task-series/{id} — change the template or schedule from the next occurrence on
export const PATCH = route(updateTaskSeriesOperation, ({ db, actor, params, body }) =>
  updateTaskSeries(db, { userId: userOf(actor).id }, params.id, body),
);

export const { POST, PUT, DELETE } = otherMethods({ GET, PATCH });
