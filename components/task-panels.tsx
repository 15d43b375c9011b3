import type { ReactNode } from 'react';
import type { TimelineEntry } from '@/lib/services/tasks/task-timeline';
import { TaskProof, TaskTimeline, type TaskView } from './task-details';
import { type PostMessage, TaskThread, type ThreadMessage } from './task-thread';

/** What a task page loaded for the panels (see app/dashboard/tasks/load-task-page.ts). */
type TaskPanelsPage = {
  task: TaskView;
  timeline: TimelineEntry[];
  thread: { open: boolean; live: boolean; messages: ThreadMessage[] };
};

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
  postMessage,
}: {
  page: TaskPanelsPage;
  side: 'requester' | 'worker';
  closedThreadNote: string;
  /** The server action that posts to the thread (app/dashboard/tasks/thread-actions.ts). */
  postMessage: PostMessage;
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
            postMessage={postMessage}
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
