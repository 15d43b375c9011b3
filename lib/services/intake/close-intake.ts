import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { intakeConversations } from '@/db/schema';
import type { AdminCaller } from '@/lib/services/admin/admin-caller';
import { assertAdmin } from '@/lib/services/admin/assert-admin';
import { recordAdminAction } from '@/lib/services/admin/record-admin-action';
import { lockOpenConversation } from './lock-open-conversation';
import { toIntakeConversation } from './to-intake-conversation';

export type CloseIntake = { admin: AdminCaller; conversationId: string };

// A converted conversation keeps its task and claim link; the number's next text opens a new one.
export async function closeIntake(db: Db, { admin, conversationId }: CloseIntake) {
  assertAdmin(admin, 'use the SMS intake');
  return db.transaction(async (tx) => {
    await lockOpenConversation(tx, conversationId);
    const [closed] = await tx
      .update(intakeConversations)
      .set({ status: 'closed' })
      .where(eq(intakeConversations.id, conversationId))
      .returning();
    if (!closed) throw new Error('intake conversation vanished under its lock');
    await recordAdminAction(tx, admin, {
      action: 'intake.close',
      target: { type: 'intake_conversation', id: conversationId },
      before: { status: 'open' },
      after: { status: 'closed' },
    });
    return toIntakeConversation(closed);
  });
}
