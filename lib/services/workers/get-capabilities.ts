import { asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { workerCapabilityAnswers } from '@/db/schema';
import { CAPABILITY_CATEGORIES } from '@/lib/workers/capabilities';
import { findOwnWorkerId } from './find-own-worker-id';

export async function getCapabilities(db: Executor, userId: string) {
  const workerId = await findOwnWorkerId(db, userId);
  const rows = await db
    .select({
      category: workerCapabilityAnswers.category,
      capability: workerCapabilityAnswers.capability,
      answer: workerCapabilityAnswers.answer,
      detail: workerCapabilityAnswers.detail,
    })
    .from(workerCapabilityAnswers)
    .where(eq(workerCapabilityAnswers.workerId, workerId))
    .orderBy(asc(workerCapabilityAnswers.category), asc(workerCapabilityAnswers.capability));
  return { categories: CAPABILITY_CATEGORIES, capabilityAnswers: rows };
}
