import type { Dispute, Task } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { priceTask } from '@/lib/tasks/task-rules';

export type DisputeResolutionInput = {
  outcome: NonNullable<Dispute['outcome']>;
  /** For `split` only: 1 to budget − 1. */
  workerCents?: number;
  note?: string | null;
};

// A split's fee is taken on the worker's part only (priceTask(workerCents).platformFeeCents); the rest of the
// escrow goes back to the requester.
export function resolutionAmounts(
  resolution: DisputeResolutionInput,
  task: Pick<Task, 'budgetCents' | 'platformFeeCents'>,
) {
  const { outcome, workerCents } = resolution;
  if (outcome !== 'split') {
    if (workerCents !== undefined) throw badWorkerCents(`Only a split names workerCents, not ${outcome}`);
    return outcome === 'pay_worker'
      ? { workerCents: task.budgetCents, feeCents: task.platformFeeCents }
      : { workerCents: 0, feeCents: 0 };
  }
  if (workerCents === undefined) throw badWorkerCents('A split names workerCents');
  if (!Number.isInteger(workerCents) || workerCents < 1 || workerCents >= task.budgetCents) {
    throw badWorkerCents(`Must be a whole number of cents from 1 to ${task.budgetCents - 1}`);
  }
  return { workerCents, feeCents: priceTask(workerCents).platformFeeCents };
}

function badWorkerCents(message: string) {
  return new ApiError('VALIDATION_ERROR', {
    hint: 'A split pays the worker workerCents (below the task’s budget); refund and pay_worker take no workerCents.',
    issues: [{ path: ['workerCents'], message }],
  });
}
