import { z } from 'zod';
import { MppRejection } from './rejection';

const MAX_CREDENTIAL_BYTES = 8 * 1024;
const B64URL = /^[A-Za-z0-9_-]+$/;

const credentialSchema = z.object({
  challenge: z.object({
    id: z.string().min(1).max(200),
    realm: z.string().min(1).max(300),
    method: z.string().min(1).max(50),
    intent: z.string().min(1).max(50),
    request: z.string().regex(B64URL).max(4000),
    expires: z.string().max(40).optional(),
    opaque: z.string().regex(B64URL).max(2000).optional(),
    description: z.string().max(500).optional(),
    digest: z.string().max(200).optional(),
  }),
  source: z.string().max(300).optional(),
  payload: z.object({
    spt: z.string().regex(/^spt_[A-Za-z0-9_]{1,200}$/, { message: 'must be a Shared Payment Token id (spt_…)' }),
    externalId: z.string().max(200).optional(),
  }),
});

export type MppCredential = z.infer<typeof credentialSchema>;

/**
 * The `Payment` credential of an `Authorization` header, which may list it after the API key
 * (`Bearer lgw_…, Payment eyJ…`, docs/payments.md "Two credentials in one header"). Null when there is none; a
 * malformed one is an MppRejection (`malformed-credential`), so the answer is a 402 with a fresh challenge.
 */
export function readMppCredential(authorization: string | null): MppCredential | null {
  const part = paymentPartOf(authorization);
  if (part === null) return null;
  const malformed = (message: string) => new MppRejection('malformed-credential', message);
  if (part.length > MAX_CREDENTIAL_BYTES) throw malformed('The Payment credential is over 8 KB');
  if (!B64URL.test(part)) throw malformed('The Payment credential is not base64url without padding');
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw malformed('The Payment credential is not base64url-encoded JSON');
  }
  const parsed = credentialSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw malformed(`The Payment credential is malformed at ${issue?.path.join('.') || 'its root'}: ${issue?.message}`);
  }
  return parsed.data;
}

const PAYMENT = /^Payment(?: +(\S*))? *$/i;

export function paymentPartOf(authorization: string | null): string | null {
  if (!authorization) return null;
  for (const part of authorization.split(',')) {
    const match = PAYMENT.exec(part.trim());
    if (match) return match[1] ?? '';
  }
  return null;
}
