import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { resetEnvCache } from '@/lib/env';

const stripe = new Stripe('sk_test_dummy');

/** Sets STRIPE_WEBHOOK_SECRET to a fresh secret for this test file and restores it afterwards. */
export function withWebhookSecret(): string {
  const secret = `whsec_test_${crypto.randomUUID().replaceAll('-', '')}`;
  let previous: string | undefined;
  beforeAll(() => {
    previous = process.env.STRIPE_WEBHOOK_SECRET;
    process.env.STRIPE_WEBHOOK_SECRET = secret;
    resetEnvCache();
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;
    else process.env.STRIPE_WEBHOOK_SECRET = previous;
    resetEnvCache();
  });
  return secret;
}

/** A `Stripe-Signature` header made by Stripe's own library. */
export function stripeSignature(
  payload: string,
  secret: string,
  options: { timestamp?: number; scheme?: string } = {},
) {
  return stripe.webhooks.generateTestHeaderString({ payload, secret, ...options });
}
