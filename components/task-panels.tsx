import type { loadTaskPage } from '@/app/dashboard/tasks/load-task-page';
import { TaskProof, TaskTimeline } from './task-details';
import { TaskThread } from './task-thread';
import { Card } from './ui/card';
import { EmptyState } from './ui/empty-state';

type TaskPage = Awaited<ReturnType<typeof loadTaskPage>>;

/** What both sides of a task see the same way: the proof, the thread (from `side`'s seat) and the timeline. */
export function TaskPanels({
  page,
  side,
  closedThreadNote,
}: {
  page: Pick<TaskPage, 'task' | 'thread' | 'timeline'>;
  side: 'requester' | 'worker';
  closedThreadNote: string;
}) {
  const { task, thread, timeline } = page;
  return (
    <>
      <Card title="Proof">
        <TaskProof task={task} />
      </Card>
      <Card title="Messages">
        {thread.open ? (
          <TaskThread
            taskId={task.id}
            mySide={side}
            initial={thread.messages}
            writable={thread.live}
            live={thread.live}
          />
        ) : (
          <EmptyState>{closedThreadNote}</EmptyState>
        )}
      </Card>
      <Card title="Timeline">
        <TaskTimeline entries={timeline} />
      </Card>
    </>
  );
}
