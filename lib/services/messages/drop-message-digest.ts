import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { messageDigests } from '@/db/schema';

/** The reader has seen the thread: its batched notification, if one waits, is not sent. */
export async function dropMessageDigest(db: Executor, { userId, taskId }: { userId: string; taskId: string }) {
  await db.delete(messageDigests).where(and(eq(messageDigests.userId, userId), eq(messageDigests.taskId, taskId)));
}
