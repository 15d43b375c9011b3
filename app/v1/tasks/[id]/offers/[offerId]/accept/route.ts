import { funderOf } from '@/lib/api/funder-of';
import { otherMethods } from '@/lib/api/other-methods';
import { reply } from '@/lib/api/outcome';
import { paymentRequiredReply } from '@/lib/api/payment-required-reply';
import { route } from '@/lib/api/route';
import { acceptOfferOperation } from '@/lib/schemas/offers';
import { acceptOffer } from '@/lib/services/offers/accept-offer';
import { transitionView } from '@/lib/services/tasks/transition-view';

// POST /v1/tasks/{id}/offers/{offerId}/accept — the requester gives the task to an offer's worker at its price
// (an x402 task pays a higher price's difference the x402 way: the 402 first, then the signed payment)
export const POST = route(acceptOfferOperation, async (input) => {
  const outcome = await acceptOffer(input.db, {
    funder: funderOf(input),
    taskId: input.params.id,
    offerId: input.params.offerId,
  });
  if (outcome.kind === 'paymentRequired') return paymentRequiredReply(outcome.requirements, outcome.refusal);
  return reply(200, transitionView(outcome), outcome.paymentHeaders);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
