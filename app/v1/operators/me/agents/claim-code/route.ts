import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { env } from '@/lib/env';
import { mintClaimCodeOperation } from '@/lib/schemas/claim-codes';
import { mintClaimCode } from '@/lib/services/claims/mint-claim-code';

// POST /v1/operators/me/agents/claim-code — a single-use code an agent redeems within 15 minutes
export const POST = route(mintClaimCodeOperation, ({ db, actor }) =>
  mintClaimCode(db, { ownerId: userOf(actor).id, siteUrl: env().SITE_URL }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
