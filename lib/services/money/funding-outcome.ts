import type { Task } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import type { PaymentProcessor } from '@/lib/payments/processor';
import type { AcceptedX402Payment } from '@/lib/payments/x402/accept-payment';
import type { X402Offer } from '@/lib/payments/x402/read-offer';
import { type PaymentRequiredOptions, type X402Requirements, x402Requirements } from '@/lib/payments/x402/requirements';
import type { FundingSource } from './claim-funding-source';
import type { FundingStep } from './funding-faults';

/**
 * What creating or publishing a task came to: `posted` (funded; `paymentHeaders` is the x402 settlement's), an
 * unfunded `draft`, or `paymentRequired`: nothing paid, with the x402 requirements the caller may pay instead
 * and why the card could not (the 402 of DESIGN §4 "Tasks").
 */
export type FundingOutcome =
  | { kind: 'posted'; task: Task; paymentHeaders?: Record<string, string> }
  | { kind: 'draft'; task: Task }
  | { kind: 'paymentRequired'; requirements: X402Requirements; refusal: PaymentRequiredOptions };

/** Who funds a task and how: the caller, the processor of their mode, and the x402 payment they offer. */
export type Funder = {
  processor: PaymentProcessor;
  user: ActorUser;
  /**
   * The caller holds an API key (an agent's, or a human's own): every 402 offers them x402. A person in a
   * browser session has no wallet and gets the card's own error.
   */
  viaApiKey: boolean;
  x402: X402Offer;
  /** Tests only: stop the funding at this step as a crash would (funding-faults.ts). */
  crashAt?: FundingStep;
};

/** What paying for `task` with x402 takes: its total in USDC, to us, for this request's resource. */
export function taskX402Requirements(task: Pick<Task, 'totalCents' | 'title'>, resource: string) {
  return x402Requirements({
    totalCents: task.totalCents,
    resource,
    description: `Legwork task: ${task.title}`.slice(0, 200),
  });
}

/** A funded draft, ready to post: the input of a plan's `post` (postFundedTask, postBooking). */
export type FundedPost = {
  /** Who publishes: the requester, or the operator of the requesting agent. */
  user: Pick<ActorUser, 'id'>;
  taskId: string;
  /** The funding claimed for the draft; the transition checks, under the task's lock, that it still holds it. */
  source: FundingSource;
  /** The settled x402 payment, whose receipt moves into the task's escrow in the same transaction. */
  x402?: AcceptedX402Payment;
};
