import { describe, expect, it } from 'vitest';
import { markRead, posted, thread } from '@/test/messages';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('POST /v1/tasks/{id}/messages/read', () => {
  it('an empty thread: no cursor, nothing unread', async () => {
    const { parties, task } = await thread();
    const res = await markRead(parties.agent.token, task.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ data: { lastReadMessageId: null, lastReadAt: null, unreadCount: 0 } });
  });

  it('advances to a message or to the newest one, never back; counts only the other side', async () => {
    const { parties, task } = await thread();
    const [m1, m2, m3] = [
      await posted(parties.worker.token, task.id, 'one'),
      await posted(parties.worker.token, task.id, 'two'),
      await posted(parties.worker.token, task.id, 'three'),
    ];
    const first = await markRead(parties.agent.token, task.id, { messageId: m1?.id });
    expect(first.json).toEqual({
      data: { lastReadMessageId: m1?.id, lastReadAt: expect.stringMatching(ISO), unreadCount: 2 },
    });
    const newest = await markRead(parties.agent.token, task.id);
    expect(newest.json.data).toMatchObject({ lastReadMessageId: m3?.id, unreadCount: 0 });
    // Older than the cursor: it stays where it is.
    const back = await markRead(parties.agent.token, task.id, { messageId: m1?.id });
    expect(back.json.data).toEqual(newest.json.data);

    // The agent's own message is not unread for it, and its cursor does not move the operator's.
    const own = await posted(parties.agent.token, task.id, 'four');
    expect((await markRead(parties.agent.token, task.id, { messageId: m3?.id })).json.data.unreadCount).toBe(0);
    const operator = await markRead(parties.operator.token, task.id, { messageId: m2?.id });
    expect(operator.json.data).toMatchObject({ lastReadMessageId: m2?.id, unreadCount: 1 });

    // The worker: three of its own, one from the requester side.
    const worker = await markRead(parties.worker.token, task.id, { messageId: m3?.id });
    expect(worker.json.data).toMatchObject({ lastReadMessageId: m3?.id, unreadCount: 1 });
    expect((await markRead(parties.worker.token, task.id)).json.data).toMatchObject({
      lastReadMessageId: own.id,
      unreadCount: 0,
    });
  });

  it('works on an ended thread', async () => {
    const { parties, task } = await thread('completed');
    expect((await markRead(parties.worker.token, task.id)).status).toBe(200);
  });
});
