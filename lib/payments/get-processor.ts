import type { Db } from '@/db/client';
import { env } from '@/lib/env';
import type { PaymentProcessor } from './processor';
import { createTestModeProcessor } from './test-mode/test-mode-processor';

/**
 * The processor for a request. Until the Stripe adapter lands this is always the built-in test mode
 * (which is also what `lgw_test_` keys will keep getting once it does).
 */
export function getProcessor(db: Db): PaymentProcessor {
  return createTestModeProcessor(db, env().SITE_URL);
}
