import { type Actor, userOf } from '@/lib/auth/actor';
import type { AdminCaller } from './admin-caller';
import { assertAdmin } from './assert-admin';

/** The caller of an admin route as an AdminCaller (who and from where), or 403 for anyone but an admin. */
export function adminOf(actor: Actor, ip: string | null, what?: string): AdminCaller {
  const user = userOf(actor);
  assertAdmin(user, what);
  return { user, ip };
}
