import type { Actor } from '@/lib/auth/actor';
import { callerOf } from '@/lib/auth/admin';
import type { AdminCaller } from './admin-caller';
import { assertAdmin } from './assert-admin';

/** The caller of an admin route as an AdminCaller (who, with what, from where), or 403 for anyone but an admin. */
export function adminOf(actor: Actor, ip: string | null, what?: string): AdminCaller {
  const caller = { ...callerOf(actor), ip };
  assertAdmin(caller, what);
  return caller;
}
