import { beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { envelope, UNAUTHORIZED_BODY } from '@/test/expect';
import { insertApiKey } from '@/test/factories';
import { postedTestTask, simulate } from '@/test/sandbox';
import { fundedPartiesForFile, taskBetween, taskParties, taskRow } from '@/test/tasks';

// Who may drive the sandbox: the requester side of a test-mode task, with `tasks:write`. A live task, the task's
// own worker and everyone else get 404; nothing changes.
const parties = fundedPartiesForFile();

let readOnlyKey: string;
beforeAll(async () => {
  const { db } = await getDatabase();
  ({ key: readOnlyKey } = await insertApiKey(db, { userId: parties.agent.id, mode: 'test', scopes: ['tasks:read'] }));
});

const TASK_NOT_FOUND = envelope('NOT_FOUND', {
  message: 'Task not found',
  hint: 'Check the id; list your tasks with GET /v1/tasks.',
});

describe('POST /v1/sandbox/tasks/{id}/simulate: security', () => {
  it('401 without a credential', async () => {
    const task = await postedTestTask(parties.agent.token);
    const res = await simulate(undefined, task.id, 'accept');
    expect(res.status).toBe(401);
    expect(res.json).toEqual(UNAUTHORIZED_BODY);
    expect((await taskRow(task.id)).status).toBe('posted');
  });

  it('403 for an API key without tasks:write, task unchanged', async () => {
    const task = await postedTestTask(parties.agent.token);
    const res = await simulate(readOnlyKey, task.id, 'accept');
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('FORBIDDEN');
    expect((await taskRow(task.id)).status).toBe('posted');
  });

  it('404 for the caller’s own live task: the sandbox never touches real work', async () => {
    const own = await taskParties();
    const live = await taskBetween(own, 'posted', { livemode: true });
    for (const token of [own.agent.token, own.operator.token]) {
      const res = await simulate(token, live.id, 'accept');
      expect(res.status).toBe(404);
      expect(res.json).toEqual(TASK_NOT_FOUND);
    }
    expect(await taskRow(live.id)).toMatchObject({ status: 'posted', workerId: null });
  });

  it('404 for the task’s own worker and for a listed worker browsing it: only the requester side drives it', async () => {
    const task = await postedTestTask(parties.agent.token);
    const browsing = await simulate(parties.worker.token, task.id, 'accept');
    expect(browsing.json).toEqual(TASK_NOT_FOUND);
    const own = await taskParties();
    const assigned = await taskBetween(own, 'accepted');
    const res = await simulate(own.worker.token, assigned.id, 'withdraw');
    expect(res.status).toBe(404);
    expect(res.json).toEqual(TASK_NOT_FOUND);
    expect(await taskRow(assigned.id)).toMatchObject({ status: 'accepted', workerId: own.worker.id });
  });
});
