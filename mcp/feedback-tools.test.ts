import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { feedback } from '@/db/schema';
import { signUpViaApi } from '@/test/sessions';
import { taskBetween, taskParties } from '@/test/tasks';
import { connectForEachTest } from './testing/connect';

// send_feedback through a real MCP client and the real POST /v1/feedback: stored as the agent, with its key.

const connect = connectForEachTest();

const storedFeedback = async (userId: string) =>
  (await getDatabase()).db.select().from(feedback).where(eq(feedback.userId, userId));

describe('send_feedback', () => {
  it('stores the agent’s feedback about its task, with the key it came with', async () => {
    const parties = await taskParties();
    const task = await taskBetween(parties, 'submitted');
    const { call } = await connect(parties.agent.token);
    const sent = await call('send_feedback', {
      kind: 'bug',
      message: 'get_task shows no photo although the worker says they sent one',
      task_id: task.id,
      rating: 2,
    });
    expect(sent.isError, sent.text).toBeFalsy();
    expect(sent.structuredContent).toMatchObject({
      feedback: { kind: 'bug', taskId: task.id, rating: 2 },
      idempotencyKey: expect.any(String),
    });
    expect(sent.text).toContain('Sent (bug');
    const rows = await storedFeedback(parties.agent.id);
    expect(rows).toEqual([
      expect.objectContaining({
        id: sent.structuredContent.feedback.id,
        kind: 'bug',
        taskId: task.id,
        rating: 2,
        apiKeyId: expect.any(String),
      }),
    ]);
  });

  it('passes the API’s refusals on as errors and needs a key', async () => {
    const parties = await taskParties();
    const stranger = await signUpViaApi('stranger');
    const { call } = await connect(parties.agent.token);
    const foreign = await taskBetween({ ...parties, agent: { id: stranger.userId, token: stranger.token } });
    const refused = await call('send_feedback', { kind: 'bug', message: 'Hm', task_id: foreign.id });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.error).toMatchObject({ code: 'NOT_FOUND', message: 'Task not found' });

    const empty = await call('send_feedback', { kind: 'bug', message: '   ' });
    expect(empty.isError).toBe(true);
    expect(await storedFeedback(parties.agent.id)).toEqual([]);

    const keyless = await connect();
    const noKey = await keyless.call('send_feedback', { kind: 'idea', message: 'Hello' });
    expect(noKey.isError).toBe(true);
    expect(noKey.structuredContent.error.code).toBe('UNAUTHORIZED');
  });
});
