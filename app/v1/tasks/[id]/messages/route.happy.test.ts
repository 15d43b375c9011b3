import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { taskMessages } from '@/db/schema';
import { listMessages, messageEvents, posted, postMessage, thread } from '@/test/messages';
import { taskBetween } from '@/test/tasks';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('POST /v1/tasks/{id}/messages', () => {
  it('posts as the worker, the agent and the operator; each message names its side', async () => {
    const { parties, task } = await thread();
    const res = await postMessage(parties.worker.token, task.id, '  On my way, 10 minutes.  ');
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({
      data: {
        id: expect.any(String),
        taskId: task.id,
        senderId: parties.worker.id,
        senderSide: 'worker',
        body: 'On my way, 10 minutes.',
        createdAt: expect.stringMatching(ISO),
      },
    });
    const fromAgent = await posted(parties.agent.token, task.id, 'Thanks!');
    expect(fromAgent).toMatchObject({ senderId: parties.agent.id, senderSide: 'requester' });
    const fromOperator = await posted(parties.operator.token, task.id, 'Ring twice.');
    expect(fromOperator).toMatchObject({ senderId: parties.operator.id, senderSide: 'requester' });
  });

  it('accepts exactly 5,000 characters', async () => {
    const { parties, task } = await thread();
    const body = 'x'.repeat(5_000);
    expect((await posted(parties.worker.token, task.id, body)).body).toBe(body);
  });

  it('writes task.message.created for the other side only, never the sender', async () => {
    const { parties, task } = await thread();
    const fromWorker = await posted(parties.worker.token, task.id, 'Photo taken');
    const fromAgent = await posted(parties.agent.token, task.id, 'Great');
    const fromOperator = await posted(parties.operator.token, task.id, 'Thank you');
    const rows = await messageEvents(task.id);
    expect(rows).toHaveLength(3);
    const byMessage = new Map(rows.map((row) => [(row.data.message as { id: string }).id, row]));
    const workerEvent = byMessage.get(fromWorker.id);
    expect(workerEvent?.audience.sort()).toEqual([parties.agent.id, parties.operator.id].sort());
    expect(workerEvent?.data).toEqual({ message: fromWorker, taskId: task.id });
    expect(workerEvent?.livemode).toBe(false);
    expect(byMessage.get(fromAgent.id)?.audience).toEqual([parties.worker.id]);
    expect(byMessage.get(fromOperator.id)?.audience).toEqual([parties.worker.id]);
    expect(byMessage.get(fromOperator.id)?.data).toEqual({ message: fromOperator, taskId: task.id });
    for (const row of rows) {
      expect(row.audience).not.toContain((row.data.message as { senderId: string }).senderId);
    }
  });

  it('replays an Idempotency-Key retry without a second message or event', async () => {
    const { parties, task } = await thread();
    const headers = { 'Idempotency-Key': `msg-${task.id}` };
    const first = await postMessage(parties.agent.token, task.id, { body: 'Once only' }, headers);
    const again = await postMessage(parties.agent.token, task.id, { body: 'Once only' }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    const { db } = await getDatabase();
    const [stored] = await db.select({ n: count() }).from(taskMessages).where(eq(taskMessages.taskId, task.id));
    expect(stored?.n).toBe(1);
    expect(await messageEvents(task.id)).toHaveLength(1);
  });

  it.each(['accepted', 'submitted', 'disputed'] as const)('is open while the task is %s', async (status) => {
    const { parties } = await thread();
    const task = await taskBetween(parties, status);
    expect((await postMessage(parties.worker.token, task.id, 'Hello')).status).toBe(201);
  });
});

describe('GET /v1/tasks/{id}/messages', () => {
  it('lists the thread newest first, page by page, to both sides', async () => {
    const { parties, task } = await thread();
    const sent = [];
    for (const [token, body] of [
      [parties.worker.token, 'one'],
      [parties.agent.token, 'two'],
      [parties.worker.token, 'three'],
      [parties.operator.token, 'four'],
      [parties.worker.token, 'five'],
    ] as const) {
      sent.push(await posted(token, task.id, body));
    }
    const newestFirst = [...sent].reverse();
    const full = await listMessages(parties.operator.token, task.id);
    expect(full.status).toBe(200);
    expect(full.json).toEqual({ data: newestFirst, nextCursor: null, hasMore: false });

    const seen = [];
    let cursor: string | undefined;
    do {
      const res = await listMessages(parties.worker.token, task.id, { limit: '2', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect(res.json.hasMore).toBe(res.json.nextCursor !== null);
      seen.push(...res.json.data);
      cursor = res.json.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(newestFirst);
    expect((await listMessages(parties.agent.token, task.id)).json.data).toEqual(newestFirst);
  });

  it('reads an empty thread, and a thread whose task has ended', async () => {
    const { parties, task } = await thread();
    expect((await listMessages(parties.agent.token, task.id)).json).toEqual({
      data: [],
      nextCursor: null,
      hasMore: false,
    });
    const message = await posted(parties.worker.token, task.id, 'Done');
    const { db } = await getDatabase();
    const { tasks } = await import('@/db/schema');
    await db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, task.id));
    const res = await listMessages(parties.agent.token, task.id);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([message]);
  });
});
