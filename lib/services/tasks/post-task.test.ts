import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { tasks } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { getProcessor } from '@/lib/payments/get-processor';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { taskBodySchema } from '@/lib/schemas/tasks';
import { chargeRows, escrowBalance, expectApiError, taskLedger } from '@/test/payments';
import { fundedPartiesForFile, lifecycleBody, taskRow } from '@/test/tasks';
import { insertDraftTask } from './insert-draft-task';
import { publishTask } from './post-task';

// A card charge whose draft then cannot be posted is refunded in the same flow, so the money never sits in the
// escrow of a task that was not posted. The draft is ended behind the publish's back (as no API call can while its
// funding is claimed) by a processor that does so right after it charges.

const parties = fundedPartiesForFile();

const agent = (): ActorUser => ({
  id: parties.agent.id,
  email: null,
  name: 'Scout',
  type: 'agent',
  ownerId: parties.requester.id,
  emailVerified: false,
  createdAt: new Date(),
});

/** The test-mode processor, with `afterCharge` run once the card has been charged. */
function chargingThen(processor: PaymentProcessor, afterCharge: () => Promise<void>): PaymentProcessor {
  return {
    ...processor,
    chargeCard: async (input) => {
      const outcome = await processor.chargeCard(input);
      await afterCharge();
      return outcome;
    },
  };
}

describe('publishTask by card', () => {
  it('refunds the charge when the draft can no longer be posted: 409, the ledger shows the charge and its refund', async () => {
    const { db } = await getDatabase();
    const draft = await insertDraftTask(db, parties.agent.id, taskBodySchema.parse(lifecycleBody()), false);
    const taskId = draft.id;
    const processor = chargingThen(getProcessor(db), async () => {
      await db.update(tasks).set({ status: 'cancelled' }).where(eq(tasks.id, taskId));
    });

    await expectApiError(publishTask(db, processor, agent(), taskId, null), 'INVALID_TRANSITION');

    expect((await taskLedger(taskId)).map((tx) => tx.kind)).toEqual(['charge', 'refund']);
    expect(await escrowBalance(taskId)).toBe(0);
    expect(await chargeRows(taskId)).toEqual([
      expect.objectContaining({ status: 'succeeded', amountCents: draft.totalCents, refundedCents: draft.totalCents }),
    ]);
    expect((await taskRow(taskId)).status).toBe('cancelled');
  });
});
