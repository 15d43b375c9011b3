import type { Db, Executor } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import type { ApiKeyMode } from '@/lib/auth/api-key-format';
import { env } from '@/lib/env';
import type { PaymentProcessor } from './processor';
import { createStripeProcessor } from './stripe/stripe-processor';
import { createTestModeProcessor } from './test-mode/test-mode-processor';

let stripe: { key: string; processor: PaymentProcessor } | undefined;

function stripeProcessor(secretKey: string): PaymentProcessor {
  if (stripe?.key !== secretKey) {
    stripe = { key: secretKey, processor: createStripeProcessor({ secretKey }) };
  }
  return stripe.processor;
}

/**
 * The processor for a caller: Stripe when STRIPE_SECRET_KEY is set, except for `lgw_test_` API keys, which
 * always get the built-in test mode (as does everyone when no Stripe key is configured).
 */
export function getProcessor(db: Db, actor?: Actor): PaymentProcessor {
  const { STRIPE_SECRET_KEY, SITE_URL } = env();
  const testKey = actor?.kind === 'apiKey' && actor.apiKey.mode === 'test';
  if (!STRIPE_SECRET_KEY || testKey) return createTestModeProcessor(db, SITE_URL);
  return stripeProcessor(STRIPE_SECRET_KEY);
}

/**
 * The mode a caller works in, as getProcessor decides it without building a processor: test for `lgw_test_`
 * keys, else the deployment's (live only with a live Stripe key). A live caller never sees test-mode tasks.
 */
export function callerLivemode(actor?: Actor): boolean {
  const { STRIPE_SECRET_KEY } = env();
  const testKey = actor?.kind === 'apiKey' && actor.apiKey.mode === 'test';
  if (!STRIPE_SECRET_KEY || testKey) return false;
  return stripeProcessor(STRIPE_SECRET_KEY).livemode;
}

/**
 * Whether real money can move here: a live Stripe key is configured. Without one (no key, or an `sk_test_`
 * key) every page shows the test-mode banner and new keys default to `test`.
 */
export function deploymentLivemode(): boolean {
  return callerLivemode();
}

/** The mode of a new API key when none is asked for: `live` only where real money can move. */
export function defaultKeyMode(): ApiKeyMode {
  return deploymentLivemode() ? 'live' : 'test';
}

/** The deployment's processor, for the health check: its name and reachability probe. */
export function configuredProcessor(): Pick<PaymentProcessor, 'name' | 'probe'> {
  const { STRIPE_SECRET_KEY } = env();
  if (STRIPE_SECRET_KEY) return stripeProcessor(STRIPE_SECRET_KEY);
  return { name: 'test-mode', probe: async () => {} };
}

/** The processor that holds a task's money: test mode for test-mode tasks, else the configured one. */
export function processorForTask(db: Executor, task: { livemode: boolean }): PaymentProcessor {
  const { STRIPE_SECRET_KEY, SITE_URL } = env();
  if (!task.livemode || !STRIPE_SECRET_KEY) return createTestModeProcessor(db, SITE_URL);
  return stripeProcessor(STRIPE_SECRET_KEY);
}
