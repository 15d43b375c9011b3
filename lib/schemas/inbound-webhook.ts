import { z } from 'zod';
import type { ErrorCode } from '@/lib/errors/api-error';

/**
 * What every inbound provider webhook shares (DESIGN §5, inbound webhooks): no credential but the provider's
 * signature over the raw bytes (1 MB cap), no rate limit or Idempotency-Key (the event id de-duplicates), and
 * the spec rows' bare `200 {received, duplicate?}` with no `{data}` wrapper.
 */
export const inboundWebhook = {
  method: 'POST',
  auth: 'none',
  rateLimit: 'none',
  idempotent: false,
  rawBody: true,
  envelope: false,
  response: z.object({
    received: z.boolean().describe('True when the event was accepted (including a repeat).'),
    duplicate: z.boolean().optional().describe('True when this event id had already been applied.'),
  }),
  errors: ['INVALID_SIGNATURE', 'VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE', 'WEBHOOK_NOT_CONFIGURED'] as ErrorCode[],
} as const;
