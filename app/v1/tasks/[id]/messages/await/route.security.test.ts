import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { UNAUTHORIZED_BODY } from '@/test/expect';
import { insertApiKey } from '@/test/factories';
import { awaitMessages, posted, thread, threadParties } from '@/test/messages';
import { signUpViaApi } from '@/test/sessions';

describe('GET /v1/tasks/{id}/messages/await: who may wait', () => {
  it('401 without a credential', async () => {
    const { task } = await thread();
    const res = await awaitMessages(undefined, task.id, { timeoutSec: '1' });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(UNAUTHORIZED_BODY);
  });

  it('404 at once for an outsider and another operator, even when messages exist', async () => {
    const { parties, task } = await thread();
    const message = await posted(parties.worker.token, task.id, 'private');
    const outsider = await signUpViaApi('waiter');
    const other = await threadParties();
    for (const token of [outsider.token, other.operator.token, other.agent.token, other.worker.token]) {
      const res = await awaitMessages(token, task.id, { timeoutSec: '30', sinceMessageId: message.id });
      expect(res.status).toBe(404);
      expect(res.json.error.message).toBe('Task not found');
    }
  });

  it('403 for a key without messages:read', async () => {
    const { parties, task } = await thread();
    const { db } = await getDatabase();
    const { key } = await insertApiKey(db, { userId: parties.agent.id, mode: 'test', scopes: ['messages:write'] });
    const res = await awaitMessages(key, task.id, { timeoutSec: '1' });
    expect(res.status).toBe(403);
    expect(res.json.error.details).toEqual({ requiredScope: 'messages:read' });
  });
});
