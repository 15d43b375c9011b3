import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

// One use of a Shared Payment Token (MPP, method `stripe`, intent `charge`). Both unique keys are the claim:
// an SPT pays once, and a challenge is answered once, even when two requests carry them at the same time.
export const mppPayments = pgTable(
  'mpp_payments',
  {
    id: id(),
    // The SPT (`spt_…`) as the credential carried it.
    token: text('token').notNull(),
    // The challenge `id` (its HMAC) the credential echoed.
    challengeId: text('challenge_id').notNull(),
    taskId: uuid('task_id').notNull(),
    requesterId: uuid('requester_id').notNull(),
    livemode: boolean('livemode').notNull(),
    amountCents: integer('amount_cents').notNull(),
    // The processor's PaymentIntent once charged: the receipt's `reference`.
    processorId: text('processor_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('mpp_payments_token_key').on(t.livemode, t.token),
    uniqueIndex('mpp_payments_challenge_key').on(t.challengeId),
    index('mpp_payments_task_idx').on(t.taskId),
  ],
);
