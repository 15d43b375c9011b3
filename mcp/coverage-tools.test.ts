import { describe, expect, it } from 'vitest';
import { EMPTY_COVERAGE, insertPastTasks, quoteKey } from '@/test/coverage';
import { insertListedWorker, oceanPoint, offset } from '@/test/worker-search';
import { connectForEachTest } from './testing/connect';

// quote_task through a real MCP client and the real GET /v1/geo/coverage.

const connect = connectForEachTest();

describe('quote_task', () => {
  it('quotes a place: workers near it, and the medians of its history', async () => {
    const centre = oceanPoint();
    await insertListedWorker(offset(centre, 1_000), { skills: ['photography', 'drone'] });
    await insertPastTasks(
      [10, 20, 30, 40, 50].map((minutes) => ({
        at: offset(centre, 0, minutes * 20),
        acceptedAfterMinutes: minutes,
        budgetCents: 1_000 + minutes * 10,
        category: 'photography',
      })),
    );
    const { call } = await connect(await quoteKey());
    const quoted = await call('quote_task', {
      ...centre,
      radius_meters: 5_000,
      skills: 'photography,drone',
      category: 'photography',
    });
    expect(quoted.isError, quoted.text).toBeFalsy();
    expect(quoted.structuredContent.coverage).toEqual({
      listedWorkers: 1,
      availableNow: 1,
      matchingSkills: 1,
      medianMinutesToAccept: 30,
      suggestedAcceptWithinMinutes: 45,
      recommendedBudgetCents: 1_300,
      confidence: 'medium',
      sampleSize: 5,
    });
    expect(quoted.text).toContain('Median time to acceptance: 30 minutes.');
    expect(quoted.text).toContain('Suggested accept-by guarantee: acceptWithinMinutes 45');
    expect(quoted.text).toContain('Recommended budget (median of completed tasks): 1300 cents.');
  });

  it('says when there is no history, and refuses an unknown skill naming it', async () => {
    const { call } = await connect(await quoteKey());
    const empty = await call('quote_task', oceanPoint());
    expect(empty.structuredContent.coverage).toEqual(EMPTY_COVERAGE);
    expect(empty.text).toContain('Not enough history here yet (0 tasks in the last 90 days).');

    const refused = await call('quote_task', { lat: 10, lng: 10, skills: 'juggling' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('Unknown skill: juggling');
  });
});
