import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { testWebhookOperation } from '@/lib/schemas/webhooks';
import { sendTestWebhook } from '@/lib/services/webhooks/send-test-webhook';

// POST /v1/webhooks/{id}/test — send a `webhook.test` event to this endpoint only
export const POST = route(testWebhookOperation, ({ db, actor, params }) =>
  sendTestWebhook(db, { ownerId: userOf(actor).id, endpointId: params.id }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
