import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PATCH as updateServiceRoute } from '@/app/v1/services/[id]/route';
import { getDatabase } from '@/db/client';
import { charges, tasks } from '@/db/schema';
import { signInByCookie } from '@/test/browser-session';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { call, uniqueIp } from '@/test/http';
import { runAppRoute } from '@/test/next-route';
import { withoutStripe } from '@/test/payments';
import { hoursFromNow, workerWithService } from '@/test/services';
import { fundedParties } from '@/test/tasks';
import { bookServiceFromPage } from './actions';

// The booking page's form, posted the way a browser posts a server action: inside Next's request scope with the
// session cookie. It books at the price the page showed, on the card on file.

withoutStripe();
envForFile(NEXT_AUTH_TEST_ENV);

async function post(userId: string, act: () => Promise<unknown>) {
  const request = new Request('http://localhost:3000/services/x/book', {
    method: 'POST',
    headers: { cookie: await signInByCookie(userId), 'x-legwork-peer-address': uniqueIp() },
  });
  const answer = async () => Response.json(await act());
  return runAppRoute({ POST: answer }, '/services/[id]/book', request, { id: 'x' });
}

function formOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

async function booked(serviceId: string) {
  const { db } = await getDatabase();
  return db.select().from(tasks).where(eq(tasks.serviceId, serviceId));
}

describe('the booking page’s action', () => {
  it('books at the price shown; a changed price is refused with the new one, then booked at it', async () => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    const patched = await call(updateServiceRoute, `/v1/services/${service.id}`, {
      token: worker.token,
      body: { priceCents: 4_200 },
      params: { id: service.id },
      ip: uniqueIp(),
    });
    expect(patched.status, patched.text).toBe(200);
    const fields = { startsAt: hoursFromNow(24), instructions: 'Ring twice.' };

    const stale = await post(requester.id, () =>
      bookServiceFromPage(service.id, {}, formOf({ ...fields, expectedPriceCents: '3500' })),
    );
    expect(stale.json).toEqual({ error: 'The price changed', currentPriceCents: 4_200 });
    expect(await booked(service.id)).toEqual([]);
    const { db } = await getDatabase();
    expect(await db.select().from(charges).where(eq(charges.userId, requester.id))).toEqual([]);

    const res = await post(requester.id, () =>
      bookServiceFromPage(service.id, {}, formOf({ ...fields, expectedPriceCents: '4200' })),
    );
    const [task] = await booked(service.id);
    expect(res.status, res.text).toBe(307);
    expect(res.headers.get('location')).toBe(`/dashboard/tasks/${task?.id}`);
    expect(task).toMatchObject({ status: 'accepted', budgetCents: 4_200, instructions: 'Ring twice.' });
  });

  it('a start in the past: the field’s error, nothing booked', async () => {
    const { requester } = await fundedParties();
    const { service } = await workerWithService();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const res = await post(requester.id, () =>
      bookServiceFromPage(service.id, {}, formOf({ startsAt: past, expectedPriceCents: '3500' })),
    );
    expect(res.json).toEqual({ error: 'Check Start.', fieldErrors: { startsAt: 'Must be in the future' } });
    expect(await booked(service.id)).toEqual([]);
  });

  it('no card on file: says so, nothing booked', async () => {
    const { service } = await workerWithService();
    const { worker: noCard } = await fundedParties(); // a signed-up person without a card
    const res = await post(noCard.id, () =>
      bookServiceFromPage(service.id, {}, formOf({ startsAt: hoursFromNow(24), expectedPriceCents: '3500' })),
    );
    expect(res.json).toMatchObject({ needsCard: true, error: expect.any(String) });
    expect(await booked(service.id)).toEqual([]);
  });
});
