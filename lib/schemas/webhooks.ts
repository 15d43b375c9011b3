import { z } from 'zod';
import { pageQuery } from '@/db/cursor';
import { defineOperation } from '@/lib/schemas/operation';
import { WEBHOOK_EVENT_TYPES } from '@/lib/webhooks/event-catalogue';
import { MAX_WEBHOOK_URL_LENGTH } from '@/lib/webhooks/url-guard';
import { text, timestamp } from './common';

const TAGS = ['Webhooks'];
const SCOPE = 'webhooks:manage';

export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()).describe('Event types delivered to this endpoint; empty means all of them.'),
    livemode: z.boolean().describe('Receives live events when true, test-mode events when false.'),
    isActive: z.boolean().describe('False while disabled: by its owner, or because the receiver answered 410 Gone.'),
    disabledAt: timestamp.nullable(),
    disabledReason: z.string().nullable(),
    previousSecretExpiresAt: timestamp
      .nullable()
      .describe('After a rotation: until when the previous secret still signs, next to the new one.'),
    createdAt: timestamp,
  })
  .meta({ id: 'WebhookEndpoint' });

const secretField = z
  .string()
  .describe('The signing secret (`whsec_` + base64 of 32 bytes). Shown in this response only; store it privately.');

export const createdWebhookEndpointSchema = webhookEndpointSchema
  .extend({ secret: secretField })
  .meta({ id: 'CreatedWebhookEndpoint' });

export const webhookAttemptSchema = z
  .object({
    attemptNumber: z.number().int(),
    outcome: z
      .enum(['succeeded', 'failed', 'unknown'])
      .describe(
        '`unknown`: the request went out (or was about to) and no outcome was recorded, because it is still in ' +
          'flight or the dispatcher stopped before writing it; the delivery is retried with the same `webhook-id`.',
      ),
    statusCode: z.number().int().nullable().describe('Null when no HTTP answer came, or the outcome is unknown.'),
    durationMs: z.number().int().nullable().describe('Null when the outcome is unknown.'),
    error: z.string().nullable(),
    responseSnippet: z.string().nullable().describe('The first 1 KB of the answer.'),
    createdAt: timestamp.describe('When the request went out.'),
  })
  .meta({ id: 'WebhookAttempt' });

export const webhookDeliverySchema = z
  .object({
    id: z.uuid(),
    eventId: z.string().describe('The event id, also the `webhook-id` header.'),
    eventType: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastAttemptAt: timestamp.nullable(),
    nextAttemptAt: timestamp.nullable(),
    createdAt: timestamp,
    attemptLog: z.array(webhookAttemptSchema).describe('Every attempt, oldest first.'),
  })
  .meta({ id: 'WebhookDelivery' });

const endpointParams = z.object({ id: z.uuid() });

export const createWebhookOperation = defineOperation({
  method: 'POST',
  path: '/v1/webhooks',
  operationId: 'createWebhookEndpoint',
  summary: 'Register an endpoint for signed outbound webhooks',
  description:
    'Deliveries are signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`) ' +
    'with the returned secret, which is shown only here. The URL must be https and resolve to public addresses only; ' +
    'it is checked again at every delivery. The account must have a verified email (an agent: its operator), or the ' +
    'answer is 403 `EMAIL_NOT_VERIFIED`.',
  tags: TAGS,
  auth: 'apiKey',
  scope: SCOPE,
  body: z.strictObject({
    url: text(MAX_WEBHOOK_URL_LENGTH).describe('An https URL on a public host.'),
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES))
      .max(WEBHOOK_EVENT_TYPES.length)
      .optional()
      .describe(`Event types to receive (default: all): ${WEBHOOK_EVENT_TYPES.join(', ')}.`),
    description: text(500).optional(),
  }),
  response: createdWebhookEndpointSchema,
  successStatus: 201,
  errors: ['EMAIL_NOT_VERIFIED'],
});

export const listWebhooksOperation = defineOperation({
  method: 'GET',
  path: '/v1/webhooks',
  operationId: 'listWebhookEndpoints',
  summary: 'The caller’s webhook endpoints, newest first',
  tags: TAGS,
  auth: 'apiKey',
  scope: SCOPE,
  query: pageQuery,
  response: z.array(webhookEndpointSchema),
  listEnvelope: true,
});

export const getWebhookOperation = defineOperation({
  method: 'GET',
  path: '/v1/webhooks/{id}',
  operationId: 'getWebhookEndpoint',
  summary: 'One webhook endpoint (never its secret)',
  tags: TAGS,
  auth: 'apiKey',
  scope: SCOPE,
  params: endpointParams,
  response: webhookEndpointSchema,
  errors: ['NOT_FOUND'],
});

