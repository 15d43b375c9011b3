import { describe, expect, it } from 'vitest';
import { withoutStripe } from '@/test/payments';
import { AREA, hoursFromNow, workerWithService } from '@/test/services';
import { fundedParties } from '@/test/tasks';
import { connectForEachTest } from './testing/connect';

// search_services and book_service through a real MCP client and the real route handlers.

withoutStripe();

const connect = connectForEachTest();

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

    const booked = await call('book_service', { service_id: service.id, starts_at: hoursFromNow(24) });
    expect(booked.isError, booked.text).toBeFalsy();
    expect(booked.structuredContent.task).toMatchObject({ status: 'accepted', workerId: worker.id, totalCents: 4_025 });
    expect(booked.text).toContain('Booked:');
  });

  it('passes SLOT_UNAVAILABLE on as an error', async () => {
    const { agent } = await fundedParties();
    const { service } = await workerWithService();
    const { call } = await connect(agent.token);
    const startsAt = hoursFromNow(24);
    expect((await call('book_service', { service_id: service.id, starts_at: startsAt })).isError).toBeFalsy();
    const again = await call('book_service', { service_id: service.id, starts_at: startsAt });
    expect(again.isError).toBe(true);
    expect(again.text).toContain('SLOT_UNAVAILABLE');
  });
});
