import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { events, paymentCustomers, tasks, webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { getProcessor } from '@/lib/payments/get-processor';
import { priceTask } from '@/lib/tasks/task-rules';
import { insertUser } from '@/test/factories';
import { insertWorkerProfile } from '@/test/workers';
import { getDashboardOverview } from './get-dashboard-overview';

const DAY = 24 * 3_600_000;

describe('getDashboardOverview', () => {
  it('ticks the getting-started steps from what the user has done', async () => {
    const { db } = await getDatabase();
    const processor = getProcessor(db);
    const user = await insertUser(db, { type: 'human' });
    expect((await getDashboardOverview(db, processor, user.id)).checklist).toEqual({
      hasCard: false,
      hasAgentOrTask: false,
      isListed: false,
    });

    await db.insert(paymentCustomers).values({
      userId: user.id,
      livemode: processor.livemode,
      processor: processor.name,
      customerId: `cus_${randomUUID()}`,
      paymentMethodId: `pm_${randomUUID()}`,
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    await insertUser(db, { type: 'agent', ownerId: user.id, email: null });
    await insertWorkerProfile(user.id, { isListed: true });
    expect((await getDashboardOverview(db, processor, user.id)).checklist).toEqual({
      hasCard: true,
      hasAgentOrTask: true,
      isListed: true,
    });

    const poster = await insertUser(db, { type: 'human' });
    await db.insert(tasks).values(task(poster.id, 'draft'));
    expect((await getDashboardOverview(db, processor, poster.id)).checklist.hasAgentOrTask).toBe(true);
  });

  it('lists proof to review, open disputes, failed webhook deliveries and recent tasks', async () => {
    const { db } = await getDatabase();
    const processor = getProcessor(db);
    const user = await insertUser(db, { type: 'human' });
    const agent = await insertUser(db, { type: 'agent', ownerId: user.id, email: null });
    const worker = await insertUser(db, { type: 'human' });
    const [submitted] = await db
      .insert(tasks)
      .values({ ...task(agent.id, 'submitted'), workerId: worker.id })
      .returning();
    const [disputed] = await db
      .insert(tasks)
      .values({ ...task(user.id, 'disputed'), workerId: worker.id })
      .returning();
    await db.insert(tasks).values(task(user.id, 'posted'));

    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({ ownerId: user.id, url: 'https://example.com/hook', secret: 'whsec_x', livemode: false })
      .returning();
    const [quiet] = await db
      .insert(webhookEndpoints)
      .values({ ownerId: user.id, url: 'https://example.com/quiet', secret: 'whsec_y', livemode: false })
      .returning();
    if (!endpoint || !quiet) throw new Error('endpoint insert failed');
    const event = async () => {
      const id = `evt_${randomUUID()}`;
      await db.insert(events).values({ id, type: 'task.posted', data: {}, audience: [user.id], livemode: false });
      return id;
    };
    await db.insert(webhookDeliveries).values([
      { endpointId: endpoint.id, eventId: await event(), status: 'failed' },
      { endpointId: endpoint.id, eventId: await event(), status: 'failed' },
      { endpointId: endpoint.id, eventId: await event(), status: 'failed', createdAt: new Date(Date.now() - 30 * DAY) },
      { endpointId: quiet.id, eventId: await event(), status: 'succeeded' },
    ]);

    const overview = await getDashboardOverview(db, processor, user.id);
    expect(overview.needsAction.submitted.map((row) => row.id)).toEqual([submitted?.id]);
    expect(overview.needsAction.disputed.map((row) => row.id)).toEqual([disputed?.id]);
    expect(overview.needsAction.failedWebhooks).toEqual([
      { endpointId: endpoint.id, url: 'https://example.com/hook', failed: 2 },
    ]);
    expect(overview.recent).toHaveLength(3);

    // The worker sees the dispute too; the proof to review is the requester's.
    const workerView = await getDashboardOverview(db, processor, worker.id);
    expect(workerView.needsAction.disputed.map((row) => row.id)).toEqual([disputed?.id]);
    expect(workerView.needsAction.submitted).toEqual([]);
  });
});

function task(requesterId: string, status: typeof tasks.$inferInsert.status) {
  return {
    requesterId,
    title: `Task ${status}`,
    category: 'errands',
    ...priceTask(1_000),
    deadline: new Date(Date.now() + 3 * DAY),
    livemode: false,
    status,
  };
}
