import { notFound } from 'next/navigation';
import type { Db } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import { dropMessageDigest } from '@/lib/services/messages/drop-message-digest';
import { isOpen } from '@/lib/services/messages/is-open';
import { listMessages } from '@/lib/services/messages/list-messages';
import { loadTaskAccess } from '@/lib/services/tasks/load-task-access';
import type { TaskAccess } from '@/lib/services/tasks/read-task-access';
import { taskTimeline } from '@/lib/services/tasks/task-timeline';
import { toTaskResource } from '@/lib/services/tasks/to-task-resource';
import { isTerminal } from '@/lib/tasks/task-transitions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How many of the latest messages a page shows; older ones stay readable through the API. */
const THREAD_PAGE = 200;

/** A task page's data as `userId` may see it (loadTaskAccess decides); a task they may not see is a 404 page. */
export async function loadTaskPage(db: Db, userId: string, taskId: string) {
  if (!UUID.test(taskId)) notFound();
  let access: TaskAccess;
  try {
    access = await loadTaskAccess(db, { taskId, userId });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
  const task = toTaskResource(access.task, access);
  const threadOpen = access.side !== null && isOpen(access.task);
  const messages = threadOpen ? (await listMessages(db, { userId, taskId, limit: THREAD_PAGE })).data.reverse() : [];
  // The page shows the thread: a batched notification of it waiting for this reader is not sent.
  if (threadOpen) await dropMessageDigest(db, { userId, taskId });
  return {
    access,
    task,
    timeline: access.side ? await taskTimeline(db, access.task) : [],
    thread: { open: threadOpen, live: threadOpen && !isTerminal(access.task.status), messages },
  };
}
