import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { type IntakeConversation, intakeConversations } from '@/db/schema';
import type { Caller } from '@/lib/auth/admin';
import { assertAdmin } from '@/lib/services/admin/assert-admin';
import { toIntakeConversation } from './to-intake-conversation';

export type ListIntakeConversations = {
  admin: Caller;
  status?: IntakeConversation['status'];
  cursor?: string;
  limit: number;
};

// Ordered by a time that changes: a conversation messaged while an admin pages may show on a later page again
// or not at all until the list is read from the start.
export async function listIntakeConversations(db: Executor, { admin, status, cursor, limit }: ListIntakeConversations) {
  assertAdmin(admin, 'use the SMS intake');
  const after = cursor ? decodeCursor(cursor) : undefined;
  const rows = await db
    .select({ conversation: intakeConversations, cursorAt: cursorAt(intakeConversations.lastMessageAt) })
    .from(intakeConversations)
    .where(
      and(
        status ? eq(intakeConversations.status, status) : undefined,
        beforeCursor(intakeConversations.lastMessageAt, intakeConversations.id, after),
      ),
    )
    .orderBy(desc(intakeConversations.lastMessageAt), desc(intakeConversations.id))
    .limit(limit + 1);
  const { shown, nextCursor } = pageOf(rows, limit, (last) => ({ cursorAt: last.cursorAt, id: last.conversation.id }));
  return { data: shown.map((row) => toIntakeConversation(row.conversation)), nextCursor };
}
