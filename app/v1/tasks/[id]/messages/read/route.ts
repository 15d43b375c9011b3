import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { markThreadReadOperation } from '@/lib/schemas/messages';
import { markThreadRead } from '@/lib/services/messages/mark-thread-read';

// POST /v1/tasks/{id}/messages/read — advance the caller's read cursor
export const POST = route(markThreadReadOperation, ({ db, actor, params, body }) =>
  markThreadRead(db, { userId: userOf(actor).id, taskId: params.id, messageId: body.messageId }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
