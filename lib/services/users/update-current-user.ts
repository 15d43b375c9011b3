import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import { toActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { toPublicUser } from './to-public-user';

/** Changes the signed-in human's own fields; an omitted field stays as it is. */
export async function updateCurrentUser(db: DbOrTx, userId: string, input: { name?: string | null }) {
  const [user] = await db
    .update(users)
    .set(input.name === undefined ? { id: userId } : { name: input.name })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new ApiError('UNAUTHORIZED');
  return toPublicUser(toActorUser(user));
}
