import type { Caller } from '@/lib/auth/admin';

/** An admin acting: who, with which credential, and from which address (all three go into the audit log). */
export type AdminCaller = Caller & { ip: string | null };
