import { z } from 'zod';
import { SCOPES } from '@/lib/auth/scopes';
import { MAX_KEY_RATE_LIMIT } from '@/lib/config/key-limits';
import { defineOperation } from '@/lib/schemas/operation';
import { text, timestamp } from './common';

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    keyPrefix: z.string().describe('The first 12 characters of the key, e.g. `lgw_live_AbC`.'),
    keySuffix: z.string().nullable().describe('The last 4 characters of the key.'),
    scopes: z.array(z.string()).describe(`What the key may do: ${SCOPES.join(', ')}.`),
    rateLimitPerMinute: z.number().int(),
    isActive: z.boolean().describe('False once revoked or expired.'),
    lastUsedAt: timestamp.nullable(),
    expiresAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'ApiKey' });

export const createdApiKeySchema = apiKeySchema
  .extend({ key: z.string().describe('The full key. Shown in this response only; store it privately.') })
  .meta({ id: 'CreatedApiKey' });

export const createApiKeyOperation = defineOperation({
  method: 'POST',
  path: '/v1/operators/me/keys',
  operationId: 'createApiKey',
  summary: 'Create an API key',
  description:
    'The full key is in this response only. Only its SHA-256 is stored. An operator holds at most 50 live keys, ' +
    'its agents’ keys included (`MAX_LIVE_KEYS_PER_OPERATOR`); past that the answer is 400 `TOO_MANY_KEYS`. ' +
    'An operator whose email is not verified gets 403 `EMAIL_NOT_VERIFIED`.',
  tags: ['Operators'],
  auth: 'session',
  body: z.strictObject({
    name: text(100).trim().min(1, { message: 'Must not be empty' }).describe('A label for the key.'),
    scopes: z.array(z.enum(SCOPES)).max(SCOPES.length).optional().describe('Defaults to every scope.'),
    rateLimitPerMinute: z
      .number()
      .int()
      .min(1)
      .max(MAX_KEY_RATE_LIMIT)
      .optional()
      .describe(
        'Requests per minute. At most the account’s ceiling (6,000 unless an admin raised it; above it is 400 ' +
          '`VALIDATION_ERROR` naming the ceiling). Defaults to 600, or the ceiling when that is lower.',
      ),
    expiresAt: z.iso
      .datetime({ offset: true })
      .refine((value) => new Date(value).getTime() > Date.now(), { message: 'Must be in the future' })
      .optional()
      .describe('When the key stops working; never by default.'),
    mode: z
      .enum(['live', 'test'])
      .optional()
      .describe(
        '`test` keys use the test-mode processor. Defaults to `live` on a deployment with a live payment ' +
          'processor, to `test` on one without (test mode: no real money moves).',
      ),
  }),
  response: createdApiKeySchema,
  successStatus: 201,
  errors: ['TOO_MANY_KEYS', 'EMAIL_NOT_VERIFIED'],
});

export const listApiKeysOperation = defineOperation({
  method: 'GET',
  path: '/v1/operators/me/keys',
  operationId: 'listApiKeys',
  summary: 'The operator’s API keys (without the keys themselves)',
  tags: ['Operators'],
  auth: 'session',
  response: z.array(apiKeySchema),
});

export const revokeApiKeyOperation = defineOperation({
  method: 'DELETE',
  path: '/v1/operators/me/keys/{keyId}',
  operationId: 'revokeApiKey',
  summary: 'Revoke an API key',
  description: 'Takes effect on the next request, on every instance. Revoking twice is harmless.',
  tags: ['Operators'],
  auth: 'session',
  params: z.object({ keyId: z.uuid() }),
  response: z.object({ id: z.uuid(), revoked: z.boolean() }),
});

export const getOperatorOperation = defineOperation({
  method: 'GET',
  path: '/v1/operators/me',
  operationId: 'getOperator',
  summary: 'The operator profile',
  description: 'For an agent’s key, the profile of the operator who owns the agent.',
  tags: ['Operators'],
  auth: 'any',
  response: z
    .object({
      id: z.uuid(),
      name: z.string().nullable(),
      email: z.string(),
      userType: z.string().nullable(),
      createdAt: timestamp,
      activeKeyCount: z.number().int().describe('Keys of the operator that are neither revoked nor expired.'),
    })
    .meta({ id: 'OperatorProfile' }),
  errors: ['NOT_FOUND'],
});

export const rotateOwnKeyOperation = defineOperation({
  method: 'POST',
  path: '/v1/operators/me/keys/rotate-self',
  operationId: 'rotateOwnKey',
  summary: 'Rotate the calling API key',
  description:
    'Issues a fresh key with the same scopes and limits. The calling key keeps working until ' +
    '`previousKeyGraceUntil` (1 hour by default, `KEY_ROTATION_GRACE_SECONDS`), then is refused. ' +
    'The new key expires at the old key’s expiry, or after `ROTATED_KEY_LIFETIME_DAYS` (90) when the old key had none. ' +
    'A key rotates once: rotating it again answers 409.',
  tags: ['Operators'],
  auth: 'apiKey',
  response: z
    .object({
      id: z.uuid(),
      key: z.string().describe('The new key. Shown in this response only; store it privately.'),
      keyPrefix: z.string(),
      keySuffix: z.string().nullable(),
      expiresAt: timestamp,
      previousKeyId: z.uuid(),
      previousKeyGraceUntil: timestamp.describe('Until when the calling key still works.'),
    })
    .meta({ id: 'RotatedApiKey' }),
  successStatus: 201,
  errors: ['CONFLICT'],
});
