import type { Task } from '@/db/schema';
import type { FundingOutcome } from '@/lib/services/money/funding-outcome';
import { toTaskResource } from '@/lib/services/tasks/to-task-resource';
import { reply } from './outcome';
import { paymentRequiredReply } from './payment-required-reply';

export function fundingReply(
  outcome: FundingOutcome,
  successStatus: 200 | 201,
  extra: (task: Task) => Record<string, unknown> = () => ({}),
) {
  if (outcome.kind === 'paymentRequired') {
    return paymentRequiredReply(outcome.requirements, outcome.refusal, outcome.mppChallenge);
  }
  const headers = outcome.kind === 'posted' ? outcome.paymentHeaders : undefined;
  const resource = { ...toTaskResource(outcome.task, { side: 'requester' }), ...extra(outcome.task) };
  return reply(successStatus, resource, headers);
}
