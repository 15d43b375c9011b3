import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getProcessor } from '@/lib/payments/get-processor';
import { resumeTaskSeriesOperation } from '@/lib/schemas/task-series';
import { resumeTaskSeries } from '@/lib/services/series/resume-task-series';

// POST /v1/task-series/{id}/resume — go on from the next occurrence after now
export const POST = route(resumeTaskSeriesOperation, ({ db, actor, params }) => {
  const user = userOf(actor);
  return resumeTaskSeries(
    db,
    { caller: { userId: user.id }, requester: user, processor: getProcessor(db, actor) },
    params.id,
  );
});

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
