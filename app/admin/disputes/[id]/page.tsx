import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { DisputeEvidenceList } from '@/components/dispute-evidence';
import { DisputeEvidenceForm } from '@/components/dispute-evidence-form';
import { describeOutcome, OUTCOME_LABELS } from '@/components/dispute-outcome';
import { DisputeStatement } from '@/components/dispute-panel';
import { DisputeStatusBadge } from '@/components/dispute-status-badge';
import { LocalTime } from '@/components/local-time';
import { PriceBox } from '@/components/price-box';
import { ProofVerdict, VerdictBadge } from '@/components/proof-verdict';
import { verificationOf } from '@/components/proof-verdict-words';
import { TaskProof } from '@/components/task-details';
import { TaskStatusBadge } from '@/components/task-status-badge';
import { TaskThread } from '@/components/task-thread';
import { Card } from '@/components/ui/card';
import { DoneNotice } from '@/components/ui/done-notice';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { formatMoney } from '@/lib/format/money';
import { NO_MONEY, readTaskMoney } from '@/lib/services/money/read-task-money';
import { requireAdmin } from '@/lib/web/require-admin-user';
import { OperatorLine } from '../../operator-line';
import { DisputeAgeBadge } from '../dispute-age-badge';
import { addAdminEvidenceAction, resolveAction } from './actions';
import { loadDisputePage } from './load-dispute-page';
import { ResolveForm } from './resolve-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Dispute' };

const DONE = { resolved: 'Resolved: the money moved as shown under Resolution, and both sides are told.' };

// One dispute as staff decide it: the task and its money, why it was opened, both sides' thread and evidence, a
// note of their own, and the resolve form with a live preview of who gets what.
export default async function DisputePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ done?: string }>;
}) {
  const { id } = await params;
  const { done } = await searchParams;
  const admin = await requireAdmin(`/admin/disputes/${id}`);
  const { db } = await getDatabase();
  const { dispute, task, names, operators, messages, resolver } = await loadDisputePage(db, admin, id);
  const open = dispute.status === 'open';
  const money = (await readTaskMoney(db, [task.id])).get(task.id) ?? NO_MONEY;
  const verification = verificationOf(task);
  const openerName = dispute.openedBy === 'requester' ? names.requester : (names.worker ?? 'Worker');
  return (
    <div className="space-y-6">
      <PageHeader
        title={task.title}
        back={{ href: '/admin/disputes', label: 'Disputes' }}
        aside={<DisputeStatusBadge status={dispute.status} testId="dispute-status" />}
      />
      <DoneNotice done={done} messages={DONE} />

      <Card title="Task" aside={<TaskStatusBadge status={task.status} testId="task-status" />} testId="dispute-task">
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          <Fact term="Requester" testId="dispute-requester">
            {names.requester}
            {operators.requester && <OperatorLine operator={operators.requester} />}
          </Fact>
          <Fact term="Worker" testId="dispute-worker">
            {names.worker ?? '—'}
            {operators.worker && <OperatorLine operator={operators.worker} />}
          </Fact>
          <Fact term="Deadline">
            <LocalTime value={task.deadline} exact />
          </Fact>
          <Fact term="Mode">{task.livemode ? 'live' : 'test'}</Fact>
        </dl>
        <PriceBox task={task} side="requester" money={money} workerName={names.worker} />
        <Link href={`/admin/tasks?q=${task.id}`} className="text-sm underline">
          Find it among all tasks
        </Link>
        <h3 className="font-medium">Proof</h3>
        <TaskProof task={task} />
        {verification && (
          <div className="space-y-2" data-testid="dispute-verdict">
            <h3 className="flex items-center gap-2 font-medium">
              Checks on the proof <VerdictBadge status={verification.status} />
            </h3>
            <ProofVerdict verification={verification} />
          </div>
        )}
      </Card>

      <Card title="Dispute" testId="dispute-summary">
        <p className="text-sm text-stone-600">
          Opened by the {dispute.openedBy} ({openerName}) <LocalTime value={dispute.createdAt.toISOString()} />{' '}
          <DisputeAgeBadge dispute={dispute} />
        </p>
        <DisputeStatement dispute={dispute} />
      </Card>

      <Card title="Messages" description="Both sides’ thread, read-only for staff.">
        {messages.length === 0 ? (
          <EmptyState>No messages in the thread.</EmptyState>
        ) : (
          <TaskThread
            taskId={task.id}
            initial={messages}
            writable={false}
            live={false}
            names={names}
            readOnlyNote="Staff read the thread; they speak through the evidence."
          />
        )}
      </Card>

      <Card title="Evidence" testId="dispute-evidence-card">
        <DisputeEvidenceList evidence={dispute.evidence} reader="admin" />
        {open && (
          <DisputeEvidenceForm
            action={addAdminEvidenceAction.bind(null, dispute.id)}
            submitLabel="Add a note as admin"
            photos={false}
          />
        )}
      </Card>

      {open && (
        <Card
          title="Resolve"
          description="Both sides are told the outcome and read your note."
          testId="dispute-resolve"
        >
          <ResolveForm
            action={resolveAction.bind(null, dispute.id)}
            task={{
              budgetCents: task.budgetCents,
              platformFeeCents: task.platformFeeCents,
              totalCents: task.totalCents,
            }}
          />
        </Card>
      )}

      {dispute.resolution && (
        <Card title="Resolution" testId="dispute-resolution">
          <Notice tone="success" testId="dispute-outcome">
            {describeOutcome(dispute.resolution, 'admin')}
          </Notice>
          <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
            <Fact term="Outcome">{OUTCOME_LABELS[dispute.resolution.outcome]}</Fact>
            <Fact term="Worker got">{formatMoney(dispute.resolution.workerCents)}</Fact>
            <Fact term="Platform fee">
              {formatMoney(task.totalCents - dispute.resolution.workerCents - dispute.resolution.refundCents)}
            </Fact>
            <Fact term="Requester refunded">{formatMoney(dispute.resolution.refundCents)}</Fact>
            <Fact term="When">
              <LocalTime value={dispute.resolution.resolvedAt.toISOString()} exact />
            </Fact>
            <Fact term="By">{resolver ? resolver.name?.trim() || resolver.email : 'an admin'}</Fact>
          </dl>
          {dispute.resolution.note && (
            <p className="whitespace-pre-wrap text-sm" data-testid="dispute-resolution-note">
              {dispute.resolution.note}
            </p>
          )}
        </Card>
      )}
    </div>
  );
}

/** One term of a definition list, its value under it. */
function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt className="text-stone-500">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
