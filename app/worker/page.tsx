import type { Metadata } from 'next';
import Link from 'next/link';
import { plural } from '@/components/format';
import { LocalTime } from '@/components/local-time';
import { EnablePushButton } from '@/components/offline/enable-push-button';
import { InstallAppCard } from '@/components/offline/install-app-card';
import { TaskLine } from '@/components/task-line';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { formatMoney } from '@/lib/format/money';
import { distanceOrCity, placeName } from '@/lib/format/place';
import { callerLivemode } from '@/lib/payments/get-processor';
import { readWorkerEarnings } from '@/lib/services/money/read-worker-earnings';
import { listOpenTasks } from '@/lib/services/tasks/list-open-tasks';
import { listTasks } from '@/lib/services/tasks/list-tasks';
import { getOwnWorkerProfile } from '@/lib/services/workers/get-own-worker-profile';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { EarningsStats } from './earnings/earnings-stats';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Worker' };

const NEARBY_LIMIT = 5;

// The worker's home: what they are doing, what they could do next, and what they earn.
export default async function WorkerHomePage() {
  const { user } = await requireBrowserUser('/worker');
  const { db } = await getDatabase();
  const profile = await getOwnWorkerProfile(db, user.id);
  if (!profile) {
    return (
      <div className="space-y-3">
        <PageHeader title="Work on Legwork" description="Get paid for tasks near you: checks, pickups, photos." />
        <Link href="/worker/onboarding" className={`inline-block ${buttonClass()}`}>
          Become a worker
        </Link>
      </div>
    );
  }
  const livemode = callerLivemode();
  const [earnings, active, nearby] = await Promise.all([
    readWorkerEarnings(db, { userId: user.id, livemode }),
    listTasks(db, user.id, { limit: 20, role: 'worker', status: ['accepted', 'submitted'] }),
    listOpenTasks(db, user.id, { limit: NEARBY_LIMIT }),
  ]);
  return (
    <div className="space-y-6">
      <PageHeader title={profile.displayName ?? 'Your worker profile'} />
      <InstallAppCard />
      <p className="text-sm" data-testid="worker-status">
        {profile.isListed ? 'Listed: agents can find you.' : 'Not listed yet.'} ID verification tier{' '}
        {profile.verificationTier}. {plural(profile.completedTasks, 'completed task')}, rating{' '}
        {profile.averageRating ?? '—'}.{' '}
        <Link href="/worker/onboarding" className="underline">
          Edit profile and listing
        </Link>
      </p>

      <Card
        title="Earnings"
        testId="earnings-summary"
        aside={
          <Link href="/worker/earnings" className="text-sm underline">
            All earnings
          </Link>
        }
      >
        <EarningsStats earnings={earnings} />
      </Card>

      <Card title="Active and booked tasks" testId="home-active">
        {active.data.length === 0 ? (
          <EmptyState>Nothing in progress. Accept a task below to start.</EmptyState>
        ) : (
          <ul className="space-y-2">
            {active.data.map((task) => (
              <TaskLine
                key={task.id}
                href={`/worker/tasks/${task.id}`}
                title={task.title}
                status={task.status}
                cents={task.budgetCents}
                livemode={task.livemode}
                testId="home-active-task"
              />
            ))}
          </ul>
        )}
      </Card>

      <EnablePushButton />

      <Card
        title="Posted near you"
        testId="home-nearby"
        aside={
          <Link href="/worker/tasks" className="text-sm underline">
            Tasks near you
          </Link>
        }
      >
        {!nearby.listed ? (
          <EmptyState>
            Posted tasks are shown to listed workers.{' '}
            <Link href="/worker/onboarding" className="underline">
              Finish your profile and get listed
            </Link>
            .
          </EmptyState>
        ) : nearby.data.length === 0 ? (
          <EmptyState>No open tasks near you right now.</EmptyState>
        ) : (
          <ul className="space-y-2">
            {nearby.data.map((task) => (
              <li key={task.id} className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <Link href={`/worker/tasks/${task.id}`} className="min-w-0 break-words underline">
                  {task.title}
                </Link>
                <span className="text-xs text-stone-600">
                  {task.location
                    ? (distanceOrCity(task.location, task.distanceMeters, 'away') ?? placeName(task.location))
                    : 'Remote'}{' '}
                  · due <LocalTime value={task.deadline} /> ·{' '}
                  <span className="font-mono text-sm text-stone-900">{formatMoney(task.budgetCents)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
