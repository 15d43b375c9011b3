import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PATCH as updateTask } from '@/app/v1/tasks/[id]/route';
import { POST as createTask } from '@/app/v1/tasks/route';
import { getDatabase } from '@/db/client';
import { tasks, users } from '@/db/schema';
import { env } from '@/lib/env';
import { call } from '@/test/http';
import { addCard, chargeRows, escrowBalance } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { callAction, fundedPartiesForFile, lifecycleBody, taskEvents, taskRow } from '@/test/tasks';

const parties = fundedPartiesForFile();

async function draftOf(token: string, overrides: Record<string, unknown> = {}) {
  const res = await call(createTask, '/v1/tasks', { token, body: lifecycleBody({ draft: true, ...overrides }) });
  expect(res.status, res.text).toBe(201);
  return res.json.data.id as string;
}

describe('POST /v1/tasks/{id}/publish — when funding fails', () => {
  it('a human without a card: 402 PAYMENT_REQUIRED, the draft stays a draft', async () => {
    const human = await signUpViaApi('cardless');
    const id = await draftOf(human.token);
    const before = await taskRow(id);
    const res = await callAction('publish', id, human.token);
    expect(res.status, res.text).toBe(402);
    expect(res.json.error.code).toBe('PAYMENT_REQUIRED');
    expect(await taskRow(id)).toEqual(before);
    expect(await taskEvents(id)).toEqual([]);
  });

  it('a declined card: 402 PAYMENT_FAILED, the draft unfunded; with a good card the retry posts it', async () => {
    const human = await signUpViaApi('declined');
    await addCard({ id: human.userId, email: null }, '4000 0000 0000 9995');
    const id = await draftOf(human.token);
    const res = await callAction('publish', id, human.token);
    expect(res.status, res.text).toBe(402);
    expect(res.json.error.code).toBe('PAYMENT_FAILED');
    expect(await taskRow(id)).toMatchObject({ status: 'draft', fundingSource: null });
    expect(await escrowBalance(id)).toBe(0);

    await addCard({ id: human.userId, email: null }, '4242 4242 4242 4242');
    const retried = await callAction('publish', id, human.token);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json.data).toMatchObject({ status: 'posted', fundingSource: 'card' });
    expect(await escrowBalance(id)).toBe(2_300);
  });

  it('an agent over its spending limit: 402 with the x402 offer for this draft’s total and address', async () => {
    const { db } = await getDatabase();
    await db.update(users).set({ spendingLimitCents: 1_000 }).where(eq(users.id, parties.agent.id));
    const id = await draftOf(parties.agent.token, { budgetCents: 4_000 });
    const res = await callAction('publish', id, parties.agent.token);
    expect(res.status, res.text).toBe(402);
    expect(res.json).toMatchObject({
      error: { code: 'PAYMENT_REQUIRED', details: { reason: 'spending_limit_exceeded' } },
      x402Version: 1,
      accepts: [
        {
          scheme: 'exact',
          maxAmountRequired: '46000000',
          resource: new URL(`/v1/tasks/${id}/publish`, env().SITE_URL).toString(),
        },
      ],
    });
    expect(res.headers.get('PAYMENT-REQUIRED')).toBeTruthy();
    expect(await taskRow(id)).toMatchObject({ status: 'draft', fundingSource: null });

    // The operator publishing the agent's draft pays with their own card, outside the agent's cap.
    const byOperator = await callAction('publish', id, parties.requester.token);
    expect(byOperator.status, byOperator.text).toBe(200);
    expect(await escrowBalance(id)).toBe(4_600);
  });

  it('a draft whose deadline has passed: 409, no charge; with a new deadline it publishes', async () => {
    const { db } = await getDatabase();
    const id = await draftOf(parties.requester.token);
    await db
      .update(tasks)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(tasks.id, id));
    const res = await callAction('publish', id, parties.requester.token);
    expect(res.status, res.text).toBe(409);
    expect(res.json.error).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'Cannot publish a task whose deadline has passed',
    });
    expect(await taskRow(id)).toMatchObject({ status: 'draft', fundingSource: null });
    expect(await chargeRows(id)).toEqual([]);

    const deadline = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const patched = await call(updateTask, `/v1/tasks/${id}`, {
      params: { id },
      token: parties.requester.token,
      body: { deadline },
    });
    expect(patched.status, patched.text).toBe(200);
    expect((await callAction('publish', id, parties.requester.token)).status).toBe(200);
  });

  it('someone else’s draft: 404', async () => {
    const id = await draftOf(parties.requester.token);
    expect((await callAction('publish', id, parties.worker.token)).status).toBe(404);
    const other = await signUpViaApi('other');
    expect((await callAction('publish', id, other.token)).status).toBe(404);
    expect((await taskRow(id)).status).toBe('draft');
  });
});
