import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { tasks } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { performDuePayments } from '@/lib/services/money/perform-due-payments';
import { refundEscrow } from '@/lib/services/money/refund-escrow';
import { CLEARED_PROOF } from './cleared-proof';
import { endAssignment } from './end-assignment';
import { runTransition } from './run-transition';

// A booking was made for this worker alone, so handing it back declines it: cancelled, escrow refunded in full.
export async function withdrawFromTask(db: Db, user: ActorUser, taskId: string) {
  // A task's service never changes, so reading it before the transition's lock is safe.
  const [row] = await db.select({ serviceId: tasks.serviceId }).from(tasks).where(eq(tasks.id, taskId));
  if (row?.serviceId) return declineBooking(db, user, taskId);
  return runTransition(db, {
    taskId,
    action: 'withdraw',
    caller: { user },
    effect: async (tx) => {
      await endAssignment(tx, taskId, 'withdrawn');
      return { ...CLEARED_PROOF, workerId: null, acceptedAt: null, revisionCount: 0 };
    },
  });
}

async function declineBooking(db: Db, user: ActorUser, taskId: string) {
  const declined = await runTransition(db, {
    taskId,
    action: 'decline',
    caller: { user },
    effect: async (tx, access) => {
      await endAssignment(tx, taskId, 'withdrawn');
      await refundEscrow(tx, access, `Refund: booking declined (${access.task.title})`);
      return { cancelledAt: new Date() };
    },
  });
  await performDuePayments(db, { taskId });
  return declined;
}
