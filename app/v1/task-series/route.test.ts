import { describe, expect, it } from 'vitest';
import { POST as endRoute } from '@/app/v1/task-series/[id]/end/route';
import { POST as pauseRoute } from '@/app/v1/task-series/[id]/pause/route';
import { POST as resumeRoute } from '@/app/v1/task-series/[id]/resume/route';
import { GET as getRoute, PATCH as patchRoute } from '@/app/v1/task-series/[id]/route';
import { POST as skipRoute } from '@/app/v1/task-series/[id]/skip/route';
import { POST as createRoute, GET as listRoute } from '@/app/v1/task-series/route';
import { getDatabase } from '@/db/client';
import { runTaskSeries } from '@/lib/services/series/run-task-series';
import { envelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { fundedPartiesForFile, lifecycleBody } from '@/test/tasks';

const parties = fundedPartiesForFile();
const DAY = 86_400_000;

const { deadline: _deadline, ...TEMPLATE } = lifecycleBody();
// Weekly on Monday and Thursday, from a week ahead: nothing is due yet with the default 48 h lead.
const weekly = (overrides: Record<string, unknown> = {}) => ({
  template: TEMPLATE,
  firstOccurrenceAt: new Date(Date.now() + 7 * DAY).toISOString(),
  cadence: { kind: 'weekly', days: ['mon', 'thu'], intervalWeeks: 2 },
  count: 6,
  timeZone: 'Europe/Berlin',
  ...overrides,
});

const post = (token: string, body: unknown) => call(createRoute, '/v1/task-series', { token, body, ip: uniqueIp() });
const action = (route: typeof pauseRoute, id: string, verb: string, token: string, body?: unknown) =>
  call(route, `/v1/task-series/${id}/${verb}`, { params: { id }, token, ip: uniqueIp(), ...(body ? { body } : {}) });
const get = (id: string, token: string) => call(getRoute, `/v1/task-series/${id}`, { params: { id }, token });

describe('POST /v1/task-series', () => {
  it('makes a weekly series and shows its next occurrences, nothing charged', async () => {
    const res = await post(parties.agent.token, weekly());
    expect(res.status).toBe(201);
    const series = res.json.data;
    expect(series).toMatchObject({
      status: 'active',
      requesterId: parties.agent.id,
      leadHours: 48,
      preferredWorkerWindowMinutes: 120,
      durationMinutes: 240,
      timeZone: 'Europe/Berlin',
      count: 6,
      cadence: { kind: 'weekly', days: ['mon', 'thu'], intervalWeeks: 2 },
      tasks: [],
    });
    expect(series.upcoming).toHaveLength(5);
    const days = series.upcoming.map((o: { occurrenceAt: string }) =>
      new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'Europe/Berlin' }).format(
        new Date(o.occurrenceAt),
      ),
    );
    expect(new Set(days)).toEqual(new Set(['Mon', 'Thu']));
    const first = series.upcoming[0];
    expect(Date.parse(first.createsAt)).toBe(Date.parse(first.occurrenceAt) - 48 * 3_600_000);
    const listed = await call(listRoute, '/v1/task-series', { token: parties.requester.token });
    expect(listed.json.data.map((s: { id: string }) => s.id)).toContain(series.id);
  });

  it('refuses a requester without a saved card', async () => {
    const human = await signUpViaApi('no-card');
    const res = await post(human.token, weekly());
    expect(res.status).toBe(409);
    expect(res.json).toEqual(envelope('CARD_REQUIRED'));
  });

  it('names the field of a bad schedule', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ count: undefined }, ['endsOn']],
      [{ timeZone: 'Mars/Olympus' }, ['timeZone']],
      [{ cadence: { kind: 'weekly', days: [], intervalWeeks: 1 } }, ['cadence', 'days']],
      [{ cadence: { kind: 'weekly', days: ['mon'], intervalWeeks: 3 } }, ['cadence', 'intervalWeeks']],
      [{ leadHours: 0 }, ['leadHours']],
      [{ template: { ...TEMPLATE, budgetCents: 10.5 } }, ['template', 'budgetCents']],
      [{ firstOccurrenceAt: new Date(Date.now() - DAY).toISOString() }, ['firstOccurrenceAt']],
    ];
    for (const [overrides, path] of cases) {
      const res = await post(parties.requester.token, weekly(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
      expect(res.json.error.issues.map((issue: { path: string[] }) => issue.path)).toContainEqual(path);
    }
  });
});

