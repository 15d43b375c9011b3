import { base64url } from './canonical-json';

/** The `Payment-Receipt` header of a paid answer: base64url JSON, the PaymentIntent as `reference`. */
export function paymentReceiptHeaders(input: { reference: string; externalId?: string; at?: Date }) {
  const receipt = {
    method: 'stripe',
    reference: input.reference,
    status: 'success',
    timestamp: (input.at ?? new Date()).toISOString(),
    ...(input.externalId ? { externalId: input.externalId } : {}),
  };
  return { 'Payment-Receipt': base64url(JSON.stringify(receipt)) };
}
