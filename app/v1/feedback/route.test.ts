import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { feedback } from '@/db/schema';
import { FEEDBACK_PER_USER } from '@/lib/auth/account-limits';
import { createAgentViaApi } from '@/test/agents';
import { ensureWindowRoom, envelope, expectRetryAfter } from '@/test/expect';
import { insertApiKey } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { anotherWorker, taskBetween, taskParties } from '@/test/tasks';
import { POST } from './route';

const sendFeedback = (token: string, body: unknown) => call(POST, '/v1/feedback', { token, body, ip: uniqueIp() });

async function storedFeedback(userId: string) {
  const { db } = await getDatabase();
  return db.select().from(feedback).where(eq(feedback.userId, userId)).orderBy(asc(feedback.createdAt));
}

describe('POST /v1/feedback', () => {
  it('stores a signed-in person’s feedback, trimmed, without a key', async () => {
    const person = await signUpViaApi('feedback');
    const res = await sendFeedback(person.token, { kind: 'bug', message: '  The map does not load  ', rating: 2 });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toEqual({
      id: expect.any(String),
      kind: 'bug',
      message: 'The map does not load',
      rating: 2,
      taskId: null,
      createdAt: expect.any(String),
    });
    expect(await storedFeedback(person.userId)).toEqual([
      expect.objectContaining({
        id: res.json.data.id,
        userId: person.userId,
        apiKeyId: null,
        kind: 'bug',
        message: 'The map does not load',
        rating: 2,
        taskId: null,
      }),
    ]);
  });

  it('stores an agent’s feedback with the key it came with, about a task it requested', async () => {
    const parties = await taskParties();
    const task = await taskBetween(parties, 'accepted');
    const res = await sendFeedback(parties.agent.token, {
      kind: 'complaint',
      message: 'No proof photo',
      taskId: task.id,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({ kind: 'complaint', taskId: task.id, rating: null });
    const [row] = await storedFeedback(parties.agent.id);
    expect(row).toMatchObject({ userId: parties.agent.id, taskId: task.id, kind: 'complaint' });
    expect(row?.apiKeyId).toEqual(expect.any(String));

    // The task's other side and the agent's operator may name it too.
    for (const side of [parties.worker, parties.operator]) {
      const also = await sendFeedback(side.token, { kind: 'other', message: 'About this task', taskId: task.id });
      expect(also.status, also.text).toBe(201);
    }
  });

  it('records the key of an agent created by its operator', async () => {
    const operator = await signUpViaApi('operator');
    const agent = await createAgentViaApi(operator.token);
    const res = await sendFeedback(agent.key, { kind: 'idea', message: 'A batch endpoint would help' });
    expect(res.status, res.text).toBe(201);
    expect(await storedFeedback(agent.id)).toEqual([
      expect.objectContaining({ userId: agent.id, apiKeyId: agent.keyId, kind: 'idea' }),
    ]);
  });

  it('refuses a task the caller is not a side of as not found, storing nothing', async () => {
    const parties = await taskParties();
    const task = await taskBetween(parties, 'accepted');
    const stranger = await signUpViaApi('stranger');
    for (const taskId of [task.id, randomUUID()]) {
      const res = await sendFeedback(stranger.token, { kind: 'bug', message: 'Hm', taskId });
      expect(res.status, res.text).toBe(404);
      expect(res.json).toEqual(
        envelope('NOT_FOUND', { message: 'Task not found', hint: 'Check the id; list your tasks with GET /v1/tasks.' }),
      );
    }
    expect(await storedFeedback(stranger.userId)).toEqual([]);
  });

  it('takes a posted task a listed worker can see, not one an unlisted person cannot', async () => {
    const parties = await taskParties();
    const posted = await taskBetween(parties, 'posted');
    const listed = await anotherWorker(true);
    const seen = await sendFeedback(listed.token, { kind: 'complaint', message: 'Unclear address', taskId: posted.id });
    expect(seen.status, seen.text).toBe(201);
    const unlisted = await anotherWorker(false);
    const unseen = await sendFeedback(unlisted.token, { kind: 'complaint', message: 'Hm', taskId: posted.id });
    expect(unseen.status).toBe(404);
    expect(await storedFeedback(unlisted.id)).toEqual([]);
  });

  it('refuses bad fields with 400 naming them, storing nothing', async () => {
    const person = await signUpViaApi('feedback');
    const cases: [unknown, string[]][] = [
      [{ kind: 'rant', message: 'x' }, ['kind']],
      [{ message: 'x' }, ['kind']],
      [{ kind: 'bug', message: '' }, ['message']],
      [{ kind: 'bug', message: '   ' }, ['message']],
      [{ kind: 'bug', message: 'x'.repeat(5_001) }, ['message']],
      [{ kind: 'bug', message: 'x', rating: 0 }, ['rating']],
      [{ kind: 'bug', message: 'x', rating: 6 }, ['rating']],
      [{ kind: 'bug', message: 'x', rating: 3.5 }, ['rating']],
      [{ kind: 'bug', message: 'x', taskId: 'task-1' }, ['taskId']],
    ];
    for (const [body, path] of cases) {
      const res = await sendFeedback(person.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
      expect(res.json.error.issues.map((issue: { path: string[] }) => issue.path)).toEqual([path]);
    }
    const tooLong = await sendFeedback(person.token, { kind: 'bug', message: 'x'.repeat(5_001) });
    expect(tooLong.json.error.issues).toEqual([{ path: ['message'], message: 'Must be at most 5000 characters' }]);
    const half = await sendFeedback(person.token, { kind: 'bug', message: 'x', rating: 3.5 });
    expect(half.json.error.issues).toEqual([{ path: ['rating'], message: 'Must be a whole number' }]);
    // 5,000 characters is the most, and fits.
    expect((await sendFeedback(person.token, { kind: 'bug', message: 'x'.repeat(5_000) })).status).toBe(201);
    expect(await storedFeedback(person.userId)).toHaveLength(1);
  });
});

describe('POST /v1/feedback: the hourly limit', () => {
  const { limit, windowSeconds } = FEEDBACK_PER_USER;

  it('refuses the message past the limit with Retry-After and stores nothing; others are unaffected', async () => {
    await ensureWindowRoom(windowSeconds, 20);
    const person = await signUpViaApi('chatty');
    for (let sent = 1; sent <= limit; sent += 1) {
      const res = await sendFeedback(person.token, { kind: 'idea', message: `Idea ${sent}` });
      expect(res.status, res.text).toBe(201);
    }
    const refused = await sendFeedback(person.token, { kind: 'idea', message: 'One more' });
    const retryAfter = expectRetryAfter(refused, 0, windowSeconds);
    expect(refused.json).toEqual(
      envelope('RATE_LIMIT_EXCEEDED', {
        hint: `At most ${limit} feedback messages an hour. Wait for \`Retry-After\` seconds, then send it again.`,
        details: { retryAfter, limit, windowSeconds },
      }),
    );
    const stored = await storedFeedback(person.userId);
    expect(stored).toHaveLength(limit);
    expect(stored.map((row) => row.message)).not.toContain('One more');

    const other = await signUpViaApi('quiet');
    expect((await sendFeedback(other.token, { kind: 'praise', message: 'Nice' })).status).toBe(201);
  });

  it('counts every key of an agent as the agent', async () => {
    await ensureWindowRoom(windowSeconds, 20);
    const operator = await signUpViaApi('operator');
    const agent = await createAgentViaApi(operator.token);
    const { key: secondKey } = await insertApiKey((await getDatabase()).db, { userId: agent.id, mode: 'test' });
    for (let sent = 1; sent <= limit; sent += 1) {
      const res = await sendFeedback(sent % 2 ? agent.key : secondKey, { kind: 'bug', message: `Bug ${sent}` });
      expect(res.status, res.text).toBe(201);
    }
    expectRetryAfter(await sendFeedback(secondKey, { kind: 'bug', message: 'Again' }), 0, windowSeconds);
    expectRetryAfter(await sendFeedback(agent.key, { kind: 'bug', message: 'Again' }), 0, windowSeconds);
    expect(await storedFeedback(agent.id)).toHaveLength(limit);
    // The operator is a person of their own.
    expect((await sendFeedback(operator.token, { kind: 'bug', message: 'Mine' })).status).toBe(201);
  });
});
