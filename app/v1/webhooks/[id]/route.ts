import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { deleteWebhookOperation, getWebhookOperation, updateWebhookOperation } from '@/lib/schemas/webhooks';
import { deleteWebhookEndpoint } from '@/lib/services/webhooks/delete-webhook-endpoint';
import { getWebhookEndpoint } from '@/lib/services/webhooks/get-webhook-endpoint';
import { updateWebhookEndpoint } from '@/lib/services/webhooks/update-webhook-endpoint';

// GET /v1/webhooks/{id} — one of the caller's endpoints, without its secret
export const GET = route(getWebhookOperation, ({ db, actor, params }) =>
  getWebhookEndpoint(db, { ownerId: userOf(actor).id, endpointId: params.id }),
);

// PATCH /v1/webhooks/{id} — change an endpoint's URL, events or description; disable or re-enable it
export const PATCH = route(updateWebhookOperation, ({ db, actor, params, body }) =>
  updateWebhookEndpoint(db, { ownerId: userOf(actor).id, endpointId: params.id, input: body }),
);

// DELETE /v1/webhooks/{id} — stop delivering to an endpoint
export const DELETE = route(deleteWebhookOperation, ({ db, actor, params }) =>
  deleteWebhookEndpoint(db, { ownerId: userOf(actor).id, endpointId: params.id }),
);

export const { POST, PUT } = otherMethods({ GET, PATCH, DELETE });
