import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { tasks, users, workerProfiles } from '@/db/schema';
import { hasAdminRole } from '@/lib/auth/admin';
import { ApiError } from '@/lib/errors/api-error';
import { performDuePayments } from '@/lib/services/money/perform-due-payments';
import { cancelForSuspension } from '@/lib/services/tasks/cancel-for-suspension';
import { inAccount } from '@/lib/services/users/in-account';
import type { AdminCaller } from './admin-caller';
import { assertAdmin } from './assert-admin';
import { lockTargetUser } from './lock-target-user';
import { recordAdminAction } from './record-admin-action';

export type SuspendUserOptions = { admin: AdminCaller; userId: string; reason: string };

// One transaction. Tasks a worker already holds are left alone (they finish or go to a dispute).
export async function suspendUser(db: Db, { admin, userId, reason }: SuspendUserOptions) {
  assertAdmin(admin, 'suspend users');
  const suspended = await db.transaction(async (tx) => {
    const user = await lockTargetUser(tx, userId);
    if (user.id === admin.user.id) {
      throw new ApiError('CONFLICT', { message: 'You cannot suspend yourself', hint: 'Ask another admin.' });
    }
    if (hasAdminRole({ email: user.email, emailVerified: user.emailVerifiedAt !== null })) {
      throw new ApiError('CONFLICT', {
        message: 'Admins cannot be suspended',
        hint: 'Remove the address from ADMIN_EMAILS first.',
      });
    }
    if (user.suspendedAt) {
      throw new ApiError('CONFLICT', {
        message: 'This user is already suspended',
        hint: 'Unsuspend with POST /v1/admin/users/{id}/unsuspend first to change the reason.',
        details: { suspendedAt: user.suspendedAt.toISOString() },
      });
    }
    const suspendedAt = new Date();
    await tx.update(users).set({ suspendedAt, suspensionReason: reason }).where(eq(users.id, user.id));
    const unlisted = await tx
      .update(workerProfiles)
      .set({ isListed: false })
      .where(and(eq(workerProfiles.userId, user.id), eq(workerProfiles.isListed, true)))
      .returning({ id: workerProfiles.id });
    const posted = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(
        and(
          eq(tasks.status, 'posted'),
          inArray(tasks.requesterId, tx.select({ id: users.id }).from(users).where(inAccount(user.id))),
        ),
      )
      .orderBy(asc(tasks.createdAt), asc(tasks.id));
    const cancelledTaskIds: string[] = [];
    for (const task of posted) {
      await cancelForSuspension(tx, task.id);
      cancelledTaskIds.push(task.id);
    }
    await recordAdminAction(tx, admin, {
      action: 'user.suspend',
      target: { type: 'user', id: user.id },
      before: { suspendedAt: null, listed: unlisted.length > 0, postedTasks: cancelledTaskIds.length },
      after: { suspendedAt: suspendedAt.toISOString(), reason, listed: false, postedTasks: 0, cancelledTaskIds },
    });
    return {
      id: user.id,
      suspendedAt: suspendedAt.toISOString(),
      suspensionReason: reason,
      cancelledTaskIds,
      unlisted: unlisted.length > 0,
    };
  });
  // The cancelled tasks' refunds were recorded in the transaction; the processor is called now it has committed.
  for (const taskId of suspended.cancelledTaskIds) await performDuePayments(db, { taskId });
  return suspended;
}
