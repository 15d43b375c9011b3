import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { callerLivemode } from '@/lib/payments/get-processor';
import { acceptOfferOperation } from '@/lib/schemas/offers';
import { acceptOffer } from '@/lib/services/offers/accept-offer';
import { transitionView } from '@/lib/services/tasks/transition-view';

// POST /v1/tasks/{id}/offers/{offerId}/accept — the requester gives the task to an offer's worker at its price
export const POST = route(acceptOfferOperation, async ({ db, actor, params }) =>
  transitionView(
    await acceptOffer(db, {
      user: userOf(actor),
      taskId: params.id,
      offerId: params.offerId,
      livemode: callerLivemode(actor),
    }),
  ),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
