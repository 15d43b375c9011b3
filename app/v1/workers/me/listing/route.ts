import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getProcessor } from '@/lib/payments/get-processor';
import { setListingOperation } from '@/lib/schemas/worker-listing';
import { setListing } from '@/lib/services/workers/set-listing';

// POST /v1/workers/me/listing — flip (or set) the caller's listing, behind the completeness/ID/payout gate
export const POST = route(setListingOperation, ({ db, actor, body }) =>
  setListing(db, { processor: getProcessor(db, actor), userId: userOf(actor).id, wanted: body.isListed }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
