import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { markThreadReadOperation } from '@/lib/schemas/messages';
import { markThreadRead } from '@/lib/services/messages/mark-read';

// POST /v1/tasks/{id}/messages/read — advance the caller's read cursor
export const POST = route(markThreadReadOperation, ({ db, actor, params, body }) =>
  markThreadRead(db, userOf(actor).id, params.id, body.messageId),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
