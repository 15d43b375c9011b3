import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { services, tasks } from '@/db/schema';

// For a task page whose caller already may see the task (the service's title is public).
export async function findBooking(db: Executor, taskId: string) {
  const [row] = await db
    .select({ serviceId: services.id, title: services.title, startsAt: tasks.startsAt })
    .from(tasks)
    .innerJoin(services, eq(services.id, tasks.serviceId))
    .where(eq(tasks.id, taskId));
  if (!row?.startsAt) return null;
  return { serviceId: row.serviceId, title: row.title, startsAt: row.startsAt.toISOString() };
}
