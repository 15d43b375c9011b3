import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { setKeyRateLimitCeilingOperation } from '@/lib/schemas/admin';
import { adminOf } from '@/lib/services/admin/admin-of';
import { setKeyRateLimitCeiling } from '@/lib/services/admin/set-key-rate-limit-ceiling';

// PUT /v1/admin/users/{id}/key-rate-limit-ceiling — set an operator's key rate-limit ceiling (admin)
export const PUT = route(setKeyRateLimitCeilingOperation, ({ db, actor, context, params, body }) =>
  setKeyRateLimitCeiling(db, {
    admin: adminOf(actor, context.ip),
    operatorId: params.id,
    ceiling: body.keyRateLimitCeiling,
  }),
);

export const { GET, POST, PATCH, DELETE } = otherMethods({ PUT });
