import type { Metadata } from 'next';
import Link from 'next/link';
import { dollars } from '@/components/format';
import { LocalTime } from '@/components/local-time';
import type { MapMarker } from '@/components/map/task-map';
import { TaskMapLazy } from '@/components/map/task-map-lazy';
import { formatDistance } from '@/components/task-details';
import { TaskStatusBadge } from '@/components/task-status-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { env } from '@/lib/env';
import { listOpenTasks } from '@/lib/services/tasks/list-open-tasks';
import { listTasks } from '@/lib/services/tasks/list-tasks';
import { findWorkerLocation } from '@/lib/services/workers/find-worker-location';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Tasks near you' };

const OPEN_LIMIT = 50;
const MINE_LIMIT = 50;

// The worker's task board: posted tasks near them (best match first), then the tasks assigned to them.
export default async function WorkerTasksPage() {
  const current = await requireBrowserUser('/worker/tasks');
  const { db } = await getDatabase();
  const [open, mine, home] = await Promise.all([
    listOpenTasks(db, current.user.id, { limit: OPEN_LIMIT }),
    listTasks(db, current.user.id, {
      limit: MINE_LIMIT,
      role: 'worker',
      status: ['accepted', 'submitted', 'disputed', 'completed', 'resolved'],
    }),
    findWorkerLocation(db, current.user.id),
  ]);
  // The worker's own home (exact: it is theirs) and the located open tasks around it.
  const markers: MapMarker[] = [
    ...(home ? [{ lat: home.lat, lng: home.lng, kind: 'home' as const, label: 'You' }] : []),
    ...open.data.flatMap((task) =>
      task.location
        ? [{ ...task.location, kind: 'nearby' as const, label: task.title, href: `/worker/tasks/${task.id}` }]
        : [],
    ),
  ];
  return (
    <div className="space-y-8">
      <PageHeader
        title="Tasks near you"
        back={{ href: '/worker', label: 'Worker home' }}
        description={
          open.listed &&
          (open.hasLocation
            ? `Within ${formatDistance(open.radiusMeters ?? 0)} of your location, and remote tasks; best match first.`
            : 'You have no location yet: only remote tasks are shown. Add your city to your profile.')
        }
      />

      <section className="space-y-3">
        {!open.listed ? (
          <EmptyState testId="not-listed">
            Posted tasks are shown to listed workers.{' '}
            <Link href="/worker/onboarding" className="underline">
              Finish your profile and get listed
            </Link>
            .
          </EmptyState>
        ) : open.data.length === 0 ? (
          <EmptyState>No open tasks near you right now.</EmptyState>
        ) : (
          <>
            {markers.some((marker) => marker.kind === 'nearby') && (
              <TaskMapLazy markers={markers} tileUrl={env().MAP_TILE_URL} label="Map of open tasks near you" />
            )}
            <ul className="space-y-2" data-testid="open-tasks">
              {open.data.map((task) => (
                <li key={task.id} data-testid="open-task" className="rounded-lg border border-stone-200 bg-white p-4">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <Link href={`/worker/tasks/${task.id}`} className="font-medium underline">
                      {task.title}
                    </Link>
                    <span className="font-mono text-sm" title="What you earn">
                      {dollars(task.budgetCents)}
                    </span>
                  </div>
                  <p className="text-xs text-stone-600">
                    {task.distanceMeters === null ? 'Remote' : `${formatDistance(task.distanceMeters)} away`} · due{' '}
                    <LocalTime value={task.deadline} /> · match {Math.round(task.matchScore * 100)}%
                    {task.matchedSkills.length > 0 && ` · your skills: ${task.matchedSkills.join(', ')}`}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="space-y-3">
        <h2 className="text-lg font-semibold">My tasks</h2>
        {mine.data.length === 0 ? (
          <EmptyState>None yet: accept a task above.</EmptyState>
        ) : (
          <ul className="space-y-2" data-testid="my-tasks">
            {mine.data.map((task) => (
              <li key={task.id} data-testid="my-task" className="flex items-center justify-between gap-2 text-sm">
                <Link href={`/worker/tasks/${task.id}`} className="underline">
                  {task.title}
                </Link>
                <span className="flex items-center gap-3">
                  <TaskStatusBadge status={task.status} />
                  <span className="font-mono">{dollars(task.budgetCents)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
