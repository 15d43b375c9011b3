import type { Db, Tx } from '@/db/client';
import type { Task } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import type { MppOffer } from '@/lib/payments/mpp/read-offer';
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
  | {
      kind: 'paymentRequired';
      requirements: X402Requirements;
      refusal: PaymentRequiredOptions;
      /** The `WWW-Authenticate: Payment …` challenge (MPP) offered beside x402 to an API-key caller. */
      mppChallenge?: string;
    };

export type Funder = {
  processor: PaymentProcessor;
  user: ActorUser;
  /** Every 402 to an API-key caller offers x402; a browser session has no wallet and gets the card's own error. */
  viaApiKey: boolean;
  x402: X402Offer;
  /** An `Authorization: Payment` credential (MPP, a Shared Payment Token), read or refused, or none. */
  mpp?: MppOffer;
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

/** Where creating and publishing differ: which draft is funded, and what a payment that did not happen undoes. */
export type FundingPlan = {
  /** Inserted (create) or read locked (publish) in the transaction that claims funding; its price is what is paid. */
  draft: (tx: Tx) => Promise<Task>;
  /** Throws when the draft may not be funded now; checked after a malformed payment header is answered. */
  ready?: (task: Task) => void;
  /** After a payment that did not happen: the new draft deleted, or the existing one's claim given up. */
  undo: (taskId: string, source: FundingSource) => Promise<unknown>;
  /** Throws when the charge is another payer's (two humans, one claim link); not refunded: it funds their post. */
  charged?: (charge: { userId: string }) => void;
  post: (db: Db, input: FundedPost) => Promise<Task>;
};
