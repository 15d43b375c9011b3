import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { skipTaskSeriesOccurrenceOperation } from '@/lib/schemas/task-series';
import { skipSeriesOccurrence } from '@/lib/services/series/skip-series-occurrence';

// POST /v1/task-series/{id}/skip — skip one upcoming occurrence not yet created
export const POST = route(skipTaskSeriesOccurrenceOperation, ({ db, actor, params, body }) =>
  skipSeriesOccurrence(db, { userId: userOf(actor).id }, params.id, body.occurrenceAt),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
