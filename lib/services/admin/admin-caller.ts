import type { ActorUser } from '@/lib/auth/actor';

/** An admin acting, and the address the request came from (stored in the audit log). */
export type AdminCaller = { user: ActorUser; ip: string | null };
