import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';

/** A human who claimed a task by email alone has none yet. */
export async function hasPassword(db: Executor, userId: string): Promise<boolean> {
  const [account] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return Boolean(account?.passwordHash);
}
