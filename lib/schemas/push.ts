import { z } from 'zod';
import { env } from '@/lib/env';
import { isAuthSecret, isP256PublicKey } from '@/lib/push/subscription-keys';
import { defineOperation } from '@/lib/schemas/operation';
import { BlockedUrlError, checkUrlSyntax, MAX_WEBHOOK_URL_LENGTH } from '@/lib/webhooks/url-guard';
import { timestamp } from './common';

// Web push (docs/messaging.md, "Push"): the browsers a person lets Legwork notify. People only, as notifications
// are: an agent's key gets 403.

const TAGS = ['Push'];

export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 20;

const PEOPLE_ONLY = 'A session or the API key of a person; an agent’s key gets 403 (agents hear through webhooks).';

// The webhooks' URL rules (lib/webhooks/url-guard.ts): https, no user info, no private, loopback or link-local
// address. The host is resolved and pinned again at every send, as for webhooks.
const endpointSchema = z
  .string()
  .max(MAX_WEBHOOK_URL_LENGTH, { message: `Must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` })
  .superRefine((value, ctx) => {
    try {
      checkUrlSyntax(value, { allowPrivate: env().PUSH_ALLOW_PRIVATE_URLS });
    } catch (error) {
      if (!(error instanceof BlockedUrlError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
    }
  })
  .describe('The push service URL the browser gave (`PushSubscription.endpoint`): https, at most 2,048 characters.');

export const pushSubscriptionSchema = z
  .object({
    id: z.uuid(),
    endpoint: z.string(),
    createdAt: timestamp,
  })
  .meta({ id: 'PushSubscription' });

export const createPushSubscriptionOperation = defineOperation({
  method: 'POST',
  path: '/v1/users/me/push-subscriptions',
  operationId: 'createPushSubscription',
  summary: 'Let this browser receive push notifications',
  description:
    'The body is the browser’s `PushSubscription.toJSON()`, made with the key from GET /v1/push/vapid-public-key. ' +
    '201 with the new subscription; the same `endpoint` again is 200 with the one you have (its keys updated). ' +
    'An endpoint another account had moves to you (one browser, the person now signed in). At most 20 per person ' +
    `(409 \`PUSH_SUBSCRIPTION_LIMIT\`). Pushes follow your \`push\` switches in the notification preferences. ${PEOPLE_ONLY}`,
  tags: TAGS,
  auth: 'any',
  body: z.strictObject({
    endpoint: endpointSchema,
    keys: z.strictObject({
      p256dh: z
        .string()
        .max(200)
        .refine(isP256PublicKey, { message: 'Must be base64url of a 65-byte uncompressed P-256 public key' })
        .describe('The browser’s ECDH public key: base64url of 65 bytes, starting with 0x04.'),
      auth: z
        .string()
        .max(100)
        .refine(isAuthSecret, { message: 'Must be base64url of 16 bytes' })
        .describe('The browser’s auth secret: base64url of 16 bytes.'),
    }),
    expirationTime: z
      .number()
      .int()
      .min(0)
      .max(8_640_000_000_000_000)
      .nullable()
      .optional()
      .describe('When the browser will drop the subscription (ms since the epoch), if it says.'),
  }),
  response: pushSubscriptionSchema,
  successStatus: 201,
  otherResponses: {
    200: { description: 'This endpoint was already yours: the subscription you have.', schema: pushSubscriptionSchema },
  },
  errors: ['FORBIDDEN', 'PUSH_SUBSCRIPTION_LIMIT'],
});

export const listPushSubscriptionsOperation = defineOperation({
  method: 'GET',
  path: '/v1/users/me/push-subscriptions',
  operationId: 'listPushSubscriptions',
  summary: 'The browsers that receive your push notifications',
  description: `Newest first; at most 20. ${PEOPLE_ONLY}`,
  tags: TAGS,
  auth: 'any',
  response: z.array(pushSubscriptionSchema),
  errors: ['FORBIDDEN'],
});

export const deletePushSubscriptionOperation = defineOperation({
  method: 'DELETE',
  path: '/v1/users/me/push-subscriptions/{id}',
  operationId: 'deletePushSubscription',
  summary: 'Stop pushing to a browser',
  description: `Its unsent pushes are dropped. Someone else’s subscription is 404. ${PEOPLE_ONLY}`,
  tags: TAGS,
  auth: 'any',
  params: z.object({ id: z.uuid().describe('The subscription id.') }),
  response: z.object({ id: z.uuid(), deleted: z.literal(true) }),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const getVapidPublicKeyOperation = defineOperation({
  method: 'GET',
  path: '/v1/push/vapid-public-key',
  operationId: 'getVapidPublicKey',
  summary: 'The key browsers subscribe with',
  description:
    'The VAPID public key (base64url of the 65-byte P-256 point), the `applicationServerKey` of ' +
    '`pushManager.subscribe`. No sign-in.',
  tags: TAGS,
  auth: 'none',
  rateLimit: 'public',
  usesDatabase: false,
  response: z.object({ publicKey: z.string().describe('base64url, 87 characters.') }),
});
