import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getProcessor } from '@/lib/payments/get-processor';
import { createWebhookOperation, listWebhooksOperation } from '@/lib/schemas/webhooks';
import { createWebhookEndpoint } from '@/lib/services/webhooks/create-webhook-endpoint';
import { listWebhookEndpoints } from '@/lib/services/webhooks/list-webhook-endpoints';

// POST /v1/webhooks — register an endpoint; its signing secret is in this response only
export const POST = route(createWebhookOperation, ({ db, actor, body }) =>
  createWebhookEndpoint(db, { ownerId: userOf(actor).id, livemode: getProcessor(db, actor).livemode, input: body }),
);

// GET /v1/webhooks — the caller's endpoints, newest first
export const GET = route(listWebhooksOperation, ({ db, actor, query }) =>
  listWebhookEndpoints(db, userOf(actor).id, query),
);

export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
