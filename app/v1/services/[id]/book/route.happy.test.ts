import { eq } from 'drizzle-orm';
import { createWalletClient, http } from 'viem';
import { baseSepolia } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { decodeXPaymentResponse, wrapFetchWithPayment } from 'x402-fetch';
import { getDatabase } from '@/db/client';
import { notifications, taskAssignments, tasks, workerAvailabilityRules } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { PEER_ADDRESS_HEADER } from '@/lib/config/client-address';
import { formatZonedDateTime } from '@/lib/format/date-time';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { roundDegrees } from '@/lib/schemas/common';
import { insertApiKey, insertUser } from '@/test/factories';
import { uniqueIp } from '@/test/http';
import { chargeRows, escrowBalance, ledgerBalance, withoutStripe } from '@/test/payments';
import { AREA, book, hoursFromNow, workerWithService } from '@/test/services';
import { signUpViaApi } from '@/test/sessions';
import { callAction, fundedParties, taskEvents } from '@/test/tasks';
import { newPayer, paymentRows } from '@/test/x402';
import { POST } from './route';

withoutStripe();

const TOTAL_CENTS = 4_025; // 3,500 + the 15% fee

async function tasksOfService(serviceId: string) {
  const { db } = await getDatabase();
  return db.select().from(tasks).where(eq(tasks.serviceId, serviceId));
}

