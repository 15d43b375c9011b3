import type { Metadata } from 'next';
import Link from 'next/link';
import { TaskLine } from '@/components/task-line';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { formatMoney } from '@/lib/format/money';
import { getProcessor } from '@/lib/payments/get-processor';
import { listPendingClaims } from '@/lib/services/claims/list-pending-claims';
import { getDashboardOverview } from '@/lib/services/dashboard/get-dashboard-overview';
import { hasPassword } from '@/lib/services/users/has-password';
import { requireBrowserUser } from '@/lib/web/require-browser-user';

// Reads the session cookie (or SITE_URL) per request; never prerendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const current = await requireBrowserUser();
  const { user } = current;
  const { db } = await getDatabase();
  const [overview, pendingClaims, withPassword] = await Promise.all([
    getDashboardOverview(db, getProcessor(db), user.id),
    listPendingClaims(db, user.id),
    hasPassword(db, user.id),
  ]);
  const { checklist, needsAction } = overview;
  const steps = [
    { id: 'card', done: checklist.hasCard, label: 'Add a card', href: '/dashboard/payments', to: 'Payments' },
    {
      id: 'agent-or-task',
      done: checklist.hasAgentOrTask,
      label: 'Create an agent or post a task',
      href: checklist.hasAgentOrTask ? '/dashboard/tasks' : '/dashboard/tasks/new',
      to: 'New task',
      alt: { href: '/dashboard/agents', to: 'Agents' },
    },
    {
      id: 'worker',
      done: checklist.isListed,
      label: 'List yourself as a worker',
      href: '/worker/onboarding',
      to: 'Onboarding',
    },
  ];
  const actionCount =
    (withPassword ? 0 : 1) +
    pendingClaims.length +
    needsAction.submitted.length +
    needsAction.disputed.length +
    needsAction.failedWebhooks.length;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Dashboard"
        description={
          <>
            Signed in as <span data-testid="user-email">{user.email}</span>
            {user.roles.includes('admin') && ' (admin)'}
          </>
        }
        aside={
          <Link href="/dashboard/tasks/new" className={buttonClass({ compact: true })} data-testid="new-task">
            New task
          </Link>
        }
      />

      {steps.some((step) => !step.done) && (
        <Card title="Getting started" testId="checklist">
          <ul className="space-y-2 text-sm">
            {steps.map((step) => (
              <li key={step.id} data-testid={`checklist-${step.id}`} className="flex flex-wrap items-center gap-2">
                <span
                  data-testid="checklist-state"
                  data-done={step.done}
                  aria-hidden="true"
                  className={
                    step.done
                      ? 'inline-flex size-5 items-center justify-center rounded-full bg-emerald-600 text-xs text-white'
                      : 'inline-flex size-5 rounded-full border border-stone-300'
                  }
                >
                  {step.done ? '✓' : ''}
                </span>
                <span className="sr-only">{step.done ? 'Done:' : 'To do:'}</span>
                <span className={step.done ? 'text-stone-500 line-through' : ''}>{step.label}</span>
                {!step.done && (
                  <span className="text-stone-600">
                    ·{' '}
                    <Link href={step.href} className="underline">
                      {step.to}
                    </Link>
                    {step.alt && (
                      <>
                        {' or '}
                        <Link href={step.alt.href} className="underline">
                          {step.alt.to}
                        </Link>
                      </>
                    )}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </Card>
      )}

      <Card title="Needs your action" testId="needs-action">
        {actionCount === 0 ? (
          <p className="text-sm text-stone-600">Nothing waits for you.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {!withPassword && (
              // An account made on a claim page has only this browser's session until it sets one.
              <li data-testid="action-password" className="flex flex-wrap items-center gap-2">
                <span className="text-stone-600">Your account has no password yet:</span>
                <Link href="/settings" className="underline">
                  Set a password
                </Link>
              </li>
            )}
            {pendingClaims.map((claim) => (
              <li key={claim.claimId} data-testid="action-claim" className="flex flex-wrap items-center gap-2">
                <span className="text-stone-600">To pay and post ({formatMoney(claim.totalCents)}):</span>
                <Link href={claim.path} className="break-words underline">
                  {claim.title}
                </Link>
              </li>
            ))}
            {needsAction.submitted.map((task) => (
              <li key={task.id} data-testid="action-review" className="flex flex-wrap items-center gap-2">
                <span className="text-stone-600">Proof to review:</span>
                <Link href={`/dashboard/tasks/${task.id}`} className="break-words underline">
                  {task.title}
                </Link>
              </li>
            ))}
            {needsAction.disputed.map((task) => (
              <li key={task.id} data-testid="action-dispute" className="flex flex-wrap items-center gap-2">
                <span className="text-stone-600">Open dispute:</span>
                <Link
                  href={task.workerId === user.id ? `/worker/tasks/${task.id}` : `/dashboard/tasks/${task.id}`}
                  className="break-words underline"
                >
                  {task.title}
                </Link>
              </li>
            ))}
            {needsAction.failedWebhooks.map((endpoint) => (
              <li key={endpoint.endpointId} data-testid="action-webhook" className="flex flex-wrap items-center gap-2">
                <span className="text-stone-600">
                  {endpoint.failed === 1 ? '1 failed webhook delivery' : `${endpoint.failed} failed webhook deliveries`}{' '}
                  this week:
                </span>
                <Link href="/dashboard/webhooks" className="break-all underline">
                  {endpoint.url}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card
        title="Recent tasks"
        testId="recent-tasks"
        aside={
          <Link href="/dashboard/tasks" className="text-sm underline">
            All tasks
          </Link>
        }
      >
        {overview.recent.length === 0 ? (
          <EmptyState>
            No tasks yet.{' '}
            <Link href="/dashboard/tasks/new" className="underline">
              Post your first task
            </Link>
            .
          </EmptyState>
        ) : (
          <ul className="divide-y divide-stone-100 text-sm">
            {overview.recent.map((task) => (
              <TaskLine
                key={task.id}
                href={`/dashboard/tasks/${task.id}`}
                title={task.title}
                status={task.status}
                cents={task.totalCents}
                testId="recent-task"
                className="py-2"
              />
            ))}
          </ul>
        )}
      </Card>

      <Card title="More">
        <ul className="space-y-1 text-sm text-stone-600">
          <li>
            Payments:{' '}
            <Link href="/dashboard/payments" className="underline">
              Card on file and payment history
            </Link>
            .
          </li>
          <li>
            <Link href="/worker" className="underline">
              Your worker profile
            </Link>
            : onboarding, ID verification, payouts and the listing switch.
          </li>
          <li>
            <Link href="/dashboard/agents" className="underline">
              Agents
            </Link>{' '}
            and your own{' '}
            <Link href="/dashboard/keys" className="underline">
              API keys
            </Link>
            ; the{' '}
            <Link href="/docs" className="underline">
              API reference
            </Link>{' '}
            documents every call.
          </li>
        </ul>
      </Card>
    </div>
  );
}
