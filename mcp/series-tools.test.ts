import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { taskSeries } from '@/db/schema';
import type { TestJson } from '@/test/json';
import { fundedParties, fundedPartiesForFile, lifecycleBody } from '@/test/tasks';
import { connectTools } from './testing/connect';

// The series tools through a real MCP client and the real /v1/task-series routes: an agent makes a weekly series,
// finds it in its list and in the database, pauses, resumes, skips an occurrence and ends it; bad arguments name
// their field, and another agent's series is not found.

const parties = fundedPartiesForFile();
const DAY = 86_400_000;
const { deadline: _deadline, ...TEMPLATE } = lifecycleBody();

// Mondays and Thursdays from a week ahead: with the default 48 h lead nothing is due, so nothing is charged.
const weekly = (overrides: Record<string, unknown> = {}) => ({
  template: TEMPLATE,
  first_occurrence_at: new Date(Date.now() + 7 * DAY).toISOString(),
  cadence: { kind: 'weekly', days: ['mon', 'thu'] },
  count: 6,
  time_zone: 'Europe/Berlin',
  ...overrides,
});

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});
async function connect(apiKey: string) {
  const tools = await connectTools({ apiKey });
  open.push(tools.close);
  return tools.call;
}

describe('series tools', () => {
  it('create_task_series makes a weekly series, seen in list_task_series and in the database', async () => {
    const call = await connect(parties.agent.token);
    const created = await call('create_task_series', weekly());
    expect(created.isError, created.text).toBeFalsy();
    const { series } = created.structuredContent;
    expect(series).toMatchObject({
      status: 'active',
      requesterId: parties.agent.id,
      cadence: { kind: 'weekly', days: ['mon', 'thu'], intervalWeeks: 1 },
      count: 6,
      timeZone: 'Europe/Berlin',
      leadHours: 48,
      tasks: [],
    });
    expect(series.upcoming).toHaveLength(5);
    expect(created.structuredContent.idempotencyKey).toEqual(expect.any(String));
    expect(created.text).toContain(`Series ${series.id}: "${TEMPLATE.title}"`);
    expect(created.text).toContain('every week on mon, thu in Europe/Berlin, 6 occurrence(s) in all');

    const listed = await call('list_task_series', {});
    expect(listed.isError, listed.text).toBeFalsy();
    expect(listed.structuredContent.series.map((row: TestJson) => row.id)).toContain(series.id);
    expect(listed.text).toContain(series.id);

    const { db } = await getDatabase();
    const [row] = await db.select().from(taskSeries).where(eq(taskSeries.id, series.id));
    expect(row).toMatchObject({ requesterId: parties.agent.id, status: 'active', count: 6, timeZone: 'Europe/Berlin' });
    expect(row?.nextOccurrenceAt?.toISOString()).toBe(series.upcoming[0].occurrenceAt);
  });

  it('pauses and resumes, skips an upcoming occurrence and ends the series', async () => {
    const call = await connect(parties.agent.token);
    const { series } = (await call('create_task_series', weekly())).structuredContent;

    const paused = await call('pause_task_series', { series_id: series.id });
    expect(paused.isError, paused.text).toBeFalsy();
    expect(paused.structuredContent.series).toMatchObject({
      status: 'paused',
      pausedReason: 'Paused by the requester',
    });
    expect(paused.text).toContain('status: paused');

    const resumed = await call('resume_task_series', { series_id: series.id });
    expect(resumed.isError, resumed.text).toBeFalsy();
    expect(resumed.structuredContent.series).toMatchObject({ status: 'active', pausedReason: null });

    const second = resumed.structuredContent.series.upcoming[1].occurrenceAt;
    const skipped = await call('skip_series_occurrence', { series_id: series.id, occurrence_at: second });
    expect(skipped.isError, skipped.text).toBeFalsy();
    expect(skipped.structuredContent.series.skippedOccurrences).toEqual([second]);
    expect(skipped.structuredContent.series.upcoming[1]).toMatchObject({ occurrenceAt: second, skipped: true });
    expect(skipped.text).toContain(`${second} (skipped)`);

    const off = new Date(Date.parse(second) + 60_000).toISOString();
    const offSchedule = await call('skip_series_occurrence', { series_id: series.id, occurrence_at: off });
    expect(offSchedule.isError).toBe(true);
    expect(offSchedule.structuredContent.error.code).toBe('VALIDATION_ERROR');
    expect(offSchedule.text).toContain('occurrenceAt: Not an upcoming occurrence of this series');

    const ended = await call('end_task_series', { series_id: series.id });
    expect(ended.isError, ended.text).toBeFalsy();
    expect(ended.structuredContent.series).toMatchObject({ status: 'ended', nextOccurrenceAt: null, upcoming: [] });

    const again = await call('pause_task_series', { series_id: series.id });
    expect(again.isError).toBe(true);
    expect(again.structuredContent.error.code).toBe('SERIES_ENDED');

    const { db } = await getDatabase();
    const [row] = await db.select().from(taskSeries).where(eq(taskSeries.id, series.id));
    expect(row?.status).toBe('ended');
  });

  it('update_task_series changes the template from the next occurrence on', async () => {
    const call = await connect(parties.agent.token);
    const { series } = (await call('create_task_series', weekly())).structuredContent;
    const updated = await call('update_task_series', {
      series_id: series.id,
      template: { budgetCents: 2_500 },
      lead_hours: 24,
    });
    expect(updated.isError, updated.text).toBeFalsy();
    expect(updated.structuredContent.series).toMatchObject({ leadHours: 24, template: { budgetCents: 2_500 } });
    expect(updated.structuredContent.series.template.title).toBe(TEMPLATE.title);

    const nothing = await call('update_task_series', { series_id: series.id });
    expect(nothing.isError).toBe(true);
    expect(nothing.text).toContain('Send at least one field to change');
  });

  it('refuses bad arguments with an error naming the field', async () => {
    const call = await connect(parties.agent.token);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ cadence: { kind: 'weekly', days: ['mon', 'someday'] } }, ['cadence.days[1]', 'expected one of "mon"']],
      [{ cadence: { kind: 'weekly', days: [] } }, ['cadence.days', 'Pick at least one day']],
      [{ count: undefined }, ['ends_on', 'Give an end date (`ends_on`) or a number of occurrences (`count`)']],
      [{ ends_on: '2030-02-30', count: undefined }, ['ends_on']],
      [{ time_zone: 'Mars/Olympus' }, ['time_zone', 'Must be an IANA time zone']],
      [{ first_occurrence_at: new Date(Date.now() - DAY).toISOString() }, ['first_occurrence_at', 'future']],
      [{ weekday: 'mon' }, ['weekday']],
    ];
    for (const [overrides, words] of cases) {
      const result = await call('create_task_series', weekly(overrides));
      expect(result.isError, JSON.stringify(overrides)).toBe(true);
      expect(result.text).toContain('Invalid arguments for tool create_task_series');
      for (const word of words) expect(result.text, JSON.stringify(overrides)).toContain(word);
    }
    const { db } = await getDatabase();
    expect(await db.select().from(taskSeries).where(eq(taskSeries.timeZone, 'Mars/Olympus'))).toEqual([]);
  });

  it('another agent does not find the series', async () => {
    const call = await connect(parties.agent.token);
    const { series } = (await call('create_task_series', weekly())).structuredContent;
    const rival = await fundedParties();
    const callAsRival = await connect(rival.agent.token);

    const listed = await callAsRival('list_task_series', {});
    expect(listed.isError, listed.text).toBeFalsy();
    expect(listed.structuredContent.series).toEqual([]);
    for (const [name, args] of [
      ['get_task_series', { series_id: series.id }],
      ['pause_task_series', { series_id: series.id }],
      ['end_task_series', { series_id: series.id }],
      ['skip_series_occurrence', { series_id: series.id, occurrence_at: series.upcoming[0].occurrenceAt }],
    ] as const) {
      const result = await callAsRival(name, args);
      expect(result.isError, name).toBe(true);
      expect(result.structuredContent.error.code, name).toBe('NOT_FOUND');
    }
    const mine = await call('get_task_series', { series_id: series.id });
    expect(mine.structuredContent.series.status).toBe('active');
  });
});
