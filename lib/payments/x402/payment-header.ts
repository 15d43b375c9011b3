import { z } from 'zod';
import { X402Rejection } from './rejection';

// Reading the payment a client sent: `X-PAYMENT` (x402 v1) or `PAYMENT-SIGNATURE` (x402 v2), each the
// base64 of a JSON PaymentPayload. Decoded strictly: a size cap, canonical base64, UTF-8, a zod shape.

export const MAX_PAYMENT_HEADER_BYTES = 8 * 1024;

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an EVM address');
// uint256 as a decimal string, without leading zeros.
const uint256 = z.string().regex(/^(0|[1-9][0-9]{0,77})$/, 'a decimal integer');

const exactEvmPayload = z.object({
  // 65 bytes for an EOA; longer (ERC-1271/6492) signatures are refused by the offline check.
  signature: z
    .string()
    .max(4096)
    .regex(/^0x([0-9a-fA-F]{2})+$/, 'a hex signature'),
  authorization: z.object({
    from: address,
    to: address,
    value: uint256,
    validAfter: uint256,
    validBefore: uint256,
    nonce: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'a bytes32 hex nonce'),
  }),
});

const paymentPayloadV1 = z.object({
  x402Version: z.literal(1),
  scheme: z.string().max(64),
  network: z.string().max(64),
  payload: exactEvmPayload,
});

const paymentPayloadV2 = z.object({
  x402Version: z.literal(2),
  // Kept whole (unknown keys too): it must deep-equal the requirements we issued.
  accepted: z.looseObject({
    scheme: z.string().max(64),
    network: z.string().max(64),
    amount: uint256,
    asset: z.string().max(256),
    payTo: z.string().max(256),
    maxTimeoutSeconds: z.number(),
    extra: z.record(z.string(), z.unknown()).optional(),
  }),
  resource: z.looseObject({ url: z.string().max(2048) }).optional(),
  payload: exactEvmPayload,
  extensions: z.record(z.string(), z.unknown()).optional(),
});

export type X402PaymentPayloadV1 = z.infer<typeof paymentPayloadV1>;
export type X402PaymentPayloadV2 = z.infer<typeof paymentPayloadV2>;
export type X402Authorization = X402PaymentPayloadV1['payload']['authorization'];

export type X402PaymentHeader =
  | { version: 1; header: 'X-PAYMENT'; payload: X402PaymentPayloadV1 }
  | { version: 2; header: 'PAYMENT-SIGNATURE'; payload: X402PaymentPayloadV2 };

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The x402 payment the request carries, or null when it carries none. A header that is present but
 * malformed (too large, not base64, not JSON, wrong shape, wrong version for its header) is an
 * X402Rejection, as is sending both headers at once.
 */
export function readX402Payment(request: Request): X402PaymentHeader | null {
  const v1 = request.headers.get('x-payment');
  const v2 = request.headers.get('payment-signature');
  if (v1 !== null && v2 !== null) {
    throw new X402Rejection(
      'invalid_payload',
      'Send one payment: either X-Payment (x402 v1) or PAYMENT-SIGNATURE (v2).',
    );
  }
  if (v1 !== null) return { version: 1, header: 'X-PAYMENT', payload: decode(v1, 'X-Payment', 1, paymentPayloadV1) };
  if (v2 !== null) {
    return { version: 2, header: 'PAYMENT-SIGNATURE', payload: decode(v2, 'PAYMENT-SIGNATURE', 2, paymentPayloadV2) };
  }
  return null;
}

function decode<T>(value: string, name: string, version: 1 | 2, schema: z.ZodType<T>): T {
  const text = value.trim();
  if (text.length > MAX_PAYMENT_HEADER_BYTES) {
    throw new X402Rejection('invalid_payload', `The ${name} header is larger than ${MAX_PAYMENT_HEADER_BYTES} bytes.`);
  }
  if (text.length === 0 || !BASE64.test(text)) {
    throw new X402Rejection('invalid_payload', `The ${name} header is not base64.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(text, 'base64')));
  } catch {
    throw new X402Rejection('invalid_payload', `The ${name} header is not base64-encoded JSON.`);
  }
  const declared = (json as { x402Version?: unknown } | null)?.x402Version;
  if (typeof json !== 'object' || json === null || declared !== version) {
    throw new X402Rejection(
      'invalid_x402_version',
      `The ${name} header carries x402Version ${JSON.stringify(declared ?? null)}; it takes x402Version ${version}.`,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'payload';
    throw new X402Rejection(
      'invalid_payload',
      `The ${name} payment payload is malformed at ${where}: ${issue?.message}.`,
    );
  }
  return parsed.data;
}
