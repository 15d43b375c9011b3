import { eq, or } from 'drizzle-orm';
import { users } from '@/db/schema';

// The account's own user or one of its agents: per-account caps (live keys, upload quota) count over these rows.
export const inAccount = (accountId: string) => or(eq(users.id, accountId), eq(users.ownerId, accountId));
