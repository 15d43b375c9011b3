import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword } from '@/lib/auth/passwords';

export type SetInitialPasswordOptions = { userId: string; password: string };

export async function setInitialPassword(
  db: Executor,
  { userId, password }: SetInitialPasswordOptions,
): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const updated = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return updated.length > 0;
}
