import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { idempotencyKeys, taskMessages } from '@/db/schema';
import { sha256Hex } from '@/lib/auth/tokens';
import { postMessage, thread } from '@/test/messages';
import { notificationsOf } from '@/test/notifications';

// A message posted, then the instance killed before its answer was stored: the key's lock runs out and the client
// retries with the same Idempotency-Key. The retry finds the message the first attempt posted (the soak's SIGKILL
// check): one message, one notice, the same answer.

describe('POST /v1/tasks/{id}/messages retried after a crash', () => {
  it('finds the message the first attempt posted instead of posting it twice', async () => {
    const { parties, task } = await thread();
    const key = `retry-${task.id}`;
    const first = await postMessage(parties.worker.token, task.id, 'At the door now', { 'idempotency-key': key });
    expect(first.status, first.text).toBe(201);

    // What a crash between the commit and the stored answer leaves: no answer to replay.
    const { db } = await getDatabase();
    const scope = sha256Hex(`user:${parties.worker.id}\nPOST\n/v1/tasks/${task.id}/messages\n${key}`);
    const [stored] = await db.delete(idempotencyKeys).where(eq(idempotencyKeys.scope, scope)).returning();
    expect(stored).toBeDefined();
    const retried = await postMessage(parties.worker.token, task.id, 'At the door now', { 'idempotency-key': key });
    expect(retried.status, retried.text).toBe(201);
    expect(retried.json.data).toEqual(first.json.data);
    expect(await db.select().from(taskMessages).where(eq(taskMessages.taskId, task.id))).toHaveLength(1);
    expect(await notificationsOf(parties.operator.id)).toHaveLength(1);

    // Another key is another message.
    const other = await postMessage(parties.worker.token, task.id, 'At the door now', {
      'idempotency-key': `${key}-2`,
    });
    expect(other.status).toBe(201);
    expect(other.json.data.id).not.toBe(first.json.data.id);
    expect(await db.select().from(taskMessages).where(eq(taskMessages.taskId, task.id))).toHaveLength(2);
  });
});
