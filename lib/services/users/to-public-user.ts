import type { z } from 'zod';
import type { User } from '@/db/schema';
import type { ActorPhones, ActorUser } from '@/lib/auth/actor';
import { hasAdminRole } from '@/lib/auth/admin';
import type { userSchema } from '@/lib/schemas/users';

export type PublicUser = z.infer<typeof userSchema>;

type SerializedFields = 'id' | 'email' | 'emailVerified' | 'name' | 'type' | 'createdAt';

export type PhoneState = ActorPhones;

export const NO_PHONE: PhoneState = { phone: null, phoneVerified: false, pendingPhone: null };

export function phoneStateOf(row: Pick<User, 'phone' | 'phoneVerifiedAt'>, pendingPhone: string | null): PhoneState {
  const verified = row.phone !== null && row.phoneVerifiedAt !== null;
  return { phone: verified ? row.phone : null, phoneVerified: verified, pendingPhone };
}

/** The one serializer: never a password hash, never another field by accident. */
export function toPublicUser(user: Pick<ActorUser, SerializedFields>, phone: PhoneState): PublicUser {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.name,
    type: user.type,
    roles: hasAdminRole(user) ? ['admin'] : [],
    phone: phone.phone,
    phoneVerified: phone.phoneVerified,
    pendingPhone: phone.pendingPhone,
    createdAt: user.createdAt.toISOString(),
  };
}
