import type { Task } from '@/db/schema';
import { type Funder, type FundingOutcome, taskX402Requirements } from './funding-outcome';
import { paymentRefusal } from './payment-refusal';

export const requirementsOf = (funder: Funder, task: Task) => taskX402Requirements(task, funder.x402.resource);

/** A payment refusal as the 402 that offers the rails again; any other error is thrown on. */
export function refusedOrThrow(error: unknown, funder: Funder, task: Task): FundingOutcome {
  const refused = paymentRefusal(error, { requirements: requirementsOf(funder, task), funder });
  if (refused) return refused;
  throw error;
}
