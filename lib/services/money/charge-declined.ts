import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { charges } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { ChargeOutcome } from '@/lib/payments/processor';

type Declined = Extract<ChargeOutcome, { status: 'failed' }>;

/** A declined attempt: its charge row `failed` with the processor's codes, and the 402 that says so. */
export async function chargeDeclined(db: Executor, chargeId: string, outcome: Declined, hint?: string) {
  await db
    .update(charges)
    .set({
      status: 'failed',
      processorId: outcome.processorId,
      failureCode: outcome.declineCode ?? outcome.code,
      failureMessage: outcome.message,
    })
    .where(eq(charges.id, chargeId));
  return new ApiError('PAYMENT_FAILED', {
    message: outcome.message,
    hint,
    details: { code: outcome.code, declineCode: outcome.declineCode },
  });
}
