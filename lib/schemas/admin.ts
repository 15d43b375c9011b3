import { z } from 'zod';
import { MAX_KEY_RATE_LIMIT } from '@/lib/config/key-limits';
import { defineOperation } from '@/lib/schemas/operation';

export const setKeyRateLimitCeilingOperation = defineOperation({
  method: 'PUT',
  path: '/v1/admin/users/{id}/key-rate-limit-ceiling',
  operationId: 'setKeyRateLimitCeiling',
  summary: 'Set the highest rate limit an operator’s keys may have (admin)',
  description:
    'The ceiling bounds `rateLimitPerMinute` of every key the operator creates, its agents’ keys included. ' +
    '`null` returns the operator to the default (`KEY_RATE_LIMIT_CEILING`, 6,000). Keys already above the new ' +
    'ceiling are lowered to it at once. Admins only (a verified email listed in ADMIN_EMAILS); anyone else gets ' +
    '403. An unknown id, or an agent’s, is 404.',
  tags: ['Admin'],
  auth: 'session',
  params: z.object({ id: z.uuid() }),
  body: z.strictObject({
    keyRateLimitCeiling: z
      .number()
      .int()
      .min(1)
      .max(MAX_KEY_RATE_LIMIT)
      .nullable()
      .describe('Requests per minute; null for the default.'),
  }),
  response: z.object({
    id: z.uuid().describe('The operator.'),
    keyRateLimitCeiling: z.number().int().describe('The ceiling now in force.'),
    isDefault: z.boolean().describe('True when the operator follows the default ceiling.'),
    keysLowered: z.number().int().describe('Keys of the operator and its agents brought down to the new ceiling.'),
  }),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});
