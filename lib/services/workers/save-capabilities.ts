import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { type SkillDetail, workerCapabilityAnswers, workerProfiles } from '@/db/schema';
import { findOwnWorkerId } from './find-own-worker-id';

export type CapabilityAnswerInput = {
  category: string;
  capability: string;
  answer: 'yes' | 'maybe' | 'no';
  detail?: string | null;
};

// The detail text stays private: it is free text the worker wrote for the platform.
export async function saveCapabilities(db: Db, userId: string, answers: CapabilityAnswerInput[]) {
  return db.transaction(async (tx) => {
    const workerId = await findOwnWorkerId(tx, userId, { lock: true });
    await tx.delete(workerCapabilityAnswers).where(eq(workerCapabilityAnswers.workerId, workerId));
    const rows = answers.map((a) => ({
      workerId,
      category: a.category,
      capability: a.capability,
      answer: a.answer,
      detail: a.detail || null,
    }));
    if (rows.length > 0) await tx.insert(workerCapabilityAnswers).values(rows);
    const skillDetails: SkillDetail[] = answers.flatMap((a) =>
      a.answer === 'no' ? [] : [{ category: a.category, capability: a.capability, level: a.answer }],
    );
    await tx.update(workerProfiles).set({ skillDetails }).where(eq(workerProfiles.id, workerId));
    return {
      capabilityAnswers: rows.map(({ workerId: _, ...answer }) => answer),
      skillDetails,
    };
  });
}
