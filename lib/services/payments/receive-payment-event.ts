import type { Db } from '@/db/client';
import { ApiError, validationError } from '@/lib/api/errors';
import { env } from '@/lib/env';
import { handleProcessorEvent } from '@/lib/payments/events/handle-processor-event';
import { processorEventSchema } from '@/lib/payments/events/processor-event';
import { verifyStripeSignature } from '@/lib/payments/stripe/verify-signature';

/** A Stripe webhook delivery: signature first (on the exact bytes), then the event, applied once. */
export async function receivePaymentEvent(db: Db, rawBody: string, signatureHeader: string | null) {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new ApiError('WEBHOOK_NOT_CONFIGURED');
  verifyStripeSignature(rawBody, signatureHeader, secret);

  let payload: unknown;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    throw validationError([{ path: [], message: 'Malformed JSON' }]);
  }
  const parsed = processorEventSchema.safeParse(payload);
  if (!parsed.success) {
    throw validationError(
      parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
    );
  }
  const { received, duplicate } = await handleProcessorEvent(db, parsed.data);
  return duplicate ? { received, duplicate } : { received };
}
