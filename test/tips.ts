import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { POST as tipRoute } from '@/app/v1/tasks/[id]/tip/route';
import { getDatabase } from '@/db/client';
import { tips } from '@/db/schema';
import { call } from './http';

// Tip fixtures: POST /v1/tasks/{id}/tip as a caller, and the task's stored tips.

export type TipCall = { key?: string | null; headers?: Record<string, string>; body?: unknown };

/** Tips `amountCents` (or sends `body`) with a fresh Idempotency-Key unless one is given (null: none). */
export function tipTask(taskId: string, token: string, amountCents: number, options: TipCall = {}) {
  const key = options.key === undefined ? randomUUID() : options.key;
  return call(tipRoute, `/v1/tasks/${taskId}/tip`, {
    params: { id: taskId },
    token,
    body: options.body ?? { amountCents },
    headers: { ...(key ? { 'Idempotency-Key': key } : {}), ...options.headers },
  });
}

/** The task's tips, oldest first. */
export async function tipRows(taskId: string) {
  const { db } = await getDatabase();
  return db.select().from(tips).where(eq(tips.taskId, taskId)).orderBy(asc(tips.createdAt), asc(tips.id));
}
