import type { Db } from '@/db/client';
import { deploymentLivemode } from '@/lib/payments/get-processor';
import { type CreateApiKeyInput, issueApiKey } from './issue-api-key';

/**
 * An operator's own new key (POST /v1/operators/me/keys and the dashboard). Without a `mode` it is `live`
 * only where real money can move (a live Stripe key); on a test-mode deployment it is `test`.
 */
export async function createApiKey(db: Db, operatorId: string, input: CreateApiKeyInput) {
  const mode = input.mode ?? (deploymentLivemode() ? 'live' : 'test');
  return db.transaction((tx) => issueApiKey(tx, { operatorId, userId: operatorId }, { ...input, mode }));
}
