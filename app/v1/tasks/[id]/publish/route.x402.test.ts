import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PATCH as updateTask } from '@/app/v1/tasks/[id]/route';
import { POST as createTask } from '@/app/v1/tasks/route';
import { getDatabase } from '@/db/client';
import { ledgerTransactions, tasks } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { withEnv } from '@/test/env';
import { insertApiKey } from '@/test/factories';
import { call } from '@/test/http';
import { balances } from '@/test/ledger';
import { escrowBalance } from '@/test/payments';
import { callAction, lifecycleBody, taskParties, taskRow } from '@/test/tasks';
import { base64Json, facilitatorStandIn, newPayer, paymentRows, signAuthorization, v1Payload } from '@/test/x402';
import { POST as publish } from './route';

// Publishing a draft with x402 claims the draft's funding, then settles the payment, then posts the draft. While
// it settles, the draft cannot be cancelled or re-priced (409). Should the draft change anyway, no task takes the
// payment: the answer says so, and the settled USDC is on the books as owed back to the paying wallet instead of
// nowhere. The facilitator stand-in acts while it settles.

const OWED_BACK = expect.stringContaining('owed back to the paying wallet');

/** An agent (its operator has no card) with a test-mode key, and one of its drafts. */
async function agentDraft() {
  const parties = await taskParties();
  const { db } = await getDatabase();
  const { key } = await insertApiKey(db, { userId: parties.agent.id, mode: 'test', scopes: [...SCOPES] });
  const created = await call(createTask, '/v1/tasks', { token: key, body: lifecycleBody({ draft: true }) });
  expect(created.status, created.text).toBe(201);
  return { agentId: parties.agent.id, token: key, taskId: created.json.data.id as string };
}

/** Publishes with a signed X-Payment for what the 402 asked, while `duringSettle` runs inside the settle call. */
async function publishWhile(token: string, taskId: string, duringSettle: () => Promise<void>) {
  const demanded = await callAction('publish', taskId, token);
  expect(demanded.status, demanded.text).toBe(402);
  const requirements = demanded.json.accepts[0];
  const payer = newPayer();
  const header = base64Json(v1Payload(requirements, await signAuthorization(payer, requirements)));
  const facilitator = await facilitatorStandIn(async (path) => {
    if (path === '/verify') return { status: 200, json: { isValid: true, payer: payer.address } };
    await duringSettle();
    const transaction = `0x${'cd'.repeat(32)}`;
    return { status: 200, json: { success: true, transaction, network: 'base-sepolia', payer: payer.address } };
  });
  try {
    const res = await withEnv({ X402_FACILITATOR_URL: `${facilitator.url}/` }, () =>
      call(publish, `/v1/tasks/${taskId}/publish`, { token, params: { id: taskId }, headers: { 'X-Payment': header } }),
    );
    return { res, payer: payer.address, totalCents: Number(requirements.maxAmountRequired) / 10_000 };
  } finally {
    await facilitator.close();
  }
}

async function unusedPaymentEntries(taskId: string) {
  const { db } = await getDatabase();
  return db
    .select({ kind: ledgerTransactions.kind, key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.taskId, taskId), eq(ledgerTransactions.kind, 'refund')));
}

describe('POST /v1/tasks/{id}/publish with x402 while the draft changes', () => {
  it('a cancel while the payment settles is refused (409): the payment posts the task, its escrow holds it', async () => {
    const { token, taskId } = await agentDraft();
    let cancel: Awaited<ReturnType<typeof callAction>> | undefined;

    const { res, payer, totalCents } = await publishWhile(token, taskId, async () => {
      cancel = await callAction('cancel', taskId, token);
    });

    expect(cancel?.status, cancel?.text).toBe(409);
    expect(res.status, res.text).toBe(200);
    expect(await taskRow(taskId)).toMatchObject({ status: 'posted', fundingSource: 'x402' });
    expect(await paymentRows(payer)).toEqual([expect.objectContaining({ status: 'settled', taskId })]);
    expect(await escrowBalance(taskId)).toBe(totalCents);
    expect((await callAction('cancel', taskId, token)).status).toBe(200);
    expect(await escrowBalance(taskId)).toBe(0);
  });

  it('a re-price while the payment settles is refused (409): the task is posted at the price paid', async () => {
    const { token, taskId } = await agentDraft();
    let patched: Awaited<ReturnType<typeof call>> | undefined;

    const { res, totalCents } = await publishWhile(token, taskId, async () => {
      patched = await call(updateTask, `/v1/tasks/${taskId}`, {
        token,
        params: { id: taskId },
        body: { budgetCents: 2_500 },
      });
    });

    expect(patched?.status, patched?.text).toBe(409);
    expect(res.status, res.text).toBe(200);
    expect(await taskRow(taskId)).toMatchObject({ status: 'posted', totalCents });
    expect(await escrowBalance(taskId)).toBe(totalCents);
  });

  it('a draft ended behind its back while the payment settles: 409, the payment owed back, no escrow', async () => {
    const { agentId, token, taskId } = await agentDraft();
    const refunds = ledgerAccount.refunds('test', agentId);
    const before = await balances([refunds]);
    const { db } = await getDatabase();

    // Not through the API (which refuses while the funding is claimed): the draft is gone from under the payment.
    const { res, payer, totalCents } = await publishWhile(token, taskId, async () => {
      await db.update(tasks).set({ status: 'cancelled' }).where(eq(tasks.id, taskId));
    });

    expect(res.status, res.text).toBe(409);
    expect(res.json.error).toMatchObject({ code: 'INVALID_TRANSITION', hint: OWED_BACK });
    expect(await paymentRows(payer)).toEqual([expect.objectContaining({ status: 'settled', taskId })]);
    expect(await escrowBalance(taskId)).toBe(0);
    expect((await balances([refunds]))[refunds]).toBe((before[refunds] ?? 0) + totalCents);
    expect(await unusedPaymentEntries(taskId)).toEqual([
      { kind: 'refund', key: expect.stringMatching(/^test:x402:[0-9a-f-]+:unused$/) },
    ]);
  });
});
