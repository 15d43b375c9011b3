import type { Db } from '@/db/client';
import { assertEmailVerified } from '@/lib/services/users/assert-email-verified';
import { type CreateApiKeyInput, issueApiKey } from './issue-api-key';

export async function createApiKey(db: Db, operatorId: string, input: CreateApiKeyInput) {
  return db.transaction(async (tx) => {
    await assertEmailVerified(tx, operatorId);
    return issueApiKey(tx, { operatorId, userId: operatorId }, input);
  });
}
