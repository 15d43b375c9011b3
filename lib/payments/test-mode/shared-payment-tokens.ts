import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { testProcessorObjects } from '@/db/schema';
import type { SharedTokenOutcome } from '../processor';
import { getTestObject, putTestObject, testObjectId } from './objects';

// Test-mode Shared Payment Tokens: what Stripe's SharedPaymentGrantedToken says of a token (its usage limits and
// the seller it is granted to), minted by a person on /test-processor/shared-payment-tokens or by a test.
export type TestSharedPaymentToken = {
  max_amount: number;
  currency: 'usd';
  expires_at: number;
  network_id: string;
  used_at: string | null;
  payment_intent: string | null;
};

export type TokenState = 'unused' | 'used' | 'expired';

export async function mintTestSharedPaymentToken(
  db: Executor,
  input: { maxAmountCents: number; networkId: string; expiresAt: Date },
): Promise<string> {
  // Alphanumeric like Stripe's ids (base64url's `-` is not in an SPT id).
  const id = `spt_test_${randomBytes(12).toString('hex')}`;
  const token: TestSharedPaymentToken = {
    max_amount: input.maxAmountCents,
    currency: 'usd',
    expires_at: Math.floor(input.expiresAt.getTime() / 1000),
    network_id: input.networkId,
    used_at: null,
    payment_intent: null,
  };
  await putTestObject(db, id, 'shared_payment_token', token);
  return id;
}

export const tokenState = (token: TestSharedPaymentToken, now = new Date()): TokenState =>
  token.used_at ? 'used' : token.expires_at * 1000 <= now.getTime() ? 'expired' : 'unused';

export async function listTestSharedPaymentTokens(db: Executor, limit = 50) {
  const rows = await db
    .select()
    .from(testProcessorObjects)
    .where(eq(testProcessorObjects.type, 'shared_payment_token'))
    .orderBy(desc(testProcessorObjects.createdAt))
    .limit(limit);
  return rows.map((row) => {
    const token = row.data as TestSharedPaymentToken;
    return { id: row.id, ...token, state: tokenState(token), createdAt: row.createdAt };
  });
}

/** Stripe's checks at PaymentIntent confirmation, in its order: the token, its seller, use, expiry, amount. */
export async function chargeTestSharedPaymentToken(
  db: Executor,
  input: { token: string; networkId: string; amountCents: number; transferGroup: string },
): Promise<SharedTokenOutcome> {
  const token = await getTestObject<TestSharedPaymentToken>(db, input.token, 'shared_payment_token');
  if (!token) return { status: 'refused', refusal: 'unknown', message: 'No such shared payment token.' };
  if (token.network_id !== input.networkId) {
    return {
      status: 'refused',
      refusal: 'other_seller',
      message: 'This shared payment token is granted to another seller.',
    };
  }
  const state = tokenState(token);
  if (state === 'used')
    return { status: 'refused', refusal: 'used', message: 'This shared payment token was already used.' };
  if (state === 'expired')
    return { status: 'refused', refusal: 'expired', message: 'This shared payment token has expired.' };
  if (token.max_amount < input.amountCents) {
    const message = `This shared payment token allows at most ${token.max_amount} cents.`;
    return { status: 'refused', refusal: 'insufficient', message };
  }
  const processorId = testObjectId('pi');
  await putTestObject(db, processorId, 'payment_intent', {
    amount: input.amountCents,
    status: 'succeeded',
    transferGroup: input.transferGroup,
    shared_payment_granted_token: input.token,
  });
  await putTestObject(db, input.token, 'shared_payment_token', {
    ...token,
    used_at: new Date().toISOString(),
    payment_intent: processorId,
  });
  return { status: 'succeeded', processorId };
}
