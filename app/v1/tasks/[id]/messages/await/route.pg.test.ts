import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { postMessage } from '@/lib/services/messages/post-message';
import { awaitMessages, sleep, thread } from '@/test/messages';

// PostgreSQL only (*.pg.test.ts): a second, separately opened database handle stands for another instance.
describe('GET /v1/tasks/{id}/messages/await across instances', () => {
  it('a message posted through another instance wakes the waiter within a few hundred ms', async () => {
    const other = await openDatabase({ driver: 'pg', url: inject('databaseUrl'), maxConnections: 2 });
    try {
      const { parties, task } = await thread();
      const waiting = awaitMessages(parties.agent.token, task.id, { timeoutSec: '20' });
      let answeredAt = 0;
      waiting.then(() => {
        answeredAt = performance.now();
      });
      await sleep(500);
      expect(answeredAt).toBe(0);
      const message = await postMessage(other, {
        userId: parties.worker.id,
        taskId: task.id,
        body: 'Posted on the other instance',
      });
      const postedAt = performance.now();
      const res = await waiting;
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ data: [message] });
      expect(answeredAt - postedAt).toBeLessThan(500);
    } finally {
      await other.close();
    }
  });
});
