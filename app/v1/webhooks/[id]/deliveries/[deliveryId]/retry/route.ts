import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { retryWebhookDeliveryOperation } from '@/lib/schemas/webhooks';
import { retryWebhookDelivery } from '@/lib/services/webhooks/retry-webhook-delivery';

// POST /v1/webhooks/{id}/deliveries/{deliveryId}/retry — send a delivery again now
export const POST = route(retryWebhookDeliveryOperation, ({ db, actor, params }) =>
  retryWebhookDelivery(db, { ownerId: userOf(actor).id, endpointId: params.id, deliveryId: params.deliveryId }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
