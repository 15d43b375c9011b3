import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as createTask } from '@/app/v1/tasks/route';
import { getDatabase } from '@/db/client';
import { charges, ledgerTransactions, mppPayments, tasks, users } from '@/db/schema';
import { mppChallenge } from '@/lib/payments/mpp/challenge';
import { call } from '@/test/http';
import { mintToken, paymentCredential } from '@/test/mpp';
import { escrowBalance } from '@/test/payments';
import { callAction, fundedPartiesForFile, lifecycleBody, taskRow } from '@/test/tasks';
import { base64Json, newPayer, paymentRows, requirementsFor, signAuthorization, v1Payload } from '@/test/x402';
import { POST as publish } from './route';

// One draft, funded by two payment paths at once: the agent's operator's card (no payment header) and an x402
// payment (X-Payment). Whatever the interleaving, the draft is funded once; the losing request is refused before
// any money moves. Test mode: x402 settles locally, the card goes through the test-mode processor.

const parties = fundedPartiesForFile();

async function agentDraft(budgetCents = 2_000) {
  const created = await call(createTask, '/v1/tasks', {
    token: parties.agent.token,
    body: lifecycleBody({ draft: true, budgetCents }),
  });
  expect(created.status, created.text).toBe(201);
  return created.json.data as { id: string; totalCents: number };
}

/** A fresh wallet's signed X-Payment header for the draft's total. */
async function x402Header(totalCents: number) {
  const requirements = requirementsFor(totalCents);
  const payer = newPayer();
  return { payer, header: base64Json(v1Payload(requirements, await signAuthorization(payer, requirements))) };
}

const publishByCard = (taskId: string) => callAction('publish', taskId, parties.agent.token);

const publishByX402 = (taskId: string, header: string) =>
  call(publish, `/v1/tasks/${taskId}/publish`, {
    token: parties.agent.token,
    params: { id: taskId },
    headers: { 'X-Payment': header },
  });

/** An MPP credential for the draft's publish: the challenge its 402 would carry, answered with a fresh test SPT. */
async function mppAuthorization(taskId: string, totalCents: number) {
  const challenge = mppChallenge({
    totalCents,
    resource: `http://localhost:3000/v1/tasks/${taskId}/publish`,
    userId: parties.agent.id,
    description: 'race',
  });
  const spt = await mintToken({ maxAmountCents: totalCents });
  return { spt, authorization: `Bearer ${parties.agent.token}, ${paymentCredential(challenge, spt)}` };
}

const publishByMpp = (taskId: string, authorization: string) =>
  call(publish, `/v1/tasks/${taskId}/publish`, { params: { id: taskId }, headers: { authorization } });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What each payment path put into the task and kept there: the card net of refunds, x402 net of owed-back. */
async function fundings(taskId: string) {
  const { db } = await getDatabase();
  const [charge] = await db.select().from(charges).where(eq(charges.taskId, taskId));
  const card = charge?.status === 'succeeded' ? charge.amountCents - charge.refundedCents : 0;
  const receipts = await db
    .select({ kind: ledgerTransactions.kind })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.taskId, taskId), eq(ledgerTransactions.kind, 'x402_receipt')));
  return { card, x402Receipts: receipts.length };
}

