import { creationKeyOf } from '@/lib/api/creation-key';
import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { callerOf, isAdminCaller } from '@/lib/auth/admin';
import { callerLivemode } from '@/lib/payments/get-processor';
import { listMessagesOperation, postMessageOperation } from '@/lib/schemas/messages';
import { listMessages } from '@/lib/services/messages/list-messages';
import { postMessage } from '@/lib/services/messages/post-message';

// GET /v1/tasks/{id}/messages — the thread, newest first (admins too, read only, once disputed)
export const GET = route(listMessagesOperation, ({ db, actor, params, query }) =>
  listMessages(db, { ...query, userId: userOf(actor).id, admin: isAdminCaller(callerOf(actor)), taskId: params.id }),
);

// POST /v1/tasks/{id}/messages — post to the thread; the other side is notified
export const POST = route(postMessageOperation, ({ database, actor, params, body, request, rawBody }) =>
  postMessage(database, {
    userId: userOf(actor).id,
    taskId: params.id,
    body: body.body,
    livemode: callerLivemode(actor),
    creationKey: creationKeyOf(request, rawBody)?.key,
  }),
);

export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
