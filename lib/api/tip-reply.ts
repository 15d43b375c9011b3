import { tipView } from '@/lib/services/money/book-tip';
import type { TipOutcome } from '@/lib/services/tips/tip-task';
import { reply } from './outcome';
import { paymentRequiredReply } from './payment-required-reply';

/** A paid tip (201, with the x402 settlement header when it paid that way), or the 402 that asks for payment. */
export function tipReply(outcome: TipOutcome) {
  if (outcome.kind === 'paymentRequired') return paymentRequiredReply(outcome.requirements, outcome.refusal);
  return reply(201, tipView(outcome.tip), outcome.paymentHeaders);
}
