import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maxConcurrentWaits } from '@/lib/realtime/wait-slots';

const MAX_CONCURRENT_WAITS = maxConcurrentWaits();

import { envelope, validationEnvelope } from '@/test/expect';
import { awaitMessages, openAwait, posted, thread } from '@/test/messages';

describe('GET /v1/tasks/{id}/messages/await: 400, 404 and 409', () => {
  it.each([
    ['timeoutSec 0', { timeoutSec: '0' }, 'Must be at least 1'],
    ['timeoutSec 61', { timeoutSec: '61' }, 'Must be at most 60'],
    ['timeoutSec 2.5', { timeoutSec: '2.5' }, 'Must be a whole number of seconds'],
    ['timeoutSec abc', { timeoutSec: 'abc' }, 'Invalid input: expected number, received NaN'],
  ])('%s → 400 VALIDATION_ERROR', async (_label, query, message) => {
    const { parties, task } = await thread();
    const res = await awaitMessages(parties.agent.token, task.id, query);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(validationEnvelope([{ path: ['timeoutSec'], message }]));
  });

  it('400 for a malformed sinceMessageId; 404 for one that is not in this thread', async () => {
    const { parties, task } = await thread();
    const bad = await awaitMessages(parties.agent.token, task.id, { sinceMessageId: 'latest' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues[0].path).toEqual(['sinceMessageId']);
    const other = await thread();
    const foreign = await posted(other.parties.worker.token, other.task.id, 'elsewhere');
    for (const sinceMessageId of [randomUUID(), foreign.id]) {
      const res = await awaitMessages(parties.agent.token, task.id, { sinceMessageId, timeoutSec: '1' });
      expect(res.status).toBe(404);
      expect(res.json).toEqual(
        envelope('NOT_FOUND', {
          message: 'Message not found',
          hint: "`sinceMessageId` must be the id of a message in this task's thread (GET /v1/tasks/{id}/messages lists them).",
        }),
      );
    }
  });

  it.each(['draft', 'posted'] as const)('a %s task → 409 THREAD_NOT_OPEN at once', async (status) => {
    const { parties, task } = await thread(status);
    const res = await awaitMessages(parties.agent.token, task.id, { timeoutSec: '30' });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('THREAD_NOT_OPEN');
  });

  it(`a caller's wait past ${MAX_CONCURRENT_WAITS} at once → 429 with a hint; a slot frees when a wait ends`, async () => {
    const { parties, task } = await thread();
    const controller = new AbortController();
    const open = await Promise.all(
      Array.from({ length: MAX_CONCURRENT_WAITS }, () =>
        openAwait(parties.agent.token, task.id, { timeoutSec: '30' }, controller.signal),
      ),
    );
    expect(open.map((res) => res.status)).toEqual(open.map(() => 200));

    const refused = await awaitMessages(parties.agent.token, task.id, { timeoutSec: '30' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.json).toEqual(
      envelope('RATE_LIMIT_EXCEEDED', {
        hint:
          `You already have ${MAX_CONCURRENT_WAITS} long polls waiting, the most one caller may hold at once: reuse ` +
          'one wait per thread, let one of them end or cancel it, then retry after `Retry-After` seconds.',
        details: { retryAfter: 5, limit: MAX_CONCURRENT_WAITS, reason: 'concurrent_waits' },
      }),
    );
    // The other side of the thread is another caller, with slots of its own.
    expect((await awaitMessages(parties.worker.token, task.id, { timeoutSec: '1' })).status).toBe(200);

    controller.abort();
    await Promise.all(open.map((res) => res.text()));
    expect((await awaitMessages(parties.agent.token, task.id, { timeoutSec: '1' })).status).toBe(200);
  });
});
