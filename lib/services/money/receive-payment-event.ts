import type { Db } from '@/db/client';
import { env } from '@/lib/env';
import { ApiError, validationError } from '@/lib/errors/api-error';
import { handleProcessorEvent } from '@/lib/payments/events/handle-processor-event';
import { type ProcessorEvent, processorEventSchema } from '@/lib/payments/events/processor-event';
import { getProcessor } from '@/lib/payments/get-processor';
import { verifyStripeSignature } from '@/lib/payments/stripe/verify-signature';

/** Signature first, on the exact bytes. */
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
  const { received, duplicate } = await handleProcessorEvent(db, await withPaymentMethod(db, parsed.data));
  return duplicate ? { received, duplicate } : { received };
}

// `setup_intent.succeeded` names the saved card by id only; re-read it so brand, last4 and expiry can be stored.
async function withPaymentMethod(db: Db, event: ProcessorEvent): Promise<ProcessorEvent> {
  const method = event.data.object.payment_method;
  if (event.type !== 'setup_intent.succeeded' || typeof method !== 'string' || !env().STRIPE_SECRET_KEY) return event;
  const { id, card } = await getProcessor(db).getPaymentMethod(method);
  const expanded = {
    id,
    card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
  };
  return { ...event, data: { object: { ...event.data.object, payment_method: expanded } } };
}
