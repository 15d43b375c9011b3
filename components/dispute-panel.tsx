import type { DisputeResource } from '@/lib/services/disputes/to-dispute-resource';
import { DisputeEvidenceList } from './dispute-evidence';
import { type AddEvidenceAction, DisputeEvidenceForm } from './dispute-evidence-form';
import { describeOutcome } from './dispute-outcome';
import { DisputeStatusBadge } from './dispute-status-badge';
import { LocalTime } from './local-time';
import { Card } from './ui/card';
import { Notice } from './ui/notice';

/**
 * A task's dispute as one of its sides sees it on the task page: why it was opened, the evidence both sides (and
 * staff) put forward and, while it is open, a form to add more; once an admin resolved it, where the money went.
 * `addEvidence` is the page's server action, bound to the dispute.
 */
export function DisputePanel({
  dispute,
  side,
  addEvidence,
}: {
  dispute: DisputeResource;
  side: 'requester' | 'worker';
  addEvidence: AddEvidenceAction;
}) {
  const opener = dispute.openedBy === side ? 'you' : `the ${dispute.openedBy}`;
  return (
    <Card
      title="Dispute"
      aside={<DisputeStatusBadge status={dispute.status} testId="dispute-status" />}
      testId="dispute-panel"
    >
      <p className="text-sm text-stone-600">
        Opened by {opener} <LocalTime value={dispute.createdAt.toISOString()} />.
      </p>
      <DisputeStatement dispute={dispute} />
      {dispute.resolution ? (
        <div className="space-y-2">
          <Notice tone="success" testId="dispute-outcome">
            {describeOutcome(dispute.resolution, side)}
          </Notice>
          {dispute.resolution.note && (
            <p className="text-sm">
              <span className="text-stone-500">Admin’s note: </span>
              <span className="whitespace-pre-wrap">{dispute.resolution.note}</span>
            </p>
          )}
        </div>
      ) : (
        <p className="text-sm text-stone-600">
          The money stays in escrow while an admin reviews the evidence and the thread, then refunds the requester, pays
          the worker, or splits it. Add anything that helps.
        </p>
      )}
      <h3 className="font-medium">Evidence</h3>
      <DisputeEvidenceList evidence={dispute.evidence} reader={side} />
      {dispute.status === 'open' && <DisputeEvidenceForm action={addEvidence} />}
    </Card>
  );
}

/** The reason the dispute was opened, and its details when given. */
export function DisputeStatement({ dispute }: { dispute: Pick<DisputeResource, 'reason' | 'details'> }) {
  return (
    <dl className="space-y-2 text-sm">
      <div>
        <dt className="text-stone-500">Reason</dt>
        <dd className="whitespace-pre-wrap break-words" data-testid="dispute-reason">
          {dispute.reason}
        </dd>
      </div>
      {dispute.details && (
        <div>
          <dt className="text-stone-500">Details</dt>
          <dd className="whitespace-pre-wrap break-words" data-testid="dispute-details">
            {dispute.details}
          </dd>
        </div>
      )}
    </dl>
  );
}
