'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import type { ActionState } from '@/components/ui/action-form';
import { getDatabase } from '@/db/client';
import { getProcessor } from '@/lib/payments/get-processor';
import { createTaskSeriesOperation } from '@/lib/schemas/task-series';
import { createTaskSeries } from '@/lib/services/series/create-task-series';
import { endTaskSeries } from '@/lib/services/series/end-task-series';
import { pauseTaskSeries } from '@/lib/services/series/pause-task-series';
import { resumeTaskSeries } from '@/lib/services/series/resume-task-series';
import { skipSeriesOccurrence } from '@/lib/services/series/skip-series-occurrence';
import { zonedInstant } from '@/lib/tasks/series-cadence';
import { describeActionError, describeFormError } from '@/lib/web/describe-error';
import { requireBrowserActor } from '@/lib/web/require-browser-actor';

const PAGE = '/dashboard/series';
const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const whole = (form: FormData, name: string) => (text(form, name) === '' ? undefined : Number(text(form, name)));

/** The weekly-series form: the same rules as POST /v1/task-series, charged to the signed-in human's card. */
export async function createSeriesAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const user = await requireBrowserActor(PAGE);
  let seriesId: string;
  try {
    const timeZone = text(form, 'timeZone') || 'UTC';
    const start = zonedInstant(text(form, 'firstOccurrenceAt'), timeZone);
    const dollars = Number(text(form, 'budget'));
    const end = text(form, 'endsOn');
    const body = createTaskSeriesOperation.body.parse({
      template: {
        title: text(form, 'title'),
        ...(text(form, 'description') ? { description: text(form, 'description') } : {}),
        budgetCents: Number.isFinite(dollars) ? Math.round(dollars * 100) : Number.NaN,
        proofRequirements: ['text'],
      },
      firstOccurrenceAt: start ? start.toISOString() : text(form, 'firstOccurrenceAt'),
      durationMinutes: (whole(form, 'durationHours') ?? 4) * 60,
      cadence: { kind: 'weekly', days: form.getAll('days').map(String), intervalWeeks: whole(form, 'intervalWeeks') },
      ...(end ? { endsOn: end } : { count: whole(form, 'count') }),
      leadHours: whole(form, 'leadHours'),
      timeZone,
    });
    const { db } = await getDatabase();
    seriesId = (await createTaskSeries(db, { user, processor: getProcessor(db), body })).id;
  } catch (error) {
    return describeFormError(error, {
      'template.title': { field: 'title', label: 'Title' },
      'template.description': { field: 'description', label: 'Description' },
      'template.budgetCents': { field: 'budget', label: 'Budget', message: 'Enter at least $5.00, at most $10,000' },
      firstOccurrenceAt: { field: 'firstOccurrenceAt', label: 'First time' },
      durationMinutes: { field: 'durationHours', label: 'Hours to do it' },
      'cadence.days': { field: 'days', label: 'Days' },
      'cadence.intervalWeeks': { field: 'intervalWeeks', label: 'Repeat' },
      endsOn: { field: 'endsOn', label: 'End date', message: 'Give an end date or a number of times' },
      count: { field: 'count', label: 'Times' },
      leadHours: { field: 'leadHours', label: 'Hours ahead' },
      timeZone: { field: 'timeZone', label: 'Time zone' },
    });
  }
  redirect(`${PAGE}/${seriesId}`);
}

type SeriesAction = 'pause' | 'resume' | 'end';

/** Pause, resume or end one of the signed-in human's series (or their agents'). */
export async function seriesAction(seriesId: string, what: SeriesAction, _state: ActionState): Promise<ActionState> {
  const user = await requireBrowserActor(PAGE);
  const { db } = await getDatabase();
  const caller = { userId: user.id };
  try {
    if (what === 'pause') await pauseTaskSeries(db, caller, seriesId);
    if (what === 'end') await endTaskSeries(db, caller, seriesId);
    if (what === 'resume')
      await resumeTaskSeries(db, { caller, requester: user, processor: getProcessor(db) }, seriesId);
  } catch (error) {
    return { error: describeActionError(error) };
  }
  revalidatePath(`${PAGE}/${seriesId}`);
  return { saved: true };
}

export async function skipAction(seriesId: string, occurrenceAt: string, _state: ActionState): Promise<ActionState> {
  const user = await requireBrowserActor(PAGE);
  const { db } = await getDatabase();
  try {
    await skipSeriesOccurrence(db, { userId: user.id }, seriesId, occurrenceAt);
  } catch (error) {
    return { error: describeActionError(error) };
  }
  revalidatePath(`${PAGE}/${seriesId}`);
  return { saved: true };
}
