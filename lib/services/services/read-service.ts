import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { services, workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { ServiceRow } from './to-service';

export type ReadServiceOptions = {
  serviceId: string;
  userId: string;
  ownOnly?: boolean;
  forUpdate?: boolean;
  /** Booking answers another worker's archived service with 409, not 404. */
  archived?: boolean;
};

export const serviceNotFound = () =>
  new ApiError('NOT_FOUND', { message: 'No such service', hint: 'Find services with GET /v1/services.' });

// Another worker's service is visible while it is active and they are listed; one's own always.
export async function readService(db: Executor, options: ReadServiceOptions) {
  const { serviceId, userId, ownOnly, forUpdate } = options;
  const query = db
    .select({
      service: services,
      worker: { id: workerProfiles.id, displayName: workerProfiles.displayName },
      isListed: workerProfiles.isListed,
    })
    .from(services)
    .innerJoin(workerProfiles, eq(workerProfiles.userId, services.workerId))
    .where(and(eq(services.id, serviceId), ownOnly ? eq(services.workerId, userId) : undefined));
  const [row] = await (forUpdate ? query.for('update', { of: services }) : query);
  if (!row) throw serviceNotFound();
  const own = row.service.workerId === userId;
  const hidden = row.service.status !== 'active' && !options.archived;
  if (!own && (hidden || !row.isListed)) throw serviceNotFound();
  return row satisfies ServiceRow & { isListed: boolean };
}
