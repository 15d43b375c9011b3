import type { Tx } from '@/db/client';
import type { DisputeEvidence } from '@/db/schema';
import { notify } from '@/lib/services/notifications/notify';
import { taskLink } from '@/lib/services/notifications/task-link';
import { taskPartyNames } from '@/lib/services/notifications/task-party-names';
import type { DisputeAccess } from './read-dispute-access';

export type EvidenceNotice = {
  access: DisputeAccess;
  by: DisputeEvidence['by'];
  authorId: string;
  text: string;
  eventId: string;
};

const EXCERPT = 280;

// Under the `dispute_opened` kind: its switch covers new evidence too, so no new kind (nor enum migration) was needed.
export async function notifyEvidence(tx: Tx, { access, by, authorId, text, eventId }: EvidenceNotice) {
  const { task, requesterOwnerId } = access;
  const names = await taskPartyNames(tx, { requesterId: task.requesterId, workerId: task.workerId });
  const author = by === 'admin' ? 'Our team' : by === 'worker' ? (names.worker ?? 'The worker') : names.requester;
  const sides = (['requester', 'worker'] as const).filter((side) => side !== by);
  const excerpt = text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text;
  for (const side of sides) {
    const people = side === 'requester' ? [task.requesterId, requesterOwnerId] : [task.workerId];
    for (const userId of new Set(people)) {
      if (!userId || userId === authorId) continue;
      await notify(tx, {
        userId,
        kind: 'dispute_opened',
        title: `${author} added evidence to the dispute on “${task.title}”`,
        body: excerpt,
        taskId: task.id,
        link: taskLink(side, task.id),
        dedupeKey: `dispute_evidence:${eventId}`,
      });
    }
  }
}
