import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { callerLivemode } from '@/lib/payments/get-processor';
import { createOfferOperation, listOffersOperation } from '@/lib/schemas/offers';
import { createOffer } from '@/lib/services/offers/create-offer';
import { listOffers } from '@/lib/services/offers/list-offers';

// GET /v1/tasks/{id}/offers — the requester's offers on the task, best first
export const GET = route(listOffersOperation, ({ db, actor, params, query }) =>
  listOffers(db, { user: userOf(actor), taskId: params.id, livemode: callerLivemode(actor), limit: query.limit }),
);

// POST /v1/tasks/{id}/offers — a listed worker offers to do a posted task for a price
export const POST = route(createOfferOperation, ({ db, actor, params, body }) =>
  createOffer(db, { user: userOf(actor), taskId: params.id, livemode: callerLivemode(actor), offer: body }),
);

export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
