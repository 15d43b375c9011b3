import { env } from '@/lib/env';
import type { ActorUser } from './actor';

/** Admins are the users whose email is listed in ADMIN_EMAILS (DESIGN §4 "Users, sessions, roles"). */
export function isAdmin(user: Pick<ActorUser, 'email'>): boolean {
  return user.email !== null && env().ADMIN_EMAILS.includes(user.email);
}
