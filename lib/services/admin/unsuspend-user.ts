import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { AdminCaller } from './admin-caller';
import { assertAdmin } from './assert-admin';
import { lockTargetUser } from './lock-target-user';
import { recordAdminAction } from './record-admin-action';

export type UnsuspendUserOptions = { admin: AdminCaller; userId: string };

// What the suspension did stays done: cancelled tasks stay cancelled, and a worker relists themselves.
export async function unsuspendUser(db: Db, { admin, userId }: UnsuspendUserOptions) {
  assertAdmin(admin, 'unsuspend users');
  return db.transaction(async (tx) => {
    const user = await lockTargetUser(tx, userId);
    if (!user.suspendedAt) {
      throw new ApiError('CONFLICT', { message: 'This user is not suspended', hint: 'Nothing to undo.' });
    }
    await tx.update(users).set({ suspendedAt: null, suspensionReason: null }).where(eq(users.id, user.id));
    await recordAdminAction(tx, admin, {
      action: 'user.unsuspend',
      target: { type: 'user', id: user.id },
      before: { suspendedAt: user.suspendedAt.toISOString(), reason: user.suspensionReason },
      after: { suspendedAt: null },
    });
    return { id: user.id, suspendedAt: null, suspensionReason: null };
  });
}
