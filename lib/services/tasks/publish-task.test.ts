import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { tasks } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { toActorUser } from '@/lib/auth/actor';
import { getProcessor } from '@/lib/payments/get-processor';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { X402Rejection } from '@/lib/payments/x402/accept-payment';
import { taskBodySchema } from '@/lib/schemas/tasks';
import { insertUser } from '@/test/factories';
import { chargeRows, escrowBalance, expectApiError, taskLedger } from '@/test/payments';
import { fundedPartiesForFile, lifecycleBody, taskRow } from '@/test/tasks';
import { insertDraftTask } from './insert-draft-task';
import { publishTask } from './publish-task';

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
    const draft = await insertDraftTask(db, {
      requesterId: parties.agent.id,
      body: taskBodySchema.parse(lifecycleBody()),
      livemode: false,
    });
    const taskId = draft.id;
    const processor = chargingThen(getProcessor(db), async () => {
      await db.update(tasks).set({ status: 'cancelled' }).where(eq(tasks.id, taskId));
    });

    const x402 = { resource: `http://localhost:3000/v1/tasks/${taskId}/publish`, payment: null };
    await expectApiError(
      publishTask(db, { processor, user: agent(), viaApiKey: true, x402, taskId }),
      'INVALID_TRANSITION',
    );

    expect((await taskLedger(taskId)).map((tx) => tx.kind)).toEqual(['charge', 'refund']);
    expect(await escrowBalance(taskId)).toBe(0);
    expect(await chargeRows(taskId)).toEqual([
      expect.objectContaining({ status: 'succeeded', amountCents: draft.totalCents, refundedCents: draft.totalCents }),
    ]);
    expect((await taskRow(taskId)).status).toBe('cancelled');
  });
});

describe('publishTask with a malformed payment header', () => {
  const rejected = (taskId: string) => ({
    resource: `http://localhost:3000/v1/tasks/${taskId}/publish`,
    payment: new X402Rejection('invalid_payload', 'The X-Payment header is not base64.'),
  });

  it('answers payment required with the requirements of the draft’s price; the draft stays unfunded', async () => {
    const { db } = await getDatabase();
    const draft = await insertDraftTask(db, {
      requesterId: parties.agent.id,
      body: taskBodySchema.parse(lifecycleBody()),
      livemode: false,
    });
    const x402 = rejected(draft.id);
    const outcome = await publishTask(db, {
      processor: getProcessor(db),
      user: agent(),
      viaApiKey: true,
      x402,
      taskId: draft.id,
    });
    expect(outcome).toEqual({
      kind: 'paymentRequired',
      requirements: expect.objectContaining({
        maxAmountRequired: String(draft.totalCents * 10_000),
        resource: x402.resource,
        description: `Legwork task: ${draft.title}`,
      }),
      refusal: { code: 'PAYMENT_FAILED', reason: 'invalid_payload', message: 'The X-Payment header is not base64.' },
      // An API-key caller is offered MPP beside x402, for the same total.
      mppChallenge: expect.stringMatching(/^Payment id="[^"]+", realm="[^"]+", method="stripe", intent="charge"/),
    });
    expect(await taskRow(draft.id)).toMatchObject({ status: 'draft', fundingSource: null });
  });

  it('someone else’s draft is still 404', async () => {
    const { db } = await getDatabase();
    const draft = await insertDraftTask(db, {
      requesterId: parties.agent.id,
      body: taskBodySchema.parse(lifecycleBody()),
      livemode: false,
    });
    const stranger = toActorUser(await insertUser(db));
    const funder = { processor: getProcessor(db), user: stranger, viaApiKey: true, x402: rejected(draft.id) };
    await expectApiError(publishTask(db, { ...funder, taskId: draft.id }), 'NOT_FOUND');
  });
});
