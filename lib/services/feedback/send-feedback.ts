import type { Database } from '@/db/client';
import { feedback } from '@/db/schema';
import { FEEDBACK_PER_USER } from '@/lib/auth/account-limits';
import { countHit, secondsUntilReset } from '@/lib/auth/rate-counter';
import { ApiError } from '@/lib/errors/api-error';
import type { SendFeedbackBody } from '@/lib/schemas/feedback';
import { loadTaskAccess } from '@/lib/services/tasks/load-task-access';
import type { ViewerMode } from '@/lib/services/tasks/read-task-access';
import { toFeedback } from './to-feedback';

export type SendFeedbackOptions = SendFeedbackBody & {
  /** An agent's own user for an API key: every key of an agent counts as the agent. */
  userId: string;
  apiKeyId: string | null;
  /** So a task of the other mode is not found. */
  livemode: ViewerMode;
};

// A foreign `taskId` is 404 like any foreign task, so the answer never tells whether it exists.
export async function sendFeedback(database: Database, options: SendFeedbackOptions) {
  const { userId, apiKeyId, livemode, kind, message, taskId, rating } = options;
  if (taskId) await loadTaskAccess(database.db, { taskId, userId, livemode });
  await countFeedback(database, userId);
  const [row] = await database.db
    .insert(feedback)
    .values({ userId, apiKeyId, kind, message, taskId: taskId ?? null, rating: rating ?? null })
    .returning();
  if (!row) throw new Error('feedback insert returned no row');
  return toFeedback(row);
}

async function countFeedback(database: Database, userId: string) {
  const { limit, windowSeconds } = FEEDBACK_PER_USER;
  const rate = await countHit(database, `feedback:${userId}`, windowSeconds);
  if (rate.count <= limit) return;
  const retryAfter = secondsUntilReset(rate);
  throw new ApiError('RATE_LIMIT_EXCEEDED', {
    hint: `At most ${limit} feedback messages an hour. Wait for \`Retry-After\` seconds, then send it again.`,
    details: { retryAfter, limit, windowSeconds },
    headers: { 'Retry-After': String(retryAfter) },
  });
}
