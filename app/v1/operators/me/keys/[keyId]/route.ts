import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { revokeApiKeyOperation } from '@/lib/schemas/api-keys';
import { revokeApiKey } from '@/lib/services/operators/revoke-api-key';

// DELETE /v1/operators/me/keys/{keyId} — revoke a key, effective on the next request
export const DELETE = route(revokeApiKeyOperation, ({ db, actor, params }) =>
  revokeApiKey(db, { userId: userOf(actor).id, keyId: params.keyId }),
);

export const { GET, POST, PUT, PATCH } = otherMethods({ DELETE });
