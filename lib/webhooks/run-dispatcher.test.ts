import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { emitEvent } from '@/lib/events/emit-event';
import { createWebhookEndpoint } from '@/lib/services/webhooks/create-webhook-endpoint';
import { insertUser } from '@/test/factories';
import { receiverForFile, withPrivateUrls } from '@/test/webhooks';
import { runDispatcher } from './run-dispatcher';

const file = receiverForFile();

const until = async (condition: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
};

describe('runDispatcher', () => {
  it('wakes on the events notification (LISTEN), not only on its poll', async () => {
    const database = await getDatabase();
    const owner = await insertUser(database.db);
    const hook = await withPrivateUrls(() =>
      createWebhookEndpoint(database.db, { ownerId: owner.id, livemode: false, input: { url: file.receiver.url } }),
    );
    // A poll interval far beyond the test: only a notification can trigger the round that delivers.
    const dispatcher = await runDispatcher(database, { allowPrivate: true, endpointIds: [hook.id], pollMs: 600_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const event = await database.db.transaction((tx) =>
        emitEvent(tx, { type: 'task.posted', audience: [owner.id], data: {}, livemode: false }),
      );
      const arrived = await until(() => file.receiver.received.some((r) => r.headers['webhook-id'] === event.id), 5000);
      expect(arrived).toBe(true);
    } finally {
      await dispatcher.stop();
    }
  });
});