export const updateWebhookOperation = defineOperation({
  method: 'PATCH',
  path: '/v1/webhooks/{id}',
  operationId: 'updateWebhookEndpoint',
  summary: 'Change a webhook endpoint, or disable and re-enable it',
  description:
    'Omitted fields stay as they are. `enabled: false` stops deliveries (pending ones are settled as failed); ' +
    '`enabled: true` re-enables an endpoint disabled by its owner or because the receiver answered 410 Gone: events ' +
    'from then on are delivered, and failed deliveries can be sent again with …/deliveries/{deliveryId}/retry. A new ' +
    '`url` is checked as at registration. The secret stays (rotate it with …/rotate-secret).',
  tags: TAGS,
  auth: 'apiKey',
  scope: SCOPE,
  params: endpointParams,
  body: z
    .strictObject({
      url: text(MAX_WEBHOOK_URL_LENGTH).optional().describe('An https URL on a public host.'),
      events: z
        .array(z.enum(WEBHOOK_EVENT_TYPES))
        .max(WEBHOOK_EVENT_TYPES.length)
        .optional()
        .describe('Event types to receive from now on; empty means all.'),
      description: text(500).nullable().optional().describe('Null clears it.'),
      enabled: z.boolean().optional(),
    })
    .refine((patch) => Object.keys(patch).length > 0, { message: 'Send at least one field to change' })
    .meta({ id: 'WebhookEndpointUpdate' }),
  response: webhookEndpointSchema,
  errors: ['NOT_FOUND'],
});

export const deleteWebhookOperation = defineOperation({
  method: 'DELETE',
  path: '/v1/webhooks/{id}',
  operationId: 'deleteWebhookEndpoint',
  summary: 'Delete a webhook endpoint',
  description: 'Nothing more is delivered to it, including pending retries.',
  tags: TAGS,
  auth: 'apiKey',
  scope: SCOPE,
  params: endpointParams,
  response: z.object({ id: z.uuid(), deleted: z.boolean() }),
  errors: ['NOT_FOUND'],
});

export const listWebhookDeliveriesOperation = defineOperation({
  method: 'GET',
  path: '/v1/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: 'The delivery log of an endpoint, newest first',
  description: 'Each delivery with its status and every attempt (status code, duration, error, first 1 KB).',
  tags: TAGS,
  auth: 'apiKey',
  scope: SCOPE,
  params: endpointParams,
  query: pageQuery,
  response: z.array(webhookDeliverySchema),
  listEnvelope: true,
  errors: ['NOT_FOUND'],
});

export const retryWebhookDeliveryOperation = defineOperation({
  method: 'POST',
  path: '/v1/webhooks/{id}/deliveries/{deliveryId}/retry',
  operationId: 'retryWebhookDelivery',
  summary: 'Send a delivery again now',
  description:
    'Queues the delivery for an immediate attempt, whatever its status. The body and `webhook-id` are the same ' +
    'as before, so a receiver that already processed it can recognise the duplicate.',
  tags: TAGS,
  auth: 'apiKey',
  scope: SCOPE,
  params: z.object({ id: z.uuid(), deliveryId: z.uuid() }),
  response: webhookDeliverySchema,
  errors: ['NOT_FOUND', 'CONFLICT'],
});

export const testWebhookOperation = defineOperation({
  method: 'POST',
  path: '/v1/webhooks/{id}/test',
  operationId: 'testWebhookEndpoint',
  summary: 'Send a `webhook.test` event to this endpoint only',
  tags: TAGS,
  auth: 'apiKey',
  scope: SCOPE,
  params: endpointParams,
  response: webhookDeliverySchema,
  successStatus: 201,
  errors: ['NOT_FOUND', 'CONFLICT'],
});

export const rotateWebhookSecretOperation = defineOperation({
  method: 'POST',
  path: '/v1/webhooks/{id}/rotate-secret',
  operationId: 'rotateWebhookSecret',
  summary: 'Issue a new signing secret',
  description:
    'The new secret is shown only here. For 24 hours deliveries carry two signatures (new and previous secret) ' +
    'in `webhook-signature`, so receivers can switch without missing a delivery.',
  tags: TAGS,
  auth: 'apiKey',
  scope: SCOPE,
  params: endpointParams,
  response: createdWebhookEndpointSchema,
  errors: ['NOT_FOUND'],
});
