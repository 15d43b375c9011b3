import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { tasks } from './tasks';
import { users } from './users';

export const taskSeriesStatus = pgEnum('task_series_status', ['active', 'paused', 'ended']);
export type TaskSeriesStatus = (typeof taskSeriesStatus.enumValues)[number];

/** When a series repeats (lib/tasks/series-cadence.ts): weekly on chosen days, or every N days. */
export type SeriesCadence =
  | { kind: 'weekly'; days: Weekday[]; intervalWeeks: 1 | 2 | 4 }
  | { kind: 'days'; everyDays: number };
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

// A recurring task (docs/tasks.md "Recurring tasks"): a task template and a cadence in a time zone. The job
// (lib/services/series/run-task-series.ts) plans each occurrence `leadHours` before it into
// task_series_occurrences, then creates and funds its task with the requester's saved card.
export const taskSeries = pgTable(
  'task_series',
  {
    id: id(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    livemode: boolean('livemode').notNull(),
    status: taskSeriesStatus('status').notNull().default('active'),
    // Why it was paused (a declined card, or `by the requester`); null unless paused.
    pausedReason: text('paused_reason'),
    // The body of POST /v1/tasks without `deadline`: each occurrence's deadline is its start + durationMinutes.
    template: jsonb('template').$type<Record<string, unknown>>().notNull(),
    cadence: jsonb('cadence').$type<SeriesCadence>().notNull(),
    // The first occurrence; its wall-clock time in `timeZone` is every occurrence's.
    firstOccurrenceAt: timestamptz('first_occurrence_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    // The last local date an occurrence may fall on (YYYY-MM-DD), or how many occurrences in all.
    endsOn: text('ends_on'),
    count: integer('count'),
    leadHours: integer('lead_hours').notNull().default(48),
    preferredWorkerWindowMinutes: integer('preferred_worker_window_minutes').notNull().default(120),
    // The next occurrence not yet planned, its number (1-based, in the schedule) and when it is planned (its
    // start less the lead time); null when the schedule has none left.
    nextOccurrenceAt: timestamptz('next_occurrence_at'),
    nextIndex: integer('next_index').notNull().default(1),
    nextPlanAt: timestamptz('next_plan_at'),
    // Upcoming occurrences the requester skipped (ISO instants).
    skipped: text('skipped').array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('task_series_requester_created_idx').on(t.requesterId, t.createdAt, t.id),
    // The planner's scan: active series whose next occurrence is due.
    index('task_series_due_idx').on(t.nextPlanAt).where(sql`${t.status} = 'active'`),
    check('task_series_lead_hours_range', sql`${t.leadHours} between 1 and 336`),
    check('task_series_window_range', sql`${t.preferredWorkerWindowMinutes} between 0 and 1440`),
  ],
);

export const seriesOccurrenceStatus = pgEnum('task_series_occurrence_status', ['pending', 'created', 'failed']);

// One planned occurrence of a series: `pending` until its task is created and funded (`created`, with the task)
// or the card refused it (`failed`, the series paused). Unique per series and number, so a doubled planner run
// plans it once; its task's creation key is `series:<seriesId>:<n>`, so a doubled funding run funds it once.
export const taskSeriesOccurrences = pgTable(
  'task_series_occurrences',
  {
    id: id(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => taskSeries.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    occurrenceAt: timestamptz('occurrence_at').notNull(),
    status: seriesOccurrenceStatus('status').notNull().default('pending'),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    failure: text('failure'),
    // The funding round's lease: another round takes the row only after it lapses.
    claimedUntil: timestamptz('claimed_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('task_series_occurrences_n_key').on(t.seriesId, t.n),
    index('task_series_occurrences_pending_idx').on(t.occurrenceAt).where(sql`${t.status} = 'pending'`),
  ],
);

export type TaskSeries = typeof taskSeries.$inferSelect;
export type TaskSeriesOccurrence = typeof taskSeriesOccurrences.$inferSelect;
