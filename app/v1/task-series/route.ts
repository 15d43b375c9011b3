import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getProcessor } from '@/lib/payments/get-processor';
import { createTaskSeriesOperation, listTaskSeriesOperation } from '@/lib/schemas/task-series';
import { createTaskSeries } from '@/lib/services/series/create-task-series';
import { listTaskSeries } from '@/lib/services/series/list-task-series';

// POST /v1/task-series — make a task repeat (each occurrence created and charged at its lead time)
export const POST = route(createTaskSeriesOperation, ({ db, actor, body }) =>
  createTaskSeries(db, { user: userOf(actor), processor: getProcessor(db, actor), body }),
);

// GET /v1/task-series — your recurring tasks
export const GET = route(listTaskSeriesOperation, ({ db, actor, query }) =>
  listTaskSeries(db, { userId: userOf(actor).id }, query),
);

export const { PUT, PATCH, DELETE } = otherMethods({ POST, GET });
