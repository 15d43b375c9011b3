import { errorTable } from '@/lib/errors/api-error';
import {
  type PaymentRequiredOptions,
  toV2PaymentRequired,
  X402_PAYMENT_HINT,
  type X402Requirements,
} from '@/lib/payments/x402/requirements';
import { rawReply } from './outcome';

// x402 v1 fields in the body and the v2 PaymentRequired in the `PAYMENT-REQUIRED` header; MPP's challenge, when
// offered, in `WWW-Authenticate` (a 402 carrying one must not be cached: it is this caller's, for a few minutes).
export function paymentRequiredReply(
  requirements: X402Requirements,
  options: PaymentRequiredOptions = {},
  mppChallenge?: string,
) {
  const code = options.code ?? 'PAYMENT_REQUIRED';
  const message = options.message ?? errorTable[code].message;
  const body = {
    error: {
      code,
      message,
      hint: options.hint ?? X402_PAYMENT_HINT,
      ...(options.reason ? { details: { reason: options.reason, ...options.details } } : {}),
    },
    x402Version: 1 as const,
    accepts: [requirements],
  };
  const header = Buffer.from(JSON.stringify(toV2PaymentRequired(requirements, message))).toString('base64');
  const headers: Record<string, string> = { 'PAYMENT-REQUIRED': header };
  if (mppChallenge) Object.assign(headers, { 'WWW-Authenticate': mppChallenge, 'Cache-Control': 'no-store' });
  return rawReply(402, body, headers);
}
