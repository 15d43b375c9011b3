import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { listWebhookDeliveriesOperation } from '@/lib/schemas/webhooks';
import { listWebhookDeliveries } from '@/lib/services/webhooks/list-webhook-deliveries';

// GET /v1/webhooks/{id}/deliveries — the endpoint's delivery log with every attempt
export const GET = route(listWebhookDeliveriesOperation, ({ db, actor, params, query }) =>
  listWebhookDeliveries(db, { ownerId: userOf(actor).id, endpointId: params.id, page: query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
