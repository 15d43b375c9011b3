import type { Feedback } from '@/db/schema';

/** Without who sent it (the admin list adds `from`). */
export function toFeedback(row: Feedback) {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    rating: row.rating,
    taskId: row.taskId,
    createdAt: row.createdAt.toISOString(),
  };
}
