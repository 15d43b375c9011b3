import type { Task } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import type { PaymentProcessor } from '@/lib/payments/processor';
import type { AcceptedX402Payment } from '@/lib/payments/x402/accept-payment';
import type { X402Offer } from '@/lib/payments/x402/read-offer';
import { type PaymentRequiredOptions, type X402Requirements, x402Requirements } from '@/lib/payments/x402/requirements';
import type { FundingSource } from './claim-funding-source';
import type { FundingStep } from './funding-faults';

// `paymentRequired` is the 402 of DESIGN §4 "Tasks": nothing paid, with the x402 requirements and the card's refusal.
export type FundingOutcome =
  | { kind: 'posted'; task: Task; paymentHeaders?: Record<string, string> }
  | { kind: 'draft'; task: Task }
  | { kind: 'paymentRequired'; requirements: X402Requirements; refusal: PaymentRequiredOptions };

export type Funder = {
  processor: PaymentProcessor;
  user: ActorUser;
  /** Every 402 to an API-key caller offers x402; a browser session has no wallet and gets the card's own error. */
  viaApiKey: boolean;
  x402: X402Offer;
  /** Tests only: stop the funding at this step as a crash would (funding-faults.ts). */
  crashAt?: FundingStep;
};

export function taskX402Requirements(task: Pick<Task, 'totalCents' | 'title'>, resource: string) {
  return x402Requirements({
    totalCents: task.totalCents,
    resource,
    description: `Legwork task: ${task.title}`.slice(0, 200),
  });
}

export type FundedPost = {
  user: Pick<ActorUser, 'id'>;
  taskId: string;
  /** The transition checks, under the task's lock, that the draft still holds it. */
  source: FundingSource;
  /** Its receipt moves into the task's escrow in the same transaction as the post. */
  x402?: AcceptedX402Payment;
};
