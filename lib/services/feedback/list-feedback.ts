import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { type Feedback, feedback, users } from '@/db/schema';
import type { Caller } from '@/lib/auth/admin';
import { assertAdmin } from '@/lib/services/admin/assert-admin';
import { toFeedback } from './to-feedback';

export type ListFeedbackOptions = {
  admin: Caller;
  kind?: Feedback['kind'];
  cursor?: string;
  limit?: number;
};

export async function listFeedback(db: Executor, { admin, kind, cursor, limit = 20 }: ListFeedbackOptions) {
  assertAdmin(admin, 'read feedback');
  const after = cursor ? decodeCursor(cursor) : undefined;
  const rows = await db
    .select({
      feedback,
      cursorAt: cursorAt(feedback.createdAt),
      from: { email: users.email, name: users.name, type: users.type },
    })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(and(kind ? eq(feedback.kind, kind) : undefined, beforeCursor(feedback.createdAt, feedback.id, after)))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(limit + 1);
  const { shown, nextCursor } = pageOf(rows, limit, (last) => ({ cursorAt: last.cursorAt, id: last.feedback.id }));
  const data = shown.map(({ feedback: row, from }) => ({
    ...toFeedback(row),
    from: { userId: row.userId, ...from, apiKeyId: row.apiKeyId },
  }));
  return { data, nextCursor };
}
