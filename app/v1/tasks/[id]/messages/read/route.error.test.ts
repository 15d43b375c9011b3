import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { envelope } from '@/test/expect';
import { markRead, posted, thread } from '@/test/messages';

const MESSAGE_NOT_FOUND = envelope('NOT_FOUND', {
  message: 'Message not found',
  hint: "`messageId` must be the id of a message in this task's thread (GET /v1/tasks/{id}/messages lists them).",
});

describe('POST /v1/tasks/{id}/messages/read: 400 and 404', () => {
  it('404 for an unknown message and for a message of another thread', async () => {
    const { parties, task } = await thread();
    const other = await thread();
    const foreign = await posted(other.parties.worker.token, other.task.id, 'elsewhere');
    for (const messageId of [randomUUID(), foreign.id]) {
      const res = await markRead(parties.agent.token, task.id, { messageId });
      expect(res.status).toBe(404);
      expect(res.json).toEqual(MESSAGE_NOT_FOUND);
    }
  });

  it.each([
    ['a malformed messageId', { messageId: 'm1' }, 'messageId'],
    ['an unknown field', { upTo: 'now' }, ''],
  ])('%s → 400 VALIDATION_ERROR', async (_label, body, field) => {
    const { parties, task } = await thread();
    const res = await markRead(parties.agent.token, task.id, body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(res.json.error.issues[0].path).toEqual(field ? [field] : []);
  });
});
