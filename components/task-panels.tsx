import type { TimelineEntry } from '@/lib/services/tasks/task-timeline';
import { ProofVerdict, VerdictBadge } from './proof-verdict';
import { verificationOf } from './proof-verdict-words';
import { TaskProof, TaskTimeline, type TaskView } from './task-details';
import { type PostMessage, TaskThread, type ThreadMessage, type ThreadNames } from './task-thread';
import { Card } from './ui/card';
import { EmptyState } from './ui/empty-state';

/** What a task page loaded for the panels (see app/dashboard/tasks/load-task-page.ts). */
type TaskPanelsPage = {
  task: TaskView;
  timeline: TimelineEntry[];
  thread: { open: boolean; live: boolean; messages: ThreadMessage[] };
};

/** What both sides of a task see the same way: the proof (unless `proof` is false), the thread (from `side`'s seat) and the timeline. */
export function TaskPanels({
  page,
  side,
  closedThreadNote,
  postMessage,
  names,
  proof = true,
}: {
  page: TaskPanelsPage;
  side: 'requester' | 'worker';
  closedThreadNote: string;
  /** The server action that posts to the thread (app/dashboard/tasks/thread-actions.ts). */
  postMessage: PostMessage;
  /** The two sides' names for the thread. */
  names?: ThreadNames;
  /** False where the page shows the proof itself, first (the requester's, once proof is in: TaskEvidence). */
  proof?: boolean;
}) {
  const { task, thread, timeline } = page;
  const verification = verificationOf(task);
  return (
    <>
      {proof && (
        <Card title="Proof" aside={verification && <VerdictBadge status={verification.status} />}>
          <TaskProof task={task} />
          {verification && <ProofVerdict verification={verification} />}
        </Card>
      )}
      <Card title="Messages">
        {thread.open ? (
          <TaskThread
            taskId={task.id}
            mySide={side}
            initial={thread.messages}
            writable={thread.live}
            live={thread.live}
            postMessage={postMessage}
            names={names}
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