describe('POST /v1/services/{id}/book', () => {
  it('a human with a card: 201, accepted for the worker, thread open, task.accepted, the worker told', async () => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    const startsAt = hoursFromNow(24);
    const res = await book(service.id, requester.token, { startsAt, instructions: 'Ring twice.' });
    expect(res.status, res.text).toBe(201);
    const endsAt = new Date(Date.parse(startsAt) + 60 * 60_000).toISOString();
    expect(res.json.data).toMatchObject({
      status: 'accepted',
      serviceId: service.id,
      startsAt,
      deadline: endsAt,
      title: service.title,
      category: 'errand',
      budgetCents: 3_500,
      totalCents: TOTAL_CENTS,
      fundingSource: 'card',
      workerId: worker.id,
      requesterId: requester.id,
      instructions: 'Ring twice.',
      // Its area's centre, named by the nearest gazetteer place: a page shows a name, not coordinates.
      location: { lat: AREA.lat, lng: AREA.lng, address: 'Berlin', precision: 'city' },
    });
    const taskId = res.json.data.id;
    expect(await escrowBalance(taskId)).toBe(TOTAL_CENTS);
    expect(await chargeRows(taskId)).toEqual([
      expect.objectContaining({ amountCents: TOTAL_CENTS, status: 'succeeded' }),
    ]);
    const { db } = await getDatabase();
    const assignments = await db.select().from(taskAssignments).where(eq(taskAssignments.taskId, taskId));
    expect(assignments).toEqual([expect.objectContaining({ workerId: worker.id, endedAt: null })]);
    expect((await taskEvents(taskId)).map((event) => event.type).sort()).toEqual(['task.accepted', 'task.posted']);
    const told = await db.select().from(notifications).where(eq(notifications.userId, worker.id));
    expect(told).toEqual([
      expect.objectContaining({ kind: 'task_accepted', taskId, title: `New booking: “${service.title}”` }),
    ]);
  });

  it('the booking notice gives the slot in the zone of the worker’s schedule, to the minute', async () => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    const { db } = await getDatabase();
    await db.insert(workerAvailabilityRules).values(
      [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        workerId: worker.profileId,
        dayOfWeek,
        startMinute: 0,
        endMinute: 1440,
        timeZone: 'Europe/Paris',
      })),
    );
    const startsAt = hoursFromNow(26);
    const res = await book(service.id, requester.token, { startsAt });
    expect(res.status, res.text).toBe(201);
    const [told] = await db.select().from(notifications).where(eq(notifications.userId, worker.id));
    expect(told?.body).toContain(` booked you from ${formatZonedDateTime(startsAt, 'Europe/Paris')}. You earn $35.00`);
    expect(told?.body).toMatch(/ from [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M Europe\/Paris\./);
  });

  it('an agent on its operator’s card: charged to the operator', async () => {
    const { requester, agent } = await fundedParties();
    const { service } = await workerWithService();
    // 52.5095, written as a sum it is 52.509499999999996: the API keeps 7 decimals (roundDegrees).
    const location = { lat: roundDegrees(AREA.lat + 0.01), lng: AREA.lng };
    const res = await book(service.id, agent.token, { startsAt: hoursFromNow(30), location });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({ requesterId: agent.id, location });
    expect(await ledgerBalance(ledgerAccount.requesterFunding('test', requester.id))).toBe(-TOTAL_CENTS);
  });

  it('an agent over its spending limit: 402 with the x402 offer, no task', async () => {
    const { db } = await getDatabase();
    const { requester } = await fundedParties();
    const agent = await insertUser(db, {
      type: 'agent',
      ownerId: requester.id,
      email: null,
      name: 'Cap',
      spendingLimitCents: 1_000,
    });
    const { key } = await insertApiKey(db, { userId: agent.id, mode: 'test', scopes: [...SCOPES] });
    const { service } = await workerWithService();
    const res = await book(service.id, key, { startsAt: hoursFromNow(24) });
    expect(res.status, res.text).toBe(402);
    expect(res.json.error).toMatchObject({ code: 'PAYMENT_REQUIRED', details: { reason: 'spending_limit_exceeded' } });
    expect(res.json.x402Version).toBe(1);
    expect(res.json.accepts[0].maxAmountRequired).toBe(String(TOTAL_CENTS * 10_000));
    expect(await tasksOfService(service.id)).toEqual([]);
  });

  it('paid with x402 by x402-fetch: 402, then X-PAYMENT, then 201 accepted', async () => {
    const { db } = await getDatabase();
    const operator = await signUpViaApi('no-card');
    const agent = await insertUser(db, { type: 'agent', ownerId: operator.userId, email: null, name: 'Payer' });
    const { key } = await insertApiKey(db, { userId: agent.id, mode: 'test', scopes: [...SCOPES] });
    const { service } = await workerWithService();
    const account = newPayer();
    const wallet = createWalletClient({ account, chain: baseSepolia, transport: http() });
    const signer = wallet as unknown as Parameters<typeof wrapFetchWithPayment>[1];
    const statuses: number[] = [];
    const inProcess = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      request.headers.set(PEER_ADDRESS_HEADER, uniqueIp());
      const response = await POST(request, { params: Promise.resolve({ id: service.id }) });
      statuses.push(response.status);
      return response;
    }) as typeof fetch;
    const pay = wrapFetchWithPayment(inProcess, signer, 100_000_000n);
    const res = await pay(new URL(`/v1/services/${service.id}/book`, 'http://localhost:3000').toString(), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ startsAt: hoursFromNow(48) }),
    });
    expect(statuses).toEqual([402, 201]);
    const body = await res.json();
    expect(body.data).toMatchObject({
      status: 'accepted',
      fundingSource: 'x402',
      totalCents: TOTAL_CENTS,
      serviceId: service.id,
    });
    expect(decodeXPaymentResponse(res.headers.get('x-payment-response') ?? '')).toMatchObject({ success: true });
    expect(await paymentRows(account.address)).toEqual([
      expect.objectContaining({ taskId: body.data.id, status: 'settled' }),
    ]);
    expect(await escrowBalance(body.data.id)).toBe(TOTAL_CENTS);
  });

  it('retried with its Idempotency-Key: the same booking, one task, one charge', async () => {
    const { requester } = await fundedParties();
    const { service } = await workerWithService();
    const body = { startsAt: hoursFromNow(24) };
    const headers = { 'idempotency-key': `book-${service.id}` };
    const first = await book(service.id, requester.token, body, headers);
    const retry = await book(service.id, requester.token, body, headers);
    expect(first.status, first.text).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json).toEqual(first.json);
    const booked = await tasksOfService(service.id);
    expect(booked).toHaveLength(1);
    expect(await chargeRows(first.json.data.id)).toHaveLength(1);
  });

  it('the worker withdraws: the booking is cancelled and refunded in full', async () => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    const res = await book(service.id, requester.token, { startsAt: hoursFromNow(24) });
    const taskId = res.json.data.id;
    const withdrawn = await callAction('withdraw', taskId, worker.token);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.json.data).toMatchObject({ status: 'cancelled' });
    expect(await escrowBalance(taskId)).toBe(0);
    const [charge] = await chargeRows(taskId);
    expect(charge).toMatchObject({ refundedCents: TOTAL_CENTS });
    expect((await taskEvents(taskId)).map((event) => event.type)).toContain('task.cancelled');
    const { db } = await getDatabase();
    const told = await db.select().from(notifications).where(eq(notifications.userId, requester.id));
    expect(told.map((row) => row.kind)).toContain('task_cancelled');
  });
});
