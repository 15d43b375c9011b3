import type { Actor } from '@/lib/auth/actor';
import { callerOf } from '@/lib/auth/admin';
import type { AdminCaller } from './admin-caller';
import { assertAdmin } from './assert-admin';

// The pipeline has already refused anyone else; this asserts it again for the type's sake.
export function adminOf(actor: Actor, ip: string | null): AdminCaller {
  const caller = { ...callerOf(actor), ip };
  assertAdmin(caller);
  return caller;
}
