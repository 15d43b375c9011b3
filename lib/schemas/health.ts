import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';

export const healthOperation = defineOperation({
  method: 'GET',
  path: '/v1/health',
  operationId: 'getHealth',
  summary: 'Liveness',
  description:
    'Answers without touching any dependency. The body is bare (no `data` envelope). 503 `SERVICE_UNAVAILABLE` ' +
    'while the instance shuts down, so a load balancer sends requests elsewhere.',
  tags: ['Health'],
  auth: 'none',
  rateLimit: 'none',
  usesDatabase: false,
  envelope: false,
  response: z.object({ status: z.literal('ok') }),
  errors: ['SERVICE_UNAVAILABLE'],
});

const checkSchema = z.object({
  name: z
    .enum(['database', 'paymentProcessor', 'webhookUrls', 'x402'])
    .describe(
      'The dependency checked; `webhookUrls` reports whether outbound webhooks may reach private addresses, `x402` ' +
        'whether x402 (USDC) payments can be taken and how they settle (down: disabled).',
    ),
  status: z.enum(['up', 'down']),
  required: z.boolean().describe('A required dependency that is down makes the answer 503.'),
  latencyMs: z.number().describe('Time the check took (0 when served from cache).'),
  detail: z.string().optional().describe('Driver or processor name, or why the check failed.'),
  cached: z.boolean().optional().describe('True when the result comes from the 30-second cache.'),
});

const deepHealthSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    checks: z.array(checkSchema),
    checkedAt: z.string(),
  })
  .meta({ id: 'DeepHealth' });

export const deepHealthOperation = defineOperation({
  method: 'GET',
  path: '/v1/health/deep',
  operationId: 'getDeepHealth',
  summary: 'Readiness: database and payment processor',
  description:
    'Checks the database (timed, 2 s timeout) and the payment processor (cached 30 s). 503 when a required ' +
    'dependency is down, or `unavailable` while the instance shuts down.',
  tags: ['Health'],
  auth: 'none',
  rateLimit: 'none',
  usesDatabase: false,
  response: deepHealthSchema,
  otherResponses: {
    503: { description: 'A required dependency is down, or the instance is shutting down.', schema: deepHealthSchema },
  },
});

export type DeepHealth = z.infer<typeof deepHealthSchema>;
