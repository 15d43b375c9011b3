import { describe, expect, it } from 'vitest';
import { markRead, posted, thread, threadParties } from '@/test/messages';
import { signUpViaApi } from '@/test/sessions';

describe('POST /v1/tasks/{id}/messages/read: who may', () => {
  it('404 for an outsider and another operator, even with a real message id', async () => {
    const { parties, task } = await thread();
    const message = await posted(parties.worker.token, task.id, 'private');
    const outsider = await signUpViaApi('reader');
    const other = await threadParties();
    for (const token of [outsider.token, other.operator.token, other.agent.token]) {
      const res = await markRead(token, task.id, { messageId: message.id });
      expect(res.status).toBe(404);
      expect(res.json.error.message).toBe('Task not found');
    }
  });
});
