import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { resolveDisputeByIdOperation } from '@/lib/schemas/disputes';
import { adminOf } from '@/lib/services/admin/admin-of';
import { resolveDisputeById } from '@/lib/services/disputes/resolve-dispute-by-id';

// POST /v1/disputes/{id}/resolve — an admin refunds, pays the worker or splits the escrow
export const POST = route(resolveDisputeByIdOperation, ({ db, actor, context, params, body }) =>
  resolveDisputeById(db, {
    admin: adminOf(actor, context.ip),
    disputeId: params.id,
    resolution: body,
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
