import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { withdrawOfferOperation } from '@/lib/schemas/offers';
import { withdrawOffer } from '@/lib/services/offers/withdraw-offer';

// POST /v1/tasks/{id}/offers/{offerId}/withdraw — the worker takes their pending offer back
export const POST = route(withdrawOfferOperation, ({ db, actor, params }) =>
  withdrawOffer(db, { user: userOf(actor), taskId: params.id, offerId: params.offerId }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
