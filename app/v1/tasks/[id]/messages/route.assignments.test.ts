import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { taskMessages } from '@/db/schema';
import { readResult } from '@/test/http';
import { awaitMessages, listMessages, markRead, openAwait, posted, threadParties } from '@/test/messages';
import {
  anotherWorker,
  assignmentsOf,
  callAction,
  fundedPartiesForFile,
  type TaskParties,
  taskBetween,
  taskInStatus,
} from '@/test/tasks';

// "A thread leaks to the next worker" (issue 15): the thread belongs to the worker's assignment. After a
// withdrawal the next worker (or the same one accepting again) starts from an empty thread; the requester side
// still reads every assignment's messages.

const parties = fundedPartiesForFile();

const bodies = (res: Awaited<ReturnType<typeof listMessages>>) =>
  (res.json.data as { body: string }[]).map((message) => message.body);

/** A funded task accepted by the parties' worker, with a conversation, then handed back and taken by `next`. */
async function takenOverTask() {
  const task = await taskInStatus(parties, 'accepted');
  await posted(parties.requester.token, task.id, 'Gate code is 4711');
  const reply = await posted(parties.worker.token, task.id, 'On my way');
  expect((await markRead(parties.worker.token, task.id)).status).toBe(200);
  expect((await callAction('withdraw', task.id, parties.worker.token)).status).toBe(200);
  const next = await anotherWorker();
  expect((await callAction('accept', task.id, next.token)).status).toBe(200);
  return { task, next, reply };
}

