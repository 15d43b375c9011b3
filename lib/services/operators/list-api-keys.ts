import { desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { toApiKeyResource } from './to-api-key-resource';

export async function listApiKeys(db: Executor, userId: string) {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
  const now = new Date();
  return rows.map((row) => toApiKeyResource(row, now));
}
