import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks } from '@/db/schema';
import { toActorUser } from '@/lib/auth/actor';
import { sha256Hex } from '@/lib/auth/tokens';
import { CrashError, type FundingStep } from '@/lib/services/money/funding-faults';
import { chargeRows, escrowBalance, payerWithCard, paymentsSetup } from '@/test/payments';
import { hoursFromNow, workerWithService } from '@/test/services';
import { TASKS_URL } from '@/test/x402';
import { bookService } from './book-service';

// A booking killed while it is funded: the retry with the same Idempotency-Key takes up the first attempt's draft,
// which already holds the slot, instead of checking the slot again and finding it taken by that very draft.

describe('bookService killed mid-funding', () => {
  for (const step of ['afterClaim', 'beforePost'] as FundingStep[]) {
    it(`${step}: the retry books the one slot with the one charge, no 409 and no second draft`, async () => {
      const { db, processor } = await paymentsSetup();
      const { service } = await workerWithService();
      const user = toActorUser(await payerWithCard());
      const creation = { key: sha256Hex(crypto.randomUUID()), requestHash: sha256Hex('the same body') };
      const body = { startsAt: hoursFromNow(30) };
      const send = (crashAt?: FundingStep) =>
        bookService(db, {
          processor,
          user,
          viaApiKey: false,
          x402: { resource: TASKS_URL, payment: null },
          serviceId: service.id,
          body,
          creation,
          crashAt,
        });
      await expect(send(step)).rejects.toEqual(new CrashError(step));

      const outcome = await send();
      expect(outcome).toMatchObject({ kind: 'posted', task: { status: 'accepted', serviceId: service.id } });
      const booked = await db.select().from(tasks).where(eq(tasks.requesterId, user.id));
      expect(booked).toHaveLength(1);
      const [task] = booked;
      if (!task) throw new Error('no booking');
      expect(await chargeRows(task.id)).toEqual([expect.objectContaining({ status: 'succeeded', refundedCents: 0 })]);
      expect(await escrowBalance(task.id)).toBe(task.totalCents);
    });
  }
});
