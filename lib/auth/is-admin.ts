import { env } from '@/lib/env';
import type { ActorUser } from './actor';

/**
 * Admins are the users whose email is listed in ADMIN_EMAILS and verified (DESIGN §4 "Users, sessions,
 * roles"): signing up with a listed address proves nothing until the link emailed to it is opened.
 */
export function isAdmin(user: Pick<ActorUser, 'email' | 'emailVerified'>): boolean {
  return user.email !== null && user.emailVerified && env().ADMIN_EMAILS.includes(user.email);
}
