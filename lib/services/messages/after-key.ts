import { type SQL, sql } from 'drizzle-orm';
import { taskMessages } from '@/db/schema';
import type { MessageKey } from './message-key';

export function afterKey(key: MessageKey | undefined): SQL | undefined {
  return key
    ? sql`(${taskMessages.createdAt}, ${taskMessages.id}) > (${key.cursorAt}::timestamptz, ${key.id}::uuid)`
    : undefined;
}
