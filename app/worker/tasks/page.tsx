import type { Metadata } from 'next';
import Link from 'next/link';
import { ChoiceField } from '@/components/choice-field';
import { FilterActions } from '@/components/filter-actions';
import { LocalTime } from '@/components/local-time';
import type { MapMarker } from '@/components/map/task-map';
import { TaskMapLazy } from '@/components/map/task-map-lazy';
import { firstParam, queryHref } from '@/components/query-href';
import { TaskLine } from '@/components/task-line';
import { TestModeBadge } from '@/components/test-mode-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import { formatCategory } from '@/lib/format/category';
import { formatMoney } from '@/lib/format/money';
import { distanceOrCity, formatDistance, placeName } from '@/lib/format/place';
import { listOpenTasks } from '@/lib/services/tasks/list-open-tasks';
import { listTasks } from '@/lib/services/tasks/list-tasks';
import { findWorkerLocation } from '@/lib/services/workers/find-worker-location';
import { TASK_CATEGORIES } from '@/lib/tasks/task-rules';
import { requireBrowserUser } from '@/lib/web/require-browser-user';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Tasks near you' };

const PAGE_SIZE = 20;
const MINE_LIMIT = 50;
/** The distances the filter offers, in kilometers. */
const DISTANCES_KM = [1, 5, 10, 25, 50];

type Params = Record<string, string | string[] | undefined>;
type MyTask = { id: string; title: string; status: string; budgetCents: number; livemode: boolean };

