import type { Db } from '@/db/client';
import { assertEmailVerified } from '@/lib/services/users/assert-email-verified';
import { type CreateApiKeyInput, issueApiKey } from './issue-api-key';

/**
 * An operator's own new key (POST /v1/operators/me/keys and the dashboard); its default mode is issue-api-key's.
 * Refused (403 EMAIL_NOT_VERIFIED, no row) until the operator's email is verified.
 */
export async function createApiKey(db: Db, operatorId: string, input: CreateApiKeyInput) {
  return db.transaction(async (tx) => {
    await assertEmailVerified(tx, operatorId);
    return issueApiKey(tx, { operatorId, userId: operatorId }, input);
  });
}
