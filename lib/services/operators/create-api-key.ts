import type { Db } from '@/db/client';
import { type CreateApiKeyInput, issueApiKey } from './issue-api-key';

/** An operator's own new key (POST /v1/operators/me/keys and the dashboard); its default mode is issue-api-key's. */
export async function createApiKey(db: Db, operatorId: string, input: CreateApiKeyInput) {
  return db.transaction((tx) => issueApiKey(tx, { operatorId, userId: operatorId }, input));
}
