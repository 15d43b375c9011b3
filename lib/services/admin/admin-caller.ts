import type { Caller } from '@/lib/auth/admin';

/** All three go into the audit log. */
export type AdminCaller = Caller & { ip: string | null };
