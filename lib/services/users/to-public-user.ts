import type { z } from 'zod';
import type { ActorUser } from '@/lib/auth/actor';
import { isAdmin } from '@/lib/auth/is-admin';
import type { userSchema } from '@/lib/schemas/users';

export type PublicUser = z.infer<typeof userSchema>;

type SerializedFields = 'id' | 'email' | 'emailVerified' | 'name' | 'type' | 'createdAt';

/** The one serializer for users: never a password hash, never another field by accident. */
export function toPublicUser(user: Pick<ActorUser, SerializedFields>): PublicUser {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.name,
    type: user.type,
    roles: isAdmin(user) ? ['admin'] : [],
    createdAt: user.createdAt.toISOString(),
  };
}
