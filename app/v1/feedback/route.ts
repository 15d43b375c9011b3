import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { callerLivemode } from '@/lib/payments/get-processor';
import { sendFeedbackOperation } from '@/lib/schemas/feedback';
import { sendFeedback } from '@/lib/services/feedback/send-feedback';

// POST /v1/feedback — report a problem, an idea or praise
export const POST = route(sendFeedbackOperation, ({ database, actor, body }) =>
  sendFeedback(database, {
    ...body,
    userId: userOf(actor).id,
    apiKeyId: actor.kind === 'apiKey' ? actor.apiKey.id : null,
    livemode: callerLivemode(actor),
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
