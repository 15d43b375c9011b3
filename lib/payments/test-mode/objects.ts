import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { testProcessorObjects } from '@/db/schema';

// The test-mode processor's object store: Stripe-like ids and JSON objects in one table.
export function testObjectId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('base64url')}`;
}

export async function putTestObject(db: Executor, id: string, type: string, data: Record<string, unknown>) {
  await db
    .insert(testProcessorObjects)
    .values({ id, type, data })
    .onConflictDoUpdate({ target: testProcessorObjects.id, set: { data } });
}

export async function getTestObject<T extends Record<string, unknown>>(db: Executor, id: string, type: string) {
  const [row] = await db.select().from(testProcessorObjects).where(eq(testProcessorObjects.id, id)).limit(1);
  return row && row.type === type ? (row.data as T) : undefined;
}
