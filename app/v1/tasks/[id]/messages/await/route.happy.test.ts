import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { tasks } from '@/db/schema';
import { messageHub } from '@/lib/services/messages/message-hub';
import { awaitMessages, openAwait, posted, sleep, thread } from '@/test/messages';

describe('GET /v1/tasks/{id}/messages/await', () => {
  it('answers at once with the other side’s messages newer than sinceMessageId, oldest first', async () => {
    const { parties, task } = await thread();
    const m1 = await posted(parties.worker.token, task.id, 'one');
    await posted(parties.agent.token, task.id, 'mine');
    const m3 = await posted(parties.worker.token, task.id, 'two');
    const m4 = await posted(parties.worker.token, task.id, 'three');
    const started = performance.now();
    const res = await awaitMessages(parties.agent.token, task.id, { sinceMessageId: m1.id, timeoutSec: '30' });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual({ data: [m3, m4] });
    // The operator is on the agent's side: same answer.
    expect((await awaitMessages(parties.operator.token, task.id, { sinceMessageId: m1.id })).json).toEqual({
      data: [m3, m4],
    });
  });

  it('answers {data: []} when nothing arrives within timeoutSec', async () => {
    const { parties, task } = await thread();
    await posted(parties.worker.token, task.id, 'before the call');
    const started = performance.now();
    const res = await awaitMessages(parties.agent.token, task.id, { timeoutSec: '1' });
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [] });
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('wakes within a few hundred ms when the other side posts, and not for its own messages', async () => {
    const { parties, task } = await thread();
    const waiting = awaitMessages(parties.worker.token, task.id, { timeoutSec: '20' });
    let answeredAt = 0;
    waiting.then(() => {
      answeredAt = performance.now();
    });
    await sleep(300);
    await posted(parties.worker.token, task.id, 'my own words');
    await sleep(400);
    expect(answeredAt).toBe(0);
    const message = await posted(parties.agent.token, task.id, 'Please also check the back door');
    const postedAt = performance.now();
    const res = await waiting;
    expect(res.json).toEqual({ data: [message] });
    expect(answeredAt - postedAt).toBeLessThan(800);
  });

  it('wakes every waiter of the thread with the one message (they share one query)', async () => {
    const { parties, task } = await thread();
    const waiting = Array.from({ length: 30 }, (_, i) =>
      awaitMessages(i % 2 ? parties.agent.token : parties.operator.token, task.id, { timeoutSec: '20' }),
    );
    await sleep(1_000);
    const message = await posted(parties.worker.token, task.id, 'To all of you');
    const answers = await Promise.all(waiting);
    for (const res of answers) expect(res.json).toEqual({ data: [message] });
  });

  it('sends the status line and headers as the wait starts, and the messages as the body when they come', async () => {
    const { parties, task } = await thread();
    const opened = await Promise.race([openAwait(parties.agent.token, task.id, { timeoutSec: '30' }), sleep(3_000)]);
    if (!(opened instanceof Response)) throw new Error('the response waited for the message: nothing was sent yet');
    expect(opened.status).toBe(200);
    // Not compressed: a gzip stream per waiting client would cost memory and hold the first byte back.
    expect(opened.headers.get('cache-control')).toBe('no-store, no-transform');
    const reader = (opened.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe(' ');
    const message = await posted(parties.worker.token, task.id, 'On my way');
    let text = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      text += new TextDecoder().decode(chunk.value);
    expect(JSON.parse(text)).toEqual({ data: [message] });
  });

  it('ends the wait when the client disconnects', async () => {
    const { parties, task } = await thread();
    const controller = new AbortController();
    const started = performance.now();
    const waiting = awaitMessages(parties.agent.token, task.id, { timeoutSec: '30' }, controller.signal);
    await sleep(300);
    const hub = messageHub(await getDatabase());
    expect(hub.size).toBe(1);
    controller.abort();
    const res = await waiting;
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [] });
    expect(hub.size).toBe(0);
  });

  it('hands out what is left of an ended thread, then 409 THREAD_READ_ONLY', async () => {
    const { parties, task } = await thread();
    const m1 = await posted(parties.worker.token, task.id, 'Proof uploaded');
    const m2 = await posted(parties.worker.token, task.id, 'Bye');
    const { db } = await getDatabase();
    await db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, task.id));
    const res = await awaitMessages(parties.agent.token, task.id, { sinceMessageId: m1.id });
    expect(res.json).toEqual({ data: [m2] });
    const done = await awaitMessages(parties.agent.token, task.id, { sinceMessageId: m2.id });
    expect(done.status).toBe(409);
    expect(done.json.error.code).toBe('THREAD_READ_ONLY');
  });
});
