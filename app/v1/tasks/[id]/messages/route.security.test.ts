import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { envelope } from '@/test/expect';
import { insertApiKey } from '@/test/factories';
import { listMessages, messageEvents, postMessage, thread, threadParties } from '@/test/messages';
import { signUpViaApi } from '@/test/sessions';
import { taskBetween } from '@/test/tasks';
import { insertWorkerProfile } from '@/test/workers';

const NOT_FOUND = envelope('NOT_FOUND', {
  message: 'Task not found',
  hint: 'Check the id; list your tasks with GET /v1/tasks.',
});

describe('/v1/tasks/{id}/messages: who may read and post', () => {
  it('404 for an outsider, another operator, another listed worker and an unknown task; nothing stored', async () => {
    const { parties, task } = await thread();
    const outsider = await signUpViaApi('outsider');
    const other = await threadParties();
    const listedWorker = await signUpViaApi('lister');
    await insertWorkerProfile(listedWorker.userId, { isListed: true });
    for (const token of [
      outsider.token,
      other.operator.token,
      other.agent.token,
      other.worker.token,
      listedWorker.token,
    ]) {
      const read = await listMessages(token, task.id);
      expect(read.status).toBe(404);
      expect(read.json).toEqual(NOT_FOUND);
      const write = await postMessage(token, task.id, 'let me in');
      expect(write.status).toBe(404);
      expect(write.json).toEqual(NOT_FOUND);
    }
    expect((await listMessages(parties.worker.token, randomUUID())).status).toBe(404);
    expect((await listMessages(parties.worker.token, 'not-a-uuid')).status).toBe(404);
    expect(await messageEvents(task.id)).toHaveLength(0);
  });

  it('404 for a listed worker on a posted task they could accept', async () => {
    const { parties } = await thread();
    const task = await taskBetween(parties, 'posted');
    const res = await listMessages(parties.worker.token, task.id);
    expect(res.status).toBe(404);
  });

  it('403 for an agent key without the message scopes', async () => {
    const { parties, task } = await thread();
    const { db } = await getDatabase();
    const readOnlyKey = (await insertApiKey(db, { userId: parties.agent.id, mode: 'test', scopes: ['messages:read'] }))
      .key;
    const noScopes = (await insertApiKey(db, { userId: parties.agent.id, mode: 'test', scopes: ['tasks:read'] })).key;
    expect((await listMessages(readOnlyKey, task.id)).status).toBe(200);
    const write = await postMessage(readOnlyKey, task.id, 'hi');
    expect(write.status).toBe(403);
    expect(write.json.error.details).toEqual({ requiredScope: 'messages:write' });
    const read = await listMessages(noScopes, task.id);
    expect(read.status).toBe(403);
    expect(read.json.error.details).toEqual({ requiredScope: 'messages:read' });
  });
});