describe('an end date before the first occurrence', () => {
  it('is refused on create and on an edit, naming endsOn with the start’s local date', async () => {
    // 23:30 UTC is already the next day in Berlin: the local date is what counts.
    const start = new Date(Date.now() + 7 * DAY);
    start.setUTCHours(23, 30, 0, 0);
    const localStart = new Date(start.getTime() + 2 * 3_600_000).toISOString().slice(0, 10);
    const dayBefore = new Date(start.getTime() - DAY).toISOString().slice(0, 10);
    const body = weekly({ firstOccurrenceAt: start.toISOString(), count: undefined, endsOn: dayBefore });
    const res = await post(parties.requester.token, body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.issues).toContainEqual({
      path: ['endsOn'],
      message: `Must be on or after the first occurrence’s date, ${localStart}`,
    });

    const made = await post(parties.requester.token, weekly({ firstOccurrenceAt: start.toISOString() }));
    expect(made.status, made.text).toBe(201);
    const id = made.json.data.id;
    const patched = await call(patchRoute, `/v1/task-series/${id}`, {
      params: { id },
      token: parties.requester.token,
      body: { endsOn: dayBefore },
      ip: uniqueIp(),
    });
    expect(patched.status, patched.text).toBe(400);
    expect(patched.json.error.issues[0].path).toEqual(['endsOn']);
    expect((await get(id, parties.requester.token)).json.data.endsOn).toBeNull();
  });
});

describe('the actions of a series', () => {
  it('skips an upcoming occurrence, and refuses a time off the schedule', async () => {
    const series = (await post(parties.requester.token, weekly())).json.data;
    const second = series.upcoming[1].occurrenceAt;
    const skipped = await action(skipRoute, series.id, 'skip', parties.requester.token, { occurrenceAt: second });
    expect(skipped.status).toBe(200);
    expect(skipped.json.data.skippedOccurrences).toEqual([second]);
    expect(skipped.json.data.upcoming[1]).toMatchObject({ occurrenceAt: second, skipped: true });
    const off = new Date(Date.parse(second) + 60_000).toISOString();
    const refused = await action(skipRoute, series.id, 'skip', parties.requester.token, { occurrenceAt: off });
    expect(refused.status).toBe(400);
    expect(refused.json.error.issues).toEqual([
      { path: ['occurrenceAt'], message: 'Not an upcoming occurrence of this series' },
    ]);
  });

  it('refuses to skip an occurrence whose task exists, and skipped ones are never created', async () => {
    const { db } = await getDatabase();
    const soon = weekly({
      firstOccurrenceAt: new Date(Date.now() + 3_600_000).toISOString(),
      cadence: { kind: 'days', everyDays: 1 },
      count: 3,
    });
    const series = (await post(parties.requester.token, soon)).json.data;
    const [first, second] = series.upcoming;
    await action(skipRoute, series.id, 'skip', parties.requester.token, { occurrenceAt: second.occurrenceAt });
    await runTaskSeries(db);
    const after = (await get(series.id, parties.requester.token)).json.data;
    expect(after.tasks.map((t: { occurrenceAt: string }) => t.occurrenceAt)).toEqual([first.occurrenceAt]);
    expect(after.skippedOccurrences).toEqual([]);
    const refused = await action(skipRoute, series.id, 'skip', parties.requester.token, {
      occurrenceAt: first.occurrenceAt,
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual(envelope('OCCURRENCE_ALREADY_CREATED', { details: { taskId: after.tasks[0].id } }));
  });

  it('pauses, resumes and ends; an ended series cannot be resumed', async () => {
    const { db } = await getDatabase();
    const series = (await post(parties.requester.token, weekly())).json.data;
    const paused = await action(pauseRoute, series.id, 'pause', parties.requester.token);
    expect(paused.json.data).toMatchObject({ status: 'paused', pausedReason: 'Paused by the requester' });
    const resumed = await action(resumeRoute, series.id, 'resume', parties.requester.token);
    expect(resumed.json.data).toMatchObject({ status: 'active', pausedReason: null });
    const ended = await action(endRoute, series.id, 'end', parties.requester.token);
    expect(ended.json.data).toMatchObject({ status: 'ended', nextOccurrenceAt: null, upcoming: [] });
    await runTaskSeries(db);
    expect((await get(series.id, parties.requester.token)).json.data.tasks).toEqual([]);
    const again = await action(resumeRoute, series.id, 'resume', parties.requester.token);
    expect(again.status).toBe(409);
    expect(again.json).toEqual(envelope('SERIES_ENDED'));
  });

  it('is 404 to anyone but its requester and their operator', async () => {
    const series = (await post(parties.agent.token, weekly())).json.data;
    expect((await get(series.id, parties.requester.token)).status).toBe(200);
    const stranger = await signUpViaApi('stranger');
    const res = await get(series.id, stranger.token);
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('NOT_FOUND');
    expect((await action(pauseRoute, series.id, 'pause', stranger.token)).status).toBe(404);
  });
});
