import { getDatabase } from '@/db/client';
import { mppConfig } from '@/lib/payments/mpp/config';
import { mintTestSharedPaymentToken } from '@/lib/payments/test-mode/shared-payment-tokens';

/** The parameters of a `WWW-Authenticate: Payment …` challenge, as a client parses them. */
export function parseChallenge(header: string | null): Record<string, string> {
  if (!header?.startsWith('Payment ')) throw new Error(`not a Payment challenge: ${header}`);
  return Object.fromEntries([...header.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k, v ?? '']));
}

export const decodeB64urlJson = (value: string) => JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));

/** `Payment <base64url>`: the challenge echoed with an SPT as the payload (draft-stripe-charge). */
export function paymentCredential(challenge: Record<string, string>, spt: string, externalId?: string) {
  const { id, realm, method, intent, request, expires, opaque, description } = challenge;
  const credential = {
    challenge: { id, realm, method, intent, request, expires, opaque, description },
    payload: { spt, ...(externalId ? { externalId } : {}) },
  };
  return `Payment ${Buffer.from(JSON.stringify(credential)).toString('base64url')}`;
}

/** A test-mode SPT as a person mints it on /test-processor/shared-payment-tokens. */
export async function mintToken(
  options: { maxAmountCents: number; networkId?: string; expiresInSeconds?: number } = { maxAmountCents: 10_000 },
) {
  const { db } = await getDatabase();
  return mintTestSharedPaymentToken(db, {
    maxAmountCents: options.maxAmountCents,
    networkId: options.networkId ?? mppConfig().networkId,
    expiresAt: new Date(Date.now() + (options.expiresInSeconds ?? 3600) * 1000),
  });
}