describe('a new assignment opens a new thread for the worker', () => {
  it('the next worker lists, awaits and counts none of the previous conversation; the requester sees it all', async () => {
    const { task, next, reply } = await takenOverTask();

    const list = await listMessages(next.token, task.id);
    expect(list.status, list.text).toBe(200);
    expect(list.json).toEqual({ data: [], hasMore: false, nextCursor: null });
    const waited = await awaitMessages(next.token, task.id, { timeoutSec: '1' });
    expect(waited.status, waited.text).toBe(200);
    expect(waited.json).toEqual({ data: [] });
    const read = await markRead(next.token, task.id);
    expect(read.json.data).toEqual({ lastReadMessageId: null, lastReadAt: null, unreadCount: 0 });
    // An earlier assignment's message is not in this worker's thread: 404, as for another task's.
    const since = await awaitMessages(next.token, task.id, { sinceMessageId: reply.id, timeoutSec: '1' });
    expect(since.status, since.text).toBe(404);
    expect((await markRead(next.token, task.id, { messageId: reply.id })).status).toBe(404);

    // The conversation goes on with the new worker only.
    await posted(parties.requester.token, task.id, 'Welcome, the gate code changed: 0815');
    await posted(next.token, task.id, 'Thanks, heading there');
    expect(bodies(await listMessages(next.token, task.id))).toEqual([
      'Thanks, heading there',
      'Welcome, the gate code changed: 0815',
    ]);
    expect((await markRead(next.token, task.id, { messageId: reply.id })).status).toBe(404);

    // The requester side reads every assignment's messages.
    expect(bodies(await listMessages(parties.requester.token, task.id))).toEqual([
      'Thanks, heading there',
      'Welcome, the gate code changed: 0815',
      'On my way',
      'Gate code is 4711',
    ]);
    // The previous worker is out of the thread altogether (as before).
    expect((await listMessages(parties.worker.token, task.id)).status).toBe(404);
  });

  it('messages are stamped with the current assignment; a long poll parked before the withdrawal gets none of the next', async () => {
    const task = await taskInStatus(parties, 'accepted');
    const hello = await posted(parties.requester.token, task.id, 'Hello');
    // The first worker waits for the requester's next message, then hands the task back while still waiting.
    const parked = await openAwait(parties.worker.token, task.id, { sinceMessageId: hello.id, timeoutSec: '3' });
    expect(parked.status).toBe(200);
    expect((await callAction('withdraw', task.id, parties.worker.token)).status).toBe(200);
    const next = await anotherWorker();
    expect((await callAction('accept', task.id, next.token)).status).toBe(200);
    const welcome = await posted(parties.requester.token, task.id, 'Welcome, new gate code 0815');
    expect((await readResult(parked)).json).toEqual({ data: [] });

    const [first, second] = await assignmentsOf(task.id);
    const { db } = await getDatabase();
    const stamped = async (id: string) =>
      (await db.select().from(taskMessages).where(eq(taskMessages.id, id)))[0]?.assignmentId;
    expect(await stamped(hello.id)).toBe(first?.id);
    expect(await stamped(welcome.id)).toBe(second?.id);
    expect((await awaitMessages(next.token, task.id, { timeoutSec: '1', sinceMessageId: welcome.id })).json).toEqual({
      data: [],
    });
    const later = await posted(parties.requester.token, task.id, 'Any news?');
    expect((await awaitMessages(next.token, task.id, { timeoutSec: '1', sinceMessageId: welcome.id })).json).toEqual({
      data: [expect.objectContaining({ id: later.id, body: 'Any news?' })],
    });
  });

  it('the same worker accepting again starts from an empty thread too', async () => {
    const task = await taskInStatus(parties, 'accepted');
    const first = await posted(parties.requester.token, task.id, 'First round');
    expect((await markRead(parties.worker.token, task.id)).json.data.lastReadMessageId).toBe(first.id);
    expect((await callAction('withdraw', task.id, parties.worker.token)).status).toBe(200);
    expect((await callAction('accept', task.id, parties.worker.token)).status).toBe(200);

    expect((await listMessages(parties.worker.token, task.id)).json.data).toEqual([]);
    expect((await awaitMessages(parties.worker.token, task.id, { timeoutSec: '1' })).json).toEqual({ data: [] });
    // Their cursor of the earlier assignment no longer counts.
    expect((await markRead(parties.worker.token, task.id)).json.data).toEqual({
      lastReadMessageId: null,
      lastReadAt: null,
      unreadCount: 0,
    });
    await posted(parties.requester.token, task.id, 'Second round');
    expect(bodies(await listMessages(parties.worker.token, task.id))).toEqual(['Second round']);
    expect(bodies(await listMessages(parties.requester.token, task.id))).toEqual(['Second round', 'First round']);
    expect((await assignmentsOf(task.id)).map((row) => row.endReason)).toEqual(['withdrawn', null]);
  });
});

describe('messages from before assignments', () => {
  it('a message without an assignment is the requester side’s only', async () => {
    const threadOf: TaskParties = await threadParties();
    const task = await taskBetween(threadOf);
    const current = await posted(threadOf.agent.token, task.id, 'Current note');
    expect((await markRead(threadOf.worker.token, task.id)).json.data.lastReadMessageId).toBe(current.id);
    // Written after the worker's cursor, but with no assignment (as the migration left older messages).
    const { db } = await getDatabase();
    const [legacy] = await db
      .insert(taskMessages)
      .values({ taskId: task.id, senderId: threadOf.agent.id, body: 'Legacy note' })
      .returning();

    expect(bodies(await listMessages(threadOf.worker.token, task.id))).toEqual(['Current note']);
    expect(bodies(await listMessages(threadOf.agent.token, task.id))).toEqual(['Legacy note', 'Current note']);
    expect((await markRead(threadOf.worker.token, task.id, { messageId: current.id })).json.data.unreadCount).toBe(0);
    const since = { sinceMessageId: current.id, timeoutSec: '1' };
    expect((await awaitMessages(threadOf.worker.token, task.id, since)).json).toEqual({ data: [] });
    expect(
      (await awaitMessages(threadOf.worker.token, task.id, { ...since, sinceMessageId: legacy?.id ?? '' })).status,
    ).toBe(404);
  });
});
