import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { phoneVerifications, users } from '@/db/schema';
import { toActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { phoneStateOf, toPublicUser } from './to-public-user';

export async function findPublicUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ user: users, pendingPhone: phoneVerifications.phone })
    .from(users)
    .leftJoin(phoneVerifications, eq(phoneVerifications.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new ApiError('UNAUTHORIZED');
  return toPublicUser(toActorUser(row.user), phoneStateOf(row.user, row.pendingPhone));
}
