import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { rotateWebhookSecretOperation } from '@/lib/schemas/webhooks';
import { rotateWebhookSecret } from '@/lib/services/webhooks/rotate-webhook-secret';

// POST /v1/webhooks/{id}/rotate-secret — a new signing secret; the previous one signs too for 24 hours
export const POST = route(rotateWebhookSecretOperation, ({ db, actor, params }) =>
  rotateWebhookSecret(db, { ownerId: userOf(actor).id, endpointId: params.id }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