// The worker's task board: their active tasks pinned on top, then posted tasks near them (best match first,
// filtered by distance, category and minimum pay, paged; all kept in the URL), then their past tasks.
export default async function WorkerTasksPage({ searchParams }: { searchParams: Promise<Params> }) {
  const current = await requireBrowserUser('/worker/tasks');
  const params = await searchParams;
  const km = DISTANCES_KM.find((value) => String(value) === firstParam(params.km));
  const category = TASK_CATEGORIES.find((value) => value === firstParam(params.category));
  const minPay = Number.parseFloat(firstParam(params.minPay) ?? '');
  const minBudgetCents = Number.isFinite(minPay) && minPay > 0 ? Math.round(minPay * 100) : undefined;
  const pageNumber = Math.max(1, Math.min(1_000, Number.parseInt(firstParam(params.page) ?? '1', 10) || 1));
  const filters = { km, category, minPay: minBudgetCents ? minBudgetCents / 100 : undefined };

  const { db } = await getDatabase();
  const [open, active, past, home] = await Promise.all([
    listOpenTasks(db, current.user.id, {
      limit: PAGE_SIZE + 1,
      offset: (pageNumber - 1) * PAGE_SIZE,
      ...(km ? { maxDistanceMeters: km * 1_000 } : {}),
      ...(category ? { category } : {}),
      ...(minBudgetCents ? { minBudgetCents } : {}),
    }),
    listTasks(db, current.user.id, { limit: MINE_LIMIT, role: 'worker', status: ['accepted', 'submitted'] }),
    listTasks(db, current.user.id, {
      limit: MINE_LIMIT,
      role: 'worker',
      status: ['disputed', 'completed', 'resolved'],
    }),
    findWorkerLocation(db, current.user.id),
  ]);
  const shown = open.data.slice(0, PAGE_SIZE);
  const hasMore = open.data.length > PAGE_SIZE;
  const filtered = Object.values(filters).some(Boolean);
  // The worker's own home (exact: it is theirs) and the located open tasks of this page around it.
  const markers: MapMarker[] = [
    ...(home ? [{ lat: home.lat, lng: home.lng, kind: 'home' as const, label: 'You' }] : []),
    ...shown.flatMap((task) =>
      task.location
        ? [
            {
              lat: task.location.lat,
              lng: task.location.lng,
              kind: 'nearby' as const,
              label: task.livemode ? task.title : `Test: ${task.title}`,
              href: `/worker/tasks/${task.id}`,
            },
          ]
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

      {active.data.length > 0 && (
        <section className="space-y-3" data-testid="pinned-tasks">
          <h2 className="text-lg font-semibold">Your active tasks</h2>
          <MyTaskList tasks={active.data} testId="active-task" />
        </section>
      )}

      <section className="space-y-3">
        {!open.listed ? (
          <EmptyState testId="not-listed">
            Posted tasks are shown to listed workers.{' '}
            <Link href="/worker/onboarding" className="underline">
              Finish your profile and get listed
            </Link>
            .
          </EmptyState>
        ) : (
          <>
            <form
              method="get"
              action="/worker/tasks"
              data-testid="open-task-filters"
              className="grid grid-cols-2 items-end gap-3 sm:grid-cols-4"
            >
              <ChoiceField
                label="Distance"
                name="km"
                value={km}
                anyLabel="Any (my radius)"
                choices={DISTANCES_KM.map((value) => [String(value), `Within ${value} km`] as const)}
              />
              <ChoiceField
                label="Category"
                name="category"
                value={category}
                anyLabel="Any category"
                choices={TASK_CATEGORIES.map((value) => [value, formatCategory(value)] as const)}
              />
              <Field
                label="Minimum pay ($)"
                name="minPay"
                type="number"
                min="0"
                step="1"
                inputMode="decimal"
                defaultValue={filters.minPay ?? ''}
              />
              <FilterActions clearHref="/worker/tasks" filtered={filtered} />
            </form>
            {markers.some((marker) => marker.kind === 'nearby') && (
              <TaskMapLazy markers={markers} tileUrl={env().MAP_TILE_URL} label="Map of open tasks near you" />
            )}
            {shown.length === 0 ? (
              <EmptyState>
                {filtered ? 'No open tasks match these filters.' : 'No open tasks near you right now.'}
              </EmptyState>
            ) : (
              <ul className="space-y-2" data-testid="open-tasks">
                {shown.map((task) => (
                  <li key={task.id} data-testid="open-task" className="rounded-lg border border-stone-200 bg-white p-4">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <span className="flex min-w-0 items-baseline gap-2">
                        <Link href={`/worker/tasks/${task.id}`} className="min-w-0 break-words font-medium underline">
                          {task.title}
                        </Link>
                        <TestModeBadge livemode={task.livemode} />
                      </span>
                      <span className="font-mono text-sm" title="What you earn">
                        {formatMoney(task.budgetCents)}
                      </span>
                    </div>
                    <p className="text-xs text-stone-600">
                      {task.location
                        ? (distanceOrCity(task.location, task.distanceMeters, 'away') ?? placeName(task.location))
                        : 'Remote'}{' '}
                      · {formatCategory(task.category)} · due <LocalTime value={task.deadline} /> · match{' '}
                      {Math.round(task.matchScore * 100)}%
                      {task.matchedSkills.length > 0 && ` · your skills: ${task.matchedSkills.join(', ')}`}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <nav className="flex gap-4 text-sm" aria-label="Pages">
              {pageNumber > 1 && (
                <Link
                  href={queryHref('/worker/tasks', { ...filters, page: pageNumber > 2 ? pageNumber - 1 : undefined })}
                  className="underline"
                >
                  Previous page
                </Link>
              )}
              {hasMore && (
                <Link href={queryHref('/worker/tasks', { ...filters, page: pageNumber + 1 })} className="underline">
                  Next page
                </Link>
              )}
            </nav>
          </>
        )}
      </section>

      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Past tasks</h2>
        {past.data.length === 0 ? (
          <EmptyState>None yet: accept a task above.</EmptyState>
        ) : (
          <MyTaskList tasks={past.data} testId="my-task" />
        )}
      </section>
    </div>
  );
}

function MyTaskList({ tasks, testId }: { tasks: MyTask[]; testId: string }) {
  return (
    <ul className="space-y-2" data-testid={`${testId}s`}>
      {tasks.map((task) => (
        <TaskLine
          key={task.id}
          href={`/worker/tasks/${task.id}`}
          title={task.title}
          status={task.status}
          cents={task.budgetCents}
          testId={testId}
          livemode={task.livemode}
        />
      ))}
    </ul>
  );
}
