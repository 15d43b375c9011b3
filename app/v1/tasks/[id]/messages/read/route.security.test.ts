import { describe, expect, it } from 'vitest';
import { UNAUTHORIZED_BODY } from '@/test/expect';
import { markRead, posted, thread, threadParties } from '@/test/messages';
import { signUpViaApi } from '@/test/sessions';

describe('POST /v1/tasks/{id}/messages/read: who may', () => {
  it('401 without a credential', async () => {
    const { task } = await thread();
    const res = await markRead('', task.id);
    expect(res.status).toBe(401);
    expect(res.json).toEqual(UNAUTHORIZED_BODY);
  });

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
