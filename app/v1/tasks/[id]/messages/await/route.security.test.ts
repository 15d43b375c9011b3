import { describe, expect, it } from 'vitest';
import { awaitMessages, posted, thread, threadParties } from '@/test/messages';
import { signUpViaApi } from '@/test/sessions';

describe('GET /v1/tasks/{id}/messages/await: who may wait', () => {
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
});
