import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PATCH as updateServiceRoute } from '@/app/v1/services/[id]/route';
import { getDatabase } from '@/db/client';
import { tasks } from '@/db/schema';
import { call as callRoute, uniqueIp } from '@/test/http';
import { withoutStripe } from '@/test/payments';
import { AREA, hoursFromNow, workerWithService } from '@/test/services';
import { fundedParties } from '@/test/tasks';
import { connectForEachTest } from './testing/connect';

// search_services and book_service through a real MCP client and the real route handlers.

withoutStripe();

const connect = connectForEachTest();

async function tasksOfService(serviceId: string) {
  const { db } = await getDatabase();
  return db.select().from(tasks).where(eq(tasks.serviceId, serviceId));
}

describe('search_services and book_service', () => {
  it('an agent finds a service near a place and books it on its operator’s card', async () => {
    const tag = `zq${Math.random().toString(36).slice(2, 10)}`;
    const { agent } = await fundedParties();
    const { worker, service } = await workerWithService({ body: { title: `Errands ${tag}` } });
    const { call } = await connect(agent.token);

    const found = await call('search_services', { lat: AREA.lat, lng: AREA.lng, q: tag });
    expect(found.isError, found.text).toBeFalsy();
    expect(found.structuredContent.services.map((s: { id: string }) => s.id)).toEqual([service.id]);
    expect(found.text).toContain(`Service ${service.id} (errand): $35.00`);

    const booked = await call('book_service', {
      service_id: service.id,
      starts_at: hoursFromNow(24),
      expected_price_cents: found.structuredContent.services[0].priceCents,
    });
    expect(booked.isError, booked.text).toBeFalsy();
    expect(booked.structuredContent.task).toMatchObject({ status: 'accepted', workerId: worker.id, totalCents: 4_025 });
    expect(booked.text).toContain('Booked:');
  });

  it('passes SLOT_UNAVAILABLE on as an error', async () => {
    const { agent } = await fundedParties();
    const { service } = await workerWithService();
    const { call } = await connect(agent.token);
    const startsAt = hoursFromNow(24);
    const args = { service_id: service.id, starts_at: startsAt, expected_price_cents: 3_500 };
    expect((await call('book_service', args)).isError).toBeFalsy();
    const again = await call('book_service', args);
    expect(again.isError).toBe(true);
    expect(again.text).toContain('SLOT_UNAVAILABLE');
  });

  it('sends the price the agent read: a changed price fails with PRICE_CHANGED and the current price', async () => {
    const { agent } = await fundedParties();
    const { worker, service } = await workerWithService();
    const { call } = await connect(agent.token);
    const patched = await callRoute(updateServiceRoute, `/v1/services/${service.id}`, {
      token: worker.token,
      body: { priceCents: 4_200 },
      params: { id: service.id },
      ip: uniqueIp(),
    });
    expect(patched.status, patched.text).toBe(200);
    const args = { service_id: service.id, starts_at: hoursFromNow(24) };
    const stale = await call('book_service', { ...args, expected_price_cents: 3_500 });
    expect(stale.isError).toBe(true);
    expect(stale.text).toContain('Error PRICE_CHANGED: The price of this service changed to 4200 cents');
    expect(stale.structuredContent.error).toMatchObject({
      code: 'PRICE_CHANGED',
      details: { status: 409, details: { currentPriceCents: 4_200, expectedPriceCents: 3_500 } },
    });
    expect(await tasksOfService(service.id)).toEqual([]);
    const booked = await call('book_service', { ...args, expected_price_cents: 4_200 });
    expect(booked.isError, booked.text).toBeFalsy();
    expect(booked.structuredContent.task).toMatchObject({ budgetCents: 4_200, totalCents: 4_830 });
  });

  it('requires expected_price_cents: without it, nothing is booked', async () => {
    const { agent } = await fundedParties();
    const { service } = await workerWithService();
    const { call } = await connect(agent.token);
    const res = await call('book_service', { service_id: service.id, starts_at: hoursFromNow(24) });
    expect(res.isError).toBe(true);
    expect(res.text).toContain('expected_price_cents');
    expect(await tasksOfService(service.id)).toEqual([]);
  });
});
