import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { intakeConversations, taskClaims } from '@/db/schema';
import { CLAIM_TTL_MS, generateHumanClaimToken } from '@/lib/auth/claim-tokens';
import { sha256Hex } from '@/lib/auth/tokens';
import { ApiError } from '@/lib/errors/api-error';
import { formatMoney } from '@/lib/format/money';
import type { TaskBody } from '@/lib/schemas/tasks';
import type { AdminCaller } from '@/lib/services/admin/admin-caller';
import { assertAdmin } from '@/lib/services/admin/assert-admin';
import { recordAdminAction } from '@/lib/services/admin/record-admin-action';
import { lockOpenConversation } from '@/lib/services/intake/lock-open-conversation';
import { textIntakeNumber } from '@/lib/services/intake/text-intake-number';
import { toIntakeConversation } from '@/lib/services/intake/to-intake-conversation';
import { insertDraftTask } from '@/lib/services/tasks/insert-draft-task';
import { toTaskResource } from '@/lib/services/tasks/to-task-resource';

export type ConvertIntake = { admin: AdminCaller; conversationId: string; task: TaskBody };

// The converting admin is the draft's requester until the person claims it (a task needs one; see completeClaim).
export async function convertIntake(
  db: Db,
  { admin, conversationId, task: body }: ConvertIntake,
  options: { siteUrl: string; livemode: boolean },
) {
  assertAdmin(admin, 'use the SMS intake');
  const humanToken = generateHumanClaimToken();
  const humanClaimUrl = `${options.siteUrl}/claim/${humanToken}`;
  return db.transaction(async (tx) => {
    const conversation = await lockOpenConversation(tx, conversationId);
    const task = await insertDraftTask(tx, { requesterId: admin.user.id, body, livemode: options.livemode });
    // No agent, no parked key and no poll token: no one polls an intake claim (the claim's CHECKs hold it to that).
    await tx.insert(taskClaims).values({
      kind: 'intake',
      intakeConversationId: conversation.id,
      taskId: task.id,
      humanTokenHash: sha256Hex(humanToken),
      expiresAt: new Date(Date.now() + CLAIM_TTL_MS),
    });
    const texted = await textIntakeNumber(tx, {
      conversation,
      body: `Here is your task "${task.title}" (${formatMoney(task.totalCents)} incl. fees). Pay and post it here: ${humanClaimUrl}`,
      // An automatic text, like the keyword answers (the schema's rule); the admin is the draft's requester.
      sentBy: null,
    });
    if (!texted) throw new ApiError('SMS_OPTED_OUT');
    const [converted] = await tx
      .update(intakeConversations)
      .set({ status: 'converted', taskId: task.id })
      .where(eq(intakeConversations.id, conversation.id))
      .returning();
    if (!converted) throw new Error('intake conversation vanished under its lock');
    await recordAdminAction(tx, admin, {
      action: 'intake.convert',
      target: { type: 'intake_conversation', id: conversation.id },
      before: { status: 'open' },
      after: { status: 'converted', taskId: task.id, totalCents: task.totalCents },
    });
    return {
      conversation: toIntakeConversation(converted),
      task: toTaskResource(task, { side: 'requester' }),
      humanClaimUrl,
    };
  });
}
