import type { ReactNode } from 'react';
import type { loadTaskPage } from '@/app/dashboard/tasks/load-task-page';
import { TaskProof, TaskTimeline } from './task-details';
import { TaskThread } from './task-thread';

type TaskPage = Awaited<ReturnType<typeof loadTaskPage>>;

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-5">
      <h2 className="mb-3 font-medium">{title}</h2>
      {children}
    </section>
  );
}

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
      <Panel title="Proof">
        <TaskProof task={task} />
      </Panel>
      <Panel title="Messages">
        {thread.open ? (
          <TaskThread
            taskId={task.id}
            mySide={side}
            initial={thread.messages}
            writable={thread.live}
            live={thread.live}
          />
        ) : (
          <p className="text-sm text-stone-600">{closedThreadNote}</p>
        )}
      </Panel>
      <Panel title="Timeline">
        <TaskTimeline entries={timeline} />
      </Panel>
    </>
  );
}
