import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { apiKeys } from '@/db/schema';

/** On the database clock. */
export const activeKey = () =>
  and(
    isNull(apiKeys.revokedAt),
    eq(apiKeys.parked, false),
    or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
  );
