import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { closeIntakeOperation } from '@/lib/schemas/intake';
import { adminOf } from '@/lib/services/admin/admin-of';
import { closeIntake } from '@/lib/services/intake/close-intake';

// POST /v1/intake/{id}/close — close a conversation without a task (admin)
export const POST = route(closeIntakeOperation, ({ db, actor, context, params }) =>
  closeIntake(db, { admin: adminOf(actor, context.ip), conversationId: params.id }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
