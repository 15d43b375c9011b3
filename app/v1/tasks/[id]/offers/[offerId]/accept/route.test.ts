import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { refunds } from '@/db/schema';
import { acceptTaskOffer, makeOffer, offerNotices, offerRow } from '@/test/offers';
import { chargeRows, escrowBalance, taskLedger } from '@/test/payments';
import {
  anotherWorker,
  assignmentsOf,
  callAction,
  fundedPartiesForFile,
  taskEvents,
  taskInStatus,
  taskRow,
} from '@/test/tasks';

const parties = fundedPartiesForFile();

describe('POST /v1/tasks/{id}/offers/{offerId}/accept', () => {
  it('at a lower price: re-prices the task, refunds the difference, assigns the worker, declines the others', async () => {
    const task = await taskInStatus(parties, 'posted'); // budget 2,000, 2,300 charged
    const rival = await anotherWorker();
    const offer = (await makeOffer(task.id, parties.worker.token, { priceCents: 1_500 })).json.data;
    const lost = (await makeOffer(task.id, rival.token, { priceCents: 1_400 })).json.data;

    const res = await acceptTaskOffer(task.id, offer.id, parties.requester.token, {
      'idempotency-key': `k-${offer.id}`,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({
      status: 'accepted',
      workerId: parties.worker.id,
      budgetCents: 1_500,
      platformFeeCents: 225,
      totalCents: 1_725,
    });
    const row = await taskRow(task.id);
    expect(row).toMatchObject({
      status: 'accepted',
      workerId: parties.worker.id,
      budgetCents: 1_500,
      totalCents: 1_725,
    });
    expect((await assignmentsOf(task.id)).map((a) => [a.workerId, a.endedAt])).toEqual([[parties.worker.id, null]]);

    // 2,300 charged, 575 back: the escrow holds the new total.
    expect(await escrowBalance(task.id)).toBe(1_725);
    expect(
      (await taskLedger(task.id)).map((tx) => [tx.kind, tx.entries.find((e) => e.amountCents > 0)?.amountCents]),
    ).toEqual([
      ['charge', 2_300],
      ['refund', 575],
    ]);
    const { db } = await getDatabase();
    const [refund] = await db.select().from(refunds).where(eq(refunds.taskId, task.id));
    expect(refund).toMatchObject({ amountCents: 575 });
    expect((await chargeRows(task.id))[0]).toMatchObject({ amountCents: 2_300, refundedCents: 575 });

    expect((await offerRow(offer.id)).status).toBe('accepted');
    expect((await offerRow(lost.id)).status).toBe('declined');
    expect(await offerNotices(rival.id, task.id)).toEqual([
      expect.objectContaining({ title: `Your offer on “${task.title}” was declined` }),
    ]);
    expect(await offerNotices(parties.worker.id, task.id)).toEqual([
      expect.objectContaining({ title: `Your offer on “${task.title}” was accepted` }),
    ]);
    // Written in one transaction, so they share a timestamp: compared as a set.
    const offerEvents = (await taskEvents(task.id, /^offer\./)).map((event) => [event.type, event.audience]);
    expect(offerEvents).toHaveLength(4);
    expect(offerEvents).toEqual(
      expect.arrayContaining([
        ['offer.accepted', [parties.worker.id]],
        ['offer.declined', [rival.id]],
      ]),
    );
    expect((await taskEvents(task.id)).at(-1)).toMatchObject({
      type: 'task.accepted',
      data: { previousStatus: 'posted', offerId: offer.id },
    });

    // The same key replays the answer; a new one finds the task taken.
    const replay = await acceptTaskOffer(task.id, offer.id, parties.requester.token, {
      'idempotency-key': `k-${offer.id}`,
    });
    expect(replay.status).toBe(200);
    expect(replay.json).toEqual(res.json);
    const again = await acceptTaskOffer(task.id, lost.id, parties.requester.token);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('INVALID_TRANSITION');
  });

  it('at the budget: moves no money', async () => {
    const task = await taskInStatus(parties, 'posted');
    const offer = (await makeOffer(task.id, parties.worker.token, { priceCents: 2_000 })).json.data;
    const res = await acceptTaskOffer(task.id, offer.id, parties.requester.token);
    expect(res.status, res.text).toBe(200);
    expect(await escrowBalance(task.id)).toBe(2_300);
    expect((await taskLedger(task.id)).map((tx) => tx.kind)).toEqual(['charge']);
  });

  it('refuses an expired offer, and a withdrawn one, with nothing changed', async () => {
    const { db } = await getDatabase();
    const task = await taskInStatus(parties, 'posted');
    const offer = (await makeOffer(task.id, parties.worker.token, { priceCents: 1_500 })).json.data;
    await db.execute(`update task_offers set expires_at = now() - interval '1 minute' where id = '${offer.id}'`);
    const res = await acceptTaskOffer(task.id, offer.id, parties.requester.token);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('OFFER_EXPIRED');
    expect(await taskRow(task.id)).toMatchObject({ status: 'posted', budgetCents: 2_000 });
    expect(await escrowBalance(task.id)).toBe(2_300);

    const other = await anotherWorker();
    const withdrawn = (await makeOffer(task.id, other.token, { priceCents: 1_600 })).json.data;
    await makeOffer(task.id, other.token, { priceCents: 1_700 }); // replaces it
    const stale = await acceptTaskOffer(task.id, withdrawn.id, parties.requester.token);
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatchObject({ code: 'OFFER_NOT_PENDING', details: { status: 'withdrawn' } });
  });

  it('is the requester’s only: a worker gets 403, another task’s offer 404', async () => {
    const task = await taskInStatus(parties, 'posted');
    const offer = (await makeOffer(task.id, parties.worker.token, { priceCents: 1_500 })).json.data;
    expect((await acceptTaskOffer(task.id, offer.id, parties.worker.token)).status).toBe(403);
    const other = await taskInStatus(parties, 'posted');
    const wrong = await acceptTaskOffer(other.id, offer.id, parties.requester.token);
    expect(wrong.status).toBe(404);
    expect(wrong.json.error.message).toBe('Offer not found');
  });

  it('declines the pending offers when the task is cancelled or accepted directly', async () => {
    const task = await taskInStatus(parties, 'posted');
    const rival = await anotherWorker();
    const offer = (await makeOffer(task.id, rival.token, { priceCents: 1_500 })).json.data;
    expect((await callAction('accept', task.id, parties.worker.token)).status).toBe(200);
    expect((await offerRow(offer.id)).status).toBe('declined');
    expect(await offerNotices(rival.id, task.id)).toHaveLength(1);

    const cancelled = await taskInStatus(parties, 'posted');
    const gone = (await makeOffer(cancelled.id, rival.token, { priceCents: 1_500 })).json.data;
    expect((await callAction('cancel', cancelled.id, parties.requester.token)).status).toBe(200);
    expect((await offerRow(gone.id)).status).toBe('declined');
  });
});
