import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, getDatabase } from '@/db/client';
import { webhookDeliveries } from '@/db/schema';
import { webhookDeliverySchema } from '@/lib/schemas/webhooks';
import { findDelivery } from '@/lib/services/webhooks/find-delivery';
import { insertUser } from '@/test/factories';
import {
  attemptsOf,
  deliveriesOf,
  dispatchTo,
  emitTo,
  endpointFor,
  receivedBy,
  receiverForFile,
  secondsUntilNextAttempt,
} from '@/test/webhooks';
import { dispatchOnce } from './dispatcher';

// Each attempt is logged before its request goes out, so a database lost right after the send (a restart) still
// leaves the attempt in the log, its outcome unknown, and the lease brings the same delivery round again.
const file = receiverForFile();

describe('an attempt whose outcome cannot be written', () => {
  it('is in the log as sent with an unknown outcome, and the retry after the lease has the same webhook-id', async () => {
    const database = await getDatabase();
    const { db } = database;
    const owner = await insertUser(db);
    const hook = await endpointFor(owner.id, file.receiver.url);
    const event = await emitTo('task.posted', [owner.id]);
    // The database becomes unreachable the moment the receiver has the request (as in a PostgreSQL restart).
    const unreachable: Database = {
      ...database,
      query: (name, text, params) =>
        receivedBy(file.receiver, event.id).length > 0
          ? Promise.reject(new Error('Connection terminated unexpectedly'))
          : database.query(name, text, params),
    };

    await dispatchOnce(unreachable, { allowPrivate: true, endpointIds: [hook.id] });

    expect(receivedBy(file.receiver, event.id)).toHaveLength(1);
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(await attemptsOf(delivery?.id ?? '')).toEqual([
      expect.objectContaining({ attemptNumber: 1, statusCode: null, durationMs: null }),
    ]);
    // Still leased: no other dispatcher sends it again before the lease runs out.
    expect(await secondsUntilNextAttempt(delivery?.id ?? '')).toBeGreaterThan(100);
    const view = webhookDeliverySchema.parse(
      await findDelivery(db, { endpointId: hook.id, deliveryId: delivery?.id ?? '' }),
    );
    expect(view.attemptLog).toEqual([
      expect.objectContaining({ attemptNumber: 1, outcome: 'unknown', statusCode: null, durationMs: null }),
    ]);

    // The lease runs out and a dispatcher with a working database sends it again.
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.id, delivery?.id ?? ''));
    await dispatchTo([hook.id]);

    // receivedFor matches on the webhook-id header: the receiver can tell the two requests are one delivery.
    const [first, second] = receivedBy(file.receiver, event.id);
    expect(receivedBy(file.receiver, event.id)).toHaveLength(2);
    expect(second?.body).toBe(first?.body);
    expect(await deliveriesOf(hook.id)).toEqual([
      expect.objectContaining({ status: 'succeeded', attempts: 2, lastStatusCode: 200 }),
    ]);
    const after = await findDelivery(db, { endpointId: hook.id, deliveryId: delivery?.id ?? '' });
    expect(after?.attemptLog).toEqual([
      expect.objectContaining({ attemptNumber: 1, outcome: 'unknown', durationMs: null }),
      expect.objectContaining({ attemptNumber: 2, outcome: 'succeeded', statusCode: 200 }),
    ]);
  });
});
