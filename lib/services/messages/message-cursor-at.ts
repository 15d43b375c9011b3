import { sql } from 'drizzle-orm';
import { taskMessages } from '@/db/schema';

export const messageCursorAt = sql<string>`to_char(${taskMessages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
