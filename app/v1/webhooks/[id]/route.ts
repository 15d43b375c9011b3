import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { deleteWebhookOperation, getWebhookOperation } from '@/lib/schemas/webhooks';
import { deleteWebhookEndpoint } from '@/lib/services/webhooks/delete-webhook-endpoint';
import { getWebhookEndpoint } from '@/lib/services/webhooks/get-webhook-endpoint';

// GET /v1/webhooks/{id} — one of the caller's endpoints, without its secret
export const GET = route(getWebhookOperation, ({ db, actor, params }) =>
  getWebhookEndpoint(db, userOf(actor).id, params.id),
);

// DELETE /v1/webhooks/{id} — stop delivering to an endpoint
export const DELETE = route(deleteWebhookOperation, ({ db, actor, params }) =>
  deleteWebhookEndpoint(db, userOf(actor).id, params.id),
);

export const { POST, PUT, PATCH } = otherMethods({ GET, DELETE });
