import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { LocalTime } from '@/components/local-time';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SubmitButton } from '@/components/ui/submit-button';
import { getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import { formatMoney } from '@/lib/format/money';
import { getProcessor } from '@/lib/payments/get-processor';
import { defaultAgentName } from '@/lib/services/claims/default-agent-name';
import { findClaimByHumanToken } from '@/lib/services/claims/find-claim-by-human-token';
import { recordClaimOpening } from '@/lib/services/claims/record-claim-opening';
import { getWallet } from '@/lib/services/money/get-wallet';
import { hasPassword } from '@/lib/services/users/has-password';
import { getBrowserUser } from '@/lib/web/next-auth';
import { addClaimCard } from './actions';
import { ConfirmStep } from './confirm-step';
import { CorrectStep } from './correct-step';
import { EmailStep } from './email-step';
import { PasswordStep } from './password-step';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Claim your task' };

// The human side of cold start: see the task an agent proposed, give an email and a card, and the task is
// posted and funded while the agent receives its key (by polling; never through this page). The same page ends
// the SMS concierge (an intake claim, with no agent): the link was texted to the person, who pays and posts.
export default async function ClaimPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { db } = await getDatabase();
  const found = await findClaimByHumanToken(db, token);
  if (!found) {
    return (
      <ClaimMessage title="This claim link is not valid">
        Check that you copied the whole link you were sent.
      </ClaimMessage>
    );
  }
  const current = await getBrowserUser();
  const { claim, task } = found;
  // Texted by our staff (SMS concierge) rather than proposed by an agent: nothing on the page names an agent.
  const fromIntake = claim.intakeConversationId !== null;

  if (found.state === 'expired') {
    return (
      <ClaimMessage title="This claim link has expired">
        {fromIntake
          ? 'Claim links work for 7 days. Text us again and we will send you a new one.'
          : 'Claim links work for 7 days. Ask your agent to propose the task again.'}
      </ClaimMessage>
    );
  }
  if (found.state === 'claimed') {
    if (current?.user.id !== claim.claimedBy) {
      return (
        <ClaimMessage title="This claim link has already been used">
          The task was claimed by another account. If that was you, log in with that account.
        </ClaimMessage>
      );
    }
    const needsPassword = !(await hasPassword(db, current.user.id));
    return (
      <div className="mx-auto max-w-lg space-y-6">
        <div data-testid="claim-done" className="space-y-2 rounded-lg border border-green-200 bg-green-50 p-5">
          <h1 className="text-xl font-semibold">Task posted</h1>
          <p className="text-sm text-stone-700">
            “{task.title}” is funded ({formatMoney(task.totalCents)}) and visible to workers.{' '}
            {fromIntake ? (
              <>
                Follow it on your{' '}
                <a href="/dashboard/tasks" className="underline">
                  tasks dashboard
                </a>
                .
              </>
            ) : (
              <>
                Your agent now has its API key and appears on your{' '}
                <a href="/dashboard/agents" className="underline">
                  agents dashboard
                </a>
                .
              </>
            )}
          </p>
          <Link
            href={`/dashboard/tasks/${task.id}`}
            className={`inline-block ${buttonClass()}`}
            data-testid="claim-task-link"
          >
            Open the task
          </Link>
        </div>
        {needsPassword && (
          <Card title="Set a password">
            <PasswordStep token={token} />
          </Card>
        )}
      </div>
    );
  }

  const processor = getProcessor(db);
  const wallet = current ? await getWallet(db, processor, current.user.id) : undefined;
  // Unpaid for now: the claim waits on this human's dashboard ("Needs your action") until paid or expired.
  if (current) await recordClaimOpening(db, { claimId: claim.id, humanToken: token, userId: current.user.id });
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <div className="space-y-1">
        <p className="text-sm text-stone-500">
          {fromIntake
            ? 'We wrote up the task you texted us about. Check it, then pay to post it.'
            : 'An AI agent proposed this task and asks you to fund it.'}
        </p>
        <h1 className="text-2xl font-semibold" data-testid="claim-task-title">
          {task.title}
        </h1>
        {task.description && <p className="whitespace-pre-line text-stone-700">{task.description}</p>}
      </div>
      <Card className="space-y-4">
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-stone-500">Worker earns</dt>
          <dd data-testid="claim-budget">{formatMoney(task.budgetCents)}</dd>
          <dt className="text-stone-500">Platform fee (15%)</dt>
          <dd>{formatMoney(task.platformFeeCents)}</dd>
          <dt className="text-stone-500">You pay</dt>
          <dd className="font-medium" data-testid="claim-total">
            {formatMoney(task.totalCents)}
          </dd>
          <dt className="text-stone-500">Deadline</dt>
          <dd>
            <LocalTime value={task.deadline.toISOString()} exact />
          </dd>
          <dt className="text-stone-500">Where</dt>
          <dd data-testid="claim-place">
            {task.lat === null ? 'Remote' : (task.address ?? `${task.lat}, ${task.lng}`)}
          </dd>
        </dl>
        <details className="text-sm" data-testid="claim-correct">
          <summary className="cursor-pointer font-medium">Correct the place, budget or deadline</summary>
          <div className="pt-3">
            <CorrectStep
              token={token}
              budgetCents={task.budgetCents}
              deadline={task.deadline.toISOString()}
              place={
                task.lat === null || task.lng === null
                  ? null
                  : { lat: task.lat, lng: task.lng, address: task.address, precision: task.placePrecision ?? 'address' }
              }
              tileUrl={env().MAP_TILE_URL}
              canPickPlace={Boolean(current)}
            />
          </div>
        </details>
      </Card>
      <Card className="space-y-4">
        {!fromIntake && (
          // Said before any payment: the claimed agent is capped at this task's total (completeClaim).
          <p className="rounded-md bg-stone-50 p-3 text-sm text-stone-700" data-testid="claim-spending-limit">
            This agent can spend up to {formatMoney(task.totalCents)} on your card. You can change this in the
            dashboard.
          </p>
        )}
        {!current ? (
          <>
            <h2 className="font-medium">1. Your email</h2>
            <EmailStep token={token} />
          </>
        ) : (
          <>
            <p className="text-sm">
              Signed in as <span className="font-medium">{current.user.email}</span>
            </p>
            {wallet?.paymentMethod ? (
              <>
                <p className="text-sm" data-testid="claim-card">
                  Card: {wallet.paymentMethod.brand} •••• {wallet.paymentMethod.last4}
                </p>
                <ConfirmStep
                  token={token}
                  totalCents={task.totalCents}
                  agentName={fromIntake ? undefined : defaultAgentName(task.title)}
                />
                <form action={addClaimCard.bind(null, token)}>
                  <Button type="submit" variant="link">
                    Use a different card
                  </Button>
                </form>
              </>
            ) : (
              <>
                <h2 className="font-medium">2. A card</h2>
                <p className="text-sm text-stone-600">Nothing is charged until you confirm on the next step.</p>
                <form action={addClaimCard.bind(null, token)}>
                  <SubmitButton wide>Add a card</SubmitButton>
                </form>
              </>
            )}
          </>
        )}
      </Card>
    </div>
  );
}

/** A claim link that leads nowhere: what happened and what to do, instead of the claim. */
function ClaimMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg">
      <Card className="space-y-2">
        <h1 className="text-xl font-semibold">{title}</h1>
        <EmptyState>{children}</EmptyState>
      </Card>
    </div>
  );
}
