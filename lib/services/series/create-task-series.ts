import type { Db } from '@/db/client';
import { taskSeries } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import type { PaymentProcessor } from '@/lib/payments/processor';
import type { CreateTaskSeriesBody } from '@/lib/schemas/task-series';
import { SERIES_LIMITS } from '@/lib/tasks/series-rules';
import { describeSeries } from './get-task-series';
import { planNext } from './plan-next';
import { requireSavedCard } from './require-saved-card';

export type CreateTaskSeriesOptions = { user: ActorUser; processor: PaymentProcessor; body: CreateTaskSeriesBody };

// Nothing is charged now: the job creates and charges each occurrence `leadHours` before it starts.
export async function createTaskSeries(db: Db, { user, processor, body }: CreateTaskSeriesOptions) {
  await requireSavedCard(db, processor, user);
  const schedule = {
    cadence: body.cadence,
    firstOccurrenceAt: new Date(body.firstOccurrenceAt),
    timeZone: body.timeZone ?? 'UTC',
    endsOn: body.endsOn ?? null,
    count: body.count ?? null,
    leadHours: body.leadHours ?? SERIES_LIMITS.defaultLeadHours,
  };
  const [series] = await db
    .insert(taskSeries)
    .values({
      requesterId: user.id,
      livemode: processor.livemode,
      template: body.template,
      durationMinutes: body.durationMinutes ?? SERIES_LIMITS.defaultDurationMinutes,
      preferredWorkerWindowMinutes: body.preferredWorkerWindowMinutes ?? SERIES_LIMITS.defaultPreferredWindowMinutes,
      ...schedule,
      ...planNext(schedule, null, new Date(0)),
    })
    .returning();
  if (!series) throw new Error('series insert returned no row');
  return describeSeries(db, series);
}