describe('POST /v1/tasks/{id}/publish by card and by x402 at once', () => {
  it('funds the draft once: the other request is 409 CONFLICT and moves no money (5 rounds, x402 5 ms late)', async () => {
    for (let round = 0; round < 5; round++) {
      const draft = await agentDraft();
      const { payer, header } = await x402Header(draft.totalCents);
      const [card, x402] = await Promise.all([
        publishByCard(draft.id),
        sleep(5).then(() => publishByX402(draft.id, header)),
      ]);

      expect([card.status, x402.status].sort(), `${card.text}\n${x402.text}`).toEqual([200, 409]);
      const loser = card.status === 409 ? card : x402;
      expect(loser.json.error.code).toMatch(/^(CONFLICT|INVALID_TRANSITION)$/);
      const row = await taskRow(draft.id);
      const funded = await fundings(draft.id);
      expect(row.status).toBe('posted');
      expect(await escrowBalance(draft.id)).toBe(draft.totalCents);
      if (card.status === 200) {
        expect(row.fundingSource).toBe('card');
        expect(funded).toEqual({ card: draft.totalCents, x402Receipts: 0 });
        expect(await paymentRows(payer.address)).toEqual([]);
      } else {
        expect(row.fundingSource).toBe('x402');
        expect(funded).toEqual({ card: 0, x402Receipts: 1 });
      }

      // The refund goes back to where the money came from, and the escrow ends at zero.
      expect((await callAction('cancel', draft.id, parties.agent.token)).status).toBe(200);
      expect(await escrowBalance(draft.id)).toBe(0);
      expect((await fundings(draft.id)).card).toBe(0);
    }
  });

  it('card, x402 and MPP at once: one funds the draft, the others move no money (6 rounds, random order)', async () => {
    const { db } = await getDatabase();
    for (let round = 0; round < 6; round++) {
      const draft = await agentDraft();
      const { payer, header } = await x402Header(draft.totalCents);
      const { spt, authorization } = await mppAuthorization(draft.id, draft.totalCents);
      const delay = () => sleep(Math.floor(Math.random() * 6));
      const [card, x402, mpp] = await Promise.all([
        delay().then(() => publishByCard(draft.id)),
        delay().then(() => publishByX402(draft.id, header)),
        delay().then(() => publishByMpp(draft.id, authorization)),
      ]);
      const label = `round ${round}: card ${card.status}, x402 ${x402.status}, mpp ${mpp.status}\n${mpp.text}`;
      expect(
        [card, x402, mpp].filter((res) => res.status === 200),
        label,
      ).toHaveLength(1);
      for (const res of [card, x402, mpp]) {
        if (res.status !== 200) expect(res.json.error.code, label).toMatch(/^(CONFLICT|INVALID_TRANSITION)$/);
      }
      const row = await taskRow(draft.id);
      const funded = await fundings(draft.id);
      const used = await db.select().from(mppPayments).where(eq(mppPayments.token, spt));
      expect(row.status, label).toBe('posted');
      expect(await escrowBalance(draft.id), label).toBe(draft.totalCents);
      if (row.fundingSource === 'x402') {
        expect(funded, label).toEqual({ card: 0, x402Receipts: 1 });
      } else {
        // Card and MPP both book a charge; only the winner's exists, and only MPP's names the token.
        expect(funded, label).toEqual({ card: draft.totalCents, x402Receipts: 0 });
        expect(await paymentRows(payer.address), label).toEqual([]);
      }
      expect(used.length, label).toBe(row.fundingSource === 'mpp' ? 1 : 0);
      expect(mpp.status === 200 ? mpp.headers.get('payment-receipt') : null, label).toEqual(
        row.fundingSource === 'mpp' ? expect.any(String) : null,
      );

      expect((await callAction('cancel', draft.id, parties.agent.token)).status, label).toBe(200);
      expect(await escrowBalance(draft.id), label).toBe(0);
    }
  });

  it('two card publishes at once share the one charge: the loser never refunds the task the winner posted', async () => {
    for (let round = 0; round < 10; round++) {
      const draft = await agentDraft();
      const results = await Promise.all(
        [0, 1].map(async () => {
          await sleep(Math.floor(Math.random() * 8));
          return publishByCard(draft.id);
        }),
      );
      const label = `round ${round}: ${results.map((res) => `${res.status} ${res.text.slice(0, 120)}`).join(' | ')}`;
      expect(results.map((res) => res.status).sort(), label).toEqual([200, 409]);
      expect((await taskRow(draft.id)).status, label).toBe('posted');
      expect(await escrowBalance(draft.id), label).toBe(draft.totalCents);
      expect(await fundings(draft.id), label).toEqual({ card: draft.totalCents, x402Receipts: 0 });
      expect((await callAction('cancel', draft.id, parties.agent.token)).status, label).toBe(200);
      expect(await escrowBalance(draft.id), label).toBe(0);
    }
  });

  it('random interleavings of publish (card), publish (x402), cancel and approve: one funding, escrow back to zero', async () => {
    const actions = ['card', 'x402', 'cancel', 'approve'] as const;
    for (let round = 0; round < 12; round++) {
      const draft = await agentDraft();
      const { payer, header } = await x402Header(draft.totalCents);
      // A random subset of at least two actions, each after a random delay of 0–12 ms.
      const chosen = actions.filter(() => Math.random() < 0.7);
      if (chosen.length < 2) chosen.push('card', 'x402');
      const results = await Promise.all(
        chosen.map(async (action) => {
          await sleep(Math.floor(Math.random() * 13));
          if (action === 'card') return publishByCard(draft.id);
          if (action === 'x402') return publishByX402(draft.id, header);
          return callAction(action, draft.id, parties.agent.token);
        }),
      );
      const label = `round ${round}: ${chosen.join(', ')} → ${results.map((res) => res.status).join(', ')}`;
      for (const res of results) expect(res.status, `${label}\n${res.text}`).toBeLessThan(500);

      const row = await taskRow(draft.id);
      const funded = await fundings(draft.id);
      const settled = (await paymentRows(payer.address)).filter((payment) => payment.status === 'settled');
      // At most one source ever holds money for the task.
      expect(Number(funded.card > 0) + funded.x402Receipts, label).toBeLessThanOrEqual(1);
      // Every settled x402 payment either funds this task or is owed back; never both, never twice.
      expect(settled.length, label).toBeLessThanOrEqual(1);
      if (row.status === 'posted') {
        expect(await escrowBalance(draft.id), label).toBe(draft.totalCents);
        expect(row.fundingSource === 'card' ? funded.card : funded.x402Receipts * draft.totalCents, label).toBe(
          draft.totalCents,
        );
        expect((await callAction('cancel', draft.id, parties.agent.token)).status, label).toBe(200);
      } else if (row.status === 'draft') {
        expect(funded, label).toEqual({ card: 0, x402Receipts: 0 });
        expect(settled, label).toEqual([]);
      } else {
        // Posted, then cancelled by the racing cancel: whatever funded it went back (the card net of its refund
        // is 0 below; an x402 receipt is owed back).
        expect(row.status, label).toBe('cancelled');
      }
      expect(await escrowBalance(draft.id), label).toBe(0);
      expect((await fundings(draft.id)).card, label).toBe(0);
    }
  });

  it('the spending cap holds under the race: the card never carries more than the cap for the agent', async () => {
    const { db } = await getDatabase();
    const first = await agentDraft();
    const second = await agentDraft();
    // Room for exactly one task on the card.
    await db.update(users).set({ spendingLimitCents: first.totalCents }).where(eq(users.id, parties.agent.id));
    try {
      const { header } = await x402Header(first.totalCents);
      const raced = await Promise.all([publishByCard(first.id), sleep(5).then(() => publishByX402(first.id, header))]);
      const after = await publishByCard(second.id);
      for (const res of [...raced, after]) expect(res.status, res.text).toBeLessThan(500);

      const carried = (await fundings(first.id)).card + (await fundings(second.id)).card;
      expect(carried).toBeLessThanOrEqual(first.totalCents);
      // Both drafts posted only if the first went to x402 and the second to the card.
      const statuses = [(await taskRow(first.id)).status, (await taskRow(second.id)).status];
      if (statuses.every((status) => status === 'posted')) {
        expect((await taskRow(first.id)).fundingSource).toBe('x402');
      }
    } finally {
      await db.update(users).set({ spendingLimitCents: null }).where(eq(users.id, parties.agent.id));
      for (const draft of [first, second]) {
        if ((await taskRow(draft.id)).status === 'posted') await callAction('cancel', draft.id, parties.agent.token);
      }
    }
  });

  it('a reservation in flight counts against the cap: a second card task waits its turn and is refused', async () => {
    const { db } = await getDatabase();
    const first = await agentDraft();
    const second = await agentDraft();
    await db.update(users).set({ spendingLimitCents: first.totalCents }).where(eq(users.id, parties.agent.id));
    try {
      // What publishing does before it charges: the draft's funding claimed for the card, committed.
      await db.update(tasks).set({ fundingSource: 'card' }).where(eq(tasks.id, first.id));
      const res = await publishByCard(second.id);
      expect(res.status, res.text).toBe(402);
      expect(res.json.error.details?.reason ?? res.json.error.message).toBeTruthy();
      expect((await taskRow(second.id)).fundingSource).toBeNull();
    } finally {
      await db.update(users).set({ spendingLimitCents: null }).where(eq(users.id, parties.agent.id));
      await db.update(tasks).set({ fundingSource: null }).where(eq(tasks.id, first.id));
    }
  });
});
