import { notFound } from 'next/navigation';
import type { Db } from '@/db/client';
import type { Caller } from '@/lib/auth/admin';
import { ApiError } from '@/lib/errors/api-error';
import { findOperators } from '@/lib/services/admin/find-operators';
import { findDisputeResolver } from '@/lib/services/disputes/find-dispute-resolver';
import { getDispute } from '@/lib/services/disputes/get-dispute';
import { listMessages } from '@/lib/services/messages/list-messages';
import { taskPartyNames } from '@/lib/services/notifications/task-party-names';
import { readTaskAccess } from '@/lib/services/tasks/read-task-access';
import { toTaskResource } from '@/lib/services/tasks/to-task-resource';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How many of the thread's latest messages the page shows. */
const THREAD_PAGE = 200;

/**
 * What the admin dispute page shows: the dispute (GET /v1/disputes/{id}), its task in either mode, both sides'
 * names and thread, the operator behind a side that is an agent, and who resolved it. An unknown or malformed id is the 404 page.
 */
export async function loadDisputePage(db: Db, admin: Caller, disputeId: string) {
  if (!UUID.test(disputeId)) notFound();
  const dispute = await getDispute(db, { caller: admin, disputeId }).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') notFound();
    throw error;
  });
  const access = await readTaskAccess(db, { taskId: dispute.taskId, userId: admin.user.id, livemode: 'any' });
  const { requesterId, workerId } = access.task;
  const [names, operators, thread, resolver] = await Promise.all([
    taskPartyNames(db, access.task),
    findOperators(db, workerId ? [requesterId, workerId] : [requesterId]),
    listMessages(db, { userId: admin.user.id, taskId: dispute.taskId, admin: true, limit: THREAD_PAGE }),
    dispute.status === 'resolved' ? findDisputeResolver(db, { disputeId }) : null,
  ]);
  return {
    dispute,
    task: toTaskResource(access.task, access),
    names,
    operators: {
      requester: operators.get(requesterId) ?? null,
      worker: (workerId && operators.get(workerId)) || null,
    },
    messages: thread.data.reverse(),
    resolver,
  };
}
