import { eq, or } from 'drizzle-orm';
import { users } from '@/db/schema';

/**
 * SQL for "this user belongs to the account": the account's own user (an operator, or a lone user) or one of
 * the agents it owns. Per-account caps (live keys, upload quota) count over these rows.
 */
export const inAccount = (accountId: string) => or(eq(users.id, accountId), eq(users.ownerId, accountId));
