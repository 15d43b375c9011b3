import { getDatabase } from '@/db/client';
import { services, type Task, tasks } from '@/db/schema';
import { priceTask } from '@/lib/tasks/task-rules';
import { insertApiKey, insertUser } from './factories';
import type { Point } from './worker-search';

// History for coverage quotes: past tasks inserted directly (no money moves), placed and dated as a test needs.

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export type PastTask = {
  at: Point;
  /** Days before now the task was posted. */
  postedDaysAgo?: number;
  /** Minutes from posting to acceptance; null = never accepted. */
  acceptedAfterMinutes?: number | null;
  status?: Task['status'];
  budgetCents?: number;
  category?: string;
  serviceBooking?: boolean;
};

/** Inserts past tasks of one requester in one statement. */
export async function insertPastTasks(history: PastTask[], now = Date.now()): Promise<void> {
  const { db } = await getDatabase();
  const requester = await insertUser(db, { type: 'agent', email: null });
  let serviceId: string | undefined;
  if (history.some((past) => past.serviceBooking)) {
    const worker = await insertUser(db);
    const [service] = await db
      .insert(services)
      .values({ workerId: worker.id, title: 'Errands', category: 'errand', priceCents: 2_000, durationMinutes: 60 })
      .returning({ id: services.id });
    serviceId = service?.id;
  }
  await db.insert(tasks).values(
    history.map((past) => {
      const published = new Date(now - (past.postedDaysAgo ?? 1) * DAY_MS);
      const after = past.acceptedAfterMinutes === undefined ? 30 : past.acceptedAfterMinutes;
      const status = past.status ?? (after === null ? 'expired' : 'completed');
      return {
        requesterId: requester.id,
        title: 'Past task',
        category: past.category ?? 'delivery',
        lat: past.at.lat,
        lng: past.at.lng,
        ...priceTask(past.budgetCents ?? 2_000),
        deadline: new Date(published.getTime() + 2 * DAY_MS),
        status,
        livemode: false,
        publishedAt: published,
        acceptedAt: after === null ? null : new Date(published.getTime() + after * MINUTE_MS),
        completedAt: status === 'completed' ? new Date(published.getTime() + DAY_MS) : null,
        ...(past.serviceBooking ? { serviceId, startsAt: published } : {}),
      };
    }),
  );
}

/** An agent's key that may ask for quotes (`workers:read`). */
export async function quoteKey(): Promise<string> {
  const { db } = await getDatabase();
  const user = await insertUser(db, { type: 'agent', email: null });
  return (await insertApiKey(db, { userId: user.id, scopes: ['workers:read'] })).key;
}

/** The quote of a place with no listed worker and no history. */
export const EMPTY_COVERAGE = {
  listedWorkers: 0,
  availableNow: 0,
  matchingSkills: 0,
  medianMinutesToAccept: null,
  suggestedAcceptWithinMinutes: null,
  recommendedBudgetCents: null,
  confidence: 'low',
  sampleSize: 0,
};
